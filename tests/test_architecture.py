"""The shape of the house (DESIGN.md): the layers contract holds, no module reaches into
another's private names, and every module imports alone in a fresh interpreter (no
import cycle that works only when something else was imported first)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import tomllib
from architecture import PACKAGE, module_name, private_imports

ROOT = PACKAGE.parent
MODULES = sorted(module_name(path) for path in PACKAGE.rglob("*.py"))


def test_the_layers_contract_is_kept() -> None:
    """import-linter's layers contract of pyproject.toml, as `make lint` runs it."""
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 kept, 0 broken" in done.stdout


def test_the_layers_are_the_package_folders() -> None:
    """Every subpackage has its place in the contract, in DESIGN.md's order."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = config["tool"]["importlinter"]["contracts"][0]
    layers = [name.strip() for layer in contract["layers"] for name in layer.split("|")]
    assert layers == ["cli", "serve", "ui", "render", "course", "coach", "players",
                      "search", "explain", "engine"]
    folders = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
    assert folders == sorted(set(layers) - {"cli"})
    assert contract["exhaustive"] is True


def test_no_module_imports_another_modules_private_names() -> None:
    assert private_imports() == []


def test_the_private_import_check_finds_each_kind(tmp_path: Path) -> None:
    """The check is not blind: each way of reaching a private name is reported, and a
    private module imported within its own subpackage is not."""
    package = tmp_path / "belote_teach"
    (package / "low").mkdir(parents=True)
    (package / "high").mkdir()
    for init in (package, package / "low", package / "high"):
        (init / "__init__.py").write_text("")
    (package / "low" / "base.py").write_text("_SECRET = 1\nPUBLIC = 2\n")
    (package / "low" / "_core.py").write_text("X = 1\n")
    (package / "low" / "user.py").write_text("from belote_teach.low import _core\n")
    (package / "high" / "user.py").write_text(textwrap.dedent("""\
        from belote_teach.low import base
        from belote_teach.low.base import _SECRET, PUBLIC
        from belote_teach.low import _core
        VALUE = base._SECRET + base.PUBLIC
        """))
    found = private_imports(package)
    assert found == ["belote_teach.high.user:2: belote_teach.low.base._SECRET",
                     "belote_teach.high.user:3: belote_teach.low._core",
                     "belote_teach.high.user:4: belote_teach.low.base._SECRET"]


@pytest.mark.parametrize("module", MODULES)
def test_each_module_imports_alone(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
