"""The learner's store in one SQLite database (the standard library's ``sqlite3``): the
backend of :class:`~belote_teach.course.store.LearnerStore` in the learner's data directory.

The database (``<data directory>/learner.sqlite3``) runs in WAL mode: readers never wait
for a writer, and every write is one transaction begun ``IMMEDIATE`` (the writers of
several kernels of one learner, two tabs say, take turns, waiting up to
:data:`BUSY_SECONDS` for each other, and nothing is lost; beyond that the call raises
``TimeoutError`` and the database is left as it is). ``synchronous=FULL``: an action
logged is on the disk when the call returns, whatever happens to the kernel or the
machine after.

Nothing is created before the first write: reading a directory without a database finds
an empty record. A file that is not a database of this kind (damaged, or something else
under that name) is never deleted: it is moved aside as
``learner.corrupt-<UTC time>.sqlite3`` and a new database is started;
:attr:`SqliteStore.problem` says so.

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> store = SqliteStore(folder.name)
    >>> store.path.exists()
    False
    >>> _ = store.append("practice", "take-with-the-jack")
    >>> [a.scope for a in SqliteStore(folder.name).actions(["practice"])]
    ['take-with-the-jack']
    >>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Collection, Iterator, Mapping
from datetime import datetime, timezone
from pathlib import Path
from types import MappingProxyType

from belote_teach.course.errors import StoreValueError
from belote_teach.course.files import FileProblem
from belote_teach.course.store import (
    RESET,
    LearnerStore,
    LoggedAction,
    aside_name,
    check_name,
    data_text,
    utc_now,
)

__all__ = ["BUSY_SECONDS", "DATABASE_NAME", "SCHEMA_VERSION", "SqliteStore"]

#: The database's file name in the data directory.
DATABASE_NAME = "learner.sqlite3"
#: The schema version (SQLite's ``user_version``) this code writes and reads.
SCHEMA_VERSION = 1
#: Seconds a write waits for another kernel's write to end before giving up.
BUSY_SECONDS = 30.0

_APPLICATION_ID = 0x42454C54          # "BELT": marks the file as ours

_SCHEMA = """
CREATE TABLE IF NOT EXISTS actions (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    scope TEXT NOT NULL,
    item TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS actions_by_kind ON actions (kind, scope);
CREATE TABLE IF NOT EXISTS documents (
    name TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS aside (
    name TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    moved TEXT NOT NULL
);
"""


class SqliteStore(LearnerStore):
    """The learner's record in ``<directory>/learner.sqlite3``.

    Args:
        directory: the learner's data directory (created at the first write).

    Attributes:
        path: the database file.
        problem: ``None``; or, when the file found there was not a database of this kind,
            why (:class:`~belote_teach.course.files.FileProblem`), the file having been
            moved to :attr:`set_aside` and a new database started.
        set_aside: where such a file was moved, else ``None``.

    Every method may raise ``OSError`` when the directory cannot be written
    (``TimeoutError`` when another kernel kept the database busy beyond
    :data:`BUSY_SECONDS`: nothing is set aside, nothing lost), and
    :class:`~belote_teach.course.errors.StoreValueError` for a bad name or data (nothing kept).
    """

    def __init__(self, directory: Path | str):
        self.path: Path = Path(directory).expanduser() / DATABASE_NAME
        self.where = str(self.path)
        self.problem: FileProblem | None = None
        self.set_aside: Path | None = None
        self._lock = threading.RLock()
        self._connection: sqlite3.Connection | None = None
        self._depth = 0

    # ------------------------------------------------------------------ connection
    def _connect(self, *, create: bool) -> sqlite3.Connection | None:
        """The open connection; ``None`` when there is no database and ``create`` is
        False. A file that is not ours is set aside and a new database started; a
        database busy beyond :data:`BUSY_SECONDS` (another kernel writing) is left as it
        is and raises ``TimeoutError``."""
        if self._connection is not None:
            return self._connection
        if not create and not self.path.exists():
            return None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            connection = self._open()
        except _NotOurs as err:
            self._set_file_aside(str(err))
            connection = self._open()
        self._connection = connection
        return connection

    def _open(self) -> sqlite3.Connection:
        """A new connection to a database of ours, in WAL mode, its tables made.

        Raises:
            _NotOurs: the file is not a database, is damaged, or is another program's
                (checked inside one transaction, so another kernel creating the
                database at the same moment is never mistaken for a stranger).
            TimeoutError: the database stayed busy for :data:`BUSY_SECONDS`.
            OSError: it cannot be read or written.
        """
        with _as_os_error(self.path):
            connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS,
                                         isolation_level=None, check_same_thread=False)
        try:
            with _as_os_error(self.path):
                connection.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
                connection.execute("BEGIN")                 # one snapshot for the check
                made = _check_ours(connection)
                connection.execute("COMMIT")
                _set_wal(connection)
                connection.execute("PRAGMA synchronous = FULL")
                if made:                        # a reader never waits for a writer
                    return connection
                connection.execute("BEGIN IMMEDIATE")
                try:
                    _check_ours(connection)     # another kernel may have made it since
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            connection.execute(statement)
                    connection.execute(f"PRAGMA application_id = {_APPLICATION_ID}")
                    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                    connection.execute("COMMIT")
                except BaseException:
                    connection.execute("ROLLBACK")
                    raise
        except BaseException:
            connection.close()
            raise
        return connection

    def _set_file_aside(self, detail: str) -> None:
        """Move the damaged database (and its WAL files) aside and remember why."""
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        aside = self.path.with_name(f"learner.corrupt-{stamp}.sqlite3")
        count = 1
        while aside.exists():
            count += 1
            aside = self.path.with_name(f"learner.corrupt-{stamp}-{count}.sqlite3")
        os.replace(self.path, aside)
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.replace(f"{self.path}{suffix}", f"{aside}{suffix}")
        self.problem = FileProblem("not_ours", detail)
        self.set_aside = aside
        self.problem.log(aside)

    def backup(self, target: Path | str) -> Path:
        """Copy the whole record, consistent at one moment, to the new database file
        ``target`` (SQLite's online backup: the learner may go on answering meanwhile),
        and return its path. The copy opens as a store of its own (``SqliteStore`` of its
        folder, once named ``learner.sqlite3``).

        Raises:
            FileExistsError: ``target`` exists (nothing is overwritten).
            OSError: ``target`` cannot be written (its folder must exist).
        """
        path = Path(target).expanduser()
        if path.exists():
            raise FileExistsError(f"backup {path} refused: the file exists already")
        with self._lock:
            connection = self._connect(create=True)
            assert connection is not None
            try:
                copy = sqlite3.connect(path)
            except sqlite3.Error as err:
                raise OSError(f"backup {path}: {err}") from err
            try:
                connection.backup(copy)
            finally:
                copy.close()
        return path

    def close(self) -> None:
        """Close the connection (it is opened again at the next call)."""
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    # ------------------------------------------------------------------ transactions
    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            connection = self._connect(create=True)
            assert connection is not None
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            with _as_os_error(self.path):
                connection.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            else:
                try:
                    with _as_os_error(self.path):
                        connection.execute("COMMIT")
                except BaseException:               # not kept: undone, and said so
                    if connection.in_transaction:
                        connection.execute("ROLLBACK")
                    raise
            finally:
                self._depth = 0

    def _write(self, sql: str, values: tuple[object, ...]) -> sqlite3.Cursor:
        with self.transaction(), _as_os_error(self.path):
            assert self._connection is not None
            return self._connection.execute(sql, values)

    def _read(self, sql: str, values: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        with self._lock:
            connection = self._connect(create=False)
            if connection is None:
                return []
            with _as_os_error(self.path):
                return connection.execute(sql, values).fetchall()

    # ------------------------------------------------------------------ the log
    def append(self, kind: str, scope: str, item: str = "",
               data: Mapping[str, object] | None = None) -> int:
        check_name(kind, "action kind", empty=False)
        check_name(scope, "action scope")
        check_name(item, "action item")
        text = data_text(data)
        cursor = self._write("INSERT INTO actions (at, kind, scope, item, data) "
                             "VALUES (?, ?, ?, ?, ?)", (utc_now(), kind, scope, item, text))
        number = cursor.lastrowid
        assert number is not None
        return number

    def actions(self, kinds: Collection[str], scope: str | None = None
                ) -> list[LoggedAction]:
        wanted = sorted(set(kinds))
        if not wanted:
            return []
        marks = ", ".join("?" for _ in wanted)
        sql = (f"SELECT number, at, kind, scope, item, data FROM actions "
               f"WHERE kind IN ({marks}) AND number > "
               f"(SELECT coalesce(max(number), 0) FROM actions WHERE kind = ?)")
        values: tuple[object, ...] = (*wanted, RESET)
        if scope is not None:
            sql += " AND scope = ?"
            values += (scope,)
        rows = self._read(sql + " ORDER BY number", values)
        # one JSON text for all the rows: a single decoding, not one per action
        datas = json.loads("[" + ",".join(str(row[5]) for row in rows) + "]")
        return [LoggedAction(int(str(number)), str(at), str(kind), str(scope_), str(item),
                             MappingProxyType(data))
                for (number, at, kind, scope_, item, _), data in zip(rows, datas,
                                                                     strict=True)]

    def count(self) -> int:
        """The actions in the log, resets and those before them included."""
        rows = self._read("SELECT count(*) FROM actions")
        return int(str(rows[0][0])) if rows else 0

    # ------------------------------------------------------------------ documents
    def document(self, name: str) -> str | None:
        rows = self._read("SELECT text FROM documents WHERE name = ?", (name,))
        return str(rows[0][0]) if rows else None

    def put_document(self, name: str, text: str) -> None:
        check_name(name, "document name", empty=False)
        if not isinstance(text, str):
            raise StoreValueError(f"document {name!r}: expected a text, got {text!r}")
        self._write("INSERT INTO documents (name, text, updated) VALUES (?, ?, ?) "
                    "ON CONFLICT (name) DO UPDATE SET text = excluded.text, "
                    "updated = excluded.updated", (name, text, utc_now()))

    def delete_document(self, name: str) -> bool:
        if self._connect(create=False) is None:
            return False
        return self._write("DELETE FROM documents WHERE name = ?", (name,)).rowcount > 0

    def document_names(self) -> tuple[str, ...]:
        return tuple(str(row[0]) for row in
                     self._read("SELECT name FROM documents ORDER BY name"))

    def set_document_aside(self, name: str) -> str:
        with self.transaction():
            text = self.document(name)
            if text is None:
                raise KeyError(name)
            taken = set(self.aside_documents())
            aside = aside_name(name, taken)
            self._write("INSERT INTO aside (name, text, moved) VALUES (?, ?, ?)",
                        (aside, text, utc_now()))
            self._write("DELETE FROM documents WHERE name = ?", (name,))
        return aside

    def aside_documents(self) -> dict[str, str]:
        return {str(name): str(text) for name, text in
                self._read("SELECT name, text FROM aside ORDER BY name")}

    def __repr__(self) -> str:
        return f"SqliteStore({str(self.path.parent)!r})"

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()


class _NotOurs(Exception):
    """The file is not a belote-teach database (damaged, not a database, another
    program's, or a newer schema): it is to be set aside. Its text says why."""


#: SQLite's primary result codes that mean the file itself is bad, not busy.
_BAD_FILE = ("SQLITE_NOTADB", "SQLITE_CORRUPT")


def _check_ours(connection: sqlite3.Connection) -> bool:
    """Whether the database is ours at :data:`SCHEMA_VERSION` already (``False``: empty,
    or ours at an older version, its tables still to be made). Run inside a transaction,
    so that the three reads see one moment.

    Raises:
        _NotOurs: the file is damaged, not a database, another program's database, or
            ours at a newer schema.
    """
    try:
        found = connection.execute("PRAGMA application_id").fetchone()[0]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    except sqlite3.DatabaseError as err:
        if str(getattr(err, "sqlite_errorname", "")).startswith(_BAD_FILE):
            raise _NotOurs(f"{type(err).__name__}: {err}") from err
        raise
    if tables and found != _APPLICATION_ID:
        raise _NotOurs(f"application_id {found:#x}, expected {_APPLICATION_ID:#x}: "
                       "not a belote-teach record")
    if version > SCHEMA_VERSION:
        raise _NotOurs(f"schema version {version}: this version of belote-teach reads "
                       f"{SCHEMA_VERSION}")
    return bool(tables) and version == SCHEMA_VERSION


def _set_wal(connection: sqlite3.Connection) -> None:
    """Put the database in WAL mode (it stays so, in the file). SQLite may answer
    "database is locked" at once, without waiting, while another connection changes the
    mode: that is tried again for up to :data:`BUSY_SECONDS`."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as err:
            if not _busy(err) or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


@contextlib.contextmanager
def _as_os_error(path: Path) -> Iterator[None]:
    """SQLite's operational errors raised as ``OSError`` naming the database, as every
    store method promises: ``TimeoutError`` when it stayed busy beyond
    :data:`BUSY_SECONDS` (another kernel writing), ``OSError`` otherwise (disk full,
    cannot open)."""
    try:
        yield
    except sqlite3.OperationalError as err:
        if _busy(err):
            raise TimeoutError(f"learner record {path}: {err} (busy for more than "
                               f"{BUSY_SECONDS:g} s)") from err
        raise OSError(f"learner record {path}: {err}") from err


def _busy(err: sqlite3.OperationalError) -> bool:
    """SQLite said the database is held by another connection."""
    return str(getattr(err, "sqlite_errorname", "")).startswith(("SQLITE_BUSY",
                                                                 "SQLITE_LOCKED"))

