"""The course map as data: the lessons 00 to 08 in order, each with its
number, its id (the stem of its English notebook), its title and one-line summary in the
learner's language (catalog section ``course``), its notebook in each edition, its
exercise file and its kind.

The course has two editions, ``notebooks/en/`` and ``notebooks/fr/``: the same lessons
with the same exercises, the French notebooks under French names
(``03-jouer-un-pli.ipynb``). A lesson's id is the same in both editions, and so is
its exercise file: the learner's progress, kept by lesson id and scenario id, is shared
by the two editions.

A lesson's exercises are the scenarios of its bank, named by its id (SCENARIOS.md,
:mod:`belote_teach.course.banks`); the lesson progress
(:mod:`belote_teach.course.progress`) keeps the learner's answers under the same id.
Lessons 00 (this map), 07 (the practice app) and 08 (the game app) have no exercise file.

    >>> [lesson.number for lesson in COURSE]
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    >>> trick = lesson("03-play-a-trick")
    >>> trick.notebook("en"), trick.bank, trick.scenario_file, trick.kind.value
    ('03-play-a-trick.ipynb', '03-play-a-trick', '03-play-a-trick.yaml', 'lesson')
    >>> trick.notebook("fr"), trick.href("fr")
    ('03-jouer-un-pli.ipynb', '../fr/03-jouer-un-pli.ipynb')
    >>> trick.title("fr"), lesson(8).kind is LessonKind.GAME
    ('Jouer un pli', True)
    >>> select_exercises(["a", "b", "c"], ["c", "a"], id_of=str, file="demo.yaml")
    ('c', 'a')

No widgets and no file access here: callers load a lesson's bank by its name, or give
a course folder of their own when they need a path.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from belote_teach import explain
from belote_teach.course.errors import UnknownExerciseError, UnknownLessonError

__all__ = [
    "COURSE",
    "Lesson",
    "LessonKind",
    "lesson",
    "select_exercises",
]

#: A lesson id: the notebook's stem, ``NN-words`` in lower case.
_LESSON_ID = re.compile(r"(\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*")

_T = TypeVar("_T")


class LessonKind(enum.Enum):
    """What a lesson page holds: prose with exercises, the practice app (curated deals at
    the table), or the game app (a whole game against the computer). The value is the
    catalog key of its name (``course.kinds``)."""

    LESSON = "lesson"
    PRACTICE = "practice"
    GAME = "game"

    def label(self, lang: str) -> str:
        """The kind's name in ``lang``: ``"lesson"`` / ``"leçon"``.

        Raises:
            ValueError: unknown language.
        """
        return str(explain.catalog(lang)["course"]["kinds"][self.value])


@dataclass(frozen=True)
class Lesson:
    """One lesson of the course map.

    Attributes:
        number: its place in the course, 0 to 8.
        id: the English notebook's stem, ``NN-words`` (``"03-play-a-trick"``); also the
            key of its progress record (in both editions) and of its titles in the
            catalog section ``course``.
        kind: :class:`LessonKind`.
        has_exercises: True when the lesson ends with the exercises of its bank
            (:attr:`bank`).
        french: the French notebook's stem, ``NN-mots`` (``"03-jouer-un-pli"``).

    Raises:
        ValueError: an id or a French stem that is not ``NN-words`` (lower-case ASCII) or
            does not start with the number; the message quotes it.
    """

    number: int
    id: str
    kind: LessonKind
    has_exercises: bool
    french: str

    def __post_init__(self) -> None:
        for what, stem in (("lesson id", self.id), ("French notebook stem", self.french)):
            match = _LESSON_ID.fullmatch(stem)
            if match is None or int(match.group(1)) != self.number:
                raise ValueError(f"{what} {stem!r} refused: expected '{self.number:02d}-' "
                                 "followed by lower-case words joined by '-'")

    def stem(self, lang: str = "en") -> str:
        """The notebook's stem in the edition ``lang``: :attr:`id` in English,
        :attr:`french` in French.

        Raises:
            ValueError: unknown language (the message lists the editions).
        """
        if lang == "en":
            return self.id
        if lang == "fr":
            return self.french
        raise ValueError(f"unknown edition {lang!r}: expected one of "
                         f"{', '.join(explain.LANGUAGES)}")

    def notebook(self, lang: str = "en") -> str:
        """The notebook's file name in the edition ``lang`` (``"03-play-a-trick.ipynb"``,
        ``"03-jouer-un-pli.ipynb"``); the lessons of one edition sit in one folder, so
        this is also the link from one lesson to another of the same edition.

        Raises:
            ValueError: unknown language.
        """
        return f"{self.stem(lang)}.ipynb"

    def href(self, lang: str) -> str:
        """The relative link to this lesson in the edition ``lang`` from any notebook of
        either edition (the editions are sibling folders): ``"../fr/00-bienvenue.ipynb"``.

        Raises:
            ValueError: unknown language.
        """
        return f"../{lang}/{self.notebook(lang)}"

    @property
    def bank(self) -> str | None:
        """The name of the lesson's scenario bank, its id
        (:func:`~belote_teach.course.scenarios.load_bank`), or ``None`` for a lesson
        without exercises."""
        return self.id if self.has_exercises else None

    @property
    def scenario_file(self) -> str | None:
        """The bank's file name, ``<id>.yaml``, or ``None`` without exercises."""
        return f"{self.id}.yaml" if self.has_exercises else None

    def scenario_path(self, course_dir: Path | str) -> Path | None:
        """The exercise file in a course folder of one's own ``course_dir``:
        ``<course_dir>/scenarios/<id>.yaml``, or ``None`` without exercises."""
        name = self.scenario_file
        return None if name is None else Path(course_dir) / "scenarios" / name

    def notebook_path(self, course_dir: Path | str, lang: str = "en") -> Path:
        """The notebook of the edition ``lang`` under the course folder:
        ``<course_dir>/<lang>/<stem>.ipynb``.

        Raises:
            ValueError: unknown language.
        """
        return Path(course_dir) / lang / self.notebook(lang)

    def title(self, lang: str) -> str:
        """The lesson's title in ``lang`` (``"Play a trick"`` / ``"Jouer un pli"``).

        Raises:
            ValueError: unknown language.
        """
        return str(explain.catalog(lang)["course"]["lessons"][self.id]["title"])

    def summary(self, lang: str) -> str:
        """What the lesson teaches, in one line of ``lang``.

        Raises:
            ValueError: unknown language.
        """
        return str(explain.catalog(lang)["course"]["lessons"][self.id]["summary"])


#: The course in order: 00 welcome (this map), 01-06 lessons with exercises, 07 the
#: practice hands, 08 a whole game; each with its English and French notebook stems.
COURSE: tuple[Lesson, ...] = (
    Lesson(0, "00-welcome", LessonKind.LESSON, has_exercises=False,
           french="00-bienvenue"),
    Lesson(1, "01-cards-and-points", LessonKind.LESSON, has_exercises=True,
           french="01-cartes-et-points"),
    Lesson(2, "02-deal-and-bidding", LessonKind.LESSON, has_exercises=True,
           french="02-donne-et-encheres"),
    Lesson(3, "03-play-a-trick", LessonKind.LESSON, has_exercises=True,
           french="03-jouer-un-pli"),
    Lesson(4, "04-announcements", LessonKind.LESSON, has_exercises=True,
           french="04-annonces"),
    Lesson(5, "05-scoring", LessonKind.LESSON, has_exercises=True,
           french="05-compter-les-points"),
    Lesson(6, "06-tips", LessonKind.LESSON, has_exercises=True,
           french="06-conseils"),
    Lesson(7, "07-practice-hands", LessonKind.PRACTICE, has_exercises=False,
           french="07-donnes-d-entrainement"),
    Lesson(8, "08-play-a-game", LessonKind.GAME, has_exercises=False,
           french="08-une-partie"),
)


def lesson(key: int | str) -> Lesson:
    """The lesson of number ``key`` (``3``) or id ``key`` (``"03-play-a-trick"``).

    Raises:
        UnknownLessonError: no such lesson; the message lists the course's ids.
    """
    for item in COURSE:
        if key == item.id or (isinstance(key, int) and not isinstance(key, bool)
                              and key == item.number):
            return item
    raise UnknownLessonError(f"no lesson {key!r} on the course map: expected a number 0-"
                             f"{COURSE[-1].number} or one of {', '.join(i.id for i in COURSE)}")


def select_exercises(scenarios: Iterable[_T], ids: Sequence[str], *,
                     id_of: Callable[[_T], str], file: str) -> tuple[_T, ...]:
    """The scenarios of a file whose ids are ``ids``, in the order of ``ids``: a lesson
    shows a few exercises after a section and a short quiz at the end.

    Args:
        scenarios: every scenario of the file.
        ids: the ids wanted, at least one, each once.
        id_of: a scenario's id (``lambda s: s.id``).
        file: the file's name, for the messages.

    Raises:
        UnknownExerciseError: an id the file does not hold (the message names it and lists
            the file's ids), an id given twice, or no id at all.
    """
    if isinstance(ids, str):
        raise UnknownExerciseError(f"{file}: ids is the text {ids!r}; expected a list of "
                                   "scenario ids")
    by_id = {id_of(scenario): scenario for scenario in scenarios}
    if not ids:
        raise UnknownExerciseError(f"{file}: no exercise id given; the file holds "
                                   f"{', '.join(by_id) or 'no scenario'}")
    chosen: list[_T] = []
    for index, wanted in enumerate(ids):
        if wanted not in by_id:
            raise UnknownExerciseError(f"{file}: no scenario {wanted!r}; the file holds "
                                       f"{', '.join(by_id) or 'no scenario'}")
        if wanted in ids[:index]:
            raise UnknownExerciseError(f"{file}: the scenario {wanted!r} is asked twice")
        chosen.append(by_id[wanted])
    return tuple(chosen)
