"""The course's data files in the package (belote_teach.course.banks): the scenario banks and
the practice deals are found by name wherever the working directory is (a kernel starts in
the lesson's folder under Voilà, in /drive under JupyterLite), a teacher's file by its path,
a bad name is told with the names there are, and the wheel carries every data file."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from belote_teach.course.banks import (
    CourseFile,
    find_bank,
    find_deals,
    practice_files,
    scenario_banks,
)
from belote_teach.course.errors import (
    PracticeFileError,
    ScenarioFileError,
    UnknownBankError,
    UnknownDealsError,
)
from belote_teach.course.lessons import COURSE
from belote_teach.course.practice import load_practice_deals
from belote_teach.course.scenarios import check_file, load_bank, load_file

ROOT = Path(__file__).resolve().parents[2]
#: The data files in the source tree: what the wheel must carry.
DATA = ROOT / "belote_teach" / "course" / "data"
BANKS = ("01-cards-and-points", "02-deal-and-bidding", "03-play-a-trick", "04-announcements",
         "05-scoring", "06-tips")
TEACHER = "- {id: lead, kind: play, trump: H, trick: [], hand: [JH, 7S], legal: [JH, 7S]}\n"


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory far from the course, as /drive is under JupyterLite."""
    folder = tmp_path / "drive"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def test_the_banks_are_the_lessons_with_exercises() -> None:
    assert scenario_banks() == BANKS
    assert tuple(item.bank for item in COURSE if item.bank is not None) == BANKS
    assert practice_files() == ("practice",)


@pytest.mark.parametrize("name", BANKS)
def test_a_bank_is_found_by_name_from_any_folder(name: str, elsewhere: Path) -> None:
    for given in (name, f"{name}.yaml"):
        found = find_bank(given)
        assert found == CourseFile(name, str(DATA / "scenarios" / f"{name}.yaml"), True,
                                   found.folder)
        assert Path(found.file).is_file() and not Path(found.file).is_relative_to(elsewhere)
    scenarios = load_bank(name)
    assert scenarios == load_file(DATA / "scenarios" / f"{name}.yaml")
    assert {s.file for s in scenarios} == {find_bank(name).file}
    assert check_file(name).ok


def test_the_practice_deals_are_found_by_name_from_any_folder(elsewhere: Path) -> None:
    assert find_deals().packaged and find_deals("practice.yaml") == find_deals()
    deals = load_practice_deals()
    assert deals == load_practice_deals("practice") == load_practice_deals(
        DATA / "deals" / "practice.yaml")
    assert len(deals) >= 12 and {d.file for d in deals} == {find_deals().file}


def test_a_teachers_bank_is_a_path(elsewhere: Path) -> None:
    (elsewhere / "quiz.yaml").write_text(TEACHER, encoding="utf-8")
    (elsewhere / "mine").mkdir()
    (elsewhere / "mine" / "quiz.yaml").write_text(TEACHER, encoding="utf-8")
    for given, file in (("quiz.yaml", "quiz.yaml"), ("./quiz.yaml", "./quiz.yaml"),
                        (elsewhere / "mine" / "quiz.yaml", str(elsewhere / "mine" / "quiz.yaml")),
                        ("mine/quiz.yaml", "mine/quiz.yaml")):
        found = find_bank(given)
        assert (found.name, found.file, found.packaged) == ("quiz", file, False)
        [scenario] = load_bank(given)
        assert (scenario.id, scenario.file) == ("lead", file)


def test_a_banks_name_wins_over_a_file_of_the_working_directory(elsewhere: Path) -> None:
    (elsewhere / "03-play-a-trick.yaml").write_text(TEACHER, encoding="utf-8")
    assert find_bank("03-play-a-trick.yaml").packaged
    assert not find_bank("./03-play-a-trick.yaml").packaged          # the file, by its path
    assert len(load_bank("./03-play-a-trick.yaml")) == 1


@pytest.mark.parametrize(("given", "hint"), [
    ("03-play-a-trik", "03-play-a-trick"),
    ("../scenarios/01-cards-and-points.yaml", "01-cards-and-points"),   # the old notebooks'
    ("nothing-like-it", None),
])
def test_an_unknown_bank_is_told_with_the_banks(given: str, hint: str | None,
                                                elsewhere: Path) -> None:
    with pytest.raises(UnknownBankError) as err:
        load_bank(given)
    assert isinstance(err.value, ScenarioFileError) and isinstance(err.value, ValueError)
    assert not isinstance(err.value, PracticeFileError)
    assert err.value.names == BANKS and err.value.file == given and err.value.line is None
    assert str(err.value).startswith(
        f"{given}: cannot read the file: no such file, nor a scenario bank of the course "
        f"({', '.join(BANKS)}): give one of these names (e.g. ")
    if hint is not None:
        assert f"(e.g. {hint!r})" in str(err.value)


def test_unknown_practice_deals_are_told_with_their_names(elsewhere: Path) -> None:
    with pytest.raises(UnknownDealsError) as err:
        load_practice_deals("../deals/practice.yaml")
    assert isinstance(err.value, PracticeFileError) and isinstance(err.value, UnknownBankError)
    assert err.value.names == ("practice",)
    assert "nor a practice deals file of the course (practice)" in str(err.value)


def test_the_package_holds_every_data_file_of_the_source_tree() -> None:
    """What importlib.resources reads (the installed package's files, the wheel's when
    installed from one) is every data file of the source tree."""
    def listed(folder: resources.abc.Traversable, prefix: str = "") -> set[str]:
        found: set[str] = set()
        for item in folder.iterdir():
            if item.is_dir():
                found |= listed(item, f"{prefix}{item.name}/")
            else:
                found.add(f"{prefix}{item.name}")
        return found

    source = {path.relative_to(DATA).as_posix() for path in DATA.rglob("*") if path.is_file()}
    assert {"scenarios/03-play-a-trick.yaml", "deals/practice.yaml"} <= source
    assert listed(resources.files("belote_teach.course") / "data") == source


def test_the_wheel_takes_every_data_file() -> None:
    """The wheel (hatchling: ``packages = ["belote_teach"]``) takes every file of the package
    that git does not ignore: every data file is tracked, so none is left out."""
    tracked = subprocess.run(["git", "ls-files", "--", str(DATA)], cwd=ROOT, text=True,
                             capture_output=True, check=False)
    if tracked.returncode != 0:
        pytest.skip(f"not a git checkout: {tracked.stderr.strip()}")
    in_git = {Path(line).relative_to("belote_teach/course/data").as_posix()
              for line in tracked.stdout.splitlines()}
    source = {path.relative_to(DATA).as_posix() for path in DATA.rglob("*") if path.is_file()}
    assert in_git == source
    if sys.version_info >= (3, 11):
        import tomllib

        wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
            "tool"]["hatch"]["build"]["targets"]["wheel"]
        assert wheel["packages"] == ["belote_teach"]
        assert not {"exclude", "only-include", "include"} & set(wheel)
