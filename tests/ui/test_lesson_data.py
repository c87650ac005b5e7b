"""The lessons' calls find the course's data wherever the kernel starts: under JupyterLite
the kernel starts in /drive, not in the notebook's folder, so a notebook names its banks
(``exercises("01-cards-and-points", ids=[...])``) and its practice deals (the default of
``load_practice_deals()`` and ``show_tip``), never a path relative to its folder. Here the
notebooks' own code cells run from a folder far from the course."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from belote_teach.course.banks import scenario_banks
from belote_teach.course.errors import UnknownBankError
from belote_teach.course.lessons import COURSE
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.progress import CourseProgress
from belote_teach.ui import language
from belote_teach.ui.deal_examples import show_tip
from belote_teach.ui.lesson import exercises
from belote_teach.ui.practice_app import PracticeApp

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The notebooks of both editions, as ``en/01-cards-and-points.ipynb``.
EDITIONS = [f"{lang}/{item.notebook(lang)}" for item in COURSE for lang in ("en", "fr")]
#: A cell that draws a tip's position, asking the coach: slow, and its data is the practice
#: deals that the test of show_tip below reads by name.
_TIP_CELL = re.compile(r"^show_tip\(", re.MULTILINE)


@pytest.fixture
def drive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The kernel's working directory under JupyterLite: a folder without the course; the
    kernel's lesson language (a French notebook's ``use_language("fr")``) is left as found."""
    folder = tmp_path / "drive"
    folder.mkdir()
    monkeypatch.chdir(folder)
    monkeypatch.setenv("BELOTE_TEACH_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(language, "_chosen", None)
    return folder


def _code(path: str) -> list[str]:
    notebook: dict[str, Any] = json.loads((NOTEBOOKS / path).read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def test_the_notebook_style_call_gets_its_exercises_from_another_folder(drive: Path) -> None:
    ids = ["plain-ace-beats-ten", "trump-nine-beats-ace"]
    player = exercises("01-cards-and-points", ids=ids, lang="en")
    assert [e.id for e in player.exercises] == ids
    player.click("AH")
    assert CourseProgress().read().record.results("01-cards-and-points")
    whole = exercises("03-play-a-trick.yaml", title="Practice", lang="fr")
    assert len(whole.exercises) >= 15 and whole.lesson_id == "03-play-a-trick"


def test_the_practice_deals_come_by_default_from_another_folder(drive: Path) -> None:
    deals = load_practice_deals()
    app = PracticeApp(deals, lang="en", pace=0)
    assert len(app.choice.options) == len(deals) >= 12
    board = show_tip("take-the-turned-jack", hint=False, lang="en")
    assert "Take" in board.feedback_html


def test_a_bad_bank_name_lists_the_banks(drive: Path) -> None:
    with pytest.raises(UnknownBankError, match=r"^01-cards-and-point: cannot read the file: "
                                               r"no such file, nor a scenario bank") as err:
        exercises("01-cards-and-point", ids=["plain-ace-beats-ten"])
    assert err.value.names == scenario_banks()
    assert ", ".join(scenario_banks()) in str(err.value)


@pytest.mark.parametrize("path", EDITIONS)
def test_every_notebook_runs_from_another_folder(path: str, drive: Path) -> None:
    """Every code cell of the notebook but the tips' positions, run in order from a folder
    without the course, as JupyterLite's kernel runs them; no cell names a file by a path
    relative to the notebook's folder."""
    cells = _code(path)
    assert not [cell for cell in cells if re.search(r"""["']\.\.?/""", cell)]
    namespace: dict[str, Any] = {}
    for cell in cells:
        if not _TIP_CELL.search(cell):
            exec(compile(cell, f"{path} cell", "exec"), namespace)
