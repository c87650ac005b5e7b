"""The errors of the course layer: bad course files (scenarios, practice deals), bad
progress documents and ids, bad store values, saved games, drills and the lesson map.

Each is a specific ``ValueError`` subclass (a drill that finds no position is a
``RuntimeError``) whose message names the input and what was expected; the modules of
:mod:`belote_teach.course` raise them.
"""

from __future__ import annotations

from belote_teach.course.files import FileProblem
from belote_teach.engine.errors import BeloteError

__all__ = [
    "DrillError",
    "DrillExhaustedError",
    "GameTakenError",
    "InvalidGameNameError",
    "InvalidIdError",
    "InvalidMetaError",
    "InvalidProgressError",
    "InvalidResultError",
    "InvalidStreakError",
    "PracticeFileError",
    "ScenarioFileError",
    "StoreValueError",
    "UnknownBankError",
    "UnknownDealsError",
    "UnknownDrillError",
    "UnknownExerciseError",
    "UnknownImportModeError",
    "UnknownLessonError",
    "short_repr",
]


def short_repr(value: object) -> str:
    """``repr(value)`` cut to 60 characters (``...`` at the end when cut): how a course
    error quotes a value read from a file."""
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


# ---------------------------------------------------------------------------- course files
class ScenarioFileError(BeloteError):
    """A scenario file (SCENARIOS.md) that cannot be read or is malformed.

    The message starts with ``FILE:LINE:`` and names the scenario and the key when
    known, e.g. ``bad.yaml:12: scenario 'play-x', key 'hand': unknown card '11H' (...)``.

    Attributes:
        file: the path of the file, as given to the loader.
        line: the 1-based line of the problem, or ``None`` (e.g. a missing file).
        scenario_id: the ``id`` of the scenario at fault, or ``None``.
        key: the key at fault (``'hand'``, ``'kind'``, ...), or ``None``.
        detail: the message without its location prefix.
    """

    #: what an id names in the message ("scenario 'x'"); a subclass may say "deal".
    subject = "scenario"

    def __init__(self, detail: str, *, file: str, line: int | None = None,
                 scenario_id: str | None = None, key: str | None = None):
        self.detail = detail
        self.file = file
        self.line = line
        self.scenario_id = scenario_id
        self.key = key
        where = file if line is None else f"{file}:{line}"
        context = []
        if scenario_id is not None:
            context.append(f"{self.subject} {scenario_id!r}")
        if key is not None:
            context.append(f"key {key!r}")
        prefix = f"{where}: " + (", ".join(context) + ": " if context else "")
        super().__init__(prefix + detail)


class PracticeFileError(ScenarioFileError):
    """A practice deals file (the course's ``practice.yaml``, or one's own) that cannot be
    read or is malformed.

    The message starts with ``FILE:LINE:`` (``FILE:`` when no line applies) and names the
    deal and the key when known, e.g. ``practice.yaml:12: deal 'capot', key 'seed': ...``.
    A :class:`ScenarioFileError`, so one ``except`` catches both kinds of course file.

    Attributes:
        file: the path of the file, as given to the loader.
        line: the 1-based line of the problem, or ``None``.
        deal_id: the ``id`` of the deal at fault, or ``None`` (also as ``scenario_id``).
        key: the key at fault, dotted for nested keys (``'moment.trick'``), or ``None``.
        detail: the message without its location prefix.
    """

    subject = "deal"

    def __init__(self, detail: str, *, file: str, line: int | None = None,
                 deal_id: str | None = None, key: str | None = None):
        super().__init__(detail, file=file, line=line, scenario_id=deal_id, key=key)
        self.deal_id = deal_id


class UnknownBankError(ScenarioFileError):
    """A scenario bank or practice deals file given by a name that is none of the
    course's and by no path of an existing file (:mod:`belote_teach.course.banks`).

    A :class:`ScenarioFileError` (``file`` is the input as given, ``line`` ``None``), so
    the callers of the loaders catch it with the other course file errors.

    Attributes:
        names: the course's names of that kind (``"01-cards-and-points"``...), which the
            message lists.
    """

    def __init__(self, detail: str, *, file: str, names: tuple[str, ...]):
        super().__init__(detail, file=file)
        self.names = names


class UnknownDealsError(UnknownBankError, PracticeFileError):
    """Practice deals given by a name that is none of the course's (``"practice"``) and by
    no path of an existing file: an :class:`UnknownBankError` and a
    :class:`PracticeFileError`."""


# ---------------------------------------------------------------------------- the lesson map
class UnknownLessonError(ValueError):
    """A lesson number or id that is not on the course map
    (:data:`~belote_teach.course.lessons.COURSE`)."""


class UnknownExerciseError(ValueError):
    """An exercise id asked for that its scenario file does not hold, or asked twice."""


# ---------------------------------------------------------------------------- progress
class InvalidProgressError(ValueError):
    """A progress document (an export, a file to import, the older layout's
    ``course-progress.json``) that is not what
    :data:`~belote_teach.course.record.FORMAT` version
    :data:`~belote_teach.course.record.FORMAT_VERSION` holds. The message names the place
    of the problem (``lessons['03-play-a-trick']['lead-any-card']``) and what was
    expected. Also a count given to a record that it cannot hold (a negative drill
    streak).

    Attributes:
        reason: the kind of problem, one of :data:`belote_teach.course.files.REASONS`
            (``"not_json"``, ``"other_version"``, ``"bad_value"``...), which the learner
            reads in plain words (:meth:`problem`).
        where: the key of the bad value in the document (``games.finished``,
            ``lessons.03-play-a-trick.lead-any-card.tries``), ``None`` when the problem
            is the whole document.
        value: the bad value as the document holds it (:func:`short_repr`), ``None``
            without ``where``.
    """

    def __init__(self, message: str, reason: str = "bad_value", *,
                 where: str | None = None, value: object = None):
        super().__init__(message)
        self.reason = reason
        self.where = where
        self.value = None if where is None else short_repr(value)

    def problem(self) -> FileProblem:
        """The problem as the learner is told it (its reason) and the authors read it
        (this message as the detail)."""
        return FileProblem(self.reason, str(self))


class InvalidResultError(ValueError):
    """An exercise result that is not ``{"solved": bool, "first_try": bool, "tries": int}``
    with ``tries >= 0``, ``first_try`` only when solved and at least one try when solved."""


class InvalidIdError(ValueError):
    """A lesson, scenario, practice deal, drill or page id that is not a non-empty text of
    at most 200 characters, or a drill id that is not a drill of the course."""


class UnknownImportModeError(ValueError):
    """An import mode that is not one of
    :data:`~belote_teach.course.progress.IMPORT_MODES` (``merge``, ``replace``)."""


class StoreValueError(ValueError):
    """A value the learner's store cannot keep: a kind, scope, item or document name that
    is not a text of at most 200 characters (the kind not empty), or data that is not a
    mapping of plain JSON values. The message names the input."""


# ---------------------------------------------------------------------------- saved games
class InvalidGameNameError(ValueError):
    """A game name that is not 1 to 64 letters, digits, ``_`` or ``-`` (a slash, a dot, a
    space, an empty name...): the caller's mistake, never a bad file."""


class InvalidMetaError(ValueError):
    """``meta`` given to :meth:`~belote_teach.course.saved_games.GameStore.save` holds a
    value that is not plain JSON (a key that is not a string, a set, an object, NaN...)."""


class GameTakenError(ValueError):
    """:meth:`~belote_teach.course.saved_games.GameStore.save` (or
    :meth:`~belote_teach.course.saved_practice.PracticeStore.save`) by a page that does not
    hold the game (the practice hand): another page (a second tab, the same page reloaded)
    took it since. Nothing was saved.

    Attributes:
        name: the game's name; holder: the page that holds it now; kind: ``"game"`` or
            ``"practice hand"``.
    """

    def __init__(self, name: str, holder: str, *, kind: str = "game"):
        super().__init__(f"{kind} {name!r} is held by the page {holder!r} since: this "
                         "page's save was refused, nothing was written")
        self.name = name
        self.holder = holder
        self.kind = kind


# ---------------------------------------------------------------------------- drills
class DrillError(ValueError):
    """Bad input to a drill: an unknown drill id, a generator that is not a
    ``random.Random`` (nor an int seed), an impossible
    :class:`~belote_teach.course.record.Streak`."""


class UnknownDrillError(DrillError):
    """A drill id that is not in :data:`~belote_teach.course.drills.DRILLS`; the message
    lists the ids."""


class InvalidStreakError(DrillError):
    """A :class:`~belote_teach.course.record.Streak` whose counts cannot go together, or an
    answer that is not a bool."""


class DrillExhaustedError(RuntimeError):
    """A drill found no fitting position in
    :data:`~belote_teach.course.drills.MAX_ATTEMPTS` deals (or draws).

    Attributes:
        drill_id: the drill that gave up.
        attempts: how many deals (or draws) it tried.
        wanted: what it looked for, e.g. ``position decided by MUST_UNDERTRUMP``.
    """

    def __init__(self, drill_id: str, attempts: int, wanted: str):
        super().__init__(f"drill {drill_id!r} found no {wanted} in {attempts} deals or "
                         "draws (MAX_ATTEMPTS); draw again with another seed")
        self.drill_id = drill_id
        self.attempts = attempts
        self.wanted = wanted
