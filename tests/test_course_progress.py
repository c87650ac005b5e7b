"""Lesson progress (belote_teach.course_progress): answers kept across sessions in one JSON
file written atomically; a damaged file set aside and reported in the learner's language,
never a crash; export and import (merge or replace) validated as a whole, a bad file
named and changing nothing; the course map's counts; and the hooks: the lesson exercise
players (ui.lesson.exercises), the practice app (lesson 07) and the game app (lesson 08).

Every random choice comes from ``random.Random(seed)``; no test reads the clock."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from pathlib import Path

import pytest
from test_game import finish_deal

from belote_teach import explain
from belote_teach._storage import DATA_ENV
from belote_teach.course import COURSE, lesson
from belote_teach.course_progress import (
    FILE_NAME,
    FORMAT,
    CourseProgress,
    CourseRecord,
    ExerciseResult,
    InvalidIdError,
    InvalidProgressError,
    InvalidResultError,
    LessonSummary,
    UnknownImportModeError,
    UnknownLanguageError,
    course_overview,
)
from belote_teach.game import Game
from belote_teach.players import make_player
from belote_teach.practice import load_practice_deals
from belote_teach.progress import GameStore
from belote_teach.rules import CLASSIC
from belote_teach.scenarios import load_file
from belote_teach.ui.game_app import GameApp
from belote_teach.ui.lesson import exercises
from belote_teach.ui.practice_app import PracticeApp
from belote_teach.ui.table import TableApp

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TRICKS = NOTEBOOKS / "scenarios" / "03-play-a-trick.yaml"
LESSON = "03-play-a-trick"
RIGHT = {"solved": True, "first_try": True, "tries": 1}
LATE = {"solved": True, "first_try": False, "tries": 3}
TRYING = {"solved": False, "first_try": False, "tries": 2}
RANDOM = make_player("random")


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CourseProgress:
    """A store in ``tmp_path``, found through the environment variable as the apps do."""
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    return CourseProgress()


def _document(**parts: object) -> str:
    """A progress document with ``parts`` over an empty one."""
    document: dict[str, object] = {"format": FORMAT, "version": 1, "lessons": {},
                                   "practice": {}, "games": {"finished": 0, "won": 0}}
    document.update(parts)
    return json.dumps(document)


# ------------------------------------------------------------------------- keeping answers
def test_results_survive_a_restart(store: CourseProgress, tmp_path: Path) -> None:
    assert store.path == tmp_path / FILE_NAME and not store.path.exists()
    assert store.read().record.is_empty and store.read().problem is None
    assert store.record_result(LESSON, "lead-any-card", RIGHT) is None
    store.record_result(LESSON, "follow-suit-diamonds", TRYING)
    store.record_result(LESSON, "follow-suit-diamonds", LATE)     # the newer state replaces
    store.record_result("04-announcements", "tierce", RIGHT)
    again = CourseProgress(tmp_path)                               # a new session
    record = again.read().record
    assert record.results(LESSON) == {"lead-any-card": RIGHT, "follow-suit-diamonds": LATE}
    assert record.results("04-announcements") == {"tierce": RIGHT}
    assert record.results("05-scoring") == {}
    assert record.summary(LESSON, ["lead-any-card", "follow-suit-diamonds", "x"]) == \
        LessonSummary(LESSON, done=2, first_try=1, total=3)
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == 1
    assert data["lessons"][LESSON]["follow-suit-diamonds"] == LATE


def test_summary_counts_only_the_files_exercises() -> None:
    record = CourseRecord().with_result(LESSON, "gone", RIGHT).with_result(LESSON, "a", TRYING)
    summary = record.summary(LESSON, ["a", "b", "a"])
    assert summary == LessonSummary(LESSON, done=0, first_try=0, total=2)
    assert not summary.complete
    done = record.with_result(LESSON, "a", RIGHT).with_result(LESSON, "b", LATE)
    assert done.summary(LESSON, ["a", "b"]).complete
    assert not CourseRecord().summary(LESSON, []).complete


def test_practice_deals_and_games_are_counted(store: CourseProgress) -> None:
    store.record_practice("take-with-the-jack")
    store.record_practice("take-with-the-jack")
    store.record_practice("capot")
    store.record_game(won=True)
    store.record_game(won=False)
    record = store.read().record
    assert dict(record.practice) == {"take-with-the-jack": 2, "capot": 1}
    assert record.practice_done == 2
    assert (record.games_finished, record.games_won) == (2, 1)
    with pytest.raises(TypeError, match="won is true or false"):
        store.record_game(won=1)  # type: ignore[arg-type]


def test_the_best_streak_of_each_drill_is_kept(store: CourseProgress) -> None:
    assert store.read().record.best_streak("must-undertrump") == 0
    for streak in (3, 1, 5, 4):
        assert store.record_drill("must-undertrump", streak) is None
    store.record_drill("score", 2)
    store.record_drill("announce", 0)                              # nothing to keep
    record = CourseProgress(store.directory).read().record        # a new session
    assert dict(record.drills) == {"must-undertrump": 5, "score": 2}
    assert record.best_streak("must-undertrump") == 5 and record.best_streak("announce") == 0
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert data["drills"] == {"must-undertrump": 5, "score": 2} and data["version"] == 1
    assert not record.is_empty and CourseRecord().with_drill("score", 0).is_empty
    kept = record.with_drill("score", 1)
    assert kept is record                                          # below the best: the same


@pytest.mark.parametrize(("drill_id", "streak", "error", "message"), [
    ("must-trump", -1, InvalidProgressError, "streak -1 refused for drill 'must-trump'"),
    ("must-trump", True, InvalidProgressError, "streak True refused"),
    ("must-trump", 2.5, InvalidProgressError, "streak 2.5 refused"),
    ("must-trump", "3", InvalidProgressError, "streak '3' refused"),
    ("", 3, InvalidIdError, "drill id '' refused"),
    (None, 3, InvalidIdError, "drill id None refused"),
])
def test_a_bad_streak_is_refused_and_changes_nothing(store: CourseProgress, drill_id: object,
                                                     streak: object, error: type[Exception],
                                                     message: str) -> None:
    store.record_drill("must-trump", 2)
    before = store.path.read_bytes()
    with pytest.raises(error, match=message):
        store.record_drill(drill_id, streak)  # type: ignore[arg-type]
    with pytest.raises(error, match=message):
        CourseRecord().with_drill(drill_id, streak)  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguageError):
        store.record_drill("must-trump", 9, lang="de")
    assert store.path.read_bytes() == before


def test_drill_streaks_travel_with_an_export_and_merge_to_the_best(store: CourseProgress,
                                                                   tmp_path: Path) -> None:
    store.record_drill("must-trump", 4)
    store.record_drill("score", 1)
    other = CourseProgress(tmp_path / "other")
    other.record_drill("must-trump", 2)
    other.record_drill("score", 6)
    other.record_drill("announce", 3)
    merged = store.import_json(other.export_json())
    assert dict(merged.drills) == {"must-trump": 4, "score": 6, "announce": 3}
    assert store.import_json(other.export_json()) == merged       # twice is once
    replaced = store.import_json(other.export_json(), mode="replace")
    assert dict(replaced.drills) == {"must-trump": 2, "score": 6, "announce": 3}
    older = store.import_json(_document(practice={"capot": 1}), mode="replace")
    assert dict(older.drills) == {} and dict(older.practice) == {"capot": 1}  # no key: none


@pytest.mark.parametrize(("result", "message"), [
    ({"solved": True, "first_try": True}, "missing 'tries'"),
    ({**RIGHT, "hint": True}, "unknown 'hint'"),
    ({"solved": 1, "first_try": False, "tries": 1}, "solved is 1, expected true or false"),
    ({"solved": True, "first_try": True, "tries": True}, "tries is True"),
    ({"solved": False, "first_try": False, "tries": -1}, "tries is -1"),
    ({"solved": False, "first_try": True, "tries": 1}, "first_try is true but solved"),
    ({"solved": True, "first_try": False, "tries": 0}, "solved is true with 0 tries"),
    ([True, True, 1], "a result is a mapping"),
])
def test_a_bad_result_is_refused_and_changes_nothing(store: CourseProgress, result: object,
                                                     message: str) -> None:
    store.record_result(LESSON, "kept", RIGHT)
    before = store.path.read_bytes()
    with pytest.raises(InvalidResultError, match=message):
        store.record_result(LESSON, "new", result)  # type: ignore[arg-type]
    assert store.path.read_bytes() == before


def test_a_result_is_the_players_dict() -> None:
    result = ExerciseResult.from_mapping(LATE)
    assert result == ExerciseResult(solved=True, first_try=False, tries=3)
    assert result.as_dict() == LATE and ExerciseResult.from_mapping(result) is result
    with pytest.raises(InvalidResultError, match=r"tries is 2\.5"):
        ExerciseResult(False, False, 2.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["", 3, None, "x" * 201])
def test_a_bad_id_is_refused(store: CourseProgress, bad: object) -> None:
    with pytest.raises(InvalidIdError, match="expected a non-empty text"):
        store.record_result(bad, "a", RIGHT)  # type: ignore[arg-type]
    with pytest.raises(InvalidIdError, match="scenario id"):
        store.record_result(LESSON, bad, RIGHT)  # type: ignore[arg-type]
    with pytest.raises(InvalidIdError, match="practice deal id"):
        store.record_practice(bad)  # type: ignore[arg-type]
    assert not store.path.exists()


def test_an_unknown_language_is_refused_before_anything(store: CourseProgress) -> None:
    for call in (lambda: store.read(lang="de"),
                 lambda: store.record_result(LESSON, "a", RIGHT, lang="de"),
                 lambda: store.import_json(_document(), lang="de")):
        with pytest.raises(UnknownLanguageError, match="'de'"):
            call()
    assert not store.path.exists()


# ------------------------------------------------------------------------- atomicity
@pytest.mark.parametrize("crash", ["replace", "fsync"])
def test_a_crash_during_a_write_leaves_the_previous_file_intact(
        store: CourseProgress, monkeypatch: pytest.MonkeyPatch, crash: str) -> None:
    store.record_result(LESSON, "a", TRYING)
    before = store.path.read_bytes()

    def crashing(*args: object) -> None:
        raise OSError(f"simulated crash in os.{crash}")

    monkeypatch.setattr(os, crash, crashing)
    with pytest.raises(OSError, match="simulated crash"):
        store.record_result(LESSON, "a", RIGHT)
    monkeypatch.undo()
    assert store.path.read_bytes() == before
    assert [p.name for p in store.directory.iterdir()] == [FILE_NAME]   # no temporary left
    store.record_result(LESSON, "a", RIGHT)                             # and it works again
    assert store.read().record.results(LESSON) == {"a": RIGHT}


# ------------------------------------------------------------------------- damaged files
DAMAGED = {
    "not json": (b"{not json", "not_json", "not valid JSON"),
    "not utf-8": (b"\xff\xfe{}", "not_text", "not UTF-8"),
    "a list": (b"[]", "not_ours", "JSON list, not an object"),
    "other format": (_document(format="belote-teach saved game").encode(), "not_ours",
                     "format 'belote-teach saved game'"),
    "version 2": (_document(version=2).encode(), "other_version", "version 2"),
    "bad result": (_document(lessons={LESSON: {"a": {"solved": True, "first_try": True,
                                                     "tries": 0}}}).encode(), "bad_value",
                   r"lessons\['03-play-a-trick'\]\['a'\]: solved is true with 0 tries"),
    "bad count": (_document(practice={"capot": 0}).encode(), "bad_value",
                  "'capot' played 0 times"),
    "more won": (_document(games={"finished": 1, "won": 2}).encode(), "bad_value",
                 "2 games won out of 1 finished"),
    "unknown key": (_document(extra=1).encode(), "bad_value", "unknown key"),
}


@pytest.mark.parametrize("kind", sorted(DAMAGED))
def test_a_damaged_file_is_set_aside_and_reported(store: CourseProgress, kind: str) -> None:
    raw, reason, detail = DAMAGED[kind]
    store.directory.mkdir(parents=True, exist_ok=True)
    store.path.write_bytes(raw)
    found = store.read()
    assert found.record.is_empty
    assert found.set_aside is not None and found.set_aside.read_bytes() == raw
    assert found.set_aside.name.startswith("course-progress.corrupt-")
    assert not store.path.exists()
    assert found.problem is not None and str(found.set_aside) in found.problem
    said = explain.catalog("en")["storage"]["reason"][reason]
    assert found.problem == explain.catalog("en")["course"]["store"]["set_aside"].format(
        reason=said, path=found.set_aside)                    # plain words, no detail
    assert found.cause is not None and found.cause.reason == reason
    assert re.search(detail, found.cause.detail)              # the detail is for the log
    assert store.read().problem is None                          # said once, then fresh
    store.record_result(LESSON, "a", RIGHT)                      # and the lessons go on
    assert store.read().record.results(LESSON) == {"a": RIGHT}


def test_the_problem_is_told_in_the_learners_language(store: CourseProgress) -> None:
    store.directory.mkdir(parents=True, exist_ok=True)
    store.path.write_text("{", encoding="utf-8")
    problem = store.record_result(LESSON, "a", RIGHT, lang="fr")
    assert problem is not None and problem.startswith("Ta progression dans les leçons")
    assert "ce n'est pas du JSON valide" in problem and "mis de côté" in problem
    assert store.read().record.results(LESSON) == {"a": RIGHT}
    store.path.write_text("[]", encoding="utf-8")
    found = store.read(lang="en")
    assert found.problem_in("fr") is not None and "mis de côté" in found.problem_in("fr")
    assert found.problem_in("en") == found.problem
    assert store.read().problem_in("fr") is None


def test_a_file_that_cannot_be_read_or_moved_is_never_written_over(
        store: CourseProgress, monkeypatch: pytest.MonkeyPatch) -> None:
    store.directory.mkdir(parents=True, exist_ok=True)
    store.path.write_text("{", encoding="utf-8")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError("read-only folder")

    monkeypatch.setattr(os, "replace", refuse)                   # cannot move it aside
    problem = store.record_result(LESSON, "a", RIGHT)
    assert problem is not None and "it could not be moved aside" in problem
    assert "left where it is" in problem and str(store.path) in problem
    assert store.path.read_text(encoding="utf-8") == "{"
    with pytest.raises(OSError, match="could not be read"):
        store.import_json(_document())
    monkeypatch.setattr(Path, "read_bytes", refuse)              # cannot even read it
    found = store.read(lang="fr")
    assert found.set_aside is None and found.problem is not None
    assert "ne peut pas être ouvert" in found.problem
    assert found.cause is not None and "PermissionError" in found.cause.detail
    monkeypatch.undo()
    assert store.path.read_text(encoding="utf-8") == "{"


# ------------------------------------------------------------------------- export, import
def test_export_and_import_round_trip(store: CourseProgress, tmp_path: Path) -> None:
    store.record_result(LESSON, "a", RIGHT)
    store.record_result(LESSON, "b", TRYING)
    store.record_practice("capot")
    store.record_game(won=True)
    exported = store.export_json()
    assert json.loads(exported)["games"] == {"finished": 1, "won": 1}
    binder = CourseProgress(tmp_path / "binder")                 # another computer
    assert binder.import_json(exported) == store.read().record
    assert binder.read().record == store.read().record
    assert binder.export_json() == exported
    path = store.export_file(tmp_path / "mine.json")
    elsewhere = CourseProgress(tmp_path / "elsewhere")
    assert elsewhere.import_file(path) == store.read().record


def test_a_merge_loses_nothing_and_twice_is_once(store: CourseProgress, tmp_path: Path) -> None:
    store.record_result(LESSON, "a", TRYING)
    store.record_result(LESSON, "b", RIGHT)
    store.record_practice("capot")
    other = CourseProgress(tmp_path / "other")
    other.record_result(LESSON, "a", LATE)
    other.record_result(LESSON, "b", LATE)
    other.record_result("05-scoring", "made", RIGHT)
    for _ in range(3):
        other.record_practice("capot")
    other.record_game(won=False)
    merged = store.import_json(other.export_json())
    assert merged.results(LESSON) == {"a": LATE, "b": RIGHT}     # the better of each
    assert merged.results("05-scoring") == {"made": RIGHT}
    assert dict(merged.practice) == {"capot": 3}
    assert (merged.games_finished, merged.games_won) == (1, 0)
    assert store.import_json(other.export_json()) == merged      # importing twice: once
    assert merged.merged(merged) == merged
    assert store.read().record == merged


def test_replace_puts_the_file_in_place_of_the_progress(store: CourseProgress) -> None:
    store.record_result(LESSON, "a", RIGHT)
    replaced = store.import_json(_document(practice={"capot": 1}), mode="replace")
    assert replaced.results(LESSON) == {} and dict(replaced.practice) == {"capot": 1}
    assert store.read().record == replaced


BAD_IMPORTS = {
    "empty": ("", "not valid JSON"),
    "a saved game": (_document(format="belote-teach saved game"), "not a progress file"),
    "no lessons": (json.dumps({"format": FORMAT, "version": 1, "practice": {},
                               "games": {"finished": 0, "won": 0}}),
                   "'lessons' is None, expected an object"),
    "lessons a list": (_document(lessons=[]), "'lessons' is \\[\\], expected an object"),
    "results a list": (_document(lessons={LESSON: []}),
                       r"lessons\['03-play-a-trick'\] is \[\]"),
    "tries text": (_document(lessons={LESSON: {"a": {"solved": False, "first_try": False,
                                                     "tries": "2"}}}),
                   r"\['a'\]: tries is '2', expected a whole number"),
    "games keys": (_document(games={"finished": 1}), "'games' has the keys \\['finished'\\]"),
    "negative games": (_document(games={"finished": -1, "won": 0}), "games_finished is -1"),
    "empty id": (_document(lessons={"": {}}), "lesson id '' refused"),
    "drills a list": (_document(drills=[]), "'drills' is \\[\\], expected an object"),
    "zero streak": (_document(drills={"must-trump": 0}),
                    "drill 'must-trump' has the best streak 0: expected a whole number >= 1"),
}


@pytest.mark.parametrize("kind", sorted(BAD_IMPORTS))
@pytest.mark.parametrize("mode", ["merge", "replace"])
def test_a_bad_import_names_the_problem_and_changes_nothing(
        store: CourseProgress, kind: str, mode: str) -> None:
    text, message = BAD_IMPORTS[kind]
    with pytest.raises(InvalidProgressError, match="the imported file"):
        store.import_json(text, mode=mode)
    assert not store.path.exists()                                # nothing created
    store.record_result(LESSON, "a", RIGHT)
    before = store.path.read_bytes()
    with pytest.raises(InvalidProgressError, match=message):
        store.import_json(text, mode=mode)
    assert store.path.read_bytes() == before


def test_an_unknown_import_mode_is_refused(store: CourseProgress) -> None:
    store.record_result(LESSON, "a", RIGHT)
    before = store.path.read_bytes()
    with pytest.raises(UnknownImportModeError,
                       match=r"'add' refused: expected one of merge, replace"):
        store.import_json(_document(), mode="add")
    assert store.path.read_bytes() == before


def test_reset_forgets_everything(store: CourseProgress) -> None:
    assert store.reset() is False
    store.record_result(LESSON, "a", RIGHT)
    assert store.reset() is True
    assert store.read().record.is_empty and not store.path.exists()


# ------------------------------------------------------------------------- the course map
def test_the_overview_counts_each_lesson_from_its_files(tmp_path: Path) -> None:
    course = tmp_path / "notebooks"
    (course / "en").mkdir(parents=True)
    (course / "scenarios").mkdir()
    (course / "deals").mkdir()
    (course / "en" / "03-play-a-trick.ipynb").write_text("{}", encoding="utf-8")
    shutil.copy(TRICKS, course / "scenarios")
    shutil.copy(NOTEBOOKS / "deals" / "practice.yaml", course / "deals")
    (course / "scenarios" / "05-scoring.yaml").write_text("- id: [broken\n", encoding="utf-8")
    (course / "scenarios" / "04-announcements.yaml").write_text(
        "- {id: lead, kind: play, trump: H, trick: [], hand: [JH, 7S], legal: [JH, 7S]}\n"
        "- {id: a-solve, kind: solve, trump: H, leader: S, trick: [],\n"
        "   hands: {N: [QD], E: [10S], S: [9H], W: [KH]}, values: {9H: 41}}\n",
        encoding="utf-8")
    ids = [s.id for s in load_file(TRICKS)]
    deals = [d.id for d in load_practice_deals(NOTEBOOKS / "deals" / "practice.yaml")]
    record = (CourseRecord().with_result(LESSON, ids[0], RIGHT)
              .with_result(LESSON, ids[1], LATE).with_result("04-announcements", "lead", LATE)
              .with_practice(deals[0]).with_practice(deals[0]).with_practice("not-a-deal")
              .with_game(won=True))
    lines = {line.lesson.id: line for line in course_overview(record, course)}
    assert list(lines) == [item.id for item in COURSE]
    trick = lines[LESSON]
    assert trick.available and trick.problem is None
    assert trick.exercises == LessonSummary(LESSON, 2, 1, len(ids))
    # the solve scenario is not an exercise; the notebook is not written yet
    assert lines["04-announcements"].exercises == LessonSummary("04-announcements", 1, 0, 1)
    assert not lines["04-announcements"].available
    assert lines["05-scoring"].exercises is None
    assert "05-scoring.yaml" in (lines["05-scoring"].problem or "")
    assert lines["01-cards-and-points"].exercises is None
    assert "cannot read the file" in (lines["01-cards-and-points"].problem or "")
    assert lines["07-practice-hands"].practice == (1, len(deals))
    assert lines["08-play-a-game"].games == (1, 1)
    assert lines["00-welcome"].exercises is lines["00-welcome"].practice is None
    assert lesson(0).id in lines


# ------------------------------------------------------------------------- the hooks
def test_the_lesson_exercises_restore_and_save_every_answer(store: CourseProgress) -> None:
    player = exercises(TRICKS, progress=store)
    assert player.results == {} and player.score[:2] == (0, 0)
    player.go([e.id for e in player.exercises].index("lead-any-card"))
    player.click("JS")
    assert store.read().record.results(LESSON) == {"lead-any-card": RIGHT}
    quiz = exercises(TRICKS, ids=["follow-suit-diamonds", "lead-any-card"], progress=store)
    assert [e.id for e in quiz.exercises] == ["follow-suit-diamonds", "lead-any-card"]
    assert quiz.score == (1, 1, 2)                                # restored
    quiz.click("KS")                                              # not allowed
    assert store.read().record.results(LESSON)["follow-suit-diamonds"] == {
        "solved": False, "first_try": False, "tries": 1}
    quiz.click("7D")
    saved = store.read().record.results(LESSON)
    assert saved["follow-suit-diamonds"] == {"solved": True, "first_try": False, "tries": 2}
    assert saved["lead-any-card"] == RIGHT                        # players share the record
    later = exercises(TRICKS, progress=store, lang="fr")          # a new session
    assert later.results == saved and later.score[:2] == (1, 2)
    assert len(later.children) == len(player.children)            # no problem to tell


def test_the_lesson_exercises_tell_a_damaged_progress_file(store: CourseProgress) -> None:
    store.directory.mkdir(parents=True, exist_ok=True)
    store.path.write_text("{", encoding="utf-8")
    player = exercises(TRICKS, ids=["lead-any-card"], progress=store, lang="fr")
    notice = player.children[0]
    assert "Ta progression dans les leçons" in notice.value and "bt-bad" in notice.value
    player.click("AH")
    assert store.read().record.results(LESSON) == {"lead-any-card": RIGHT}


def test_the_lesson_exercises_refuse_an_unknown_id(store: CourseProgress) -> None:
    with pytest.raises(ValueError, match=r"no scenario 'nope'; the file holds "
                                         r"follow-suit-diamonds, lead-any-card, "):
        exercises(TRICKS, ids=["lead-any-card", "nope"], progress=store)
    assert not store.path.exists()


def test_the_default_store_is_the_learners_data_directory(store: CourseProgress) -> None:
    exercises(TRICKS, ids=["lead-any-card"]).click("7C")
    assert store.read().record.results(LESSON) == {"lead-any-card": RIGHT}


def _play_by_clicks(table: TableApp, rng: random.Random) -> None:
    """Play the learner's side of the deal on the table with random legal choices."""
    session = table.session
    for _ in range(60):
        if session.deal.phase.is_over:
            return
        if table.bids:
            table.bids[str(RANDOM.choose_bid(session.observation, rng).action)].click()
        else:
            table.board.selected = str(RANDOM.choose_card(session.observation, rng).action)
    raise AssertionError("the deal did not end")


def test_a_practice_deal_played_to_the_end_is_counted(tmp_path: Path) -> None:
    deals = load_practice_deals(NOTEBOOKS / "deals" / "practice.yaml")
    progress = CourseProgress(tmp_path)
    app = PracticeApp(deals, pace=0, progress=progress)
    app.coaching.value = False
    chosen = next(i for i, d in enumerate(deals) if d.id == "charge-your-partner")
    app.choice.value = chosen
    app.start_button.click()
    assert progress.read().record.practice == {}
    assert app.table is not None
    _play_by_clicks(app.table, random.Random(1))
    assert dict(progress.read().record.practice) == {"charge-your-partner": 1}
    app.table.redraw()
    app.table.advance()                                  # the same end seen again: once
    assert dict(progress.read().record.practice) == {"charge-your-partner": 1}
    app.start_button.click()
    _play_by_clicks(app.table, random.Random(2))
    assert dict(progress.read().record.practice) == {"charge-your-partner": 2}


def test_a_game_played_to_the_end_is_counted_once(tmp_path: Path) -> None:
    rng = random.Random(5)
    game = Game(CLASSIC.replace(target=501), rng=5, auto_advance=False)
    while True:                                         # the game one deal before its end
        before = game.copy()
        finish_deal(game, rng)
        if game.is_over:
            break
        game.new_deal()
    games = GameStore(tmp_path)
    games.save("game", before, meta={"level": "random", "coaching": False, "seed": 5})
    progress = CourseProgress(tmp_path)
    app = GameApp(games, pace=0, progress=progress)
    assert app.table is not None
    for _ in range(20):                                 # by clicks to the end of the game
        _play_by_clicks(app.table, rng)
        played = app.table.session.table
        assert isinstance(played, Game)
        if played.is_over:
            break
        app.table.next_button.click()
    assert played.is_over
    record = progress.read().record
    assert (record.games_finished, record.games_won) == (
        1, int(played.winner is played.sheet.nous))
    GameApp(games, pace=0, progress=progress)           # the finished game resumed: once
    assert progress.read().record.games_finished == 1

