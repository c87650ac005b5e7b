"""The launch configurations agree with the one dependency list, pyproject.toml.

``binder/requirements.txt`` holds ``.`` (the project itself) plus exact pins of the
packages that must agree for widgets to render in Voilà; each pin must lie in the range
pyproject.toml gives that package, and the pins must not contradict one another. The
Makefile holds the README's two commands, ``make run`` and ``make test``.
"""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[1]
BINDER_REQUIREMENTS = ROOT / "binder" / "requirements.txt"

#: The app's packages whose versions must agree (mismatched widget versions are the
#: most common reason widgets don't render in Voilà): all pinned for Binder.
WIDGET_STACK = (
    "voila",
    "ipywidgets",
    "jupyterlab_widgets",
    "widgetsnbextension",
    "anywidget",
    "jupyterlab",
    "jupyter_server",
)


def binder_lines() -> list[str]:
    """The requirement lines of binder/requirements.txt, comments and blanks dropped."""
    lines = []
    for raw in BINDER_REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            lines.append(line)
    return lines


def binder_pins() -> dict[str, Version]:
    """The exact pins of binder/requirements.txt by canonical name (``.`` excluded)."""
    pins: dict[str, Version] = {}
    for line in binder_lines():
        if line == ".":
            continue
        requirement = Requirement(line)
        specifiers = list(requirement.specifier)
        assert len(specifiers) == 1 and specifiers[0].operator == "==", (
            f"binder/requirements.txt: {line!r} is not an exact pin (name==version)")
        name = canonicalize_name(requirement.name)
        assert name not in pins, f"binder/requirements.txt pins {requirement.name} twice"
        pins[name] = Version(specifiers[0].version)
    return pins


def project_requirements() -> list[Requirement]:
    """pyproject.toml's dependencies and extras, without the project's own extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    own_name = canonicalize_name(project["name"])
    lines = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        lines.extend(extra)
    requirements = [Requirement(line) for line in lines]
    return [r for r in requirements if canonicalize_name(r.name) != own_name]


def test_binder_installs_the_project_itself() -> None:
    """``.`` is there, so Binder installs the package and its declared dependencies."""
    assert "." in binder_lines()


def test_widget_stack_is_pinned() -> None:
    """Every package of the widget stack has an exact pin."""
    missing = [name for name in WIDGET_STACK if canonicalize_name(name) not in binder_pins()]
    assert not missing, f"binder/requirements.txt does not pin {missing}"


def test_pins_lie_in_pyproject_ranges() -> None:
    """Each pin satisfies every range pyproject.toml gives the same package."""
    pins = binder_pins()
    outside = [
        f"{name}=={pins[name]} is outside {requirement} (pyproject.toml)"
        for requirement in project_requirements()
        if (name := canonicalize_name(requirement.name)) in pins
        and not requirement.specifier.contains(pins[name], prereleases=True)
    ]
    assert not outside, "\n".join(outside)


def test_pins_agree_with_each_other() -> None:
    """What each pinned package requires of another pinned package holds for the pins.

    The requirements are read from the installed distributions, so only the pins that
    match the installed version can be checked (all of them right after an install from
    binder/requirements.txt, as Binder does).
    """
    pins = binder_pins()
    checked, conflicts = [], []
    for name, version in pins.items():
        try:
            installed = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        if Version(installed.version) != version:
            continue
        checked.append(name)
        for line in installed.requires or []:
            requirement = Requirement(line)
            other = canonicalize_name(requirement.name)
            if other not in pins or (requirement.marker is not None
                                     and not requirement.marker.evaluate({"extra": ""})):
                continue
            if not requirement.specifier.contains(pins[other], prereleases=True):
                conflicts.append(f"{name}=={version} requires {requirement}, "
                                 f"pinned {other}=={pins[other]}")
    if not checked:
        pytest.skip("none of the pinned versions is installed here: nothing to compare")
    assert not conflicts, "\n".join(conflicts)


def test_makefile_has_the_two_readme_commands() -> None:
    """``make run`` and ``make test`` exist (the README's two commands)."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([A-Za-z][\w.-]*)\s*:(?!=)", makefile, flags=re.MULTILINE))
    assert {"run", "test"} <= targets, f"Makefile targets: {sorted(targets)}"
