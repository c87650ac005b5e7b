"""The learner's store in plain files of one folder, with the standard library only: the
backend of :class:`~belote_teach.course.store.LearnerStore` where there is no ``sqlite3``,
the course's static edition above all (Python in the browser, whose ``/drive`` folder
JupyterLite keeps in the browser's storage, one whole file at a time).

The folder (the learner's data directory) holds:

* ``learner.log``: the log, one action a line, a JSON object
  ``{"number": 1, "at": "...", "kind": "...", "scope": "...", "item": "...", "data": {}}``,
  in log order; lines are only ever appended, a transaction's lines in one write;
* ``learner-documents/``: one file a document holding its text (UTF-8), named by
  :func:`file_name` (``game/partie`` is ``game=2Fpartie``);
* ``learner-aside/``: the documents set aside, named the same way;
* ``learner.corrupt-<UTC time>.log``: log lines that were damaged, moved out of the log.

**Transactions.** What a transaction writes is kept in memory and written at its end:
documents set aside first, then the documents (each to a temporary file renamed over the
old one), then the log lines, appended in one write. An exception inside writes nothing.
A page killed while writing loses at most the transaction's log lines (its documents
written, its actions not) and never leaves a file half written but the log's last line.
Readers leave out a line that is not a whole action (cut short, or edited by hand); the
next write moves it to ``learner.corrupt-<UTC time>.log``, keeping the rest of the log,
and :attr:`FileStore.problem` says so (``part=True``).

**Several pages.** Every read outside a transaction, every transaction's start and every
append look at the log's size and time of change and read it again when they changed
(the lines parsed are kept: only new lines are parsed); documents are read from their
files each time. Two pages of one learner writing in turn thus see each other's actions.
What is left is a race: there is no lock between pages (the browser's storage has none),
so two writes at the same instant from two pages may number two actions alike (or
otherwise than ``append`` returned), and in the browser, where each write stores the
whole file, the later one may drop the other's line; an answer is then judged against
the tries its page had read.

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> store = FileStore(folder.name)
    >>> store.path.exists()
    False
    >>> with store.transaction():
    ...     _ = store.append("practice", "take-with-the-jack")
    ...     store.put_document("game/partie", "{}")
    >>> [a.scope for a in FileStore(folder.name).actions(["practice"])]
    ['take-with-the-jack']
    >>> sorted(p.name for p in (store.directory / DOCUMENTS_FOLDER).iterdir())
    ['game=2Fpartie']
    >>> folder.cleanup()
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import threading
from collections.abc import Collection, Iterator, Mapping
from datetime import datetime, timezone
from pathlib import Path
from types import MappingProxyType

from belote_teach.course.errors import StoreValueError
from belote_teach.course.files import FileProblem, write_atomically
from belote_teach.course.store import (
    RESET,
    LearnerStore,
    LoggedAction,
    aside_name,
    check_name,
    data_text,
    utc_now,
)

__all__ = ["ASIDE_FOLDER", "DOCUMENTS_FOLDER", "LOG_NAME", "FileStore", "file_name"]

#: The log's file name in the folder (no ``json`` in it: JupyterLite would store a
#: ``.json*`` file as one JSON value, and a log of lines is not one).
LOG_NAME = "learner.log"
#: The folder of the documents. No ``.`` in a folder's name: the browser's drive
#: (JupyterLite's) takes ``learner.documents`` for a file and cannot create one in it.
DOCUMENTS_FOLDER = "learner-documents"
#: The folder of the documents set aside.
ASIDE_FOLDER = "learner-aside"

#: The bytes a file name keeps as they are; every other byte of the name's UTF-8 is
#: ``=XX`` (upper-case hex): lower-case letters only, so that two names never share a
#: file on a file system that ignores case, and no ``.`` (no hidden, temporary or
#: ``..`` name, no extension). Not ``%XX``: the browser's drive (JupyterLite's) reads
#: a file's path as a URL's, where ``%2F`` is a ``/``.
_SAFE = frozenset(b"abcdefghijklmnopqrstuvwxyz0123456789-_")
_ENCODED = re.compile(r"(?:[a-z0-9_-]|=[0-9A-F]{2})+")
_ESCAPE = re.compile(rb"=([0-9A-F]{2})")
#: The longest encoded name used as it is; a longer one is hashed.
_MAX_FILE_NAME = 150
_HASHED = re.compile(r"~[0-9a-f]{64}")
_TEXT_FIELDS = ("at", "kind", "scope", "item")


def file_name(name: str) -> str:
    """The file of the document ``name`` in its folder: its UTF-8 bytes with every byte
    but ``a-z``, ``0-9``, ``-`` and ``_`` written ``=XX``; when that is longer than 150
    characters, ``~`` and the SHA-256 of the name (the file then starts with the name, a
    JSON text on a line of its own).

    Raises:
        UnicodeEncodeError: ``name`` holds a lone surrogate (it has no UTF-8).
    """
    raw = name.encode("utf-8")
    encoded = "".join(chr(byte) if byte in _SAFE else f"={byte:02X}" for byte in raw)
    if len(encoded) <= _MAX_FILE_NAME:
        return encoded
    return "~" + hashlib.sha256(raw).hexdigest()


def _name_of(file: str) -> str | None:
    """The document name that :func:`file_name` writes as ``file``; ``None`` for a hashed
    name (its name is in the file) or a file that is not a document (a temporary file)."""
    if not _ENCODED.fullmatch(file):
        return None
    try:
        name = _ESCAPE.sub(lambda m: bytes([int(m[1], 16)]), file.encode("ascii")).decode("utf-8")
    except UnicodeDecodeError:
        return None
    return name if file_name(name) == file else None


class _Pending:
    """What a transaction under way will write at its end."""

    __slots__ = ("actions", "aside", "documents", "lines")

    def __init__(self) -> None:
        #: the actions appended, numbered after the log as read at the start
        self.actions: list[LoggedAction] = []
        #: their lines without the number: ``"at":...,"data":{...}}``
        self.lines: list[bytes] = []
        #: the documents to write (a text) or to delete (None)
        self.documents: dict[str, str | None] = {}
        #: the documents to set aside, by their new names
        self.aside: dict[str, str] = {}

    def __bool__(self) -> bool:
        return bool(self.lines or self.documents or self.aside)


class FileStore(LearnerStore):
    """The learner's record in plain files of ``<directory>`` (see the module's text).

    Args:
        directory: the learner's data directory (created at the first write).

    Attributes:
        directory: that folder; path: the log, ``<directory>/learner.log``.
        problem: ``None``; or, once damaged log lines were found and moved to
            :attr:`set_aside` (the rest of the log kept), why
            (:class:`~belote_teach.course.files.FileProblem`, ``part=True``).
        set_aside: the file those lines were moved to, else ``None``.

    Every method may raise ``OSError`` when the folder cannot be read or written (nothing
    of the call is then kept), and
    :class:`~belote_teach.course.errors.StoreValueError` for a bad name or data (nothing
    kept).
    """

    def __init__(self, directory: Path | str):
        self.directory: Path = Path(directory).expanduser()
        self.path: Path = self.directory / LOG_NAME
        self.where = str(self.path)
        self.problem: FileProblem | None = None
        self.set_aside: Path | None = None
        self._lock = threading.RLock()
        self._depth = 0
        self._pending = _Pending()
        #: the log as last read: its (inode, size, time of change), ``None`` to read it
        #: again; its bytes up to the end of its last line; their good actions; the index
        #: after the last reset; the highest number
        self._key: tuple[int, int, int] | None = None
        self._read = b""
        self._log: list[LoggedAction] = []
        self._start = 0
        self._top = 0
        #: damaged lines are in the log, not yet moved aside
        self._damaged = False

    # ------------------------------------------------------------------ transactions
    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            self._refresh(repair=True)
            self._depth = 1
            try:
                yield
                self._commit()
            finally:
                self._depth = 0
                self._pending = _Pending()

    def _commit(self) -> None:
        """Write what the transaction holds: documents set aside, documents, log lines.
        A failure puts back the documents written (as far as it can) and raises."""
        pending = self._pending
        if not pending:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        if pending.lines:                   # lines another page appended since the start
            self._refresh(repair=True)
        writes: list[tuple[str, str, str | None]] = [
            (ASIDE_FOLDER, name, text) for name, text in pending.aside.items()]
        writes += [(DOCUMENTS_FOLDER, name, text) for name, text in pending.documents.items()]
        several = len(writes) + bool(pending.lines) > 1
        done: list[tuple[Path, bytes | None]] = []
        try:
            for folder, name, text in writes:
                path = self._file(folder, name)
                if several:
                    done.append((path, _bytes_or_none(path)))
                if text is None:
                    with contextlib.suppress(FileNotFoundError):
                        path.unlink()
                else:
                    path.parent.mkdir(exist_ok=True)
                    write_atomically(path, _content(name, text))
            if pending.lines:
                self._append(pending)
        except BaseException:
            for path, before in reversed(done):
                with contextlib.suppress(OSError):
                    if before is None:
                        path.unlink(missing_ok=True)
                    else:
                        write_atomically(path, before)
            raise

    def _append(self, pending: _Pending) -> None:
        """Append the transaction's lines, numbered after the log as read now, in one
        write, and keep them as read."""
        first = self._top + 1
        lines = [b'{"number":%d,' % (first + index) + rest
                 for index, rest in enumerate(pending.lines)]
        blob = b"".join(lines)
        handle = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            view = memoryview(blob)
            while view:
                view = view[os.write(handle, view):]
            os.fsync(handle)
        finally:
            os.close(handle)
        expected = len(self._read) + len(blob)
        self._read += blob
        for index, action in enumerate(pending.actions):
            self._log.append(LoggedAction(first + index, action.at, action.kind,
                                          action.scope, action.item, action.data))
            if action.kind == RESET:
                self._start = len(self._log)
        self._top = first + len(lines) - 1
        self._settle(expected)

    # ------------------------------------------------------------------ reading the log
    def _refresh(self, *, repair: bool = False) -> None:
        """Bring the log as read up to date with the file, reading it only when its size
        or time of change changed and parsing only the lines added. Damaged lines (not
        whole JSON, or not an action) are left out; with ``repair`` (a write to come) they
        are moved aside (:meth:`_set_lines_aside`).

        Raises:
            OSError: the log cannot be read, or (``repair``) the damaged lines cannot be
                moved aside.
        """
        try:
            status = os.stat(self.path)
        except FileNotFoundError:
            self._key, self._read, self._log, self._start, self._top = None, b"", [], 0, 0
            self._damaged = False
            return
        key = (status.st_ino, status.st_size, status.st_mtime_ns)
        again = repair and self._damaged    # parse it all to move the damaged lines out
        if key == self._key and not again:
            return
        data = self.path.read_bytes()
        if not again and self._read and data.startswith(self._read):
            start, log, before = len(self._read), self._log, self._damaged
        else:
            start, log, before = 0, [], False
        end = data.rfind(b"\n") + 1
        added, good, damaged = _parse(data, start, end)
        if end < len(data):
            damaged.append((data.count(b"\n") + 1, data[end:], "not_json",
                            "cut short (no end of line)"))
        log.extend(added)
        self._key, self._read, self._log = key, data[:end], log
        self._start = _after_last_reset(log, self._start if start else 0)
        self._top = max([self._top if start else 0, *(action.number for action in added)])
        self._damaged = before or bool(damaged)
        if repair and damaged:
            if start:                       # the lines read before are needed whole
                self._refresh(repair=True)
                return
            clean = b"".join(line + b"\n" for line in good)
            self._set_lines_aside(clean, damaged)
            self._read, self._damaged = clean, False
            self._settle(len(clean))

    def _set_lines_aside(self, clean: bytes,
                         damaged: list[tuple[int, bytes, str, str]]) -> None:
        """Move the ``damaged`` lines (line number, bytes, reason, why) to
        ``learner.corrupt-<UTC time>.log`` and leave ``clean`` in the log; say so in
        :attr:`problem`."""
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        aside = self.directory / f"learner.corrupt-{stamp}.log"
        count = 1
        while aside.exists():
            count += 1
            aside = self.directory / f"learner.corrupt-{stamp}-{count}.log"
        write_atomically(aside, b"".join(line + b"\n" for _, line, _, _ in damaged))
        write_atomically(self.path, clean)
        detail = "; ".join(f"line {number}: {why}" for number, _, _, why in damaged)
        self.problem = FileProblem(damaged[0][2], f"{self.path}: {detail}", part=True)
        self.set_aside = aside
        self.problem.log(aside)

    def _settle(self, expected: int) -> None:
        """Take the log's status as that of what was read when its size is ``expected``
        (else another page wrote meanwhile: it is read again next time)."""
        with contextlib.suppress(OSError):
            status = os.stat(self.path)
            if status.st_size == expected:
                self._key = (status.st_ino, status.st_size, status.st_mtime_ns)
                return
        self._key = None

    def _counted(self) -> list[LoggedAction]:
        """The actions after the last reset, the transaction's own included."""
        if not self._depth:
            self._refresh()
        added = self._pending.actions
        for index in range(len(added) - 1, -1, -1):
            if added[index].kind == RESET:
                return added[index + 1:]
        return self._log[self._start:] + added

    # ------------------------------------------------------------------ the log
    def append(self, kind: str, scope: str, item: str = "",
               data: Mapping[str, object] | None = None) -> int:
        check_name(kind, "action kind", empty=False)
        check_name(scope, "action scope")
        check_name(item, "action item")
        text = data_text(data)
        at = utc_now()
        fields = [f'"{key}":{json.dumps(value, ensure_ascii=False)}'
                  for key, value in zip(_TEXT_FIELDS, (at, kind, scope, item), strict=True)]
        try:
            rest = (",".join(fields) + f',"data":{text}}}\n').encode("utf-8")
        except UnicodeEncodeError as err:
            raise StoreValueError(f"action {kind!r} {scope!r} {item!r} {data!r} refused: "
                                  f"not UTF-8 text ({err})") from err
        with self.transaction():
            pending = self._pending
            number = self._top + len(pending.actions) + 1
            pending.actions.append(LoggedAction(number, at, kind, scope, item,
                                                MappingProxyType(json.loads(text))))
            pending.lines.append(rest)
        return number

    def actions(self, kinds: Collection[str], scope: str | None = None
                ) -> list[LoggedAction]:
        wanted = set(kinds)
        with self._lock:
            return [action for action in self._counted()
                    if action.kind in wanted and (scope is None or action.scope == scope)]

    def count(self) -> int:
        """The actions in the log, resets and those before them included."""
        with self._lock:
            if not self._depth:
                self._refresh()
            return len(self._log) + len(self._pending.actions)

    # ------------------------------------------------------------------ documents
    def _file(self, folder: str, name: str) -> Path:
        return self.directory / folder / file_name(name)

    def _document(self, folder: str, name: object) -> str | None:
        """The text of the document ``name`` in ``folder`` as written (``None`` when
        there is none), the transaction's own writes first."""
        if not isinstance(name, str):
            return None
        pending = self._pending.documents if folder == DOCUMENTS_FOLDER else self._pending.aside
        if name in pending:
            return pending[name]
        try:
            path = self._file(folder, name)
        except UnicodeEncodeError:
            return None
        raw = _bytes_or_none(path)
        if raw is None:
            return None
        if path.name.startswith("~"):
            header, _, raw = raw.partition(b"\n")
            try:
                same = json.loads(header) == name
            except ValueError:
                same = False
            if not same:
                return None
        return raw.decode("utf-8", errors="replace")

    def _names(self, folder: str) -> set[str]:
        """The names of the documents in ``folder`` on disk."""
        try:
            files = os.listdir(self.directory / folder)
        except FileNotFoundError:
            return set()
        names = set()
        for file in files:
            name = _name_of(file)
            if name is None and _HASHED.fullmatch(file):
                raw = _bytes_or_none(self.directory / folder / file) or b""
                with contextlib.suppress(ValueError):
                    header = json.loads(raw.partition(b"\n")[0])
                    if isinstance(header, str) and file_name(header) == file:
                        name = header
            if name is not None:
                names.add(name)
        return names

    def document(self, name: str) -> str | None:
        with self._lock:
            return self._document(DOCUMENTS_FOLDER, name)

    def put_document(self, name: str, text: str) -> None:
        check_name(name, "document name", empty=False)
        if not isinstance(text, str):
            raise StoreValueError(f"document {name!r}: expected a text, got {text!r}")
        try:
            _content(name, text)
        except UnicodeEncodeError as err:
            raise StoreValueError(f"document {name!r} refused: not UTF-8 text ({err})") \
                from err
        with self.transaction():
            self._pending.documents[name] = text

    def delete_document(self, name: str) -> bool:
        with self.transaction():
            if self._document(DOCUMENTS_FOLDER, name) is None:
                return False
            self._pending.documents[name] = None
            return True

    def document_names(self) -> tuple[str, ...]:
        with self._lock:
            names = self._names(DOCUMENTS_FOLDER)
            for name, text in self._pending.documents.items():
                if text is None:
                    names.discard(name)
                else:
                    names.add(name)
            return tuple(sorted(names))

    def set_document_aside(self, name: str) -> str:
        with self.transaction():
            text = self._document(DOCUMENTS_FOLDER, name)
            if text is None:
                raise KeyError(name)
            aside = aside_name(name, self._names(ASIDE_FOLDER) | set(self._pending.aside))
            self._pending.aside[aside] = text
            self._pending.documents[name] = None
        return aside

    def aside_documents(self) -> dict[str, str]:
        with self._lock:
            found = {name: self._document(ASIDE_FOLDER, name)
                     for name in self._names(ASIDE_FOLDER)}
            kept = {name: text for name, text in found.items() if text is not None}
            return {**kept, **self._pending.aside}

    def __repr__(self) -> str:
        return f"FileStore({str(self.directory)!r})"


def _content(name: str, text: str) -> bytes:
    """The bytes of the document file of ``name`` holding ``text``.

    Raises:
        UnicodeEncodeError: ``name`` or ``text`` holds a lone surrogate.
    """
    data = text.encode("utf-8")
    if file_name(name).startswith("~"):
        return json.dumps(name).encode("ascii") + b"\n" + data
    return data


def _bytes_or_none(path: Path) -> bytes | None:
    """The bytes of the file ``path``, ``None`` when there is none.

    Raises:
        OSError: it is there but cannot be read.
    """
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError:
        # In the browser a kernel keeps knowing a file that another page's kernel removed
        # (reading it then fails with EINVAL): the folder's listing is always fresh.
        with contextlib.suppress(OSError):
            if path.name not in os.listdir(path.parent):
                return None
        raise


def _after_last_reset(log: list[LoggedAction], start: int) -> int:
    """The index after the last reset of ``log`` (0 when none), those before ``start``
    already looked at."""
    for index in range(len(log) - 1, start - 1, -1):
        if log[index].kind == RESET:
            return index + 1
    return start


def _parse(data: bytes, start: int, end: int
           ) -> tuple[list[LoggedAction], list[bytes], list[tuple[int, bytes, str, str]]]:
    """The actions of the whole lines of ``data[start:end]``, the good lines, and the
    damaged ones (line number in the file, bytes, reason of
    :data:`~belote_teach.course.files.REASONS`, why); empty lines are skipped."""
    if end <= start:
        return [], [], []
    lines = data[start:end - 1].split(b"\n")
    first_line = data.count(b"\n", 0, start) + 1
    try:                                    # one decoding for them all, if they are good
        values = json.loads(b"[" + b",".join(lines) + b"]")
        if len(values) != len(lines):
            values = None
    except ValueError:
        values = None
    actions: list[LoggedAction] = []
    good: list[bytes] = []
    damaged: list[tuple[int, bytes, str, str]] = []
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        if values is not None:
            value = values[index]
        else:
            try:
                value = json.loads(line)
            except ValueError as err:
                damaged.append((first_line + index, line, "not_json", f"not JSON ({err})"))
                continue
        action = _action(value)
        if isinstance(action, str):
            damaged.append((first_line + index, line, "bad_value", action))
        else:
            actions.append(action)
            good.append(line)
    return actions, good, damaged


def _action(value: object) -> LoggedAction | str:
    """The action of a log line's JSON value, or why it is not one."""
    if not isinstance(value, dict):
        return f"not an action: {value!r:.80}"
    number, data = value.get("number"), value.get("data")
    texts = [value.get(key) for key in _TEXT_FIELDS]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        return f"number {number!r:.40}: expected an integer from 1"
    if not all(isinstance(text, str) for text in texts) or not texts[1]:
        return f"at, kind, scope, item {texts!r:.120}: expected texts, kind not empty"
    if not isinstance(data, dict):
        return f"data {data!r:.80}: expected an object"
    at, kind, scope, item = (str(text) for text in texts)
    return LoggedAction(number, at, kind, scope, item, MappingProxyType(data))
