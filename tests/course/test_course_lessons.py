"""The course map (belote_teach.course.lessons): the lessons 00-08 in order with their ids,
notebooks in both editions, exercise banks, kinds and bilingual titles; the map agrees
with the notebooks of notebooks/ and the banks of the package; choosing a lesson's
exercises by id."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_teach import explain
from belote_teach.course.banks import scenario_banks
from belote_teach.course.errors import UnknownExerciseError, UnknownLessonError
from belote_teach.course.lessons import (
    COURSE,
    Lesson,
    LessonKind,
    lesson,
    select_exercises,
)
from belote_teach.course.scenarios import load_bank

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def test_the_lessons_are_numbered_0_to_8_in_order_with_their_notebook_stems() -> None:
    assert [item.number for item in COURSE] == list(range(9))
    assert [item.id for item in COURSE] == [
        "00-welcome", "01-cards-and-points", "02-deal-and-bidding", "03-play-a-trick",
        "04-announcements", "05-scoring", "06-tips", "07-practice-hands", "08-play-a-game"]
    for item in COURSE:
        assert item.notebook() == item.notebook("en") == f"{item.id}.ipynb"
        assert item.notebook_path(NOTEBOOKS) == NOTEBOOKS / "en" / f"{item.id}.ipynb"
        assert item.notebook_path("x", "fr") == Path("x") / "fr" / f"{item.french}.ipynb"


def test_each_lesson_has_its_fixed_french_notebook_name() -> None:
    assert [item.notebook("fr") for item in COURSE] == [
        "00-bienvenue.ipynb", "01-cartes-et-points.ipynb", "02-donne-et-encheres.ipynb",
        "03-jouer-un-pli.ipynb", "04-annonces.ipynb", "05-compter-les-points.ipynb",
        "06-conseils.ipynb", "07-donnes-d-entrainement.ipynb", "08-une-partie.ipynb"]
    assert [item.stem("fr") for item in COURSE] == [item.french for item in COURSE]
    assert [item.stem("en") for item in COURSE] == [item.id for item in COURSE]
    assert lesson(0).href("fr") == "../fr/00-bienvenue.ipynb"
    assert lesson(0).href("en") == "../en/00-welcome.ipynb"
    for bad in ("de", "EN", ""):
        with pytest.raises(ValueError, match=f"unknown edition {bad!r}: expected one of en, fr"):
            lesson(3).notebook(bad)


def test_the_progress_key_is_the_same_in_both_editions() -> None:
    """A lesson's progress is kept under its id, which is its bank's name: the French
    notebook of a lesson loads the same bank as the English one, so both editions read
    and write the same record."""
    for item in COURSE:
        if item.bank is not None:
            assert item.bank == item.id == Path(item.scenario_file or "").stem
        assert item.french != item.id


def test_exercise_files_and_kinds() -> None:
    without = {item.id for item in COURSE if item.scenario_file is None}
    assert without == {"00-welcome", "07-practice-hands", "08-play-a-game"}
    assert lesson(5).bank == "05-scoring" and lesson(5).scenario_file == "05-scoring.yaml"
    assert lesson(5).scenario_path("mine") == Path("mine") / "scenarios" / "05-scoring.yaml"
    assert lesson(7).bank is lesson(7).scenario_path("mine") is None
    kinds = {item.number: item.kind for item in COURSE}
    assert kinds[7] is LessonKind.PRACTICE and kinds[8] is LessonKind.GAME
    assert all(kinds[n] is LessonKind.LESSON for n in range(7))


@pytest.mark.parametrize("lang", explain.LANGUAGES)
def test_every_lesson_has_a_title_and_a_summary_in_both_languages(lang: str) -> None:
    titles = [item.title(lang) for item in COURSE]
    assert all(titles) and len(set(titles)) == len(titles)
    for item in COURSE:
        summary = item.summary(lang)
        assert len(summary) > 20 and summary != item.title(lang)
    assert {kind.label(lang) for kind in LessonKind} == set(
        explain.catalog(lang)["course"]["kinds"].values())


def test_titles_are_translated() -> None:
    assert lesson(3).title("en") == "Play a trick"
    assert lesson(3).title("fr") == "Jouer un pli"
    assert LessonKind.GAME.label("fr") == "appli de jeu"
    differ = [item for item in COURSE if item.title("en") != item.title("fr")]
    assert differ == list(COURSE)


def test_every_notebook_and_bank_of_the_course_is_on_the_map() -> None:
    ids = {item.id for item in COURSE}
    notebooks = {path.stem for path in (NOTEBOOKS / "en").glob("*.ipynb")}
    assert notebooks and notebooks <= ids
    french = {path.stem for path in (NOTEBOOKS / "fr").glob("*.ipynb")}
    assert french and french <= {item.french for item in COURSE}
    assert {"00-welcome", "03-play-a-trick", "07-practice-hands", "08-play-a-game"} <= notebooks
    with_exercises = {item.bank for item in COURSE if item.bank is not None}
    assert set(scenario_banks()) == with_exercises


def test_lesson_by_number_or_id() -> None:
    assert lesson(3) is lesson("03-play-a-trick") is COURSE[3]
    for bad in (9, -1, "03", "play-a-trick", True, 3.0):
        with pytest.raises(UnknownLessonError, match="00-welcome, 01-cards-and-points"):
            lesson(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("number", "lesson_id"), [(3, "3-play"), (3, "04-tips"),
                                                   (3, "03-Play"), (3, "03-play--a"),
                                                   (3, "03-")])
def test_a_malformed_lesson_is_refused(number: int, lesson_id: str) -> None:
    with pytest.raises(ValueError, match=f"lesson id {lesson_id!r}"):
        Lesson(number, lesson_id, LessonKind.LESSON, has_exercises=True, french="03-jouer")
    with pytest.raises(ValueError, match=f"French notebook stem {lesson_id!r}"):
        Lesson(number, "03-play", LessonKind.LESSON, has_exercises=True, french=lesson_id)


def test_select_exercises_keeps_the_order_asked() -> None:
    scenarios = load_bank("03-play-a-trick")
    ids = [s.id for s in scenarios]
    wanted = [ids[4], ids[0], ids[-1]]
    chosen = select_exercises(scenarios, wanted, id_of=lambda s: s.id, file="03.yaml")
    assert [s.id for s in chosen] == wanted
    assert all(s in scenarios for s in chosen)


def test_select_exercises_names_what_is_wrong() -> None:
    scenarios = ["lead", "follow", "ruff"]
    with pytest.raises(UnknownExerciseError,
                       match=r"f\.yaml: no scenario 'nope'; the file holds lead, follow, ruff"):
        select_exercises(scenarios, ["lead", "nope"], id_of=str, file="f.yaml")
    with pytest.raises(UnknownExerciseError, match="'ruff' is asked twice"):
        select_exercises(scenarios, ["ruff", "lead", "ruff"], id_of=str, file="f.yaml")
    with pytest.raises(UnknownExerciseError, match="no exercise id given"):
        select_exercises(scenarios, [], id_of=str, file="f.yaml")
    with pytest.raises(UnknownExerciseError, match="list of scenario ids"):
        select_exercises(scenarios, "lead", id_of=str, file="f.yaml")
    assert issubclass(UnknownExerciseError, ValueError)


def test_lesson_3_says_pli_like_the_rest_of_the_french_course() -> None:
    """One word per concept (RULES.md R8): the French course says « pli », so lesson 3 is
    « Jouer un pli », in notebooks/fr/03-jouer-un-pli.ipynb, and nothing still points at
    its former name."""
    import json
    import re

    trick = lesson("03-play-a-trick")
    assert trick.notebook("fr") == "03-jouer-un-pli.ipynb"
    path = NOTEBOOKS / "fr" / trick.notebook("fr")
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"]["title"] == "Leçon 3 · Jouer un pli"
    assert "".join(notebook["cells"][0]["source"]).startswith("# Leçon 3 · Jouer un pli\n")
    root = NOTEBOOKS.parent
    texts = [*root.glob("*.md"), *(root / "docs").rglob("*.md"), *(root / "deploy").rglob("*.md"),
             *(root / "belote_teach").rglob("*.py"), *(root / "belote_teach").rglob("*.yaml"),
             *(root / "tests").rglob("*.py"), *(root / "binder").rglob("*"),
             *NOTEBOOKS.rglob("*.ipynb"), *NOTEBOOKS.rglob("*.yaml")]
    old = "jouer-une-" + "levee"                         # not this file's own mention
    stale = [str(p.relative_to(root)) for p in texts if p.is_file()
             and old in p.read_text(encoding="utf-8", errors="replace")]
    assert stale == []
    french = [*(NOTEBOOKS / "fr").glob("*.ipynb"), root / "belote_teach" / "explain" / "fr.yaml"]
    assert [p.name for p in french
            if re.search(r"\blevées?\b", p.read_text(encoding="utf-8"), re.I)] == []
