"""The learner's progress as a value, and the progress document that carries it to
another computer (an export, an import; the older file layout's ``course-progress.json``
is one too).

A :class:`CourseRecord` is what every page shows of the learner's work: per lesson, per
exercise, an :class:`ExerciseResult` (solved, right at the first try, tries); per practice
deal, how many times it was played to the end; the games finished and won; per drill, the
best streak (a :class:`Streak` counts a drill session).
:class:`~belote_teach.course.progress.CourseProgress` derives it from the learner's log of
actions; this module only knows the values and the document.

The document (format version 1) is a JSON object::

    {"format": "belote-teach course progress", "version": 1,
     "exported_at": "2026-12-01T21:30:00.000Z",
     "lessons": {"03-play-a-trick": {"lead-any-card": {"solved": true, "first_try": true,
                                                       "tries": 1}, ...}, ...},
     "practice": {"take-with-the-jack": 2, ...},
     "games": {"finished": 1, "won": 1},
     "drills": {"must-undertrump": 7, ...}}

``exported_at`` (when the export was made, UTC) and ``drills`` are optional: a document
without them is read as made at an unknown time, with no drill practised.
Every value is checked when a document is read: ids are texts of at most 200
characters, counts are whole numbers within what a real learner can reach
(:data:`LIMITS`), the date is a real one, not in the future. An import may also name
exercises, practice deals or drills that this course does not have (an older course, a
hand-edited file): :meth:`CourseRecord.known_only` leaves them out and lists them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from types import MappingProxyType

from belote_teach.course.errors import (
    InvalidIdError,
    InvalidProgressError,
    InvalidResultError,
    InvalidStreakError,
    short_repr,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "LIMITS",
    "CourseIds",
    "CourseRecord",
    "ExerciseResult",
    "LessonSummary",
    "Streak",
    "check_id",
]

#: The ``format`` value of a progress file (and of an export).
FORMAT = "belote-teach course progress"
#: The version of the format written; this version reads this one only.
FORMAT_VERSION = 1
#: The most a document may count, per kind of count: what a real learner can reach with
#: room to spare (an exercise is counted until solved, a game takes a quarter of an hour,
#: a drill position some seconds). A document beyond them was edited by hand or damaged.
LIMITS: Mapping[str, int] = MappingProxyType({
    "tries": 1_000,          # answers to one exercise before it is solved
    "practice": 10_000,      # times one practice deal was played to the end
    "games": 10_000,         # games finished
    "streak": 100_000,       # best streak of one drill, in positions
})
#: The earliest date an export can bear (the course did not exist before).
EARLIEST = datetime(2020, 1, 1, tzinfo=timezone.utc)

_RESULT_KEYS = ("solved", "first_try", "tries")
_MAX_ID = 200


def check_id(value: object, what: str) -> str:
    """``value`` if it is an id (a lesson's, a scenario's, a practice deal's, a drill's,
    a page's): a non-empty text of at most 200 characters.

    Raises:
        InvalidIdError: it is not; the message names ``what`` and the value.
    """
    if not isinstance(value, str) or not value or len(value) > _MAX_ID:
        raise InvalidIdError(f"{what} {value!r} refused: expected a non-empty text of at "
                             f"most {_MAX_ID} characters")
    return value


def _whole(value: object) -> bool:
    """A JSON whole number (``True`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


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

    def better_of(self, other: ExerciseResult) -> ExerciseResult:
        """The better of this result and ``other``: solved beats unsolved, right at the
        first try beats later, then fewer tries among solved ones (more among unsolved
        ones: more work done); this one when they are as good."""
        return other if other._rank() > self._rank() else self

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


@dataclass(frozen=True)
class Streak:
    """The counters of a drill session: a value, :meth:`record` returns the next one.

    Attributes:
        current: positions right at first try in a row, up to the last one (0 after a
            miss).
        best: the longest such run so far (what :attr:`CourseRecord.drills` keeps per
            drill).
        answered: positions answered (each counted once, whatever the tries).
        first_try: positions right at the first try.

    Raises:
        InvalidStreakError: a count that is not a whole number 0 or more, or counts that
            cannot go together (``current <= best <= first_try <= answered``).

    >>> Streak().record(True).record(True).record(False).record(True)
    Streak(current=1, best=2, answered=4, first_try=3)
    """

    current: int = 0
    best: int = 0
    answered: int = 0
    first_try: int = 0

    def __post_init__(self) -> None:
        for name in ("current", "best", "answered", "first_try"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidStreakError(
                    f"Streak.{name} must be a whole number, 0 or more, got {value!r}")
        if not self.current <= self.best <= self.first_try <= self.answered:
            raise InvalidStreakError(
                f"impossible streak {self!r}: expected current <= best <= first_try <= "
                "answered")

    def record(self, right_at_first_try: bool) -> Streak:
        """The counters after one more position: right at its first try (the streak goes
        on) or not (it falls back to 0).

        Raises:
            InvalidStreakError: ``right_at_first_try`` is not a bool.
        """
        if not isinstance(right_at_first_try, bool):
            raise InvalidStreakError(
                f"record takes True (right at first try) or False, got "
                f"{right_at_first_try!r}")
        if not right_at_first_try:
            return Streak(0, self.best, self.answered + 1, self.first_try)
        current = self.current + 1
        return Streak(current, max(self.best, current), self.answered + 1,
                      self.first_try + 1)


_NO_LESSONS: Mapping[str, Mapping[str, ExerciseResult]] = MappingProxyType({})
_NO_PRACTICE: Mapping[str, int] = MappingProxyType({})
_NO_DRILLS: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class CourseRecord:
    """The learner's progress over the whole course. Immutable: :meth:`merged` and
    :meth:`known_only` return a new record.

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
            check_id(lesson_id, "lesson id")
            frozen = {check_id(sid, "scenario id"): ExerciseResult.from_mapping(result)
                      for sid, result in results.items()}
            lessons[lesson_id] = MappingProxyType(frozen)
        practice: dict[str, int] = {}
        for deal_id, times in self.practice.items():
            check_id(deal_id, "practice deal id")
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
            check_id(drill_id, "drill id")
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
    def known_only(self, known: CourseIds) -> tuple[CourseRecord, tuple[str, ...]]:
        """This record without what ``known`` (this course) does not have, and what was
        left out: ``"lesson/exercise"`` for an exercise, ``"practice/<id>"`` for a
        practice deal, ``"drill/<id>"`` for a drill, in the record's order."""
        left: list[str] = []
        lessons: dict[str, dict[str, ExerciseResult]] = {}
        for lesson_id, results in self.lessons.items():
            ids = known.exercises.get(lesson_id, frozenset())
            for sid, result in results.items():
                if sid in ids:
                    lessons.setdefault(lesson_id, {})[sid] = result
                else:
                    left.append(f"{lesson_id}/{sid}")
        practice = {i: n for i, n in self.practice.items() if i in known.practice}
        left += [f"practice/{i}" for i in self.practice if i not in known.practice]
        drills = {i: n for i, n in self.drills.items() if i in known.drills}
        left += [f"drill/{i}" for i in self.drills if i not in known.drills]
        kept = CourseRecord(lessons, practice, self.games_finished, self.games_won, drills)
        return kept, tuple(left)

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
    def to_json(self, *, exported_at: datetime | None = None) -> str:
        """The record as a progress document (format :data:`FORMAT_VERSION`), the text of
        an export, dated ``exported_at`` (UTC; default: now)."""
        when = exported_at if exported_at is not None else datetime.now(timezone.utc)
        document = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "exported_at": when.astimezone(timezone.utc).isoformat(
                timespec="seconds").replace("+00:00", "Z"),
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
    """The record of a parsed progress document, every value checked, else
    InvalidProgressError naming the key and the value."""
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
    unknown = sorted(set(data) - {"format", "version", "exported_at", "lessons", "practice",
                                  "games", "drills"})
    if unknown:
        raise InvalidProgressError(f"{source} has the unknown key(s) "
                                   f"{', '.join(map(repr, unknown))}",
                                   where=unknown[0], value=data[unknown[0]])
    if "exported_at" in data:
        _date(data["exported_at"], source)
    lessons: dict[str, dict[str, ExerciseResult]] = {}
    for lesson_id, results in _object(data, "lessons", source).items():
        where = f"lessons.{lesson_id}"
        _id(lesson_id, where, source)
        if not isinstance(results, dict):
            raise InvalidProgressError(f"{source}: {where} is {short_repr(results)}, expected "
                                       "an object of results by scenario id",
                                       where=where, value=results)
        lessons[lesson_id] = {}
        for scenario_id, result in results.items():
            _id(scenario_id, f"{where}.{scenario_id}", source)
            lessons[lesson_id][scenario_id] = _result(result, f"{where}.{scenario_id}",
                                                      source)
    practice: dict[str, int] = {}
    for deal_id, times in _object(data, "practice", source).items():
        _id(deal_id, f"practice.{deal_id}", source)
        practice[deal_id] = _count(times, f"practice.{deal_id}", source, 1,
                                   LIMITS["practice"])
    games = _object(data, "games", source)
    if set(games) != {"finished", "won"}:
        raise InvalidProgressError(f"{source}: 'games' has the keys {sorted(games)}, "
                                   "expected 'finished' and 'won'", where="games",
                                   value=games)
    finished = _count(games["finished"], "games.finished", source, 0, LIMITS["games"])
    won = _count(games["won"], "games.won", source, 0, finished)
    drills: dict[str, int] = {}
    # "drills" is optional: a document without it has no drill practised
    for drill_id, best in (_object(data, "drills", source) if "drills" in data
                           else {}).items():
        _id(drill_id, f"drills.{drill_id}", source)
        drills[drill_id] = _count(best, f"drills.{drill_id}", source, 1, LIMITS["streak"])
    return CourseRecord(lessons, practice, finished, won, drills)


def _id(value: str, where: str, source: str) -> None:
    """A key of the document that is an id: a non-empty text of at most 200 characters."""
    if not value or len(value) > _MAX_ID:
        raise InvalidProgressError(f"{source}: {where[:80]} is not an id (a non-empty text "
                                   f"of at most {_MAX_ID} characters)", where=where[:80],
                                   value=value)


def _count(value: object, where: str, source: str, low: int, high: int) -> int:
    """A count of the document: a whole number from ``low`` to ``high``."""
    if not _whole(value) or not low <= value <= high:  # type: ignore[operator]
        raise InvalidProgressError(f"{source}: {where} is {short_repr(value)}, expected a whole "
                                   f"number from {low} to {high}", where=where, value=value)
    return value  # type: ignore[return-value]


def _result(value: object, where: str, source: str) -> ExerciseResult:
    """One exercise's result: ``{"solved": bool, "first_try": bool, "tries": 0 to
    LIMITS["tries"]}``."""
    if isinstance(value, Mapping):
        for key in ("solved", "first_try"):
            if key in value and not isinstance(value[key], bool):
                raise InvalidProgressError(f"{source}: {where}.{key} is "
                                           f"{short_repr(value[key])}, expected true or false",
                                           where=f"{where}.{key}", value=value[key])
        if "tries" in value:
            _count(value["tries"], f"{where}.tries", source, 0, LIMITS["tries"])
    try:
        result = ExerciseResult.from_mapping(value)
    except InvalidResultError as err:
        raise InvalidProgressError(f"{source}: {where}: {err}", where=where,
                                   value=value) from err
    _count(result.tries, f"{where}.tries", source, 0, LIMITS["tries"])
    return result


def _date(value: object, source: str) -> datetime:
    """The document's ``exported_at``: a real UTC date and time, from :data:`EARLIEST` to
    now (a day of clock difference allowed)."""
    where = "exported_at"
    try:
        when = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        when = None
    if not isinstance(value, str) or when is None or when.tzinfo is None:
        raise InvalidProgressError(f"{source}: {where} is {short_repr(value)}, expected a date "
                                   "and time in UTC (2026-12-01T21:30:00Z)", where=where,
                                   value=value)
    latest = datetime.now(timezone.utc) + timedelta(days=1)
    if not EARLIEST <= when <= latest:
        raise InvalidProgressError(f"{source}: {where} is {value!r}, expected a date from "
                                   f"{EARLIEST:%Y-%m-%d} to today", where=where, value=value)
    return when


def _object(data: Mapping[str, object], key: str, source: str) -> dict[str, object]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise InvalidProgressError(f"{source}: {key!r} is {short_repr(value)}, expected an "
                                   "object", where=key, value=value)
    return value


@dataclass(frozen=True)
class CourseIds:
    """What this course has: the ids an imported document may name.

    Attributes:
        exercises: per lesson id, its exercises' scenario ids.
        practice: the practice deals' ids.
        drills: the drills' ids.
    """

    exercises: Mapping[str, frozenset[str]] = field(default_factory=dict)
    practice: frozenset[str] = frozenset()
    drills: frozenset[str] = frozenset()
