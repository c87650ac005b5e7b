"""The course map with the learner's progress, and what the course holds: the lessons of
:data:`~belote_teach.course.lessons.COURSE` read together with their exercise files, the
practice deals and the drills, against a :class:`~belote_teach.course.record.CourseRecord`
(what :class:`~belote_teach.course.progress.CourseProgress` reads from the log).

A lesson's exercises are the scenarios of its bank (the bank named by its id,
:mod:`belote_teach.course.banks`) but its ``solve`` ones (data for the solver, not
exercises); the practice deals those of the course's ``"practice"``. A course folder of
one's own may be given instead (``<folder>/scenarios/<lesson id>.yaml``,
``<folder>/deals/practice.yaml``). A file missing or malformed never stops the map.

    >>> from belote_teach.course.record import CourseRecord
    >>> trick = next(line for line in course_overview(CourseRecord())
    ...              if line.lesson.id == "03-play-a-trick")
    >>> trick.available, trick.exercises.done, trick.exercises.total > 0
    (True, 0, True)
    >>> "must-overtrump" in course_ids().drills
    True
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from belote_teach.course.drills import DRILLS
from belote_teach.course.errors import ScenarioFileError
from belote_teach.course.lessons import COURSE, Lesson, LessonKind
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.record import CourseIds, CourseRecord, LessonSummary
from belote_teach.course.scenarios import SolveScenario, load_bank
from belote_teach.explain import check_language

__all__ = ["LessonProgress", "course_ids", "course_overview"]


def _exercise_ids(item: Lesson, course_dir: Path | str | None) -> list[str] | None:
    """The ids of the exercises of ``item``'s bank, the course's or the one in
    ``course_dir``: its scenarios but the ``solve`` ones; ``None`` for a lesson without
    exercises.

    Raises:
        ScenarioFileError: the file cannot be read or is malformed.
    """
    bank = item.bank if course_dir is None else item.scenario_path(course_dir)
    if bank is None:
        return None
    return [scenario.id for scenario in load_bank(bank)
            if not isinstance(scenario, SolveScenario)]


def _practice_ids(course_dir: Path | str | None) -> set[str]:
    """The ids of the course's practice deals, or of ``<course_dir>/deals/practice.yaml``.

    Raises:
        PracticeFileError: the file cannot be read or is malformed.
    """
    deals = None if course_dir is None else Path(course_dir) / "deals" / "practice.yaml"
    return {deal.id for deal in load_practice_deals(deals)}


def course_ids(course_dir: Path | str | None = None) -> CourseIds:
    """What the course has: every lesson's exercises (the scenarios of its bank but the
    ``solve`` ones), the practice deals and the drills of
    :data:`~belote_teach.course.drills.DRILLS`. ``course_dir``: a course folder of one's
    own (``scenarios/<lesson id>.yaml``, ``deals/practice.yaml``) instead of the course's
    data. A file missing or malformed gives no id."""
    exercises: dict[str, frozenset[str]] = {}
    for item in COURSE:
        with contextlib.suppress(ScenarioFileError, OSError):
            ids = _exercise_ids(item, course_dir)
            if ids is not None:
                exercises[item.id] = frozenset(ids)
    practice: frozenset[str] = frozenset()
    with contextlib.suppress(ScenarioFileError, OSError):
        practice = frozenset(_practice_ids(course_dir))
    return CourseIds(exercises, practice, frozenset(DRILLS))


@dataclass(frozen=True)
class LessonProgress:
    """One line of the course map with the learner's progress.

    Attributes:
        lesson: the lesson (:data:`belote_teach.course.lessons.COURSE`).
        available: its notebook is in the course folder (lessons being written are
            shown without a link); always for the course's own.
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


def course_overview(record: CourseRecord, course_dir: Path | str | None = None, *,
                    lang: str = "en") -> tuple[LessonProgress, ...]:
    """The course map with ``record``'s progress: one :class:`LessonProgress` per lesson
    of :data:`~belote_teach.course.lessons.COURSE`, in order.

    A lesson's exercises are the scenarios of its bank but its ``solve`` ones (as the
    exercise player shows them); the practice deals the course's. A file missing or
    malformed never stops the map: its line has no count and says why in ``problem``.

    Args:
        record: the learner's progress.
        course_dir: ``None``, the course's own data, every lesson available; or a course
            folder of one's own holding ``<lang>/`` (the notebooks: a lesson whose
            notebook is missing is not available), ``scenarios/<lesson id>.yaml`` and
            ``deals/practice.yaml``.
        lang: the edition of the notebooks linked (``<course_dir>/<lang>/``).

    Raises:
        UnknownLanguageError: bad ``lang``.
    """
    check_language(lang)
    lines: list[LessonProgress] = []
    for item in COURSE:
        available = course_dir is None or item.notebook_path(course_dir, lang).is_file()
        if item.has_exercises:
            try:
                ids = _exercise_ids(item, course_dir) or []
            except ScenarioFileError as err:
                lines.append(LessonProgress(item, available, problem=str(err)))
                continue
            lines.append(LessonProgress(item, available,
                                        exercises=record.summary(item.id, ids)))
        elif item.kind is LessonKind.PRACTICE:
            try:
                deal_ids = _practice_ids(course_dir)
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
