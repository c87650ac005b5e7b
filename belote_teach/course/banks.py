"""The course's data files, shipped inside the package (``belote_teach/course/data/``) and
read through :mod:`importlib.resources`, so that a lesson finds them wherever its kernel
starts: in the lesson's folder (Voilà, nbval), in ``/drive`` (JupyterLite), anywhere.

- the scenario banks (SCENARIOS.md), one per lesson with exercises, each named by the
  lesson's id: ``data/scenarios/03-play-a-trick.yaml`` is the bank ``"03-play-a-trick"``;
- the practice deals: ``data/deals/practice.yaml``, named ``"practice"``.

A bank is given by its name (with or without ``.yaml``) or by the path of a file of one's
own, a teacher's bank: a path with a folder (``"./mine.yaml"``, ``"/srv/quiz.yaml"``), or
a file of the working directory whose name is no bank's (a bank's name wins: write
``"./03-play-a-trick.yaml"`` for such a file).

    >>> scenario_banks()
    ('01-cards-and-points', '02-deal-and-bidding', '03-play-a-trick', '04-announcements',
     '05-scoring', '06-tips')
    >>> bank = find_bank("03-play-a-trick.yaml")
    >>> bank.name, bank.packaged, "kind: play" in bank.read_text()
    ('03-play-a-trick', True, True)
    >>> find_bank("03-play-a-trik")
    Traceback (most recent call last):
    ...
    belote_teach.course.errors.UnknownBankError: 03-play-a-trik: cannot read the file: no
    such file, nor a scenario bank of the course (01-cards-and-points, 02-deal-and-bidding,
    03-play-a-trick, 04-announcements, 05-scoring, 06-tips): give one of these names (e.g.
    '03-play-a-trick') or the path of a file that exists
"""

from __future__ import annotations

import difflib
import os
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from belote_teach.course.errors import UnknownBankError, UnknownDealsError

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # pragma: no cover - Python 3.10
    from importlib.abc import Traversable

__all__ = [
    "DEALS",
    "SUFFIX",
    "CourseFile",
    "find_bank",
    "find_deals",
    "practice_files",
    "scenario_banks",
]

#: The name of the course's practice deals (``data/deals/practice.yaml``).
DEALS = "practice"
#: The suffix of a data file; a name may be given with it or without.
SUFFIX = ".yaml"


@dataclass(frozen=True)
class CourseFile:
    """A data file found by :func:`find_bank` or :func:`find_deals`.

    Attributes:
        name: the file's stem (``"03-play-a-trick"``): a bank's name, also the lesson id
            its answers are kept under.
        file: where it is, as messages show it: the path as given for a file of one's
            own, the file's place in the installed package for the course's own.
        packaged: True for the course's own file (package data), False for a path.
        folder: the folder holding it (the files a practice deal names, its transcripts,
            are read from there): a :class:`~pathlib.Path` for a path, the package's
            folder (a ``Traversable``) for the course's own.
    """

    name: str
    file: str
    packaged: bool
    folder: Traversable

    def read_text(self, encoding: str = "utf-8") -> str:
        """The file's text.

        Raises:
            OSError: the file cannot be read.
            UnicodeDecodeError: it is not in ``encoding``.
        """
        return (self.folder / Path(self.file).name).read_text(encoding=encoding)


def _data(kind: str) -> Traversable:
    """The package folder of the data files of ``kind`` (``"scenarios"``, ``"deals"``)."""
    return resources.files("belote_teach.course") / "data" / kind


def _names(kind: str) -> tuple[str, ...]:
    return tuple(sorted(item.name[:-len(SUFFIX)] for item in _data(kind).iterdir()
                        if item.name.endswith(SUFFIX) and item.is_file()))


def scenario_banks() -> tuple[str, ...]:
    """The names of the course's scenario banks, sorted (``"01-cards-and-points"``...)."""
    return _names("scenarios")


def practice_files() -> tuple[str, ...]:
    """The names of the course's practice deals files (``("practice",)``)."""
    return _names("deals")


def _find(given: str | os.PathLike[str], kind: str, what: str,
          error: type[UnknownBankError]) -> CourseFile:
    text = os.fspath(given)
    names = _names(kind)
    has_folder = any(sep and sep in text for sep in (os.sep, os.altsep, "/"))
    stem = text[:-len(SUFFIX)] if text.endswith(SUFFIX) else text
    if not has_folder and stem in names:
        folder = _data(kind)
        return CourseFile(stem, str(folder / f"{stem}{SUFFIX}"), True, folder)
    path = Path(text)
    if not path.exists():
        hint = next(iter(difflib.get_close_matches(path.stem, names, n=1, cutoff=0)), stem)
        raise error(
            f"cannot read the file: no such file, nor a {what} of the course "
            f"({', '.join(names)}): give one of these names (e.g. {hint!r}) or the path "
            "of a file that exists",
            file=text, names=names)
    return CourseFile(path.stem, text, False, path.parent)


def find_bank(bank: str | os.PathLike[str]) -> CourseFile:
    """The scenario bank ``bank``: one of the course's by its name (:func:`scenario_banks`,
    ``"03-play-a-trick"`` or ``"03-play-a-trick.yaml"``), else a file of one's own by its
    path (one with a folder, or an existing file of the working directory). Nothing is
    read here.

    Raises:
        UnknownBankError: no bank has that name and no file that path; the message quotes
            ``bank`` and lists the banks.
    """
    return _find(bank, "scenarios", "scenario bank", UnknownBankError)


def find_deals(deals: str | os.PathLike[str] | None = None) -> CourseFile:
    """The practice deals file ``deals``: the course's by its name (``"practice"``, the
    default when ``None``), else a file of one's own by its path, as :func:`find_bank`.

    Raises:
        UnknownDealsError: no practice deals have that name and no file that path (a
            ``PracticeFileError``); the message quotes ``deals`` and lists the names.
    """
    return _find(DEALS if deals is None else deals, "deals", "practice deals file",
                 UnknownDealsError)
