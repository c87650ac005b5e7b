"""Local storage shared by the saved games (:mod:`belote_teach.course.saved_games`) and the lesson
progress (:mod:`belote_teach.course.progress`): where the learner's data directory is, how
a file is written so that a crash never leaves half of it, and how an unusable file is put
aside (never deleted) so that the app can go on.

The stores, the learner's store's SQLite backend, the command line and the welcome page
use it; the stores are what the rest of the course reads the learner's data through.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

from belote_teach import explain
from belote_teach.course.arrival import wait_for_learner

__all__ = [
    "APP_NAME",
    "BROWSER_DRIVE",
    "DATA_ENV",
    "REASONS",
    "FileProblem",
    "data_directory",
    "set_aside",
    "write_atomically",
]

#: The application name of the user data directory (``platformdirs.user_data_dir``).
APP_NAME = "belote-teach"
#: The environment variable that names another data directory (tests, teachers).
DATA_ENV = "BELOTE_TEACH_DATA"
#: The kernel's working folder in the browser (JupyterLite's Pyodide kernel): the browser
#: keeps its files across reloads, where the rest of the file system is in memory only.
BROWSER_DRIVE = Path("/drive")

#: Why a stored file could not be used, in plain words for the learner: the keys of the
#: catalogs' ``storage.reason`` (``unreadable``: the file cannot be opened, no permission
#: say; ``not_text``: not UTF-8 text; ``not_json``: not JSON, cut short or edited by
#: hand; ``not_ours``: JSON, but not a file of this kind; ``other_version``: another
#: version of the format; ``bad_value``: a value out of its range or of the wrong kind;
#: ``bad_deal``: a saved deal that does not replay by the rules, R2-R6; ``busy``: another
#: page of the course kept the learner's store busy too long, nothing lost).
REASONS = ("unreadable", "not_text", "not_json", "not_ours", "other_version", "bad_value",
           "bad_deal", "busy")

_log = logging.getLogger("belote_teach")


@dataclass(frozen=True)
class FileProblem:
    """Why a stored file (a saved game, the lesson progress, a progress file to import)
    could not be used.

    Attributes:
        reason: one of :data:`REASONS`, worded for the learner by :meth:`told`.
        detail: the technical detail for the course's authors (English, quoting the
            file's place and content: ``lessons['03-play-a-trick']: tries is -1...``);
            never shown to the learner, written to the ``belote_teach`` log instead.
        aside_failed: the file could not even be moved aside (it was left in place).
        part: only a part of the file could not be used (damaged lines of a log): that
            part was moved aside, the rest kept.

    Raises:
        ValueError: ``reason`` is not one of :data:`REASONS`.
    """

    reason: str
    detail: str
    aside_failed: bool = False
    part: bool = False

    def __post_init__(self) -> None:
        if self.reason not in REASONS:
            raise ValueError(f"reason {self.reason!r}: expected one of {', '.join(REASONS)}")

    @classmethod
    def of_error(cls, err: OSError) -> FileProblem:
        """The problem of a store that raised ``err``: ``busy`` for a ``TimeoutError``
        (another page held it too long: nothing is wrong with the file), else
        ``unreadable``; the detail names the error."""
        reason = "busy" if isinstance(err, TimeoutError) else "unreadable"
        return cls(reason, f"{type(err).__name__}: {err}")

    def told(self, lang: str) -> str:
        """The reason in plain words in ``lang`` (``"the file is not valid JSON: it may
        have been cut short or edited by hand"``), with the failed move when there was
        one.

        Raises:
            UnknownLanguageError: bad ``lang``.
        """
        words = explain.catalog(lang)["storage"]["reason"]
        said = str(words[self.reason])
        if self.aside_failed:
            said = f"{said}{words['aside_failed']}"
        return said

    def log(self, path: Path) -> None:
        """Write :attr:`detail` to the ``belote_teach`` log (a warning naming ``path``),
        for the author who will read the log rather than the learner's screen."""
        _log.warning("%s cannot be used (%s): %s", path, self.reason, self.detail)


def data_directory(directory: Path | str | None = None) -> Path:
    """The learner's data directory: ``directory`` when given, else the environment
    variable ``BELOTE_TEACH_DATA`` when set and not empty, else, in a browser (Pyodide:
    ``sys.platform == "emscripten"``) whose :data:`BROWSER_DRIVE` exists,
    ``/drive/belote-teach``, else ``platformdirs.user_data_dir("belote-teach")``
    (``~/.local/share/belote-teach`` on Linux); ``~`` expanded. Nothing is created here.

    In the browser the user data directory is in memory, gone at the next reload, while
    JupyterLite keeps the files of ``/drive`` in the browser's storage: the record goes
    there, a plain folder the learner sees among the site's files.

    The learner's own (no ``directory``) in a kernel Voilà prepares in advance: once the
    learner has opened the page (:func:`belote_teach.course.arrival.wait_for_learner`)."""
    if directory is None:
        wait_for_learner()
        override = os.environ.get(DATA_ENV, "").strip()
        if override:
            directory = override
        elif sys.platform == "emscripten" and BROWSER_DRIVE.is_dir():
            directory = BROWSER_DRIVE / APP_NAME
        else:
            directory = platformdirs.user_data_dir(APP_NAME)
    return Path(directory).expanduser()


def write_atomically(path: Path, text: str | bytes) -> None:
    """Write ``text`` (a ``str`` as UTF-8, or ``bytes`` as they are) to ``path`` through a
    temporary file in the same directory, flushed and synced before ``os.replace``: after
    a crash at any moment ``path`` holds either its previous content or ``text``, whole.
    The directory must exist.

    Raises:
        OSError: the file cannot be written (disk full, no permission); ``path`` is left
            as it was and the temporary file is removed.
    """
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.",
                                         suffix=".tmp")
    try:
        data = text.encode("utf-8") if isinstance(text, str) else text
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (POSIX); a no-op where a directory cannot be
    opened (Windows)."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(handle)
    finally:
        os.close(handle)


def set_aside(path: Path, name: str) -> Path:
    """Move the unusable file ``path`` to ``<name>.corrupt-<UTC time>.json`` beside it
    (``-2``, ``-3``... when taken) and return the new path; nothing is deleted.

    Raises:
        OSError: the file cannot be moved (it is then left where it was).
    """
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{name}.corrupt-{stamp}.json")
    count = 1
    while aside.exists():
        count += 1
        aside = path.with_name(f"{name}.corrupt-{stamp}-{count}.json")
    os.replace(path, aside)
    return aside
