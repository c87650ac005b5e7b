"""Widget state of the lesson pages: what the page must fetch from the kernel before it
can draw a widget. A script with a bounded run that prints figures, not a test.

    .venv/bin/python benchmarks/widget_state.py [--edition en] [--edition fr]
        [--lesson 03] [--top 4] [--timeout 600]

Why it matters
------------------------
When a Voilà page loads, its widget manager (``@jupyter-widgets/base`` 8,
``_loadFromKernel``) asks the kernel for the state of every widget model over the
control comm and gives up after 4 seconds (``CONTROL_COMM_TIMEOUT``): a busy machine
that cannot build and send that state in time leaves the page with "model not found"
or dead widgets. The fewer models and bytes, the sooner the answer comes.

What runs
---------
Each lesson notebook (``notebooks/<edition>/NN-*.ipynb``) is run top to bottom by
nbclient in a fresh ``python3`` kernel started in the notebook's own folder (as Voilà
and nbval do), with one cell added at the end that
measures, in that kernel, what the kernel would answer the page's ``request_states``:
the ``update_states`` message ipywidgets' ``Widget._handle_control_comm_msg`` builds
(every live model with ``widget.get_state()``, binary buffers taken out), serialized
as ``jupyter_client`` sends it (``json.dumps``, UTF-8).

What is printed
---------------
Per notebook: the number of widget models, the bytes of that message (KB = 1000 bytes),
the milliseconds the kernel took to build it (one core of this machine, idle kernel: a
loaded machine takes longer), the seconds the whole notebook took to run, the biggest
model, and the model kinds that weigh the most (count and KB); then the
largest page of each edition against the budget (under 250 models and under
250 KB per lesson page). A notebook that fails or runs past ``--timeout`` is reported as
such, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
EDITIONS = ("en", "fr")
#: The budget for one lesson page.
BUDGET_MODELS = 250
BUDGET_BYTES = 250_000
MARK = "WIDGET-STATE "

# Run in the lesson's kernel after its last cell: the update_states message that
# Widget._handle_control_comm_msg sends for request_states, measured as sent.
MEASURE = f"""
import collections as _c, json as _j, time as _t
from ipywidgets.widgets.widget import _instances as _i, _remove_buffers as _rb
_start = _t.perf_counter()
_full_state = {{w.model_id: {{"model_name": w._model_name, "model_module": w._model_module,
                             "model_module_version": w._model_module_version,
                             "state": w.get_state(drop_defaults=False)}}
               for w in list(_i.values())}}
_full, _paths, _bufs = _rb(_full_state)
_msg = _j.dumps(dict(method="update_states", states=_full, buffer_paths=_paths),
                ensure_ascii=False).encode("utf-8")
_build_ms = (_t.perf_counter() - _start) * 1000
_kinds = _c.defaultdict(lambda: [0, 0])
_biggest = ("", 0)
for _id, _one in _full.items():
    _size = len(_j.dumps(_one, ensure_ascii=False).encode("utf-8"))
    _name = type(_i[_id]).__name__
    _kinds[_name][0] += 1
    _kinds[_name][1] += _size
    if _size > _biggest[1]:
        _biggest = (_name, _size)
print({MARK!r} + _j.dumps({{"models": len(_full),
                             "bytes": len(_msg) + sum(len(b) for b in _bufs),
                             "build_ms": _build_ms,
                             "biggest": _biggest, "kinds": dict(_kinds)}}))
"""


def lesson_notebooks(editions: list[str], lessons: list[str]) -> list[Path]:
    """The lesson notebooks of ``editions`` whose number is in ``lessons`` (all if empty),
    in course order."""
    found = []
    for edition in editions:
        for path in sorted((NOTEBOOKS / edition).glob("[0-9][0-9]-*.ipynb")):
            if not lessons or path.name[:2] in lessons:
                found.append(path)
    return found


def measure(path: Path, timeout: int) -> dict[str, object]:
    """The widget state figures of the notebook ``path`` after it ran in a fresh kernel.

    Raises:
        nbclient's CellExecutionError / CellTimeoutError: a cell failed or ran too long.
        RuntimeError: the measuring cell printed nothing readable.
    """
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(MEASURE))
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    for output in nb.cells[-1].outputs:
        for line in output.get("text", "").splitlines():
            if line.startswith(MARK):
                figures: dict[str, object] = json.loads(line[len(MARK):])
                return figures
    raise RuntimeError(f"{path}: the measuring cell printed no figures: "
                       f"{nb.cells[-1].outputs!r}")


def kinds_text(kinds: dict[str, list[int]], top: int) -> str:
    """The ``top`` heaviest model kinds as ``Name count×/KB``."""
    heaviest = sorted(kinds.items(), key=lambda item: -item[1][1])[:top]
    return ", ".join(f"{name} {count}/{size / 1000:.0f}" for name, (count, size) in heaviest)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", action="append", choices=EDITIONS,
                        help="measure this edition (repeatable; default: both)")
    parser.add_argument("--lesson", action="append", metavar="NN",
                        help="measure only lesson NN, e.g. 03 (repeatable; default: all)")
    parser.add_argument("--top", type=int, default=4,
                        help="model kinds listed per notebook, heaviest first (default 4)")
    parser.add_argument("--timeout", type=int, default=600,
                        help="seconds allowed per cell (default 600)")
    args = parser.parse_args()
    editions = args.edition or list(EDITIONS)
    paths = lesson_notebooks(editions, args.lesson or [])
    if not paths:
        parser.error("no lesson notebook matches --edition/--lesson")
    print("Widget state a lesson page fetches at load (update_states over the control "
          "comm); figures, not a test")
    print(f"budget per lesson page: under {BUDGET_MODELS} models and "
          f"{BUDGET_BYTES // 1000} KB")
    print()
    header = (f"{'notebook':<34} {'models':>6} {'KB':>7} {'build ms':>8} {'run s':>6}  "
              f"{'biggest model':<20}  heaviest kinds (count/KB)")
    print(header)
    print("-" * len(header))
    worst: dict[str, tuple[int, int]] = {}
    failed = 0
    for path in paths:
        name = f"{path.parent.name}/{path.name}"
        start = time.perf_counter()
        try:
            figures = measure(path, args.timeout)
        except Exception as err:  # a failing notebook is reported, the run goes on
            failed += 1
            print(f"{name:<34} failed after {time.perf_counter() - start:.0f} s: "
                  f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}")
            continue
        seconds = time.perf_counter() - start
        models, size = int(figures["models"]), int(figures["bytes"])      # type: ignore[call-overload]
        big_name, big_size = figures["biggest"]                           # type: ignore[misc]
        build = float(figures["build_ms"])                               # type: ignore[arg-type]
        print(f"{name:<34} {models:>6} {size / 1000:>7.1f} {build:>8.1f} {seconds:>6.0f}  "
              f"{big_name + f' {big_size / 1000:.1f} KB':<20}  "
              f"{kinds_text(figures['kinds'], args.top)}", flush=True)  # type: ignore[arg-type]
        edition = path.parent.name
        old = worst.get(edition, (0, 0))
        worst[edition] = (max(old[0], models), max(old[1], size))
    print()
    for edition, (models, size) in worst.items():
        verdict = ("within" if models < BUDGET_MODELS and size < BUDGET_BYTES
                   else "OVER")
        print(f"{edition}: largest page {models} models, {size / 1000:.1f} KB: {verdict} "
              "the budget")
    if failed:
        print(f"{failed} notebook(s) failed", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
