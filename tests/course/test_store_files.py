"""The learner's store in plain files (belote_teach.course.store_files.FileStore), as the
course uses it where there is no sqlite3 (the browser, under Pyodide): a damaged log line
left out then moved aside and told, two pages of one learner writing in turn, the log
read again only when it changed, the same record as in memory for random sequences of
writes, the progress carried by export and import, and open_store choosing it in a Python
without sqlite3 (belote_teach.course.progress, belote_teach.course.files)."""

from __future__ import annotations

import ast
import errno
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote_teach.course import files, progress, store_files
from belote_teach.course.files import APP_NAME, DATA_ENV, data_directory
from belote_teach.course.progress import CourseProgress, open_store
from belote_teach.course.store import RESET, LearnerStore, MemoryStore
from belote_teach.course.store_files import LOG_NAME, FileStore
from belote_teach.course.store_sqlite import SqliteStore

ROOT = Path(__file__).resolve().parents[2]
LESSON = "03-play-a-trick"


def _items(store: LearnerStore, kind: str = "answer") -> list[tuple[int, str]]:
    return [(a.number, a.item) for a in store.actions([kind])]


def _page(folder: Path) -> CourseProgress:
    """A page of the course on the learner's record in plain files."""
    return CourseProgress(folder, store=FileStore(folder))


# ---------------------------------------------------------------------------- damage
def test_a_line_cut_short_is_left_out_then_moved_aside_and_told(tmp_path: Path) -> None:
    page = _page(tmp_path)
    page.record_answer(LESSON, "lead", solved=False, first_try=False, answer="7S")
    log = tmp_path / LOG_NAME
    whole = log.read_bytes()
    cut = b'{"number":2,"at":"2026-12-01T21:30:00.123Z","kind":"answer","sco'
    log.write_bytes(whole + cut)                    # the page killed while appending
    reload = _page(tmp_path)
    assert reload.exercise_results(LESSON)["lead"].tries == 1     # read around it
    assert reload.read().problem is None and log.read_bytes() == whole + cut
    assert reload.record_answer(LESSON, "lead", solved=True, first_try=False,
                                answer="JH") is None               # the next write
    assert log.read_bytes().startswith(whole) and cut not in log.read_bytes()
    assert [a.number for a in reload.store.actions(["answer"])] == [1, 2]
    found = reload.read()
    assert found.record.results(LESSON) == {
        "lead": {"solved": True, "first_try": False, "tries": 2}}
    assert found.cause is not None and found.cause.reason == "not_json" and found.cause.part
    assert found.set_aside is not None and found.set_aside.name.startswith("learner.corrupt-")
    assert found.set_aside.read_bytes() == cut + b"\n"             # never deleted
    assert found.problem == (
        "Part of your progress in the lessons could not be read: it is not valid JSON (the "
        "file may have been cut short or edited by hand). That part was put aside as "
        f"{found.set_aside} (nothing was deleted); the rest of your progress is kept.")
    assert (found.problem_in("fr") or "").startswith(
        "Une partie de ta progression dans les leçons n'a pas pu être lue\u00a0: ")
    assert _page(tmp_path).read().problem is None                    # told once


def test_damaged_lines_in_the_middle_are_moved_aside_the_rest_kept(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    for item in "abc":
        store.append("answer", LESSON, item)
    lines = (tmp_path / LOG_NAME).read_bytes().splitlines(keepends=True)
    edited = [lines[0], b"not json\n", b"\n", lines[1], b'{"number": 9}\n', b"[1, 2]\n",
              lines[2]]
    (tmp_path / LOG_NAME).write_bytes(b"".join(edited))
    other = FileStore(tmp_path)
    assert _items(other) == [(1, "a"), (2, "b"), (3, "c")] and other.problem is None
    assert other.append("answer", LESSON, "d") == 4
    assert other.problem is not None and other.problem.reason == "not_json"
    assert "line 2: not JSON" in other.problem.detail
    assert "line 5: at, kind, scope, item" in other.problem.detail
    assert "line 6: not an action" in other.problem.detail
    assert other.set_aside is not None
    assert other.set_aside.read_bytes() == b'not json\n{"number": 9}\n[1, 2]\n'
    assert _items(FileStore(tmp_path)) == [(1, "a"), (2, "b"), (3, "c"), (4, "d")]


def test_a_log_that_is_no_log_at_all_is_moved_aside_whole(tmp_path: Path) -> None:
    (tmp_path / LOG_NAME).write_bytes(b"\x00\xff binary, no end of line")
    store = FileStore(tmp_path)
    assert store.actions(["answer"]) == []
    store.append("answer", LESSON, "a")
    assert _items(FileStore(tmp_path)) == [(1, "a")]
    assert store.set_aside is not None
    assert store.set_aside.read_bytes() == b"\x00\xff binary, no end of line\n"


def test_a_document_removed_by_another_page_is_none_even_if_still_known(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the browser a kernel that knew a file another kernel removed fails to read it
    with EINVAL rather than ENOENT: the document is then none; a document that is there
    and cannot be read is an error."""
    store = FileStore(tmp_path)
    store.put_document("game/kept", "{}")
    store.put_document("game/gone", "{}")
    FileStore(tmp_path).delete_document("game/gone")

    def stale(self: Path) -> bytes:
        raise OSError(errno.EINVAL, "Invalid argument")

    monkeypatch.setattr(Path, "read_bytes", stale)
    assert store.document("game/gone") is None and store.document_names() == ("game/kept",)
    with pytest.raises(OSError, match="Invalid argument"):
        store.document("game/kept")


# ---------------------------------------------------------------------------- two pages
def test_two_pages_writing_in_turn_see_each_others_actions(tmp_path: Path) -> None:
    one, two = FileStore(tmp_path), FileStore(tmp_path)
    expected: list[tuple[int, str]] = []
    for turn in range(12):
        writer, reader = (one, two) if turn % 3 else (two, one)
        with writer.transaction():
            number = writer.append("answer", LESSON, f"{turn}")
            writer.put_document("game/game", f"turn {turn}")
        expected.append((number, f"{turn}"))
        assert _items(reader) == expected and reader.document("game/game") == f"turn {turn}"
    assert [n for n, _ in expected] == list(range(1, 13))
    two.append(RESET, "", "")
    assert one.actions(["answer"]) == [] and one.append("answer", LESSON, "x") == 14
    assert _items(two) == [(14, "x")]


def test_the_log_is_parsed_again_only_for_what_was_added(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one, two = FileStore(tmp_path), FileStore(tmp_path)
    for item in "abc":
        one.append("answer", LESSON, item)
    parsed: list[int] = []
    parse = store_files._parse

    def counting(data: bytes, start: int, end: int) -> object:
        parsed.append(data.count(b"\n", start, end))
        return parse(data, start, end)

    monkeypatch.setattr(store_files, "_parse", counting)
    assert len(two.actions(["answer"])) == 3 and parsed == [3]
    for _ in range(3):
        two.actions(["answer"])
        one.actions(["answer"])                  # its own write: nothing to read again
    assert parsed == [3]
    one.append("answer", LESSON, "d")
    assert _items(two)[-1] == (4, "d") and parsed == [3, 1]
    first = (tmp_path / LOG_NAME).read_bytes().splitlines(keepends=True)[0]
    (tmp_path / LOG_NAME).write_bytes(first)     # rewritten by another page: read anew
    assert _items(two) == [(1, "a")] and parsed == [3, 1, 1]


# ---------------------------------------------------------------------------- as in memory
NAMES = st.sampled_from(["game/a", "game/A", "practice/practice", "migrated", "x/é"])
WRITE = st.one_of(
    st.tuples(st.just("append"), st.sampled_from(["answer", "drill", RESET]),
              st.sampled_from(["03", "05"]), st.sampled_from(["", "a", "b"]),
              st.dictionaries(st.sampled_from(["solved", "n", "é"]),
                              st.one_of(st.booleans(), st.integers(-5, 5),
                                        st.text(max_size=3)), max_size=2)),
    st.tuples(st.just("put"), NAMES, st.text(max_size=8)),
    st.tuples(st.just("delete"), NAMES),
    st.tuples(st.just("aside"), NAMES),
)
STEP = st.one_of(WRITE, st.just(("reopen",)),
                 st.tuples(st.just("transaction"), st.lists(WRITE, max_size=4),
                           st.booleans()))


def _write(store: LearnerStore, write: tuple[Any, ...]) -> object:
    kind, *args = write
    try:
        if kind == "append":
            return store.append(*args)
        if kind == "put":
            return store.put_document(*args)
        if kind == "delete":
            return store.delete_document(*args)
        return store.set_document_aside(*args).split(".corrupt-")[0]   # without the time
    except KeyError:
        return "KeyError"


def _step(store: LearnerStore, step: tuple[Any, ...]) -> object:
    if step[0] != "transaction":
        return _write(store, step)
    _, writes, fails = step
    done: list[object] = []
    try:
        with store.transaction():
            done.extend(_write(store, write) for write in writes)
            done.append(_record(store))                # its own writes, seen inside
            if fails:
                raise RuntimeError("undone")
    except RuntimeError:
        done.append("undone")
    return done


def _record(store: LearnerStore) -> tuple[object, ...]:
    def seen(kinds: list[str], scope: str | None = None) -> list[tuple[object, ...]]:
        return [(a.number, a.kind, a.scope, a.item, dict(a.data))
                for a in store.actions(kinds, scope)]

    names = store.document_names()
    aside = sorted((name.split(".corrupt-")[0], text)
                   for name, text in store.aside_documents().items())
    return (seen(["answer", "drill"]), seen(["answer"], "05"), seen([RESET]), names,
            [store.document(name) for name in names], aside)


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(steps=st.lists(STEP, max_size=12))
def test_the_files_keep_what_memory_keeps(steps: list[tuple[object, ...]]) -> None:
    memory = MemoryStore()
    with tempfile.TemporaryDirectory() as folder:
        files_ = FileStore(folder)
        for step in steps:
            if step == ("reopen",):
                files_ = FileStore(folder)
                continue
            assert _step(files_, step) == _step(memory, step)
            assert _record(files_) == _record(memory)
        assert _record(FileStore(folder)) == _record(memory)


# ---------------------------------------------------------------------------- export, import
def test_the_progress_travels_between_the_backends(tmp_path: Path) -> None:
    sqlite = CourseProgress(tmp_path / "sqlite", store=SqliteStore(tmp_path / "sqlite"))
    plain = CourseProgress(tmp_path / "files", store=FileStore(tmp_path / "files"))
    sqlite.record_answer(LESSON, "lead", solved=False, first_try=False, answer="7S")
    sqlite.record_answer(LESSON, "lead", solved=True, first_try=False, answer="JH")
    sqlite.record_drill_position("must-overtrump", "page", right=True)
    plain.record_answer(LESSON, "follow", solved=True, first_try=True, answer="KD")
    plain.record_practice("take-with-the-jack")
    plain.record_game(won=True)
    merged = plain.import_json(sqlite.export_json()).record
    reloaded = CourseProgress(tmp_path / "files", store=FileStore(tmp_path / "files"))
    assert reloaded.read().record == merged and merged.results(LESSON) == {
        "lead": {"solved": True, "first_try": False, "tries": 2},
        "follow": {"solved": True, "first_try": True, "tries": 1}}
    assert sqlite.import_json(plain.export_json()).record == merged
    assert plain.import_json(sqlite.export_json()).record == merged       # twice: once
    path = plain.export_file(tmp_path / "mine.json")
    fresh = CourseProgress(tmp_path / "new", store=FileStore(tmp_path / "new"))
    assert fresh.import_file(path, mode="replace").record == merged
    assert json.loads(path.read_text(encoding="utf-8"))["practice"] == {"take-with-the-jack": 1}


# ---------------------------------------------------------------------------- open_store
def test_in_the_browser_the_record_goes_to_the_kept_drive(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.setattr(files, "BROWSER_DRIVE", tmp_path / "drive")
    monkeypatch.setattr(sys, "platform", "emscripten")
    usual = Path(platformdirs.user_data_dir(APP_NAME))
    assert data_directory() == usual                              # no /drive: as ever
    (tmp_path / "drive").mkdir()
    assert data_directory() == tmp_path / "drive" / APP_NAME
    assert data_directory(tmp_path / "mine") == tmp_path / "mine"
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "teacher"))
    assert data_directory() == tmp_path / "teacher"
    monkeypatch.delenv(DATA_ENV)
    assert not progress.sqlite_works.__wrapped__()                # no SQLite on /drive
    monkeypatch.setattr(progress, "sqlite_works", lambda: False)
    store, problems = open_store()
    assert isinstance(store, FileStore) and problems == ()
    assert store.path == tmp_path / "drive" / APP_NAME / LOG_NAME
    monkeypatch.setattr(sys, "platform", "linux")
    assert data_directory() == usual


#: Put first on PYTHONPATH, makes ``import sqlite3`` fail as in a Python built without it.
NO_SQLITE = '''
import sys

class NoSqlite:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("sqlite3", "_sqlite3"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NoSqlite())
'''

FIRST = '''
import sys
import belote_teach.cli, belote_teach.course.saved_games, belote_teach.course.saved_practice
from belote_teach.course.progress import CourseProgress, open_store
from belote_teach.course.saved_games import GameStore
from belote_teach.engine.game import Game
assert "sqlite3" not in sys.modules
try:
    import sqlite3
except ImportError:
    pass
else:
    raise AssertionError("sqlite3 imported")
store, problems = open_store()
print(type(store).__name__, problems)
CourseProgress().record_answer("03-play-a-trick", "lead", solved=True, first_try=True,
                               answer="JH")
GameStore().save("partie", Game("classic", rng=3))
'''

SECOND = '''
from belote_teach.course.progress import CourseProgress
from belote_teach.course.saved_games import GameStore
print(type(CourseProgress().store).__name__,
      CourseProgress().read().record.results("03-play-a-trick"),
      GameStore().names(), GameStore().load("partie").game is not None)
'''


def test_without_sqlite3_open_store_keeps_the_record_in_files(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(NO_SQLITE, encoding="utf-8")
    path = os.pathsep.join([str(blocker), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env = {**os.environ, "PYTHONPATH": path, DATA_ENV: str(tmp_path / "data")}
    said = []
    for script in (FIRST, SECOND):                       # two processes: a reload
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        said.append(done.stdout.strip())
    assert said == ["FileStore ()", "FileStore {'lead': {'solved': True, 'first_try': True, "
                                    "'tries': 1}} ('partie',) True"]
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == [
        "learner-documents", LOG_NAME]


def test_only_the_sqlite_store_imports_sqlite3_when_imported() -> None:
    """Every other module imports (``import belote_teach...``) without ``sqlite3``: the
    package, the store's choice included, works in a Python that has none."""
    package = ROOT / "belote_teach"
    found = []
    for path in sorted(package.rglob("*.py")):
        nodes: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
        while nodes:                                 # all but the bodies of functions
            node = nodes.pop()
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(name == "sqlite3" or name.endswith(".store_sqlite") for name in names):
                found.append(str(path.relative_to(package)))
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                nodes.extend(ast.iter_child_nodes(node))
    assert found == ["course/store_sqlite.py"]


@given(st.text(min_size=1, max_size=60))
def test_a_documents_file_name_reads_the_same_as_a_path_and_as_a_url(name: str) -> None:
    """The browser's drive reads a file's path as a URL path (``%2F`` there is a ``/``):
    a document's file name holds no ``%`` nor anything a URL path would change, and gives
    its name back."""
    try:
        encoded = store_files.file_name(name)
    except UnicodeEncodeError:
        return                                  # a lone surrogate has no UTF-8: refused
    assert set(encoded) <= set("abcdefghijklmnopqrstuvwxyz0123456789-_=~ABCDEF")
    if not encoded.startswith("~"):
        assert store_files._name_of(encoded) == name
