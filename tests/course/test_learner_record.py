"""The learner's record as a learner uses it: answers kept through reloads and pages
drawn in advance, two pages and two processes writing at once, the files of the older
layout migrated, a damaged database set aside (belote_teach.course.store,
belote_teach.course.store_sqlite, belote_teach.course.progress)."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from belote_teach.course.errors import StoreValueError
from belote_teach.course.progress import FILE_NAME, CourseProgress
from belote_teach.course.saved_games import GameStore
from belote_teach.course.store import MemoryStore
from belote_teach.course.store_files import FileStore
from belote_teach.course.store_sqlite import DATABASE_NAME, SqliteStore
from belote_teach.engine.cards import Team
from belote_teach.engine.game import Game
from belote_teach.ui import lesson
from belote_teach.ui.exercise_score import ScoreExercise
from belote_teach.ui.scenario_player import ScenarioPlayer

ROOT = Path(__file__).resolve().parents[2]
SCORING = "05-scoring"
SECTION_2 = ["made-plainly", "made-with-82-thanks-to-the-dix-de-der"]


def _prepared_page(monkeypatch: pytest.MonkeyPatch, record: CourseProgress
                   ) -> tuple[ScenarioPlayer, Callable[[], None]]:
    """Lesson 5, section 2, drawn as in a kernel prepared in advance: the player is built
    before its learner comes; the function returned is the learner coming."""
    waiting: list[Callable[[], None]] = []
    monkeypatch.setattr(lesson, "when_learner_comes", waiting.append)
    player = lesson.exercises(SCORING, ids=SECTION_2, lang="en", progress=record)
    assert len(waiting) == 1
    return player, waiting[0]


def _answer(player: ScenarioPlayer, outcome: str | None, nous: str, eux: str) -> None:
    exercise = player.current
    assert isinstance(exercise, ScoreExercise) and exercise.check_button is not None
    assert exercise.outcome_choice is not None
    exercise.outcome_choice.value = outcome
    exercise.mark_inputs[Team.NS].value = nous
    exercise.mark_inputs[Team.EW].value = eux
    exercise.check_button.click()


def test_a_tried_exercise_answers_after_a_reload_in_a_prepared_kernel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = CourseProgress(tmp_path)
    first, came = _prepared_page(monkeypatch, record)
    came()
    _answer(first, "made", "80", "72")                     # wrong
    assert first.results["made-plainly"] == {"solved": False, "first_try": False,
                                             "tries": 1}
    again, came = _prepared_page(monkeypatch, CourseProgress(tmp_path))   # the reload
    came()
    assert "Tried in an earlier session (1 answer), not solved yet." in again.feedback_text
    _answer(again, "made", "", "72")                        # an empty box is told
    assert "Type the mark of Nous" in again.feedback_text
    exercise = again.current
    assert isinstance(exercise, ScoreExercise)
    score = exercise.score
    _answer(again, score.outcome.value, str(score.marks[Team.NS]), str(score.marks[Team.EW]))
    assert again.feedback_text.startswith("✓")
    saved = CourseProgress(tmp_path).read().record.results("05-scoring")
    assert saved["made-plainly"] == {"solved": True, "first_try": False, "tries": 2}


def test_right_at_the_first_try_after_a_reload_stays_right(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page, came = _prepared_page(monkeypatch, CourseProgress(tmp_path))
    came()
    exercise = page.current
    assert isinstance(exercise, ScoreExercise)
    score = exercise.score
    _answer(page, score.outcome.value, str(score.marks[Team.NS]), str(score.marks[Team.EW]))
    again, came = _prepared_page(monkeypatch, CourseProgress(tmp_path))
    came()
    assert again.score == (1, 1, 2)
    assert again.results["made-plainly"] == {"solved": True, "first_try": True, "tries": 1}


# ---------------------------------------------------------------------------- two writers
def _answer_many(directory: str, who: str, count: int, start: multiprocessing.Event
                 ) -> None:
    record = CourseProgress(directory)
    start.wait()
    for number in range(count):
        record.record_answer("03-play-a-trick", f"{who}-{number}", solved=True,
                             first_try=number % 2 == 0, answer="JH")


def test_two_processes_answering_at_once_lose_nothing(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    workers = [context.Process(target=_answer_many, args=(str(tmp_path), who, 500, start))
               for who in ("a", "b")]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(timeout=300)
        assert worker.exitcode == 0
    results = CourseProgress(tmp_path).read().record.results("03-play-a-trick")
    assert len(results) == 1000
    assert sum(r["first_try"] for r in results.values()) == 500
    assert all(r == {"solved": True, "first_try": r["first_try"], "tries": 1}
               for r in results.values())


def _open_new_records(folders: list[str], who: str, barrier: multiprocessing.Barrier
                      ) -> None:
    for folder in folders:
        store = SqliteStore(folder)
        barrier.wait()
        store.append("practice", "take-with-the-jack", who)
        store.close()


def test_kernels_opening_a_new_record_at_the_same_moment_keep_it(tmp_path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    folders = [str(tmp_path / f"learner-{n}") for n in range(40)]
    barrier = context.Barrier(3, timeout=120)
    workers = [context.Process(target=_open_new_records, args=(folders, who, barrier))
               for who in "abc"]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=300)
        assert worker.exitcode == 0
    for folder in folders:
        assert [path.name for path in Path(folder).glob("*corrupt*")] == []
        store = SqliteStore(folder)
        assert sorted(a.item for a in store.actions(["practice"])) == ["a", "b", "c"]
        assert store.problem is None


def test_a_record_busy_too_long_is_told_and_never_set_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("belote_teach.course.store_sqlite.BUSY_SECONDS", 0.2)
    progress = CourseProgress(tmp_path)
    progress.record_practice("take-with-the-jack")
    other = sqlite3.connect(tmp_path / DATABASE_NAME, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")                  # another kernel holding the write
    for page, lang in ((progress, "en"), (CourseProgress(tmp_path), "fr")):  # open, new
        problem = page.record_answer("03-play-a-trick", "lead", solved=True,
                                     first_try=True, answer="JH", lang=lang)
        assert problem == {
            "en": "Your progress in the lessons could not be reached just now (another "
                  "open page of the course kept it busy too long): what you just did was "
                  "not saved, and nothing saved before was lost. Try again in a moment, "
                  "or close the course's other open pages.",
            "fr": "Ta progression dans les leçons n'a pas pu être atteinte à l'instant "
                  "(une autre page ouverte du cours l'a gardée occupée trop "
                  "longtemps)\u00a0: ce que tu viens de faire n'a pas été enregistré, et "
                  "rien de ce qui l'était n'a été perdu. Réessaie dans un instant, ou "
                  "ferme les autres pages du cours ouvertes."}[lang]
    with pytest.raises(TimeoutError, match=r"learner record .*database is locked"):
        SqliteStore(tmp_path).append("practice", "x")
    reading = CourseProgress(tmp_path).read()           # a reader never waits
    assert reading.problem is None and dict(reading.record.practice) == {
        "take-with-the-jack": 1}
    other.execute("ROLLBACK")
    other.close()
    assert [path.name for path in tmp_path.glob("*corrupt*")] == []
    found = CourseProgress(tmp_path).read()
    assert found.problem is None and dict(found.record.practice) == {
        "take-with-the-jack": 1}
    assert progress.record_answer("03-play-a-trick", "lead", solved=True, first_try=True,
                                  answer="JH") is None
    assert CourseProgress(tmp_path).exercise_results("03-play-a-trick")["lead"].tries == 1


def test_an_answer_is_judged_against_the_tries_of_the_other_page(tmp_path: Path) -> None:
    one, two = CourseProgress(tmp_path), CourseProgress(tmp_path)
    one.record_answer("03-play-a-trick", "lead", solved=False, first_try=False, answer="7S")
    assert two.exercise_results("03-play-a-trick")["lead"].tries == 1


# ---------------------------------------------------------------------------- migration
def test_the_files_of_the_older_layout_are_migrated_once_and_kept_aside(
        tmp_path: Path) -> None:
    legacy = {"format": "belote-teach course progress", "version": 1,
              "lessons": {"03-play-a-trick": {"lead": {"solved": True, "first_try": True,
                                                       "tries": 1}}},
              "practice": {"take-with-the-jack": 2}, "games": {"finished": 3, "won": 1},
              "drills": {"must-overtrump": 4}}
    (tmp_path / FILE_NAME).write_text(json.dumps(legacy), encoding="utf-8")
    game = Game("classic", rng=3)
    game.bid("take")
    GameStore(store=MemoryStore()).save("game", game)          # the document, as text
    memory = GameStore(store=MemoryStore())
    memory.save("game", game)
    text = memory.document("game")
    assert text is not None
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "game.json").write_text(text, encoding="utf-8")

    record = CourseProgress(tmp_path).read().record
    assert record.results("03-play-a-trick") == {
        "lead": {"solved": True, "first_try": True, "tries": 1}}
    assert dict(record.practice) == {"take-with-the-jack": 2}
    assert (record.games_finished, record.games_won) == (3, 1)
    assert record.best_streak("must-overtrump") == 4
    loaded = GameStore(tmp_path).load("game")
    assert loaded.game is not None and loaded.game.deal == game.deal
    assert not (tmp_path / FILE_NAME).exists() and not (tmp_path / "games").exists()
    assert len(list(tmp_path.glob("course-progress.migrated-*.json"))) == 1
    assert len(list(tmp_path.glob("games.migrated-*"))) == 1
    # a file put back by hand is not migrated a second time
    (tmp_path / FILE_NAME).write_text(json.dumps(legacy), encoding="utf-8")
    assert CourseProgress(tmp_path).read().record == record


def test_a_damaged_file_of_the_older_layout_is_set_aside_and_told(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text("{damaged", encoding="utf-8")
    found = CourseProgress(tmp_path).read()
    assert found.record.is_empty and found.set_aside is not None
    assert found.set_aside.read_text(encoding="utf-8") == "{damaged"
    assert found.problem is not None and "not valid JSON" in found.problem


def test_a_damaged_database_is_set_aside_and_a_new_one_started(tmp_path: Path) -> None:
    (tmp_path / DATABASE_NAME).write_bytes(b"this is no database" * 100)
    progress = CourseProgress(tmp_path)
    progress.record_practice("take-with-the-jack")
    found = progress.read()
    assert dict(found.record.practice) == {"take-with-the-jack": 1}
    assert found.set_aside is not None and found.set_aside.name.startswith("learner.corrupt-")
    assert found.set_aside.read_bytes() == b"this is no database" * 100
    assert found.problem is not None and str(found.set_aside) in found.problem


def test_another_programs_database_is_not_taken_for_ours(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / DATABASE_NAME) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
    progress = CourseProgress(tmp_path)
    progress.record_practice("take-with-the-jack")
    found = progress.read()
    assert found.cause is not None and found.cause.reason == "not_ours"
    assert "application_id" in found.cause.detail
    assert dict(found.record.practice) == {"take-with-the-jack": 1}


# ---------------------------------------------------------------------------- the store
@pytest.mark.parametrize("make", [MemoryStore, SqliteStore, FileStore])
def test_every_backend_keeps_the_same_record(tmp_path: Path, make: type) -> None:
    store = MemoryStore() if make is MemoryStore else make(tmp_path)
    with pytest.raises(StoreValueError, match="action kind ''"):
        store.append("", "x")
    with pytest.raises(StoreValueError, match="not plain JSON"):
        store.append("answer", "x", "", {"bad": object()})
    with pytest.raises(RuntimeError), store.transaction():
        store.append("answer", "lesson", "a", {"solved": True})
        raise RuntimeError("undo")
    assert store.actions(["answer"]) == []                    # the transaction undone
    store.append("answer", "lesson", "a", {"solved": False})
    store.put_document("game/x", "{}")
    aside = store.set_document_aside("game/x")
    assert aside.startswith("game/x.corrupt-") and store.document("game/x") is None
    assert store.aside_documents() == {aside: "{}"}
    assert [dict(a.data) for a in store.actions(["answer"], scope="lesson")] == [
        {"solved": False}]


# ---------------------------------------------------------------------------- backups
def test_a_backup_is_the_whole_record_and_never_overwrites(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture
                                                           ) -> None:
    from belote_teach.cli import main

    data = tmp_path / "data"
    record = CourseProgress(data)
    record.record_answer("03-play-a-trick", "lead", solved=True, first_try=True, answer="JS")
    games = GameStore(data)
    game = Game("classic", rng=3)
    game.bid("take")
    games.save("game", game)
    (tmp_path / "copy").mkdir()
    target = tmp_path / "copy" / DATABASE_NAME
    assert main(["backup", str(target), "--data", str(data)]) == 0
    assert "backed up to" in capsys.readouterr().out
    copy = CourseProgress(tmp_path / "copy")
    assert copy.read().record == record.read().record
    loaded = GameStore(tmp_path / "copy").load("game")
    assert loaded.game is not None and loaded.game.deal == game.deal
    before = target.read_bytes()
    assert main(["backup", str(target), "--data", str(data)]) == 2
    assert "exists already" in capsys.readouterr().err
    assert target.read_bytes() == before
    with pytest.raises(FileExistsError):
        SqliteStore(data).backup(target)
