"""The learner's store: one small interface between what the learner did and where it is
kept, so that the lesson progress (:mod:`belote_teach.course.progress`) and the saved
games (:mod:`belote_teach.course.saved_games`) never touch a file or a database themselves.

The store holds two things:

* **a log of actions**, appended one learner action at a time and never rewritten: an
  answer to an exercise, a drill position decided, a practice deal played to the end, a
  game finished, a progress file imported, a reset. Every figure the course shows (done,
  right at the first try, tries, streaks, games won) is derived from it by the layer
  above; a reset is itself an action, after which the earlier ones no longer count (they
  stay in the log);
* **named documents**: the saved games, one text per name, replaced at every action of
  the game, in the same transaction as the action's log entry.

Three backends implement :class:`LearnerStore`: :class:`MemoryStore` (a page before its
learner came, the tests), :class:`~belote_teach.course.store_sqlite.SqliteStore` (the
learner's data directory, one SQLite database in WAL mode, every action one transaction,
several kernels of one learner writing at once without losing anything) and
:class:`~belote_teach.course.store_files.FileStore` (the same directory in plain files, where
there is no ``sqlite3``: the course in the browser, under Pyodide).

    >>> store = MemoryStore()
    >>> with store.transaction():
    ...     _ = store.append("answer", "03-play-a-trick", "lead", {"solved": True})
    >>> [(a.kind, a.scope, a.item, dict(a.data)) for a in store.actions(["answer"])]
    [('answer', '03-play-a-trick', 'lead', {'solved': True})]
    >>> _ = store.append(RESET, "", "", {})
    >>> store.actions(["answer"])
    []
"""

from __future__ import annotations

import abc
import contextlib
import json
import threading
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from types import MappingProxyType

from belote_teach.course.errors import StoreValueError
from belote_teach.course.files import FileProblem

__all__ = ["RESET", "LearnerStore", "LoggedAction", "MemoryStore", "utc_now"]

#: The kind of the action after which no earlier action counts (the learner's reset).
RESET = "reset"

#: The most characters of a kind, scope, item or document name.
_MAX_NAME = 200


def utc_now() -> str:
    """The time now, UTC, as ISO 8601 to the millisecond (``2026-12-01T21:30:00.123Z``)."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace(
        "+00:00", "Z")


@dataclass(frozen=True)
class LoggedAction:
    """One action of the log.

    Attributes:
        number: its place in the log (1, 2, ...; later actions have larger numbers).
        at: when it was logged (UTC, ISO 8601).
        kind: what it is (``"answer"``, ``"drill"``, ``"practice"``...).
        scope: what it belongs to (a lesson id, a drill id, a game's name...).
        item: what in the scope (a scenario id), ``""`` when none.
        data: its details, plain JSON values (read-only).
    """

    number: int
    at: str
    kind: str
    scope: str
    item: str
    data: Mapping[str, object] = field(default_factory=dict, hash=False)


def check_name(value: object, what: str, *, empty: bool = True) -> str:
    """``value`` if it is a text of at most 200 characters (not empty when ``empty`` is
    False), else :class:`StoreValueError` naming ``what``."""
    if not isinstance(value, str) or len(value) > _MAX_NAME or (not empty and not value):
        raise StoreValueError(f"{what} {value!r} refused: expected a "
                              f"{'' if empty else 'non-empty '}text of at most "
                              f"{_MAX_NAME} characters")
    return value


def data_text(data: Mapping[str, object] | None) -> str:
    """``data`` as the JSON text the store keeps, else :class:`StoreValueError`."""
    if data is None:
        return "{}"
    if not isinstance(data, Mapping):
        raise StoreValueError(f"action data {data!r} refused: expected a mapping")
    try:
        return json.dumps(dict(data), ensure_ascii=False, allow_nan=False,
                          separators=(",", ":"))
    except (TypeError, ValueError) as err:
        raise StoreValueError(f"action data {data!r} refused: not plain JSON ({err})") \
            from err


class LearnerStore(abc.ABC):
    """Where one learner's record is kept: a log of actions and named documents.

    Every method is atomic on its own; :meth:`transaction` makes several of them one
    unit (all kept or none, and no other writer in between), for an action that reads
    the record before writing (an answer judged against the tries logged so far) or that
    writes twice (a game saved and its action logged).
    """

    #: Where the record is, for the learner's messages (a path, or a description).
    where: str = ""
    #: Why the record found in place could not be used, once it was set aside (a new one
    #: then started), else ``None``.
    problem: FileProblem | None = None
    #: Where that record was moved, else ``None``.
    set_aside: Path | None = None

    @abc.abstractmethod
    def transaction(self) -> contextlib.AbstractContextManager[None]:
        """A context in which every call is one atomic unit; nested contexts join the
        outer one. An exception inside undoes everything done in it, then propagates."""

    @abc.abstractmethod
    def append(self, kind: str, scope: str, item: str = "",
               data: Mapping[str, object] | None = None) -> int:
        """Log one action and return its number.

        Args:
            kind: what it is (a non-empty text).
            scope: what it belongs to; item: what in it (texts, may be empty).
            data: its details, a mapping of plain JSON values.

        Raises:
            StoreValueError: a bad name or data; nothing is logged.
            OSError: the store cannot be written (disk full...); nothing is logged.
        """

    @abc.abstractmethod
    def actions(self, kinds: Collection[str], scope: str | None = None
                ) -> list[LoggedAction]:
        """The actions of these ``kinds`` (of ``scope`` when given) logged after the last
        :data:`RESET`, in log order."""

    @abc.abstractmethod
    def document(self, name: str) -> str | None:
        """The document ``name``, ``None`` when there is none."""

    @abc.abstractmethod
    def put_document(self, name: str, text: str) -> None:
        """Keep ``text`` as the document ``name``, in place of the one kept.

        Raises:
            StoreValueError: a bad name or a text that is not a ``str``.
            OSError: the store cannot be written; the one kept is left as it was.
        """

    @abc.abstractmethod
    def delete_document(self, name: str) -> bool:
        """Forget the document ``name``; True if there was one."""

    @abc.abstractmethod
    def document_names(self) -> tuple[str, ...]:
        """The names of the documents kept, sorted."""

    @abc.abstractmethod
    def set_document_aside(self, name: str) -> str:
        """Move the document ``name`` (one that cannot be used) aside, never deleted,
        under a new name ``<name>.corrupt-<UTC time>`` that it returns; the document
        ``name`` is then gone.

        Raises:
            KeyError: there is no document ``name``.
        """

    @abc.abstractmethod
    def aside_documents(self) -> dict[str, str]:
        """The documents set aside: their names and texts."""


class MemoryStore(LearnerStore):
    """A store held in this process only, gone with it: the record of a page drawn before
    its learner came, of the tests, and the model of a browser's storage."""

    where = "memory"

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._log: list[LoggedAction] = []
        self._documents: dict[str, str] = {}
        self._aside: dict[str, str] = {}
        self._depth = 0

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            saved = (list(self._log), dict(self._documents), dict(self._aside))
            self._depth += 1
            try:
                yield
            except BaseException:
                if self._depth == 1:
                    self._log, self._documents, self._aside = saved
                raise
            finally:
                self._depth -= 1

    def append(self, kind: str, scope: str, item: str = "",
               data: Mapping[str, object] | None = None) -> int:
        check_name(kind, "action kind", empty=False)
        check_name(scope, "action scope")
        check_name(item, "action item")
        kept = json.loads(data_text(data))
        with self._lock:
            number = len(self._log) + 1
            self._log.append(LoggedAction(number, utc_now(), kind, scope, item,
                                          MappingProxyType(kept)))
            return number

    def actions(self, kinds: Collection[str], scope: str | None = None
                ) -> list[LoggedAction]:
        wanted = set(kinds)
        with self._lock:
            start = max((a.number for a in self._log if a.kind == RESET), default=0)
            return [a for a in self._log[start:]
                    if a.kind in wanted and (scope is None or a.scope == scope)]

    def document(self, name: str) -> str | None:
        with self._lock:
            return self._documents.get(name)

    def put_document(self, name: str, text: str) -> None:
        check_name(name, "document name", empty=False)
        if not isinstance(text, str):
            raise StoreValueError(f"document {name!r}: expected a text, got {text!r}")
        with self._lock:
            self._documents[name] = text

    def delete_document(self, name: str) -> bool:
        with self._lock:
            return self._documents.pop(name, None) is not None

    def document_names(self) -> tuple[str, ...]:
        with self._lock:
            return tuple(sorted(self._documents))

    def set_document_aside(self, name: str) -> str:
        with self._lock:
            text = self._documents.pop(name)
            aside = aside_name(name, self._aside)
            self._aside[aside] = text
            return aside

    def aside_documents(self) -> dict[str, str]:
        with self._lock:
            return dict(self._aside)

    def __repr__(self) -> str:
        return f"MemoryStore({len(self._log)} actions, {len(self._documents)} documents)"


def aside_name(name: str, taken: Collection[str]) -> str:
    """``<name>.corrupt-<UTC time>``, with ``-2``, ``-3``... when that name is taken."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    aside, count = f"{name}.corrupt-{stamp}", 1
    while aside in taken:
        count += 1
        aside = f"{name}.corrupt-{stamp}-{count}"
    return aside
