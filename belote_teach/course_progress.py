"""Lesson progress (issue 6, item 5): the learner's answers to the exercises of every
lesson, the practice deals finished (lesson 07), the games finished (lesson 08) and the
best streak of each drill (:mod:`belote_teach.drills`, issue 6, item 3), kept
across sessions in one local JSON file, and carried to another computer by export and
import (a learner on a temporary server such as Binder keeps their progress that way).

A :class:`CourseProgress` store keeps the file ``course-progress.json`` in the learner's
data directory (the one of the saved games, :mod:`belote_teach.progress`:
``BELOTE_TEACH_DATA`` or ``platformdirs.user_data_dir("belote-teach")``). Every change is
read, applied and written atomically at once, so that two lesson pages open side by side
both keep their answers, and a crash never leaves half a file. A file that cannot be read
is never deleted and never crashes a page: it is moved aside as
``course-progress.corrupt-<UTC time>.json`` and the problem is told in the learner's
language (:attr:`ProgressRead.problem`).

    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> store = CourseProgress(folder.name)
    >>> right = {"solved": True, "first_try": True, "tries": 1}
    >>> store.record_result("03-play-a-trick", "lead-any-card", right)
    >>> store.read().record.results("03-play-a-trick")
    {'lead-any-card': {'solved': True, 'first_try': True, 'tries': 1}}
    >>> text = store.export_json()
    >>> other = CourseProgress(folder.name + "/elsewhere")
    >>> other.import_json(text).summary("03-play-a-trick", ["lead-any-card", "x"])
    LessonSummary(lesson_id='03-play-a-trick', done=1, first_try=1, total=2)
    >>> try:
    ...     other.import_json('{"format": "belote-teach course progress", "version": 7}')
    ... except InvalidProgressError as err:
    ...     print(err)
    the imported file has format version 7: this version of belote-teach reads
    version 1
    >>> folder.cleanup()

The file (format version 1) is a JSON object::

    {"format": "belote-teach course progress", "version": 1,
     "lessons": {"03-play-a-trick": {"lead-any-card": {"solved": true, "first_try": true,
                                                       "tries": 1}, ...}, ...},
     "practice": {"take-with-the-jack": 2, ...},
     "games": {"finished": 1, "won": 1},
     "drills": {"must-undertrump": 7, ...}}

* ``lessons``: per lesson id (the scenario file's stem, :mod:`belote_teach.course`), per
  scenario id, what the exercise player reported: solved, right at the first try (with
  the card the lesson teaches), and the number of tries (clicks).
* ``practice``: per practice deal id (``notebooks/deals/practice.yaml``), how many times
  the learner played it to the end.
* ``games``: whole games played to the end (R6.8) and how many of them the learner's
  team (Nous) won.
* ``drills``: per drill id (:data:`belote_teach.drills.DRILLS`), the learner's best
  streak: the most positions in a row right at the first try (1 or more). The key came
  after the others; a file without it is read as no drill practised.

An export is this same document; an import is validated as a whole first and changes
nothing when any part of it is wrong. Importing *merges* by default (see
:meth:`CourseRecord.merged`: nothing already done is lost, and importing the same file
twice changes nothing more) or *replaces* the progress.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from belote_teach import explain
from belote_teach._storage import (
    FileProblem,
    UnknownLanguageError,
    check_language,
    data_directory,
    set_aside,
    write_atomically,
)
from belote_teach.course import COURSE, Lesson, LessonKind
from belote_teach.practice import load_practice_deals
from belote_teach.scenarios import ScenarioFileError, SolveScenario, load_file

__all__ = [
    "FILE_NAME",
    "FORMAT",
    "FORMAT_VERSION",
    "IMPORT_MODES",
    "CourseProgress",
    "CourseRecord",
    "ExerciseResult",
    "FileProblem",
    "InvalidIdError",
    "InvalidProgressError",
    "InvalidResultError",
    "LessonProgress",
    "LessonSummary",
    "ProgressRead",
    "UnknownImportModeError",
    "UnknownLanguageError",
    "course_overview",
]

#: The ``format`` value of a progress file (and of an export).
FORMAT = "belote-teach course progress"
#: The version of the format written; this version reads this one only.
FORMAT_VERSION = 1
#: The progress file's name in the data directory.
FILE_NAME = "course-progress.json"
#: How :meth:`CourseProgress.import_json` combines a file with the progress: ``merge``
#: (the default) or ``replace``.
IMPORT_MODES: tuple[str, ...] = ("merge", "replace")

_STEM = FILE_NAME.removesuffix(".json")
_RESULT_KEYS = ("solved", "first_try", "tries")
_MAX_ID = 200


# ---------------------------------------------------------------------------- errors
class InvalidProgressError(ValueError):
    """A progress document (the file, or a file to import) that is not what
    :data:`FORMAT` version :data:`FORMAT_VERSION` holds. The message names the place of
    the problem (``lessons['03-play-a-trick']['lead-any-card']``) and what was expected.
    Also a count given to a record that it cannot hold (a negative drill streak).

    Attributes:
        reason: the kind of problem, one of :data:`belote_teach._storage.REASONS`
            (``"not_json"``, ``"other_version"``, ``"bad_value"``...), which the learner
            reads in plain words (:meth:`problem`).
    """

    def __init__(self, message: str, reason: str = "bad_value"):
        super().__init__(message)
        self.reason = reason

    def problem(self) -> FileProblem:
        """The problem as the learner is told it (its reason) and the authors read it
        (this message as the detail)."""
        return FileProblem(self.reason, str(self))


class InvalidResultError(ValueError):
    """An exercise result that is not ``{"solved": bool, "first_try": bool, "tries": int}``
    with ``tries >= 0``, ``first_try`` only when solved and at least one try when solved."""


class InvalidIdError(ValueError):
    """A lesson, scenario or practice deal id that is not a non-empty text of at most 200
    characters."""


class UnknownImportModeError(ValueError):
    """An import mode that is not one of :data:`IMPORT_MODES`."""


def _check_id(value: object, what: str) -> str:
    if not isinstance(value, str) or not value or len(value) > _MAX_ID:
        raise InvalidIdError(f"{what} {value!r} refused: expected a non-empty text of at "
                             f"most {_MAX_ID} characters")
    return value


def _whole(value: object) -> bool:
    """A JSON whole number (``True`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_streak(drill_id: object, streak: object) -> None:
    """A drill id and a streak (a whole number >= 0), else InvalidIdError or
    InvalidProgressError."""
    _check_id(drill_id, "drill id")
    if not _whole(streak) or streak < 0:  # type: ignore[operator]
        raise InvalidProgressError(f"streak {streak!r} refused for drill {drill_id!r}: "
                                   "expected a whole number >= 0")


# ---------------------------------------------------------------------------- values
@dataclass(frozen=True)
class ExerciseResult:
    """What the learner did on one exercise, as the exercise player reports it.

    Attributes:
        solved: the right answer was given.
        first_try: it was given at the first try (with the card the lesson teaches).
        tries: the answers given (clicks), 0 or more.

    Raises:
        InvalidResultError: a value of the wrong type, ``tries < 0``, ``first_try``
            without ``solved``, or ``solved`` with no try.
    """

    solved: bool
    first_try: bool
    tries: int

    def __post_init__(self) -> None:
        for name in ("solved", "first_try"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidResultError(f"{name} is {getattr(self, name)!r}, expected "
                                         "true or false")
        if not _whole(self.tries) or self.tries < 0:
            raise InvalidResultError(f"tries is {self.tries!r}, expected a whole number "
                                     ">= 0")
        if self.first_try and not self.solved:
            raise InvalidResultError("first_try is true but solved is false: an exercise "
                                     "right at the first try is solved")
        if self.solved and self.tries == 0:
            raise InvalidResultError("solved is true with 0 tries: solving takes a try")

    @classmethod
    def from_mapping(cls, value: object) -> ExerciseResult:
        """The result of the player's dict ``{"solved": ..., "first_try": ...,
        "tries": ...}`` (exactly these keys).

        Raises:
            InvalidResultError: not a mapping, a key missing or unknown, or a bad value;
                the message names it.
        """
        if isinstance(value, ExerciseResult):
            return value
        if not isinstance(value, Mapping):
            raise InvalidResultError(f"a result is a mapping with the keys "
                                     f"{', '.join(_RESULT_KEYS)}, got {value!r}")
        missing = [key for key in _RESULT_KEYS if key not in value]
        unknown = [key for key in value if key not in _RESULT_KEYS]
        if missing or unknown:
            parts = ([f"missing {', '.join(map(repr, missing))}"] if missing else []) + (
                [f"unknown {', '.join(map(repr, unknown))}"] if unknown else [])
            raise InvalidResultError(f"a result has the keys {', '.join(_RESULT_KEYS)}: "
                                     f"{'; '.join(parts)}")
        return cls(value["solved"], value["first_try"], value["tries"])

    def as_dict(self) -> dict[str, bool | int]:
        """The player's dict: ``{"solved": bool, "first_try": bool, "tries": int}``."""
        return {"solved": self.solved, "first_try": self.first_try, "tries": self.tries}

    def _rank(self) -> tuple[bool, bool, int]:
        """Better results sort higher: solved, then right at first try, then fewer tries
        (among solved ones; among unsolved ones more tries means more work done)."""
        return (self.solved, self.first_try, -self.tries if self.solved else self.tries)


@dataclass(frozen=True)
class LessonSummary:
    """How far the learner is in one lesson's exercises.

    Attributes:
        lesson_id: the lesson.
        done: exercises solved, among the lesson's.
        first_try: exercises right at the first try, among the lesson's.
        total: the lesson's exercises.
    """

    lesson_id: str
    done: int
    first_try: int
    total: int

    @property
    def complete(self) -> bool:
        """Every exercise of the lesson is solved (and there is at least one)."""
        return self.total > 0 and self.done == self.total


_NO_LESSONS: Mapping[str, Mapping[str, ExerciseResult]] = MappingProxyType({})
_NO_PRACTICE: Mapping[str, int] = MappingProxyType({})
_NO_DRILLS: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class CourseRecord:
    """The learner's progress over the whole course. Immutable: each ``with_...`` and
    :meth:`merged` returns a new record.

    Attributes:
        lessons: per lesson id, per scenario id, the :class:`ExerciseResult`.
        practice: per practice deal id, how many times it was played to the end (>= 1).
        games_finished: whole games played to the end (R6.8).
        games_won: those the learner's team won (<= ``games_finished``).
        drills: per drill id, the best streak (positions in a row right at the first
            try, >= 1).

    Raises:
        InvalidIdError, InvalidResultError, InvalidProgressError: a bad id, result or
            count.
    """

    lessons: Mapping[str, Mapping[str, ExerciseResult]] = field(
        default_factory=lambda: _NO_LESSONS)
    practice: Mapping[str, int] = field(default_factory=lambda: _NO_PRACTICE)
    games_finished: int = 0
    games_won: int = 0
    drills: Mapping[str, int] = field(default_factory=lambda: _NO_DRILLS)

    def __post_init__(self) -> None:
        lessons: dict[str, Mapping[str, ExerciseResult]] = {}
        for lesson_id, results in self.lessons.items():
            _check_id(lesson_id, "lesson id")
            frozen = {_check_id(sid, "scenario id"): ExerciseResult.from_mapping(result)
                      for sid, result in results.items()}
            lessons[lesson_id] = MappingProxyType(frozen)
        practice: dict[str, int] = {}
        for deal_id, times in self.practice.items():
            _check_id(deal_id, "practice deal id")
            if not _whole(times) or times < 1:
                raise InvalidProgressError(f"practice deal {deal_id!r} played {times!r} "
                                           "times: expected a whole number >= 1")
            practice[deal_id] = times
        for name in ("games_finished", "games_won"):
            value = getattr(self, name)
            if not _whole(value) or value < 0:
                raise InvalidProgressError(f"{name} is {value!r}, expected a whole "
                                           "number >= 0")
        if self.games_won > self.games_finished:
            raise InvalidProgressError(f"{self.games_won} games won out of "
                                       f"{self.games_finished} finished")
        drills: dict[str, int] = {}
        for drill_id, best in self.drills.items():
            _check_id(drill_id, "drill id")
            if not _whole(best) or best < 1:
                raise InvalidProgressError(f"drill {drill_id!r} has the best streak "
                                           f"{best!r}: expected a whole number >= 1")
            drills[drill_id] = best
        object.__setattr__(self, "lessons", MappingProxyType(lessons))
        object.__setattr__(self, "practice", MappingProxyType(practice))
        object.__setattr__(self, "drills", MappingProxyType(drills))

    # -- reading -----------------------------------------------------------------
    @property
    def is_empty(self) -> bool:
        """Nothing recorded yet."""
        return not (any(self.lessons.values()) or self.practice or self.games_finished
                    or self.drills)

    def results(self, lesson_id: str) -> dict[str, dict[str, bool | int]]:
        """The results of one lesson as the exercise player restores them: scenario id ->
        ``{"solved": bool, "first_try": bool, "tries": int}`` (a new dict; empty for a
        lesson never opened)."""
        saved = self.lessons.get(lesson_id, {})
        return {sid: result.as_dict() for sid, result in saved.items()}

    def summary(self, lesson_id: str, exercise_ids: Iterable[str]) -> LessonSummary:
        """How many of the lesson's exercises (``exercise_ids``, its scenario file's ids)
        are solved and right at the first try; results of ids no longer in the file do
        not count."""
        ids = list(dict.fromkeys(exercise_ids))
        saved = self.lessons.get(lesson_id, {})
        shown = [saved[sid] for sid in ids if sid in saved]
        return LessonSummary(lesson_id, done=sum(r.solved for r in shown),
                             first_try=sum(r.first_try for r in shown), total=len(ids))

    @property
    def practice_done(self) -> int:
        """Distinct practice deals played to the end at least once."""
        return len(self.practice)

    def best_streak(self, drill_id: str) -> int:
        """The best streak kept for the drill ``drill_id``: positions in a row right at
        the first try (0 for a drill never practised, or never right at the first try)."""
        return self.drills.get(drill_id, 0)

    # -- changing ----------------------------------------------------------------
    def with_result(self, lesson_id: str, scenario_id: str,
                    result: ExerciseResult | Mapping[str, object]) -> CourseRecord:
        """This record with the result of one exercise set (the player reports the
        exercise's whole state after each answer, so it replaces the one kept).

        Raises:
            InvalidIdError: a bad lesson or scenario id.
            InvalidResultError: a bad result.
        """
        _check_id(lesson_id, "lesson id")
        _check_id(scenario_id, "scenario id")
        checked = ExerciseResult.from_mapping(result)
        lessons = dict(self.lessons)
        lessons[lesson_id] = {**lessons.get(lesson_id, {}), scenario_id: checked}
        return CourseRecord(lessons, self.practice, self.games_finished, self.games_won,
                            self.drills)

    def with_practice(self, deal_id: str) -> CourseRecord:
        """This record with one more play to the end of the practice deal ``deal_id``.

        Raises:
            InvalidIdError: a bad deal id.
        """
        _check_id(deal_id, "practice deal id")
        practice = dict(self.practice)
        practice[deal_id] = practice.get(deal_id, 0) + 1
        return CourseRecord(self.lessons, practice, self.games_finished, self.games_won,
                            self.drills)

    def with_game(self, *, won: bool) -> CourseRecord:
        """This record with one more game finished (R6.8), won by the learner's team or
        not.

        Raises:
            TypeError: ``won`` is not a bool.
        """
        if not isinstance(won, bool):
            raise TypeError(f"won is true or false, got {won!r}")
        return CourseRecord(self.lessons, self.practice, self.games_finished + 1,
                            self.games_won + won, self.drills)

    def with_drill(self, drill_id: str, streak: int) -> CourseRecord:
        """This record with a streak of ``streak`` positions in a row right at the first
        try in the drill ``drill_id``: kept when it beats the best one kept (the best
        stays otherwise; a streak of 0 changes nothing).

        Raises:
            InvalidIdError: a bad drill id.
            InvalidProgressError: ``streak`` is not a whole number >= 0.
        """
        _check_streak(drill_id, streak)
        if streak <= self.best_streak(drill_id):
            return self
        drills = {**self.drills, drill_id: streak}
        return CourseRecord(self.lessons, self.practice, self.games_finished, self.games_won,
                            drills)

    def merged(self, other: CourseRecord) -> CourseRecord:
        """This record and ``other`` together, losing nothing either holds: every
        exercise of both, with the better result where both have one (solved beats
        unsolved, right at the first try beats later, then fewer tries); for each practice
        deal and for the games, the larger count (the same progress imported twice is
        counted once); for each drill, the better best streak. ``a.merged(a) == a``."""
        lessons = {lid: dict(results) for lid, results in self.lessons.items()}
        for lesson_id, results in other.lessons.items():
            mine = lessons.setdefault(lesson_id, {})
            for sid, result in results.items():
                if sid not in mine or result._rank() > mine[sid]._rank():
                    mine[sid] = result
        practice = dict(self.practice)
        for deal_id, times in other.practice.items():
            practice[deal_id] = max(times, practice.get(deal_id, 0))
        finished = max(self.games_finished, other.games_finished)
        won = max(self.games_won, other.games_won)
        drills = dict(self.drills)
        for drill_id, best in other.drills.items():
            drills[drill_id] = max(best, drills.get(drill_id, 0))
        return CourseRecord(lessons, practice, finished, won, drills)

    # -- as JSON -----------------------------------------------------------------
    def to_json(self) -> str:
        """The record as a progress document (format :data:`FORMAT_VERSION`), the text
        of the file and of an export."""
        document = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "lessons": {lid: {sid: r.as_dict() for sid, r in results.items()}
                        for lid, results in self.lessons.items()},
            "practice": dict(self.practice),
            "games": {"finished": self.games_finished, "won": self.games_won},
            "drills": dict(self.drills),
        }
        return json.dumps(document, ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes, *, source: str = "the progress file"
                  ) -> CourseRecord:
        """Read a progress document, checking all of it.

        Args:
            text: the document (bytes are read as UTF-8).
            source: how the messages name the document.

        Raises:
            InvalidProgressError: not UTF-8, not JSON, another format or version, or a
                bad part; the message starts with ``source`` and names the part
                (``lessons['03-play-a-trick']['lead-any-card']: tries is -1, expected a
                whole number >= 0``).
        """
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as err:
                raise InvalidProgressError(f"{source} is not UTF-8 text ({err})",
                                           "not_text") from err
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise InvalidProgressError(f"{source} is not valid JSON ({err})", "not_json") \
                from err
        return _record_of(data, source)


def _record_of(data: object, source: str) -> CourseRecord:
    """The record of a parsed progress document, else InvalidProgressError."""
    if not isinstance(data, dict):
        raise InvalidProgressError(f"{source} holds a JSON {type(data).__name__}, not an "
                                   "object", "not_ours")
    if data.get("format") != FORMAT:
        raise InvalidProgressError(f"{source} is not a progress file of belote-teach: "
                                   f"format {data.get('format')!r}, expected {FORMAT!r}",
                                   "not_ours")
    version = data.get("version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise InvalidProgressError(f"{source} has format version {version!r}: this version "
                                   f"of belote-teach reads version {FORMAT_VERSION}",
                                   "other_version")
    unknown = sorted(set(data) - {"format", "version", "lessons", "practice", "games",
                                  "drills"})
    if unknown:
        raise InvalidProgressError(f"{source} has the unknown key(s) "
                                   f"{', '.join(map(repr, unknown))}")
    lessons: dict[str, dict[str, ExerciseResult]] = {}
    for lesson_id, results in _object(data, "lessons", source).items():
        where = f"lessons[{lesson_id!r}]"
        if not isinstance(results, dict):
            raise InvalidProgressError(f"{source}: {where} is {_short(results)}, expected "
                                       "an object of results by scenario id")
        lessons[lesson_id] = {}
        for scenario_id, result in results.items():
            try:
                lessons[lesson_id][scenario_id] = ExerciseResult.from_mapping(result)
            except InvalidResultError as err:
                raise InvalidProgressError(f"{source}: {where}[{scenario_id!r}]: {err}") \
                    from err
    practice = _object(data, "practice", source)
    games = _object(data, "games", source)
    if set(games) != {"finished", "won"}:
        raise InvalidProgressError(f"{source}: 'games' has the keys {sorted(games)}, "
                                   "expected 'finished' and 'won'")
    # "drills" came after the other keys: a file without it has no drill practised
    drills = _object(data, "drills", source) if "drills" in data else {}
    try:                             # the ids and the counts are checked by CourseRecord
        return CourseRecord(lessons, practice, games["finished"],  # type: ignore[arg-type]
                            games["won"], drills)  # type: ignore[arg-type]
    except (InvalidIdError, InvalidProgressError) as err:
        raise InvalidProgressError(f"{source}: {err}") from err


def _object(data: Mapping[str, object], key: str, source: str) -> dict[str, object]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise InvalidProgressError(f"{source}: {key!r} is {_short(value)}, expected an "
                                   "object")
    return value


def _short(value: object) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


# ---------------------------------------------------------------------------- the store
@dataclass(frozen=True)
class ProgressRead:
    """What :meth:`CourseProgress.read` found.

    Attributes:
        record: the progress (empty when there was no file or it was unusable).
        problem: ``None`` when all went well or there was no file; else a sentence for
            the learner, in the language asked for, saying the progress could not be read
            and where the file went, and why in plain words.
        set_aside: where the unusable file was moved, ``None`` if it was not moved.
        cause: why the file could not be used (its technical detail included), ``None``
            without a problem.
        where: where the unusable file is now (moved aside or left in place), ``None``
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
        key = "left_in_place" if self.set_aside is None else "set_aside"
        return _problem(lang, key, self.where, self.cause)


class CourseProgress:
    """The lesson progress of one learner: ``<directory>/course-progress.json``.

    Args:
        directory: the data directory. Default: ``BELOTE_TEACH_DATA`` when set and not
            empty, else ``platformdirs.user_data_dir("belote-teach")`` (the saved games'
            directory). Nothing is created before the first change.
    """

    __slots__ = ("directory",)

    def __init__(self, directory: Path | str | None = None):
        #: The data directory.
        self.directory: Path = data_directory(directory)

    @property
    def path(self) -> Path:
        """The progress file, ``<directory>/course-progress.json``."""
        return self.directory / FILE_NAME

    # -- reading -----------------------------------------------------------------
    def read(self, *, lang: str = "en") -> ProgressRead:
        """The progress kept so far.

        Args:
            lang: the language of :attr:`ProgressRead.problem`, ``"en"`` or ``"fr"``.

        Returns:
            A :class:`ProgressRead`: the record; or an empty record when nothing was kept
            yet; or, for a file that cannot be read, an empty record, the problem in plain
            words (the technical detail goes to the ``belote_teach`` log and
            :attr:`ProgressRead.cause`), and where the file was moved
            (``course-progress.corrupt-<UTC time>.json`` beside it; never deleted). A file
            that cannot even be opened (no permission) is left in place. Never raises for
            the file's content.

        Raises:
            UnknownLanguageError: ``lang`` is not ``"en"`` or ``"fr"``.
        """
        check_language(lang)
        return self._read(lang)[0]

    def export_json(self) -> str:
        """The progress as a document to keep or carry elsewhere (the text of the file;
        an empty record when nothing was kept). An unusable file is set aside as by
        :meth:`read`."""
        return self.read().record.to_json()

    def export_file(self, path: Path | str) -> Path:
        """Write :meth:`export_json` to ``path`` (atomically) and return it.

        Raises:
            OSError: the file cannot be written (its folder must exist).
        """
        target = Path(path).expanduser()
        write_atomically(target, self.export_json())
        return target

    # -- changing ----------------------------------------------------------------
    def record_result(self, lesson_id: str, scenario_id: str,
                      result: ExerciseResult | Mapping[str, object], *,
                      lang: str = "en") -> str | None:
        """Keep the result of one exercise (what the exercise player reports after each
        answer), replacing the one kept for it.

        Args:
            lesson_id: the lesson (its scenario file's stem, ``"03-play-a-trick"``).
            scenario_id: the exercise (its scenario's ``id``).
            result: ``{"solved": bool, "first_try": bool, "tries": int}``.
            lang: the language of the problem returned.

        Returns:
            ``None``; or, when the file kept so far could not be read, the problem (as
            :attr:`ProgressRead.problem`): the file was set aside and the result is kept
            in a new one. When that file could be neither read nor moved aside, nothing
            is written (it is never overwritten unseen).

        Raises:
            InvalidIdError, InvalidResultError: bad input; nothing is changed.
            UnknownLanguageError: bad ``lang``; nothing is changed.
            OSError: the file cannot be written; the previous one is left as it was.
        """
        check_language(lang)
        _check_id(lesson_id, "lesson id")
        _check_id(scenario_id, "scenario id")
        checked = ExerciseResult.from_mapping(result)
        return self._change(lambda record: record.with_result(lesson_id, scenario_id,
                                                              checked), lang)

    def record_practice(self, deal_id: str, *, lang: str = "en") -> str | None:
        """Count one practice deal (lesson 07) played to the end.

        Returns:
            As :meth:`record_result`.

        Raises:
            InvalidIdError: a bad deal id; UnknownLanguageError: bad ``lang``; OSError:
                as :meth:`record_result`.
        """
        check_language(lang)
        _check_id(deal_id, "practice deal id")
        return self._change(lambda record: record.with_practice(deal_id), lang)

    def record_game(self, *, won: bool, lang: str = "en") -> str | None:
        """Count one whole game (lesson 08) played to the end (R6.8).

        Args:
            won: the learner's team (Nous) won it.

        Returns:
            As :meth:`record_result`.

        Raises:
            TypeError: ``won`` is not a bool; UnknownLanguageError: bad ``lang``;
                OSError: as :meth:`record_result`.
        """
        check_language(lang)
        if not isinstance(won, bool):
            raise TypeError(f"won is true or false, got {won!r}")
        return self._change(lambda record: record.with_game(won=won), lang)

    def record_drill(self, drill_id: str, streak: int, *, lang: str = "en") -> str | None:
        """Keep a streak of the drill ``drill_id`` (:mod:`belote_teach.drills`) when it is
        the best one so far: the file keeps, per drill, the most positions in a row right
        at the first try. The drill player calls it whenever its streak beats the best.

        Args:
            drill_id: the drill (a key of :data:`belote_teach.drills.DRILLS`).
            streak: positions in a row right at the first try, 0 or more.
            lang: the language of the problem returned.

        Returns:
            As :meth:`record_result`.

        Raises:
            InvalidIdError: a bad drill id; InvalidProgressError: ``streak`` is not a
                whole number >= 0; UnknownLanguageError: bad ``lang`` (nothing is changed
                in each case); OSError: as :meth:`record_result`.
        """
        check_language(lang)
        _check_streak(drill_id, streak)
        return self._change(lambda record: record.with_drill(drill_id, streak), lang)

    def import_json(self, text: str | bytes, *, mode: str = "merge",
                    lang: str = "en") -> CourseRecord:
        """Take in a progress document (an export): validated as a whole first, then
        merged with the progress kept here (``mode="merge"``, :meth:`CourseRecord.merged`:
        nothing done on either side is lost) or put in its place (``mode="replace"``).

        Returns:
            The progress now kept.

        Raises:
            InvalidProgressError: the document is not a valid progress document; the
                message names what is wrong, and nothing is changed.
            UnknownImportModeError: ``mode`` is not ``"merge"`` or ``"replace"``;
                nothing is changed.
            UnknownLanguageError: bad ``lang``; nothing is changed.
            OSError: the file cannot be written (the previous one is left as it was); or,
                when merging, the file kept so far can be neither read nor moved aside
                (the message is the learner's sentence of :attr:`ProgressRead.problem`).
        """
        check_language(lang)
        if mode not in IMPORT_MODES:
            raise UnknownImportModeError(f"import mode {mode!r} refused: expected one of "
                                         f"{', '.join(IMPORT_MODES)}")
        incoming = CourseRecord.from_json(text, source="the imported file")
        if mode == "replace":
            self._write(incoming)
            return incoming
        found, writable = self._read(lang)
        if not writable:
            assert found.problem is not None
            raise OSError(found.problem)
        merged = found.record.merged(incoming)
        self._write(merged)
        return merged

    def import_file(self, path: Path | str, *, mode: str = "merge",
                    lang: str = "en") -> CourseRecord:
        """:meth:`import_json` of the file ``path``.

        Raises:
            As :meth:`import_json`; OSError: ``path`` cannot be read (nothing is changed).
        """
        return self.import_json(Path(path).expanduser().read_bytes(), mode=mode, lang=lang)

    def reset(self) -> bool:
        """Forget all the progress: delete the file (files set aside are kept).

        Returns:
            True if a file was deleted, False if there was none.

        Raises:
            OSError: the file exists but cannot be deleted.
        """
        try:
            self.path.unlink()
        except FileNotFoundError:
            return False
        return True

    def __repr__(self) -> str:
        return f"CourseProgress({str(self.directory)!r})"

    # -- inside ------------------------------------------------------------------
    def _read(self, lang: str) -> tuple[ProgressRead, bool]:
        """The progress read, and whether the file may be written over (False when it
        exists but could be neither read nor moved aside)."""
        path = self.path
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return ProgressRead(CourseRecord()), True
        except OSError as err:
            cause = FileProblem("unreadable", f"{type(err).__name__}: {err}")
            return _unusable(lang, path, cause), False
        try:
            return ProgressRead(CourseRecord.from_json(raw)), True
        except InvalidProgressError as err:
            cause = err.problem()
        try:
            aside = set_aside(path, _STEM)
        except OSError as err:
            cause = FileProblem(cause.reason, f"{cause.detail}; moving it aside failed: "
                                f"{type(err).__name__}: {err}", aside_failed=True)
            return _unusable(lang, path, cause), False
        return _unusable(lang, aside, cause, aside), True

    def _change(self, change: Callable[[CourseRecord], CourseRecord], lang: str
                ) -> str | None:
        """Read, apply ``change``, write; the read's problem is returned. Nothing is
        written over a file that could be neither read nor moved aside."""
        found, writable = self._read(lang)
        if writable:
            self._write(change(found.record))
        return found.problem

    def _write(self, record: CourseRecord) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        write_atomically(self.path, record.to_json())


def _unusable(lang: str, where: Path, cause: FileProblem, aside: Path | None = None
              ) -> ProgressRead:
    """The read of a progress file that cannot be used (moved to ``aside``, or left in
    place at ``where``): an empty record and the learner's sentence; the detail is
    written to the log."""
    cause.log(where)
    key = "left_in_place" if aside is None else "set_aside"
    return ProgressRead(CourseRecord(), _problem(lang, key, where, cause), aside,
                        cause=cause, where=where)


def _problem(lang: str, key: str, path: Path, cause: FileProblem) -> str:
    """The learner's sentence ``course.store.<key>`` in ``lang``."""
    sentence = explain.catalog(lang)["course"]["store"][key]
    return str(sentence).format(path=str(path), reason=cause.told(lang))


# ---------------------------------------------------------------------------- overview
@dataclass(frozen=True)
class LessonProgress:
    """One line of the course map with the learner's progress.

    Attributes:
        lesson: the lesson (:data:`belote_teach.course.COURSE`).
        available: its notebook is in the course folder (lessons being written are
            shown without a link).
        exercises: for a lesson with exercises, how many of its file's scenarios are
            solved and right at the first try; ``None`` otherwise, or when its scenario
            file is missing or cannot be read (see ``problem``).
        practice: for the practice app, ``(deals played to the end at least once, deals
            offered)``; else ``None``.
        games: for the game app, ``(games finished, games won)``; else ``None``.
        problem: why a lesson's exercise file or the practice file could not be read
            (technical English for the course's authors), else ``None``.
    """

    lesson: Lesson
    available: bool
    exercises: LessonSummary | None = None
    practice: tuple[int, int] | None = None
    games: tuple[int, int] | None = None
    problem: str | None = None


def course_overview(record: CourseRecord, course_dir: Path | str, *, lang: str = "en"
                    ) -> tuple[LessonProgress, ...]:
    """The course map with ``record``'s progress: one :class:`LessonProgress` per lesson
    of :data:`~belote_teach.course.COURSE`, in order.

    A lesson's exercises are the scenarios of ``<course_dir>/scenarios/<id>.yaml`` but
    its ``solve`` ones (as the exercise player shows them); the
    practice deals those of ``<course_dir>/deals/practice.yaml``. A file missing or
    malformed never stops the map: its line has no count and says why in ``problem``.

    Args:
        record: the learner's progress.
        course_dir: the course folder (``notebooks/``; ``".."`` from a lesson notebook).
        lang: the language of the notebooks linked (``<course_dir>/<lang>/``).

    Raises:
        UnknownLanguageError: bad ``lang``.
    """
    check_language(lang)
    lines: list[LessonProgress] = []
    for item in COURSE:
        available = item.notebook_path(course_dir, lang).is_file()
        path = item.scenario_path(course_dir)
        if path is not None:
            try:
                # a ``solve`` scenario is data for the solver, not an exercise
                ids = [scenario.id for scenario in load_file(path)
                       if not isinstance(scenario, SolveScenario)]
            except ScenarioFileError as err:
                lines.append(LessonProgress(item, available, problem=str(err)))
                continue
            lines.append(LessonProgress(item, available,
                                        exercises=record.summary(item.id, ids)))
        elif item.kind is LessonKind.PRACTICE:
            deals_file = Path(course_dir) / "deals" / "practice.yaml"
            try:
                deal_ids = {deal.id for deal in load_practice_deals(deals_file)}
            except ScenarioFileError as err:          # PracticeFileError included
                lines.append(LessonProgress(item, available, problem=str(err)))
                continue
            played = sum(1 for deal_id in record.practice if deal_id in deal_ids)
            lines.append(LessonProgress(item, available, practice=(played, len(deal_ids))))
        elif item.kind is LessonKind.GAME:
            lines.append(LessonProgress(item, available,
                                        games=(record.games_finished, record.games_won)))
        else:
            lines.append(LessonProgress(item, available))
    return tuple(lines)
