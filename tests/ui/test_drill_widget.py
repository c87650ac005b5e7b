"""The drill player (belote_teach.ui.drill), driven without a browser: fresh positions of a
chosen drill shown as the lesson exercises show theirs, and the streak counter (right at
the first try grows it; a wrong first answer or a skipped position sends it back to 0),
the best streak kept in the lesson progress.

Every answer is found through the exercise's own engine verdict (the legal cards, the pli's
master and points), never written in the test; every position comes from a seed."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from belote_teach.course import drills
from belote_teach.course.drills import DRILLS
from belote_teach.course.errors import UnknownDrillError
from belote_teach.course.progress import CourseProgress
from belote_teach.course.record import Streak
from belote_teach.course.scenarios import check_scenario
from belote_teach.engine.cards import Card
from belote_teach.explain import card_short, catalog
from belote_teach.render.drill import streak_html
from belote_teach.ui import DrillPlayer, drill
from belote_teach.ui.drill import DrillChoiceError
from belote_teach.ui.exercises import PlayExercise, TrickExercise

PLAY_DRILLS = ["must-overtrump", "must-undertrump"]


def _play(player: DrillPlayer) -> PlayExercise:
    exercise = player.exercise
    assert isinstance(exercise, PlayExercise)
    return exercise


def _right_card(player: DrillPlayer) -> Card:
    """A card the engine allows and the exercise counts as right at the first try."""
    exercise = _play(player)
    return next(card for card in exercise.legal.cards if exercise.is_best(card))


def _wrong_card(player: DrillPlayer) -> Card:
    """A card of the hand the engine refuses (these drills always have one: the rule
    matters in every position they generate)."""
    legal = _play(player).legal
    return next(card for card in legal.hand if card not in legal)


def _solve_in_a_row(player: DrillPlayer, times: int) -> None:
    for _ in range(times):
        player.click(_right_card(player))
        player.next_button.click()


def _text(html_text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html_text)).replace("&#x27;", "'")


@pytest.fixture
def player() -> DrillPlayer:
    return DrillPlayer(PLAY_DRILLS, seed=11)


# ------------------------------------------------------------------------- the position
def test_the_first_position_is_the_first_drills_with_its_description(player) -> None:
    undertrump = DRILLS["must-overtrump"]
    assert player.drill_id == "must-overtrump" and player.choice.value == "must-overtrump"
    assert [label for label, _ in player.choice.options] == [
        DRILLS[i].title("en") for i in PLAY_DRILLS]
    assert player.choice.layout.display is None          # two drills: the menu shows
    assert undertrump.description("en") in _text(player.about.value)
    scenario = player.scenario
    assert scenario is not None and scenario.kind == "play"
    assert check_scenario(scenario) == []                # the engine's own answer
    assert scenario.prompt["en"] in html.unescape(player.prompt.value)
    assert "bt-card" in player.board.hand_html and player.board.feedback_html == ""
    assert player.streak == Streak() and player.best_streak == 0
    assert "Streak: 0 in a row" in player.streak_box.value
    assert player.next_button.description == "Next position"
    assert not player.next_button.disabled and player.hint_button.description == "Hint"


def test_the_same_seed_gives_the_same_positions() -> None:
    first, again = DrillPlayer(PLAY_DRILLS, seed=5), DrillPlayer(PLAY_DRILLS, seed=5)
    for _ in range(3):
        assert first.scenario == again.scenario
        first.next_position()
        again.next_position()
    assert DrillPlayer(PLAY_DRILLS).scenario is not None  # no seed: a fresh generator


def test_a_single_drill_has_no_menu_and_shows_its_title() -> None:
    alone = DrillPlayer("must-undertrump", seed=2, title="Pisser")
    assert alone.drill_ids == ("must-undertrump",)
    assert alone.choice.layout.display == "none"
    about = _text(alone.about.value)
    assert DRILLS["must-undertrump"].title("en") in about
    assert "Pisser" in alone.heading.value


# ------------------------------------------------------------------------- the streak
def test_right_at_the_first_try_grows_the_streak(player) -> None:
    for n in (1, 2, 3):
        card = _right_card(player)
        player.click(card)
        assert f"Right! {card_short(card, 'en')} is allowed." in player.feedback_text
        assert player.streak == Streak(current=n, best=n, answered=n, first_try=n)
        assert f"Streak: {n} in a row" in player.streak_box.value
        player.next_button.click()
    assert player.best_streak == 3


def test_a_wrong_first_answer_resets_the_streak_and_the_position_is_finished(player) -> None:
    _solve_in_a_row(player, 2)
    wrong = _wrong_card(player)
    player.click(wrong)
    assert player.streak == Streak(current=0, best=2, answered=3, first_try=2)
    assert "is not allowed here" in player.feedback_text      # the explanation
    assert "Streak broken after 2" in _text(player.streak_box.value)
    player.click(_right_card(player))                           # finish it
    assert "Right!" in player.feedback_text
    assert player.streak == Streak(current=0, best=2, answered=3, first_try=2)
    player.next_position()
    player.click(_right_card(player))
    assert player.streak == Streak(current=1, best=2, answered=4, first_try=3)
    assert "Streak broken" not in player.streak_box.value


def test_next_position_changes_the_position_and_a_skip_resets_the_streak(player) -> None:
    _solve_in_a_row(player, 2)
    assert player.streak.current == 2
    before = player.scenario
    player.next_button.click()                      # skipped unanswered
    assert player.scenario is not None and player.scenario.id != before.id
    assert player.streak == Streak(current=0, best=2, answered=2, first_try=2)
    assert "skipped before it was solved: your streak of 2" in player.streak_box.value
    player.next_position()                          # nothing to lose: no note
    assert "bt-reset" not in player.streak_box.value
    player.click(_right_card(player))
    player.next_position()                          # solved: nothing lost
    assert player.streak == Streak(current=1, best=2, answered=3, first_try=3)


def test_the_streak_is_cheered_at_5_and_10(player) -> None:
    cheers = catalog("en")["drill_ui"]
    _solve_in_a_row(player, 4)
    player.click(_right_card(player))
    assert player.streak.current == 5
    assert cheers["cheer_5"] in player.streak_box.value
    player.next_position()
    _solve_in_a_row(player, 4)
    player.click(_right_card(player))
    assert player.streak.current == 10
    assert cheers["cheer_10"].format(n=10) in player.streak_box.value
    player.next_position()
    player.click(_right_card(player))
    assert player.streak.current == 11 and "bt-cheer" not in player.streak_box.value


def test_a_pli_counts_when_both_its_parts_are_right_at_the_first_try() -> None:
    player = DrillPlayer(["trick-winner"], seed=4)

    def answer(card_right: bool, points_right: bool) -> None:
        exercise = player.exercise
        assert isinstance(exercise, TrickExercise)
        master = exercise.trick.master
        assert master is not None
        if not card_right:
            player.click(next(c for c in exercise.trick.cards if c != master.card))
        player.click(master.card)
        assert exercise.points_input is not None and exercise.check_button is not None
        given = exercise.trick.points + (0 if points_right else 1)
        exercise.points_input.value = str(given)
        exercise.check_button.click()

    player.click(player.exercise.trick.master.card)           # half answered: pending
    assert player.streak == Streak()
    player.next_position()                                     # a skip
    answer(True, True)
    assert player.streak == Streak(current=1, best=1, answered=1, first_try=1)
    player.next_position()
    answer(True, False)                                        # wrong points: reset
    assert player.streak == Streak(current=0, best=1, answered=2, first_try=1)
    player.next_position()
    answer(False, True)                                        # wrong card: reset
    assert player.streak == Streak(current=0, best=1, answered=3, first_try=1)


# ------------------------------------------------------------------------- drills, language
def test_switching_drill_keeps_each_drills_position_and_counters(player) -> None:
    _solve_in_a_row(player, 1)
    overtrump = player.scenario
    player.select("must-undertrump")
    assert player.drill_id == "must-undertrump" and player.choice.value == "must-undertrump"
    assert player.scenario is not None and player.scenario.rule.name == "MUST_UNDERTRUMP"
    assert player.streak == Streak()
    assert DRILLS["must-undertrump"].description("en") in _text(player.about.value)
    player.click(_wrong_card(player))
    player.choice.value = "must-overtrump"                       # as the menu does
    assert player.scenario == overtrump and player.streak.current == 1
    with pytest.raises(DrillChoiceError, match="'score' is not offered here"):
        player.select("score")
    assert player.drill_id == "must-overtrump"


def test_every_drill_is_shown_with_the_lesson_exercises() -> None:
    player = DrillPlayer(seed=7)
    assert [value for _, value in player.choice.options] == list(DRILLS)
    for drill_id, one in DRILLS.items():
        player.select(drill_id)
        scenario = player.scenario
        assert scenario is not None and scenario.kind == one.kind
        assert scenario.prompt["en"] in html.unescape(player.prompt.value)
        assert player.board.table_html or player.board.hand_html
        assert (player.controls is None) == (one.kind == "play")


def test_the_hint_is_shown(player) -> None:
    player.hint_button.click()
    hint = catalog("en")["ui"]["hint_title"]
    assert player.feedback_text.startswith(hint)
    assert player.streak == Streak()                     # a hint is not an answer


def test_the_language_switch_redraws_everything_in_french(player) -> None:
    player.click(_right_card(player))
    scenario = player.scenario
    player.language.value = "fr"
    assert player.scenario == scenario and player.choice.value == "must-overtrump"
    assert [label for label, _ in player.choice.options] == [
        DRILLS[i].title("fr") for i in PLAY_DRILLS]
    assert scenario.prompt["fr"] in html.unescape(player.prompt.value)
    assert DRILLS["must-overtrump"].description("fr") in _text(player.about.value)
    assert "Série : 1 d'affilée" in _text(player.streak_box.value)
    assert player.next_button.description == "Nouvelle position"
    assert player.hint_button.description == "Indice"
    assert "Bravo ! Tu as le droit de jouer" in player.feedback_text
    assert player.streak.current == 1
    player.language.value = "en"
    assert "Streak: 1 in a row" in player.streak_box.value


# ------------------------------------------------------------------------- saved best streak
def test_the_best_streak_is_saved_and_restored(tmp_path: Path) -> None:
    store = CourseProgress(tmp_path)
    first = DrillPlayer(PLAY_DRILLS, seed=3, progress=store)
    _solve_in_a_row(first, 3)
    assert store.read().record.best_streak("must-overtrump") == 3
    assert store.read().record.best_streak("must-undertrump") == 0
    later = DrillPlayer(PLAY_DRILLS, seed=8, progress=CourseProgress(tmp_path))
    assert later.streak == Streak() and later.best_streak == 3
    assert "Best streak: 3" in later.streak_box.value
    _solve_in_a_row(later, 1)                            # below the best: kept as it was
    assert store.read().record.best_streak("must-overtrump") == 3
    later.click(_wrong_card(later))
    assert later.best_streak == 3


def test_the_lesson_helper_keeps_the_streaks_in_the_learners_store(tmp_path: Path) -> None:
    store = CourseProgress(tmp_path)
    shown = drill(["must-undertrump"], lang="fr", title="Entraîne-toi", progress=store)
    assert isinstance(shown, DrillPlayer) and shown.lang == "fr"
    assert "Entraîne-toi" in shown.heading.value
    shown.click(_right_card(shown))
    assert store.read().record.best_streak("must-undertrump") == 1


def test_a_store_given_later_shows_its_best_streaks_and_keeps_the_next(
        tmp_path: Path) -> None:
    """A drill drawn before its learner came gets their record then (attach): its best
    streaks are shown, this page's streak starts there, and the next positions are
    logged in it."""
    store = CourseProgress(tmp_path)
    store.store.append("drill_best", "must-overtrump", "", {"best": 4})
    store.store.append("drill_best", "must-undertrump", "", {"best": 1})
    player = DrillPlayer(PLAY_DRILLS, seed=3)
    _solve_in_a_row(player, 2)                          # before the record: in memory
    assert player.best_streak == 2
    player.attach(store)
    assert player.best_streak == 4 and "Best streak: 4" in player.streak_box.value
    assert player.streak == Streak()
    _solve_in_a_row(player, 5)                          # 5 in a row now: a new best
    assert store.read().record.best_streak("must-overtrump") == 5
    assert store.read().record.best_streak("must-undertrump") == 1


def test_two_pages_keep_their_own_streaks_and_share_the_best(tmp_path: Path) -> None:
    store = CourseProgress(tmp_path)
    one = DrillPlayer(PLAY_DRILLS, seed=3, progress=store)
    two = DrillPlayer(PLAY_DRILLS, seed=4, progress=CourseProgress(tmp_path))
    _solve_in_a_row(one, 2)
    _solve_in_a_row(two, 1)
    _solve_in_a_row(one, 1)                             # the runs do not mix: 3 and 1
    assert (one.streak.current, two.streak.current) == (3, 1)
    assert one.best_streak == two.best_streak == 3
    reloaded = DrillPlayer(PLAY_DRILLS, seed=5, progress=CourseProgress(tmp_path))
    assert reloaded.streak == Streak() and reloaded.best_streak == 3


def test_a_damaged_progress_file_is_told_and_the_drill_still_works(tmp_path: Path) -> None:
    (tmp_path / "course-progress.json").write_text("{", encoding="utf-8")
    store = CourseProgress(tmp_path)
    shown = DrillPlayer(PLAY_DRILLS, seed=1, progress=store)
    assert "could not be read" in _text(shown.message.value)
    shown.click(_right_card(shown))
    assert store.read().record.best_streak("must-overtrump") == 1


# ------------------------------------------------------------------------- no position found
def test_an_exhausted_generator_is_told_never_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(drills, "MAX_ATTEMPTS", 0)
    player = DrillPlayer(PLAY_DRILLS, seed=1)
    assert player.exercise is None and player.scenario is None
    message = catalog("en")["drill_ui"]["exhausted"].format(attempts=0)
    assert message in player.message.value.replace("&quot;", '"')
    assert player.view.layout.display == "none" and player.hint_button.disabled
    player.hint_button.click()                            # nothing to hint: no crash
    player.next_button.click()                            # still nothing: still told
    assert player.exercise is None and player.streak == Streak()
    monkeypatch.undo()
    player.next_button.click()
    assert player.exercise is not None and player.message.value == ""
    assert player.view.layout.display is None and not player.hint_button.disabled


# ------------------------------------------------------------------------- bad input
@pytest.mark.parametrize(("ids", "error", "message"), [
    (["must-overtrump", "nope"], UnknownDrillError, "unknown drill 'nope'"),
    ([], DrillChoiceError, "drill_ids is empty"),
    (["score", "score"], DrillChoiceError, "'score' more than once"),
    ([3], DrillChoiceError, "drill_ids holds 3"),
    (42, DrillChoiceError, "a list of drill ids, got 42"),
])
def test_bad_drill_ids_are_refused(ids: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        DrillPlayer(ids)  # type: ignore[arg-type]


def test_a_bad_seed_or_language_is_refused() -> None:
    with pytest.raises(DrillChoiceError, match="seed must be a whole number"):
        DrillPlayer(PLAY_DRILLS, seed="7")  # type: ignore[arg-type]
    with pytest.raises(DrillChoiceError, match="seed must be a whole number"):
        DrillPlayer(PLAY_DRILLS, seed=True)
    with pytest.raises(ValueError, match="unknown language 'de'"):
        DrillPlayer(PLAY_DRILLS, lang="de")


@pytest.mark.parametrize(("first_try", "answered", "fr"), [
    (0, 0, "Cette séance\u00a0: 0 position juste du premier coup sur 0."),
    (1, 1, "Cette séance\u00a0: 1 position juste du premier coup sur 1."),
    (2, 3, "Cette séance\u00a0: 2 positions justes du premier coup sur 3.")])
def test_the_session_sentence_takes_the_french_singular_for_0_and_1(
        first_try: int, answered: int, fr: str) -> None:
    streak = Streak(current=0, best=0, answered=answered, first_try=first_try)
    assert fr in streak_html(streak, 0, "fr")
    english = streak_html(streak, 0, "en")
    assert f"This session: {first_try} of {answered} positions right" in english
