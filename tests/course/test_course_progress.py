"""Lesson progress (belote_teach.course.progress): every learner action logged in the
learner's store and every figure derived from the log; a damaged file of the older layout
set aside and reported in the learner's language, never a crash; export and import
(merge or replace) validated value by value, a bad file named and changing nothing; the
course map's counts; and the hooks: the lesson exercise players (ui.lesson.exercises),
the practice app (lesson 07) and the game app (lesson 08).

Every random choice comes from ``random.Random(seed)``; no test reads the clock."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest
from test_game import finish_deal

from belote_teach import explain
from belote_teach.course.banks import find_bank, find_deals
from belote_teach.course.errors import (
    InvalidIdError,
    InvalidProgressError,
    InvalidResultError,
    UnknownImportModeError,
)
from belote_teach.course.files import DATA_ENV
from belote_teach.course.lessons import COURSE, lesson
from belote_teach.course.overview import course_overview
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.progress import FILE_NAME, CourseProgress
from belote_teach.course.record import FORMAT, CourseRecord, ExerciseResult, LessonSummary, Streak
from belote_teach.course.saved_games import GameStore
from belote_teach.course.scenarios import load_bank
from belote_teach.course.store_files import FileStore
from belote_teach.course.store_sqlite import SqliteStore
from belote_teach.engine.game import Game
from belote_teach.engine.rules import CLASSIC
from belote_teach.explain import UnknownLanguageError
from belote_teach.players import make_player
from belote_teach.ui.game_app import GameApp
from belote_teach.ui.lesson import exercises
from belote_teach.ui.practice_app import PracticeApp
from belote_teach.ui.table import TableApp

LESSON = "03-play-a-trick"
TRICKS = LESSON                                         # the lesson's bank, by its name
RIGHT = {"solved": True, "first_try": True, "tries": 1}
LATE = {"solved": True, "first_try": False, "tries": 3}
TRYING = {"solved": False, "first_try": False, "tries": 2}
RANDOM = make_player("random")


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, backend: str) -> CourseProgress:
    """A store in ``tmp_path``, found through the environment variable as the apps do, in
    each backend."""
    monkeypatch.setenv(DATA_ENV, str(tmp_path))
    return CourseProgress()


def _keep(store: CourseProgress, lesson_id: str, scenario_id: str,
          result: dict[str, object]) -> None:
    """Log a result brought in from elsewhere (as an import does)."""
    store.store.append("result", lesson_id, scenario_id, result)


def _record(**lessons: dict[str, dict[str, object]]) -> CourseRecord:
    return CourseRecord({lid.replace("_", "-"): {sid: ExerciseResult.from_mapping(r)
                                                 for sid, r in results.items()}
                         for lid, results in lessons.items()})


def _document(**parts: object) -> str:
    """A progress document with ``parts`` over an empty one."""
    document: dict[str, object] = {"format": FORMAT, "version": 1, "lessons": {},
                                   "practice": {}, "games": {"finished": 0, "won": 0}}
    document.update(parts)
    return json.dumps(document)


# ------------------------------------------------------------------------- keeping answers
def test_answers_survive_a_restart_and_every_figure_comes_from_the_log(
        store: CourseProgress, tmp_path: Path) -> None:
    assert store.directory == tmp_path and not store.path.exists()
    assert store.read().record.is_empty and store.read().problem is None
    assert not store.path.exists()                                 # reading creates nothing
    assert store.record_answer(LESSON, "lead-any-card", solved=True, first_try=True,
                               answer="JS") is None
    store.record_answer(LESSON, "follow-suit-diamonds", solved=False, first_try=False,
                        answer="KS")
    store.record_answer(LESSON, "follow-suit-diamonds", solved=True, first_try=False,
                        answer="7D")
    store.record_answer(LESSON, "follow-suit-diamonds", solved=True, first_try=True,
                        answer="7D")                               # after solving: no count
    store.record_answer("04-announcements", "tierce", solved=True, first_try=True,
                        answer="QC JC 10C")
    again = CourseProgress(tmp_path)                               # a new session
    record = again.read().record
    assert record.results(LESSON) == {"lead-any-card": RIGHT, "follow-suit-diamonds": {
        "solved": True, "first_try": False, "tries": 2}}
    assert record.results("04-announcements") == {"tierce": RIGHT}
    assert record.results("05-scoring") == {}
    assert record.summary(LESSON, ["lead-any-card", "follow-suit-diamonds", "x"]) == \
        LessonSummary(LESSON, done=2, first_try=1, total=3)
    answers = [a.data["answer"] for a in again.store.actions(["answer"], scope=LESSON)]
    assert answers == ["JS", "KS", "7D", "7D"]                     # the log keeps them all
    assert store.path.exists()


def test_summary_counts_only_the_files_exercises() -> None:
    record = _record(**{LESSON: {"gone": RIGHT, "a": TRYING}})
    summary = record.summary(LESSON, ["a", "b", "a"])
    assert summary == LessonSummary(LESSON, done=0, first_try=0, total=2)
    assert not summary.complete
    done = _record(**{LESSON: {"a": RIGHT, "b": LATE}})
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


def test_the_best_streak_of_each_drill_is_derived_from_its_positions(
        store: CourseProgress) -> None:
    assert store.read().record.best_streak("must-undertrump") == 0
    for right in (True, True, True, False, True):
        assert store.record_drill_position("must-undertrump", "page-1", right=right) is None
    store.record_drill_position("must-undertrump", "page-2", right=True)
    store.record_drill_position("score", "page-1", right=True)
    store.record_drill_position("score", "page-1", right=None)     # skipped: back to 0
    store.record_drill_position("score", "page-1", right=True)
    store.record_drill_position("announce", "page-1", right=False)
    record = CourseProgress(store.directory).read().record         # a new session
    assert dict(record.drills) == {"must-undertrump": 3, "score": 1}
    assert store.drill_streak("must-undertrump", "page-1") == Streak(1, 3, 5, 4)
    assert store.drill_streak("score", "page-1") == Streak(1, 1, 2, 2)
    assert store.best_streak("must-undertrump") == 3 and store.best_streak("announce") == 0


@pytest.mark.parametrize(("drill_id", "page", "right", "error", "message"), [
    ("no-such-drill", "p", True, InvalidIdError, "drill id 'no-such-drill' refused"),
    (None, "p", True, InvalidIdError, "drill id None refused"),
    ("score", "", True, InvalidIdError, "page id '' refused"),
    ("score", "p", 1, TypeError, "right is true, false or None"),
])
def test_a_bad_drill_position_is_refused_and_changes_nothing(
        store: CourseProgress, drill_id: object, page: object, right: object,
        error: type[Exception], message: str) -> None:
    store.record_drill_position("score", "p", right=True)
    before = store.read().record
    with pytest.raises(error, match=message):
        store.record_drill_position(drill_id, page, right=right)  # type: ignore[arg-type]
    with pytest.raises(UnknownLanguageError):
        store.record_drill_position("score", "p", right=True, lang="de")
    assert store.read().record == before


def test_drill_streaks_travel_with_an_export_and_merge_to_the_best(store: CourseProgress,
                                                                   tmp_path: Path) -> None:
    for _ in range(4):
        store.record_drill_position("must-trump", "a", right=True)
    store.record_drill_position("score", "a", right=True)
    other = CourseProgress(tmp_path / "other")
    other.import_json(_document(drills={"must-trump": 2, "score": 6, "announce": 3}))
    merged = store.import_json(other.export_json()).record
    assert dict(merged.drills) == {"must-trump": 4, "score": 6, "announce": 3}
    assert store.import_json(other.export_json()).record == merged     # twice is once
    replaced = store.import_json(other.export_json(), mode="replace").record
    assert dict(replaced.drills) == {"must-trump": 2, "score": 6, "announce": 3}
    older = store.import_json(_document(practice={"capot": 1}), mode="replace").record
    assert dict(older.drills) == {} and dict(older.practice) == {"capot": 1}  # no key: none


@pytest.mark.parametrize(("solved", "first_try", "message"), [
    (1, False, "solved is 1, expected true or false"),
    (False, True, "first_try is true but solved"),
    (True, None, "first_try is None"),
])
def test_a_bad_answer_is_refused_and_changes_nothing(store: CourseProgress, solved: object,
                                                     first_try: object, message: str) -> None:
    _keep(store, LESSON, "kept", RIGHT)
    before = store.read().record
    with pytest.raises(InvalidResultError, match=message):
        store.record_answer(LESSON, "new", solved=solved, first_try=first_try,  # type: ignore[arg-type]
                            answer="JH")
    assert store.read().record == before


def test_a_result_is_the_players_dict() -> None:
    result = ExerciseResult.from_mapping(LATE)
    assert result == ExerciseResult(solved=True, first_try=False, tries=3)
    assert result.as_dict() == LATE and ExerciseResult.from_mapping(result) is result
    with pytest.raises(InvalidResultError, match=r"tries is 2\.5"):
        ExerciseResult(False, False, 2.5)  # type: ignore[arg-type]
    assert result.better_of(ExerciseResult.from_mapping(RIGHT)).first_try
    assert ExerciseResult.from_mapping(TRYING).better_of(result) is result


@pytest.mark.parametrize("bad", ["", 3, None, "x" * 201])
def test_a_bad_id_is_refused(store: CourseProgress, bad: object) -> None:
    with pytest.raises(InvalidIdError, match="expected a non-empty text"):
        store.record_answer(bad, "a", solved=True, first_try=True,  # type: ignore[arg-type]
                            answer="JH")
    with pytest.raises(InvalidIdError, match="scenario id"):
        store.record_answer(LESSON, bad, solved=True, first_try=True,  # type: ignore[arg-type]
                            answer="JH")
    with pytest.raises(InvalidIdError, match="practice deal id"):
        store.record_practice(bad)  # type: ignore[arg-type]
    assert not store.path.exists()


def test_an_unknown_language_is_refused_before_anything(store: CourseProgress) -> None:
    for call in (lambda: store.read(lang="de"),
                 lambda: store.record_answer(LESSON, "a", solved=True, first_try=True,
                                             answer="JH", lang="de"),
                 lambda: store.import_json(_document(), lang="de")):
        with pytest.raises(UnknownLanguageError, match="'de'"):
            call()
    assert not store.path.exists()


# ------------------------------------------------------------------------- atomicity
def test_a_store_that_cannot_be_written_keeps_nothing_and_says_so(
        store: CourseProgress, monkeypatch: pytest.MonkeyPatch) -> None:
    _keep(store, LESSON, "a", TRYING)
    before = store.read().record

    def full(*args: object, **kwargs: object) -> int:
        raise OSError("simulated: no space left on device")

    monkeypatch.setattr(store.store, "append", full)
    problem = store.record_answer(LESSON, "a", solved=True, first_try=False, answer="JH",
                                  lang="fr")
    assert problem is not None and problem.startswith("Ta progression dans les leçons")
    assert "no space left" not in problem                          # plain words only
    monkeypatch.undo()
    assert store.read().record == before
    store.record_answer(LESSON, "a", solved=True, first_try=False, answer="JH")
    assert store.read().record.results(LESSON)["a"]["solved"] is True


def test_an_import_is_one_transaction(store: CourseProgress,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _keep(store, LESSON, "a", TRYING)
    before = store.read().record
    appended = store.store.append
    calls: list[str] = []

    def failing_at_the_third(kind: str, *args: object, **kwargs: object) -> int:
        calls.append(kind)
        if len(calls) == 3:
            raise OSError("simulated crash")
        return appended(kind, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store.store, "append", failing_at_the_third)
    with pytest.raises(OSError, match="simulated crash"):
        store.import_json(_document(lessons={LESSON: {"b": RIGHT, "c": RIGHT}}),
                          mode="replace")
    monkeypatch.undo()
    assert store.read().record == before                           # the reset undone too


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
                   r"lessons.03-play-a-trick.a: solved is true with 0 tries"),
    "bad count": (_document(practice={"capot": 0}).encode(), "bad_value",
                  "practice.capot is 0, expected a whole number from 1 to 10000"),
    "more won": (_document(games={"finished": 1, "won": 2}).encode(), "bad_value",
                 "games.won is 2, expected a whole number from 0 to 1"),
    "unknown key": (_document(extra=1).encode(), "bad_value", "unknown key"),
}


@pytest.mark.parametrize("kind", sorted(DAMAGED))
def test_a_damaged_older_layout_file_is_set_aside_and_reported(tmp_path: Path, kind: str) -> None:
    raw, reason, detail = DAMAGED[kind]
    (tmp_path / FILE_NAME).write_bytes(raw)
    store = CourseProgress(tmp_path)
    found = store.read()
    assert found.record.is_empty
    assert found.set_aside is not None and found.set_aside.read_bytes() == raw
    assert found.set_aside.name.startswith("course-progress.corrupt-")
    assert not (tmp_path / FILE_NAME).exists()
    assert found.problem is not None and str(found.set_aside) in found.problem
    said = explain.catalog("en")["storage"]["reason"][reason]
    assert found.problem == explain.catalog("en")["course"]["store"]["set_aside"].format(
        reason=said, path=found.set_aside)                    # plain words, no detail
    assert found.cause is not None and found.cause.reason == reason
    assert re.search(detail, found.cause.detail)              # the detail is for the log
    assert CourseProgress(tmp_path).read().problem is None    # said once, then fresh
    store.record_answer(LESSON, "a", solved=True, first_try=True, answer="JH")
    assert store.read().record.results(LESSON) == {"a": RIGHT}    # and the lessons go on


def test_the_problem_is_told_in_the_learners_language(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text("{", encoding="utf-8")
    found = CourseProgress(tmp_path).read(lang="fr")
    assert found.problem is not None and found.problem.startswith(
        "Ta progression dans les leçons")
    assert "ce n'est pas du JSON valide" in found.problem and "mis de côté" in found.problem
    assert found.problem_in("en") is not None and "put aside" in found.problem_in("en")
    assert found.problem_in("fr") == found.problem


def test_an_older_layout_file_that_cannot_be_read_is_left_in_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / FILE_NAME).write_text("{", encoding="utf-8")

    def refuse(*args: object, **kwargs: object) -> bytes:
        raise PermissionError("read-only folder")

    monkeypatch.setattr(Path, "read_bytes", refuse)
    found = CourseProgress(tmp_path).read(lang="fr")
    assert found.set_aside is None and found.problem is not None
    assert "ne peut pas être ouvert" in found.problem and "resté où il était" in found.problem
    assert found.cause is not None and "PermissionError" in found.cause.detail
    monkeypatch.undo()
    assert (tmp_path / FILE_NAME).read_text(encoding="utf-8") == "{"
    assert CourseProgress(tmp_path).read().problem is not None     # tried again, told again


# ------------------------------------------------------------------------- export, import
def test_export_and_import_round_trip(store: CourseProgress, tmp_path: Path) -> None:
    store.record_answer(LESSON, "a", solved=True, first_try=True, answer="JH")
    store.record_answer(LESSON, "b", solved=False, first_try=False, answer="7S")
    store.record_practice("capot")
    store.record_game(won=True)
    exported = store.export_json()
    data = json.loads(exported)
    assert data["games"] == {"finished": 1, "won": 1}
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", data["exported_at"])
    binder = CourseProgress(tmp_path / "binder")                 # another computer
    assert binder.import_json(exported).record == store.read().record
    assert binder.read().record == store.read().record
    path = store.export_file(tmp_path / "mine.json")
    elsewhere = CourseProgress(tmp_path / "elsewhere")
    assert elsewhere.import_file(path).record == store.read().record


def test_a_merge_loses_nothing_and_twice_is_once(store: CourseProgress, tmp_path: Path) -> None:
    _keep(store, LESSON, "a", TRYING)
    _keep(store, LESSON, "b", RIGHT)
    store.record_practice("capot")
    other = CourseProgress(tmp_path / "other")
    _keep(other, LESSON, "a", LATE)
    _keep(other, LESSON, "b", LATE)
    _keep(other, "05-scoring", "made", RIGHT)
    for _ in range(3):
        other.record_practice("capot")
    other.record_game(won=False)
    merged = store.import_json(other.export_json()).record
    assert merged.results(LESSON) == {"a": LATE, "b": RIGHT}     # the better of each
    assert merged.results("05-scoring") == {"made": RIGHT}
    assert dict(merged.practice) == {"capot": 3}
    assert (merged.games_finished, merged.games_won) == (1, 0)
    assert store.import_json(other.export_json()).record == merged   # importing twice: once
    assert merged.merged(merged) == merged
    store.record_practice("capot")                                # and play goes on from there
    assert store.read().record.practice["capot"] == 4


def test_replace_puts_the_file_in_place_of_the_progress(store: CourseProgress) -> None:
    _keep(store, LESSON, "a", RIGHT)
    replaced = store.import_json(_document(practice={"capot": 1}), mode="replace").record
    assert replaced.results(LESSON) == {} and dict(replaced.practice) == {"capot": 1}
    assert store.read().record == replaced
    assert [a.kind for a in store.store.actions(["import"])] == ["import"]


BAD_IMPORTS = {
    "empty": ("", "not valid JSON"),
    "a saved game": (_document(format="belote-teach saved game"), "not a progress file"),
    "no lessons": (json.dumps({"format": FORMAT, "version": 1, "practice": {},
                               "games": {"finished": 0, "won": 0}}),
                   "'lessons' is None, expected an object"),
    "lessons a list": (_document(lessons=[]), "'lessons' is \\[\\], expected an object"),
    "results a list": (_document(lessons={LESSON: []}),
                       r"lessons.03-play-a-trick is \[\]"),
    "tries text": (_document(lessons={LESSON: {"a": {"solved": False, "first_try": False,
                                                     "tries": "2"}}}),
                   r"lessons.03-play-a-trick.a.tries is '2', expected a whole number"),
    "games keys": (_document(games={"finished": 1}), "'games' has the keys \\['finished'\\]"),
    "negative games": (_document(games={"finished": -1, "won": 0}),
                       "games.finished is -1, expected a whole number from 0 to 10000"),
    "a trillion games": (_document(games={"finished": 10**12, "won": 0}),
                         "games.finished is 1000000000000"),
    "empty id": (_document(lessons={"": {}}), "lessons. is not an id"),
    "drills a list": (_document(drills=[]), "'drills' is \\[\\], expected an object"),
    "zero streak": (_document(drills={"must-trump": 0}),
                    "drills.must-trump is 0, expected a whole number from 1 to 100000"),
    "a future date": (_document(exported_at="2999-01-01T00:00:00Z"),
                      "exported_at is '2999-01-01T00:00:00Z', expected a date from 2020-01-01"),
    "no such day": (_document(exported_at="2026-02-30T00:00:00Z"),
                    "exported_at is '2026-02-30T00:00:00Z', expected a date and time"),
}


@pytest.mark.parametrize("kind", sorted(BAD_IMPORTS))
@pytest.mark.parametrize("mode", ["merge", "replace"])
def test_a_bad_import_names_the_problem_and_changes_nothing(
        store: CourseProgress, kind: str, mode: str) -> None:
    text, message = BAD_IMPORTS[kind]
    with pytest.raises(InvalidProgressError, match="the imported file"):
        store.import_json(text, mode=mode)
    assert not store.path.exists()                                # nothing created
    _keep(store, LESSON, "a", RIGHT)
    before = store.read().record
    with pytest.raises(InvalidProgressError, match=message):
        store.import_json(text, mode=mode)
    assert store.read().record == before


def test_an_unknown_import_mode_is_refused(store: CourseProgress) -> None:
    _keep(store, LESSON, "a", RIGHT)
    before = store.read().record
    with pytest.raises(UnknownImportModeError,
                       match=r"'add' refused: expected one of merge, replace"):
        store.import_json(_document(), mode="add")
    assert store.read().record == before


def test_reset_forgets_everything_but_keeps_the_log(store: CourseProgress) -> None:
    assert store.reset() is False
    _keep(store, LESSON, "a", RIGHT)
    assert store.reset() is True
    assert store.read().record.is_empty
    assert isinstance(store.store, (SqliteStore, FileStore)) and store.store.count() == 2
    store.record_practice("capot")                                 # a fresh start
    assert dict(store.read().record.practice) == {"capot": 1}


# ------------------------------------------------------------------------- the course map
def test_the_overview_counts_each_lesson_from_its_files(tmp_path: Path) -> None:
    course = tmp_path / "notebooks"
    (course / "en").mkdir(parents=True)
    (course / "scenarios").mkdir()
    (course / "deals").mkdir()
    (course / "en" / "03-play-a-trick.ipynb").write_text("{}", encoding="utf-8")
    shutil.copy(find_bank(TRICKS).file, course / "scenarios")
    shutil.copy(find_deals().file, course / "deals")
    (course / "scenarios" / "05-scoring.yaml").write_text("- id: [broken\n", encoding="utf-8")
    (course / "scenarios" / "04-announcements.yaml").write_text(
        "- {id: lead, kind: play, trump: H, trick: [], hand: [JH, 7S], legal: [JH, 7S]}\n"
        "- {id: a-solve, kind: solve, trump: H, leader: S, trick: [],\n"
        "   hands: {N: [QD], E: [10S], S: [9H], W: [KH]}, values: {9H: 41}}\n",
        encoding="utf-8")
    ids = [s.id for s in load_bank(TRICKS)]
    deals = [d.id for d in load_practice_deals()]
    record = CourseRecord({LESSON: {ids[0]: ExerciseResult.from_mapping(RIGHT),
                                    ids[1]: ExerciseResult.from_mapping(LATE)},
                           "04-announcements": {"lead": ExerciseResult.from_mapping(LATE)}},
                          {deals[0]: 2, "not-a-deal": 1}, 1, 1)
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
    assert later.problem is None                                  # no problem to tell


def test_the_lesson_exercises_tell_a_damaged_progress_file(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text("{", encoding="utf-8")
    store = CourseProgress(tmp_path)
    player = exercises(TRICKS, ids=["lead-any-card"], progress=store, lang="fr")
    assert player.problem is not None and "Ta progression dans les leçons" in player.problem
    assert "Ta progression dans les leçons" in player.board.feedback_html
    assert "bt-bad" in player.board.feedback_html
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
    deals = load_practice_deals()
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

