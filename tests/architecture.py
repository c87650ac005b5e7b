"""The house rules of DESIGN.md that import-linter's layers contract does not check.

:func:`private_imports` finds every place in ``belote_teach`` that reaches another module's
``_private`` name: ``from belote_teach.x import _name``, or ``module._name`` where
``module`` was imported from ``belote_teach``. What two modules need is public in the
lower one; a private module (``search/_solver_core.py``) may be imported by the modules of
its own subpackage, under its own name.

Run as a script (``make lint``), it prints each place found and exits 1 if there is one::

    python tests/architecture.py
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "belote_teach"


def module_name(path: Path, package: Path = PACKAGE) -> str:
    """The dotted name of the module at ``path`` (``belote_teach.engine.cards``)."""
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _subpackage(module: str) -> str:
    """``belote_teach.search`` for ``belote_teach.search.solver``: the module's folder."""
    return module.rsplit(".", 1)[0]


def private_imports(package: Path = PACKAGE) -> list[str]:
    """Every reach into another module's private names under ``package``, as
    ``"belote_teach.render.score_sheet:12: belote_teach.render.table._e"`` lines, sorted."""
    paths = sorted(package.rglob("*.py"))
    modules = {module_name(path, package): path for path in paths}
    found: list[str] = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        bound: dict[str, str] = {}        # local name -> belote_teach module it names
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                    and node.module.split(".")[0] == package.name:
                if _private(node.module.rsplit(".", 1)[-1]) \
                        and _subpackage(node.module) != _subpackage(name):
                    found.append(f"{name}:{node.lineno}: {node.module}")
                for alias in node.names:
                    target = f"{node.module}.{alias.name}"
                    if target in modules:
                        bound[alias.asname or alias.name] = target
                        if _private(alias.name) and _subpackage(target) != _subpackage(name):
                            found.append(f"{name}:{node.lineno}: {target}")
                    elif _private(alias.name):
                        found.append(f"{name}:{node.lineno}: {target}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == package.name and alias.asname:
                        bound[alias.asname] = alias.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in bound and _private(node.attr):
                found.append(f"{name}:{node.lineno}: {bound[node.value.id]}.{node.attr}")
    return sorted(found)


def main() -> int:
    """Print the private imports found; 1 if there are any, else 0."""
    found = private_imports()
    for line in found:
        print(f"private name of another module: {line}")
    if found:
        print(f"{len(found)} private imports: make the name public in the module that "
              "defines it (DESIGN.md)", file=sys.stderr)
        return 1
    print(f"no private imports across modules ({len(list(PACKAGE.rglob('*.py')))} modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
