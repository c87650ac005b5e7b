"""The learner's lesson progress: each action of the learner (an answer to an exercise, a
drill position, a practice deal or a game played to the end, an import, a reset) logged
in the learner's store, and every figure read back from that log; the progress carried
to another computer by export and import (a learner on a temporary server such as Binder
keeps their progress that way).

A :class:`CourseProgress` writes each learner action as one entry of the learner's store
(:class:`~belote_teach.course.store.LearnerStore`; in the learner's data directory, the SQLite
database of :mod:`belote_teach.course.store_sqlite`, or the plain files of
:mod:`belote_teach.course.store_files` where there is no ``sqlite3``: :func:`open_store`), in
one transaction, and derives every
figure it shows from that log (:meth:`CourseProgress.read`): an exercise's tries, whether
it is solved and right at the first try, a drill's streaks, the games won. Two pages
open side by side, two tabs or two kernels, each log their own actions and each reads
the other's: nothing is lost, nothing is counted twice. The course map with these figures
is :mod:`belote_teach.course.overview`'s.

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> store = CourseProgress(folder.name)
    >>> _ = store.record_answer("03-play-a-trick", "lead-any-card", solved=False,
    ...                         first_try=False, answer="7S")
    >>> _ = store.record_answer("03-play-a-trick", "lead-any-card", solved=True,
    ...                         first_try=False, answer="JH")
    >>> store.read().record.results("03-play-a-trick")
    {'lead-any-card': {'solved': True, 'first_try': False, 'tries': 2}}
    >>> text = store.export_json()
    >>> other = CourseProgress(folder.name + "/elsewhere")
    >>> other.import_json(text).record.summary("03-play-a-trick", ["lead-any-card", "x"])
    LessonSummary(lesson_id='03-play-a-trick', done=1, first_try=0, total=2)
    >>> try:
    ...     other.import_json('{"format": "belote-teach course progress", "version": 7}')
    ... except InvalidProgressError as err:
    ...     print(err)
    the imported file has format version 7: this version of belote-teach reads
    version 1
    >>> folder.cleanup()

The actions logged (:data:`KINDS`), each with its scope and item:

* ``answer`` (lesson id, scenario id): one answer of the learner until the exercise is
  solved, ``{"solved": bool, "first_try": bool, "answer": text}`` as judged against the
  answers logged before it (so a second page knows of the first page's tries);
* ``result`` (lesson id, scenario id): a result brought by an import or by a migrated
  ``course-progress.json``, ``{"solved", "first_try", "tries"}``, merged with what the
  log holds (the better result stays, :meth:`CourseRecord.merged`);
* ``drill`` (drill id, page): one drill position decided on a page, ``{"right": bool}``
  (right at the first try or not), or skipped undecided, ``{"skipped": true}``; the
  streaks are runs of right positions on one page;
* ``drill_best`` (drill id): a best streak brought by an import, ``{"best": int}``;
* ``practice`` (practice deal id): a practice deal played to the end;
  ``practice_count`` (deal id), ``{"times": int}``, a count brought by an import;
* ``game_over`` (game name): a whole game played to the end (R6.8), ``{"won": bool}``;
  ``games_count``, ``{"finished": int, "won": int}``, counts brought by an import;
* ``game`` (game name): a bid or card of a saved game (:mod:`belote_teach.course.saved_games`);
* ``import`` and ``reset``: the learner loaded a file or reset the progress; after a
  reset nothing earlier counts (it stays in the log).

The older file layout, the progress in ``course-progress.json`` and the saved games in
``games/<name>.json``, is migrated into the store on first use, in one transaction,
nothing lost; the files are kept aside as ``course-progress.migrated-<UTC time>.json``
and ``games.migrated-<UTC time>/``. A damaged such file is never deleted: it is set aside
as ``course-progress.corrupt-<UTC time>.json`` and the learner told
(:attr:`ProgressRead.problem`).

An export is a progress document (:mod:`belote_teach.course.record`); an import is
validated value by value first and changes nothing when any value is wrong; what this
course does not have (an unknown exercise, practice deal or drill) is left out and
listed (:attr:`ImportResult.left_out`), the rest kept. Importing *merges* by default
(nothing already done is lost, and importing the same file twice changes nothing more)
or *replaces* the progress (a reset, then the file).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from belote_teach import explain
from belote_teach.course.drills import DRILLS
from belote_teach.course.errors import (
    InvalidIdError,
    InvalidProgressError,
    UnknownImportModeError,
)
from belote_teach.course.files import (
    FileProblem,
    data_directory,
    set_aside,
    write_atomically,
)
from belote_teach.course.record import (
    CourseIds,
    CourseRecord,
    ExerciseResult,
    Streak,
    check_id,
)
from belote_teach.course.store import RESET, LearnerStore, LoggedAction
from belote_teach.course.store_files import FileStore
from belote_teach.explain import check_language

__all__ = [
    "FILE_NAME",
    "GAME_PREFIX",
    "IMPORT_MODES",
    "KINDS",
    "CourseProgress",
    "ImportResult",
    "ProgressRead",
    "open_store",
    "sqlite_works",
]

#: The progress file of the older file layout, in the data directory (migrated into the
#: store on first use).
FILE_NAME = "course-progress.json"
#: The saved games' folder of the older file layout, in the data directory (migrated too).
GAMES_FOLDER = "games"
#: How :meth:`CourseProgress.import_json` combines a file with the progress: ``merge``
#: (the default) or ``replace``.
IMPORT_MODES: tuple[str, ...] = ("merge", "replace")

#: The kinds of actions the progress logs and reads (see the module's text).
KINDS = ("answer", "result", "drill", "drill_best", "practice", "practice_count",
         "game_over", "games_count", "import")
#: The store's document that says the older layout's files were migrated (and which).
MIGRATED = "migrated"
#: How a saved game's document is named in the store: ``game/<name>``.
GAME_PREFIX = "game/"

_STEM = FILE_NAME.removesuffix(".json")
_MAX_ANSWER = 200


# ---------------------------------------------------------------------------- the store
def open_store(directory: Path | str | None = None
               ) -> tuple[LearnerStore, tuple[tuple[FileProblem, Path, Path | None], ...]]:
    """The learner's store in ``directory`` (default: the learner's data directory,
    :func:`belote_teach.course.files.data_directory`), the older layout's files
    (:data:`FILE_NAME`, :data:`GAMES_FOLDER`) migrated into it on first use: a
    :class:`~belote_teach.course.store_sqlite.SqliteStore` where SQLite works
    (:func:`sqlite_works`), else a :class:`~belote_teach.course.store_files.FileStore`.

    Returns:
        The store, and the problems met migrating: for a damaged older file, ``(why,
        where it is now, where it was moved or None when left in place)``. A damaged
        database is the store's own :attr:`~belote_teach.course.store.LearnerStore.problem`.

    Raises:
        OSError: the directory cannot be created or written.
    """
    folder = data_directory(directory)
    store: LearnerStore
    if sqlite_works():
        from belote_teach.course.store_sqlite import SqliteStore  # imports sqlite3

        store = SqliteStore(folder)
    else:
        store = FileStore(folder)
    return store, tuple(_migrate(folder, store))


@functools.cache
def sqlite_works() -> bool:
    """Whether the learner's store can be SQLite: ``sqlite3`` imports (a Python built
    without it, or Pyodide's without its unvendored package, has none) and the kernel is
    not in a browser (``sys.platform == "emscripten"``: there, the folder the browser
    keeps stores whole files, with no lock nor shared memory for SQLite's journal).
    Asked once a process."""
    if sys.platform == "emscripten":
        return False
    try:
        import sqlite3  # noqa: F401
    except ImportError:
        return False
    return True


def _legacy_games(folder: Path) -> list[Path]:
    games = folder / GAMES_FOLDER
    if not games.is_dir():
        return []
    return sorted(path for path in games.glob("*.json")
                  if path.is_file() and ".corrupt-" not in path.name)


def _migrate(folder: Path, store: LearnerStore
             ) -> Iterator[tuple[FileProblem, Path, Path | None]]:
    """Move the older layout's files into ``store`` (once: the document
    :data:`MIGRATED` says it was done), then put the files aside."""
    legacy = folder / FILE_NAME
    games = _legacy_games(folder)
    if not legacy.exists() and not games:
        return
    moved: list[Path] = []
    with store.transaction():
        if store.document(MIGRATED) is not None:
            return
        if legacy.exists():
            try:
                record = CourseRecord.from_json(legacy.read_bytes())
            except OSError as err:
                yield (FileProblem.of_error(err), legacy,
                       None)
                return
            except InvalidProgressError as err:
                aside = set_aside(legacy, _STEM)
                err.problem().log(aside)
                yield err.problem(), aside, aside
            else:
                _log_record(store, record)
                moved.append(legacy)
        for path in games:
            store.put_document(GAME_PREFIX + path.stem,
                               path.read_bytes().decode("utf-8", errors="replace"))
            moved.append(path)
        store.put_document(MIGRATED, json.dumps(
            {"at": datetime.now(timezone.utc).isoformat(), "files": [str(p) for p in moved]}))
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    if legacy in moved:
        with contextlib.suppress(OSError):
            os.replace(legacy, folder / f"{_STEM}.migrated-{stamp}.json")
    if games:
        with contextlib.suppress(OSError):
            os.replace(folder / GAMES_FOLDER, folder / f"{GAMES_FOLDER}.migrated-{stamp}")


def _log_record(store: LearnerStore, record: CourseRecord) -> None:
    """Log ``record`` (an import, a migrated file) as actions merging it into the log."""
    for lesson_id, results in record.lessons.items():
        for scenario_id, result in results.items():
            store.append("result", lesson_id, scenario_id, result.as_dict())
    for deal_id, times in record.practice.items():
        store.append("practice_count", deal_id, "", {"times": times})
    if record.games_finished:
        store.append("games_count", "", "", {"finished": record.games_finished,
                                             "won": record.games_won})
    for drill_id, best in record.drills.items():
        store.append("drill_best", drill_id, "", {"best": best})


# ---------------------------------------------------------------------------- derived
def _answered(before: ExerciseResult | None, action: LoggedAction) -> ExerciseResult:
    """The result of an exercise after one more logged answer or result."""
    data = action.data
    if action.kind == "result":
        brought = ExerciseResult.from_mapping(dict(data))
        return brought if before is None else before.better_of(brought)
    before = before if before is not None else ExerciseResult(False, False, 0)
    if before.solved:
        return before                 # exploring after solving does not count
    solved = data.get("solved") is True
    return ExerciseResult(solved, solved and data.get("first_try") is True, before.tries + 1)


def _page_streaks(actions: list[LoggedAction]) -> dict[tuple[str, str], Streak]:
    """Per (drill id, page), the streak of the positions decided on that page."""
    streaks: dict[tuple[str, str], Streak] = {}
    for action in actions:
        if action.kind != "drill":
            continue
        key = (action.scope, action.item)
        streak = streaks.get(key, Streak())
        if action.data.get("skipped") is True:
            streak = Streak(0, streak.best, streak.answered, streak.first_try)
        else:
            streak = streak.record(action.data.get("right") is True)
        streaks[key] = streak
    return streaks


def derive_record(actions: list[LoggedAction]) -> CourseRecord:
    """The progress that a log's actions (:data:`KINDS`, in log order) add up to."""
    lessons: dict[str, dict[str, ExerciseResult]] = {}
    practice: dict[str, int] = {}
    finished = won = 0
    drills: dict[str, int] = {}
    for action in actions:
        kind, scope = action.kind, action.scope
        if kind in ("answer", "result"):
            results = lessons.setdefault(scope, {})
            results[action.item] = _answered(results.get(action.item), action)
        elif kind == "practice":
            practice[scope] = practice.get(scope, 0) + 1
        elif kind == "practice_count":
            practice[scope] = max(practice.get(scope, 0), _int(action.data, "times"))
        elif kind == "game_over":
            finished += 1
            won += action.data.get("won") is True
        elif kind == "games_count":
            finished = max(finished, _int(action.data, "finished"))
            won = max(won, _int(action.data, "won"))
        elif kind == "drill_best":
            drills[scope] = max(drills.get(scope, 0), _int(action.data, "best"))
    for (drill_id, _), streak in _page_streaks(actions).items():
        if streak.best:
            drills[drill_id] = max(drills.get(drill_id, 0), streak.best)
    return CourseRecord(lessons, practice, finished, min(won, finished), drills)


def _int(data: Mapping[str, object], key: str) -> int:
    value = data.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


# ---------------------------------------------------------------------------- reading
@dataclass(frozen=True)
class ProgressRead:
    """What :meth:`CourseProgress.read` found.

    Attributes:
        record: the progress (empty when nothing was done yet, or the store unusable).
        problem: ``None`` when all went well; else a sentence for the learner, in the
            language asked for, saying the progress could not be read and where the
            damaged file went, and why in plain words.
        set_aside: where a damaged file was moved, ``None`` if it was not moved.
        cause: why it could not be used (its technical detail included), ``None``
            without a problem.
        where: where the damaged file is now (moved aside or left in place), ``None``
            without a problem.
    """

    record: CourseRecord
    problem: str | None = None
    set_aside: Path | None = None
    cause: FileProblem | None = None
    where: Path | None = None

    def problem_in(self, lang: str) -> str | None:
        """:attr:`problem` worded in ``lang`` (a page switching language says it again).

        Raises:
            UnknownLanguageError: bad ``lang``.
        """
        check_language(lang)
        if self.cause is None or self.where is None:
            return None
        key = "left_in_place" if self.set_aside is None else _aside_key(self.cause)
        return _problem(lang, key, self.where, self.cause)


@dataclass(frozen=True)
class ImportResult:
    """What :meth:`CourseProgress.import_json` did.

    Attributes:
        record: the progress now kept.
        left_out: what the file named that this course does not have, left out
            (``"lesson/exercise"``, ``"practice/<id>"``, ``"drill/<id>"``); empty when
            nothing was.
    """

    record: CourseRecord
    left_out: tuple[str, ...] = field(default=())


class CourseProgress:
    """The lesson progress of one learner, logged in their store.

    Args:
        directory: the data directory. Default: ``BELOTE_TEACH_DATA`` when set and not
            empty, else ``platformdirs.user_data_dir("belote-teach")`` (the saved games'
            directory). Nothing is created before the first action.
        store: the store to log in instead (a :class:`~belote_teach.course.store.MemoryStore`
            for a page before its learner came, or another backend); ``directory`` is
            then only where the messages say the data is.

    Raises:
        OSError: the data directory cannot be written while the older layout's files
            are migrated.

    Every ``record_...`` method logs one action in one transaction and returns ``None``,
    or the problem to tell the learner (:attr:`ProgressRead.problem`) when the store
    could not be written (nothing was then kept); bad input raises the error named in its
    docstring and logs nothing.
    """

    __slots__ = ("_problems", "directory", "store")

    def __init__(self, directory: Path | str | None = None, *,
                 store: LearnerStore | None = None):
        if store is not None:
            self.directory: Path = Path(directory or ".").expanduser()
            self.store: LearnerStore = store
            self._problems: tuple[tuple[FileProblem, Path, Path | None], ...] = ()
        else:
            self.directory = data_directory(directory)
            self.store, self._problems = open_store(self.directory)

    @property
    def path(self) -> Path:
        """The learner's record: the log of a :class:`~belote_teach.course.store_files.FileStore`
        (``<directory>/learner.log``), else the database, ``<directory>/learner.sqlite3``."""
        if isinstance(self.store, FileStore):
            return self.store.path
        return self.directory / "learner.sqlite3"

    # -- reading -----------------------------------------------------------------
    def read(self, *, lang: str = "en") -> ProgressRead:
        """The progress so far, derived from the log.

        Args:
            lang: the language of :attr:`ProgressRead.problem`, ``"en"`` or ``"fr"``.

        Returns:
            A :class:`ProgressRead`: the record (empty when nothing was done yet); with
            the problem when a damaged file was found (set aside, or left in place when
            it could not be read at all). Never raises for the data's content.

        Raises:
            UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
        """
        check_language(lang)
        try:
            record = derive_record(self.store.actions(KINDS))
        except OSError as err:
            cause = FileProblem.of_error(err)
            return _unusable(lang, self.path, cause)
        problems = list(self._problems)
        store = self.store
        if store.problem is not None and store.set_aside is not None:
            problems.insert(0, (store.problem, store.set_aside, store.set_aside))
        if problems:
            cause, where, aside = problems[0]
            return _unusable(lang, where, cause, aside, record)
        return ProgressRead(record)

    def exercise_results(self, lesson_id: str) -> dict[str, ExerciseResult]:
        """The result of every exercise of the lesson ``lesson_id`` tried so far, by
        scenario id, derived from the log (on any page, in any session)."""
        results: dict[str, ExerciseResult] = {}
        for action in self.store.actions(("answer", "result"), scope=lesson_id):
            results[action.item] = _answered(results.get(action.item), action)
        return results

    def drill_streak(self, drill_id: str, page: str) -> Streak:
        """The streak of the drill ``drill_id`` on the page ``page`` (positions decided
        there, :meth:`record_drill_position`), derived from the log."""
        actions = self.store.actions(("drill",), scope=drill_id)
        return _page_streaks(actions).get((drill_id, page), Streak())

    def best_streak(self, drill_id: str) -> int:
        """The best streak of the drill ``drill_id`` on any page, in any session, or
        brought by an import (positions in a row right at the first try; 0 for none)."""
        actions = self.store.actions(("drill", "drill_best"), scope=drill_id)
        return derive_record(actions).best_streak(drill_id)

    def transaction(self) -> contextlib.AbstractContextManager[None]:
        """A context in which the reads and the action logged are one unit (an answer
        judged against the tries logged so far, then logged), see
        :meth:`LearnerStore.transaction`."""
        return self.store.transaction()

    def export_json(self) -> str:
        """The progress as a document to keep or carry elsewhere
        (:meth:`CourseRecord.to_json`, dated now)."""
        return self.read().record.to_json()

    def export_file(self, path: Path | str) -> Path:
        """Write :meth:`export_json` to ``path`` (atomically) and return it.

        Raises:
            OSError: the file cannot be written (its folder must exist).
        """
        target = Path(path).expanduser()
        write_atomically(target, self.export_json())
        return target

    # -- logging -----------------------------------------------------------------
    def record_answer(self, lesson_id: str, scenario_id: str, *, solved: bool,
                      first_try: bool, answer: str, lang: str = "en") -> str | None:
        """Log one answer to an exercise, as judged against the answers logged before it
        (:meth:`exercise_results`; judge and log in one :meth:`transaction`).

        Args:
            lesson_id: the lesson (its scenario file's stem, ``"03-play-a-trick"``).
            scenario_id: the exercise (its scenario's ``id``).
            solved: the exercise is solved with this answer.
            first_try: it is solved right at the first try (only with ``solved``).
            answer: the answer as text (a card ``"JH"``, points ``"42"``...; at most
                200 characters are kept).
            lang: the language of the problem returned.

        Raises:
            InvalidIdError: a bad lesson or scenario id; InvalidResultError:
                ``first_try`` without ``solved``, or a flag that is not a bool;
                UnknownLanguageError: bad ``lang`` (nothing is logged in each case).
        """
        check_language(lang)
        check_id(lesson_id, "lesson id")
        check_id(scenario_id, "scenario id")
        ExerciseResult(solved, first_try, 1)          # checks the flags
        return self._log(lang, "answer", lesson_id, scenario_id,
                         {"solved": solved, "first_try": first_try,
                          "answer": str(answer)[:_MAX_ANSWER]})

    def record_drill_position(self, drill_id: str, page: str, *, right: bool | None,
                              lang: str = "en") -> str | None:
        """Log a drill position decided on the page ``page``: right at the first try
        (``right=True``: the streak goes on), not (``False``: back to 0), or left
        undecided for the next one (``None``: back to 0, not counted as answered).

        Raises:
            InvalidIdError: ``drill_id`` is not a drill of
                :data:`~belote_teach.course.drills.DRILLS` or ``page`` is not an id;
                TypeError: ``right`` is not a bool or None; UnknownLanguageError: bad
                ``lang`` (nothing is logged in each case).
        """
        check_language(lang)
        if drill_id not in DRILLS:
            raise InvalidIdError(f"drill id {drill_id!r} refused: expected one of "
                                 f"{', '.join(DRILLS)}")
        check_id(page, "page id")
        if right is not None and not isinstance(right, bool):
            raise TypeError(f"right is true, false or None, got {right!r}")
        data = {"skipped": True} if right is None else {"right": right}
        return self._log(lang, "drill", drill_id, page, data)

    def record_practice(self, deal_id: str, *, lang: str = "en") -> str | None:
        """Log one practice deal (lesson 07) played to the end.

        Raises:
            InvalidIdError: a bad deal id; UnknownLanguageError: bad ``lang``.
        """
        check_language(lang)
        check_id(deal_id, "practice deal id")
        return self._log(lang, "practice", deal_id, "", {})

    def record_game(self, *, won: bool, game: str = "game", lang: str = "en") -> str | None:
        """Log one whole game (lesson 08) played to the end (R6.8).

        Args:
            won: the learner's team (Nous) won it.
            game: the saved game's name.

        Raises:
            TypeError: ``won`` is not a bool; UnknownLanguageError: bad ``lang``.
        """
        check_language(lang)
        if not isinstance(won, bool):
            raise TypeError(f"won is true or false, got {won!r}")
        return self._log(lang, "game_over", game, "", {"won": won})

    def import_json(self, text: str | bytes, *, mode: str = "merge", lang: str = "en",
                    known: CourseIds | None = None) -> ImportResult:
        """Take in a progress document (an export), validated value by value first
        (:meth:`CourseRecord.from_json`), in one transaction: merged with the progress
        (``mode="merge"``: the better result of each exercise, the larger counts and
        streaks; nothing done on either side is lost), or in its place
        (``mode="replace"``: a reset, then the document).

        Args:
            known: what this course has; what the document names beyond it is left out
                and listed (:attr:`ImportResult.left_out`). ``None``: everything kept.

        Raises:
            InvalidProgressError: the document is not a valid progress document; the
                message names the key and the value, and nothing is changed.
            UnknownImportModeError: ``mode`` is not ``"merge"`` or ``"replace"``.
            UnknownLanguageError: bad ``lang`` (nothing is changed in each case).
            OSError: the store cannot be written (nothing is changed).
        """
        check_language(lang)
        if mode not in IMPORT_MODES:
            raise UnknownImportModeError(f"import mode {mode!r} refused: expected one of "
                                         f"{', '.join(IMPORT_MODES)}")
        incoming = CourseRecord.from_json(text, source="the imported file")
        left_out: tuple[str, ...] = ()
        if known is not None:
            incoming, left_out = incoming.known_only(known)
        with self.store.transaction():
            if mode == "replace":
                self.store.append(RESET, "", "", {"why": "import"})
            self.store.append("import", "", "", {"mode": mode, "left_out": len(left_out)})
            _log_record(self.store, incoming)
        return ImportResult(self.read().record, left_out)

    def import_file(self, path: Path | str, *, mode: str = "merge", lang: str = "en",
                    known: CourseIds | None = None) -> ImportResult:
        """:meth:`import_json` of the file ``path``.

        Raises:
            As :meth:`import_json`; OSError: ``path`` cannot be read (nothing is changed).
        """
        return self.import_json(Path(path).expanduser().read_bytes(), mode=mode, lang=lang,
                                known=known)

    def reset(self) -> bool:
        """Forget all the progress: log a reset, after which nothing earlier counts (the
        log keeps it; the saved games are not touched).

        Returns:
            True if there was progress to forget, False if there was none.

        Raises:
            OSError: the store cannot be written.
        """
        if self.read().record.is_empty:
            return False
        self.store.append(RESET, "", "", {"why": "reset"})
        return True

    def __repr__(self) -> str:
        return f"CourseProgress({str(self.directory)!r})"

    # -- inside ------------------------------------------------------------------
    def _log(self, lang: str, kind: str, scope: str, item: str,
             data: Mapping[str, object]) -> str | None:
        """Append one action; the learner's sentence when the store cannot be written."""
        try:
            self.store.append(kind, scope, item, data)
        except OSError as err:
            cause = FileProblem.of_error(err)
            return _unusable(lang, self.path, cause).problem
        return None


def _unusable(lang: str, where: Path, cause: FileProblem, aside: Path | None = None,
              record: CourseRecord | None = None) -> ProgressRead:
    """The read of a progress that could not be used (a file moved to ``aside``, or left
    in place at ``where``): the record that could be read and the learner's sentence;
    the detail is written to the log."""
    cause.log(where)
    key = (_aside_key(cause) if aside is not None else
           "busy" if cause.reason == "busy" else "left_in_place")
    return ProgressRead(record if record is not None else CourseRecord(),
                        _problem(lang, key, where, cause), aside, cause=cause, where=where)


def _aside_key(cause: FileProblem) -> str:
    """The sentence of a record moved aside: whole (a new one started), or only its
    damaged part (:attr:`FileProblem.part`: the rest kept)."""
    return "part_set_aside" if cause.part else "set_aside"


def _problem(lang: str, key: str, path: Path, cause: FileProblem) -> str:
    """The learner's sentence ``course.store.<key>`` in ``lang``."""
    sentence = explain.catalog(lang)["course"]["store"][key]
    return str(sentence).format(path=str(path), reason=cause.told(lang))
