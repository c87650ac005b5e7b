"""The lesson's language (belote_teach.ui.language, re-exported by belote_teach.ui.lesson):
``use_language("fr")`` in a French notebook's set-up cell makes every lesson function and
every app speak French when no ``lang=`` is given; ``lang=`` still wins; a bad language
is refused and changes nothing."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from belote_teach import explain
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.progress import CourseProgress
from belote_teach.course.saved_games import GameStore
from belote_teach.ui import language, lesson
from belote_teach.ui.board import StaticBoard
from belote_teach.ui.game_app import GameApp
from belote_teach.ui.lesson import lesson_language, use_language
from belote_teach.ui.practice_app import PracticeApp
from belote_teach.ui.welcome import WelcomePage

TRICKS = "03-play-a-trick"
DEALS = load_practice_deals()


@pytest.fixture(autouse=True)
def fresh_kernel(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts as a kernel whose notebook chose no language, and leaves none."""
    monkeypatch.setattr(language, "_chosen", None)
    yield


#: One call of every worked example of ui/lesson.py, as the lessons make them.
EXAMPLES: dict[str, Callable[..., StaticBoard]] = {
    "show_position": lambda **kw: lesson.show_position(
        "C", trick=["7D", "AD"], hand=["8C", "QC", "KH", "AS"], **kw),
    "show_trick": lambda **kw: lesson.show_trick("H", ["KD", "AD", "7H", "QH"], **kw),
    "show_orders": lambda **kw: lesson.show_orders(**kw),
    "show_deck": lambda **kw: lesson.show_deck(**kw),
    "show_seats": lambda **kw: lesson.show_seats(**kw),
    "show_count": lambda **kw: lesson.show_count("H", ["JH", "9H", "AS", "10D"], **kw),
    "show_deck_points": lambda **kw: lesson.show_deck_points("H", **kw),
    "show_deal": lambda **kw: lesson.show_deal(2, "S", ["pass", "pass", "pass", "take"],
                                               open_hands=True, **kw),
    "show_bidding": lambda **kw: lesson.show_bidding(["JH", "AH", "10C", "AS", "7D"], "8H",
                                                     bid="take", samples=4, **kw),
    "show_announcements": lambda **kw: lesson.show_announcements(
        ["KH", "QH", "8C", "9C", "10C", "AS", "7D", "JS"], "H", **kw),
    "show_announcement_values": lambda **kw: lesson.show_announcement_values(**kw),
    "show_compare": lambda **kw: lesson.show_compare(
        "H", ns=[["8S", "9S", "10S"]], ew=[["QS", "QH", "QD", "QC"]], **kw),
    "show_play": lambda **kw: lesson.show_play(1, "S", cards=3, **kw),
    "show_score": lambda **kw: lesson.show_score(
        "NS", card_points={"NS": 70, "EW": 92}, tricks={"NS": 3, "EW": 5}, belote="NS", **kw),
    "show_score_sheet": lambda **kw: lesson.show_score_sheet(3, deals=1, **kw),
    "show_tip": lambda **kw: lesson.show_tip("take-the-turned-jack", hint=False, **kw),
}


def _shown(board: StaticBoard) -> tuple[str, str, str]:
    return board.table_html, board.hand_html, board.feedback_html


def test_without_a_choice_the_lessons_speak_english() -> None:
    assert lesson_language() == "en" == language.DEFAULT_LANGUAGE
    board = EXAMPLES["show_position"]()
    assert "Must trump" in board.feedback_html


def test_every_lesson_function_takes_lang_none_for_the_lessons_language() -> None:
    """Every function a notebook calls (ui/lesson.py's ``__all__``) has ``lang=None``,
    and every worked example is exercised below."""
    functions = {name: getattr(lesson, name) for name in lesson.__all__
                 if name not in ("use_language", "lesson_language")}
    for name, function in functions.items():
        parameter = inspect.signature(function).parameters.get("lang")
        assert parameter is not None and parameter.default is None, name
    assert set(EXAMPLES) == {name for name in functions if name.startswith("show_")}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_worked_example_follows_the_lessons_language(name: str) -> None:
    make = EXAMPLES[name]
    english, french = _shown(make(lang="en")), _shown(make(lang="fr"))
    assert english != french
    assert _shown(make()) == english
    use_language("fr")
    assert _shown(make()) == french
    assert _shown(make(lang="en")) == english          # an explicit lang= still wins


def test_the_exercises_and_drills_open_in_the_lessons_language(tmp_path: Path) -> None:
    store = CourseProgress(tmp_path)
    use_language("fr")
    player = lesson.exercises(TRICKS, ids=["lead-any-card"], progress=store)
    assert player.lang == "fr" and player.language.value == "fr"
    assert player.hint_button.description == explain.text("hint", "fr")
    player.language.value = "en"                        # the learner can still switch
    assert player.hint_button.description == explain.text("hint", "en")
    drill = lesson.drill(["must-trump"], progress=store)
    assert drill.lang == "fr" and drill.language.value == "fr"
    assert lesson.exercises(TRICKS, ids=["lead-any-card"], progress=store,
                            lang="en").lang == "en"
    assert lesson.drill("must-trump", progress=store, lang="en").lang == "en"


def test_the_apps_open_in_the_lessons_language(tmp_path: Path) -> None:
    store = CourseProgress(tmp_path / "progress")
    use_language("fr")
    page = WelcomePage(progress=store)
    assert page.lang == page.edition == "fr" and page.language.value == "fr"
    assert explain.catalog("fr")["welcome"]["title"] in page.header.value
    practice = PracticeApp(DEALS[:1], pace=0, progress=store)
    assert practice.lang == "fr" and practice.table is not None
    assert practice.start_button.description == explain.text("practice_start", "fr")
    assert practice.table.session.lang == "fr"
    game = GameApp(GameStore(tmp_path / "games"), pace=0, progress=store)
    assert game.lang == "fr" and game.table is not None
    assert game.new_button.description == explain.text("new_game", "fr")
    assert game.table.session.lang == "fr"
    english = PracticeApp(DEALS[:1], pace=0, progress=store, lang="en")
    assert english.start_button.description == explain.text("practice_start", "en")


@pytest.mark.parametrize("bad", ["de", "FR", "", None, 1, ["fr"]])
def test_a_bad_language_is_refused_and_the_choice_kept(bad: object) -> None:
    use_language("fr")
    with pytest.raises(language.UnknownLanguageError,
                       match=re.escape(f"language {bad!r}")) as caught:
        use_language(bad)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)
    assert "'en'" in str(caught.value) or "en, fr" in str(caught.value)
    assert lesson_language() == "fr"


@pytest.mark.parametrize("bad", ["de", "", 1])
def test_every_entry_point_refuses_a_bad_lang(bad: object, tmp_path: Path) -> None:
    use_language("fr")
    store = CourseProgress(tmp_path)
    for build in (lambda: lesson.show_orders(lang=bad),
                  lambda: lesson.exercises(TRICKS, lang=bad, progress=store),
                  lambda: lesson.drill("must-trump", lang=bad, progress=store),
                  lambda: WelcomePage(lang=bad, progress=store),
                  lambda: WelcomePage(edition=bad, progress=store),
                  lambda: PracticeApp(DEALS[:1], lang=bad, pace=0, progress=store),
                  lambda: GameApp(GameStore(tmp_path), lang=bad, pace=0, progress=store)):
        with pytest.raises(language.UnknownLanguageError, match=re.escape(repr(bad))):
            build()
    assert not store.path.exists()                      # nothing was written
    assert not (tmp_path / "games").exists()
    assert lesson_language() == "fr"
