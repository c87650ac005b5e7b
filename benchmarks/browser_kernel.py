"""The course's Python in the browser: the solver and the computer players timed inside
Pyodide in headless Chromium, beside the same code on CPython on this machine. A script
with a bounded run that prints figures, not a test.

    .venv/bin/python benchmarks/browser_kernel.py [--site _site] [--deals 10]
        [--endings 100] [--seed 1] [--player-deals 4] [--timeout 900]

What runs
---------
* The module ``benchmarks/browser_kernel_work.py`` (with ``benchmarks/solver.py``, whose
  positions and rules it uses, and ``benchmarks/machine.py``, which that imports), run
  as it is on both sides:
* in CPython, in this process, the solver on its compiled core and on its pure-Python one;
* in Pyodide (CPython 3.12 in WebAssembly) as the static edition ships it: the site of
  ``make site`` (``deploy/site/build.py``; built into ``--site`` unless it is there),
  served by ``python -m http.server`` on 127.0.0.1, opened by Debian's Chromium driven
  by Playwright (headless, the arguments of ``benchmarks/site.py``). A blank page of that
  origin loads ``static/pyodide/pyodide.mjs``, starts Pyodide with the site's
  ``pyodide-lock.json``, loads the course's wheel and its dependencies from it, writes
  the three modules into Pyodide's file system and calls their functions one batch at a
  time, on the page's main thread. There, numba and numpy do not exist (the solver runs
  its pure core) and there are no threads. ``psutil``, which ``benchmarks/machine.py``
  imports for functions not run there, is not in Pyodide: an empty module stands for it.

What is measured (wall clock, ``time.perf_counter`` inside Python on each side; in the
browser the page's clock, coarsened by Chromium to about 0.1 ms)
----------------------------------------------------------------------------------
* the solver: ``benchmarks/solver.py``'s 4-trick endings, then its full 8-trick deals
  (same generator, same ``--seed``, the endings drawn first), every legal card valued
  under its rules: each solve's time (ms: median, 95th percentile, maximum) in Pyodide,
  on CPython's pure core and on CPython's compiled core, the median nodes, and the
  positions where Pyodide's values differ from either CPython core's (there should be
  none). Each core is loaded before the clock runs (not counted);
* the computer players: for ``club`` and ``expert`` (their defaults; the expert's
  ``TIME_LIMIT`` of 0.5 s a decision), four players of the level play deals
  ``0 .. --player-deals - 1`` (``Deal.new(Seat.SOUTH, rng=i)``, ``random.Random(i)``, as
  ``benchmarks/players.py`` plays them), on each side (CPython on the compiled core, the
  course's default there): each bid and card decision's time (s: count, median, 95th
  percentile, maximum, how many over 2 s, the course's promise for the browser), the
  expert's card decisions where no world was valued in time (the club player's card
  played instead) and its decisions cut short by the time limit. The club player is
  deterministic: its deals must be played the same way on both sides.

The Pyodide part stops starting batches after ``--timeout`` seconds and the browser is
closed 60 s later if a batch is still running. Requests to any host but 127.0.0.1 are
counted and printed (there should be none). Progress goes to stderr. Exit status 0 when
everything ran and both sides agreed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "benchmarks"
sys.path[:0] = [str(ROOT), str(HERE)]
import browser_kernel_work as work  # noqa: E402
from machine import machine_facts, process_family  # noqa: E402
from solver import percentile  # noqa: E402

from benchmarks.site import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402

#: The modules written into Pyodide's file system: the work and what it imports.
MODULES = ("browser_kernel_work.py", "solver.py", "machine.py")
#: The site's package to load in Pyodide (its name in ``pyodide-lock.json``); the lock
#: brings its dependencies.
PACKAGES = ["belote-teach"]
#: Positions solved in one call into the page (full deals one at a time).
ENDINGS_BATCH = 20
#: Seconds a running batch is given past ``--timeout`` before the browser is closed.
GRACE_S = 60
LEVELS = ("club", "expert")
#: The course's promise: no computer decision over this many seconds in the browser.
PROMISE_S = 2.0

START_PYODIDE = """async ([base, files, packages]) => {
  const started = performance.now();
  const {loadPyodide} = await import(base + "static/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({indexURL: base + "static/pyodide/",
                                     lockFileURL: base + "static/pyodide/pyodide-lock.json"});
  await pyodide.loadPackage(packages);
  pyodide.FS.mkdirTree("/home/pyodide/bench");
  for (const [name, text] of Object.entries(files)) {
    pyodide.FS.writeFile("/home/pyodide/bench/" + name, text);
  }
  await pyodide.runPythonAsync(
    "import sys, types\\n"
    + "sys.path.insert(0, '/home/pyodide/bench')\\n"
    + "sys.modules.setdefault('psutil', types.ModuleType('psutil'))\\n"
    + "import browser_kernel_work");
  globalThis.benchPyodide = pyodide;
  return (performance.now() - started) / 1000;
}"""
CALL = "code => globalThis.benchPyodide.runPythonAsync(code)"


def say(text: str) -> None:
    """A progress line on stderr."""
    print(text, file=sys.stderr, flush=True)


class Pyodide:
    """Calls into ``browser_kernel_work`` in a page's Pyodide, within a deadline."""

    def __init__(self, page: Any, deadline: float) -> None:
        self.page = page
        self.deadline = deadline

    def __call__(self, name: str, *args: object) -> Any:
        """``browser_kernel_work.<name>(*args)``'s value, through JSON.

        Raises:
            TimeoutError: the deadline has passed; nothing was called.
            playwright's Error: the call failed in the page (its message holds Python's
                traceback) or the browser was closed.
        """
        if time.monotonic() > self.deadline:
            raise TimeoutError(f"--timeout reached before {name}{args}")
        code = (f"import json, browser_kernel_work as w\n"
                f"json.dumps(w.{name}(*json.loads({json.dumps(args)!r})))")
        return json.loads(self.page.evaluate(CALL, code))


def in_cpython(name: str, *args: object) -> Any:
    """``browser_kernel_work.<name>(*args)``'s value in this process, through JSON."""
    return json.loads(json.dumps(getattr(work, name)(*args)))


Side = Callable[..., Any]


def solve_all(side: Side, label: str, core: str, args: argparse.Namespace
              ) -> dict[str, list[dict[str, Any]]]:
    """Every position of both kinds solved on ``core`` by ``side``, in batches."""
    out: dict[str, list[dict[str, Any]]] = {}
    for kind, count, batch in (("endings", args.endings, ENDINGS_BATCH),
                               ("deals", args.deals, 1)):
        out[kind] = []
        for start in range(0, count, batch):
            out[kind] += side("solve_positions", core, kind, start,
                              min(count, start + batch), args.seed, args.deals, args.endings)
            say(f"  {label}: {kind} {len(out[kind])}/{count}")
    return out


def play_all(side: Side, label: str, deals: int) -> dict[str, list[dict[str, Any]]]:
    """Deals ``0 .. deals - 1`` played by four players of each level, one call a deal."""
    out: dict[str, list[dict[str, Any]]] = {}
    for level in LEVELS:
        out[level] = []
        for seed in range(deals):
            out[level].append(side("play_one", level, seed))
            say(f"  {label}: {level} deal {seed + 1}/{deals}")
    return out


def run_pyodide(base: str, args: argparse.Namespace, elsewhere: list[str]
                ) -> tuple[dict[str, Any], str | None]:
    """The Pyodide side's facts, solves and deals (what finished) and the failure, if
    any."""
    from playwright.sync_api import sync_playwright

    got: dict[str, Any] = {}
    files = {name: (HERE / name).read_text(encoding="utf-8") for name in MODULES}
    page_url = f"{base}kernel-bench.html"
    deadline = time.monotonic() + args.timeout
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        watchdog = threading.Timer(args.timeout + GRACE_S, close_browser)
        watchdog.start()
        try:
            context = browser.new_context()
            context.on("request", lambda request: note(request.url, elsewhere))
            page = context.new_page()
            page.route(page_url, lambda route: route.fulfill(
                body="<!doctype html><title>kernel bench</title>", content_type="text/html"))
            page.on("console", lambda message: say(f"  page: {message.text}"))
            page.goto(page_url)
            say("pyodide: starting")
            got["start_s"] = page.evaluate(START_PYODIDE, [base, files, PACKAGES])
            side = Pyodide(page, deadline)
            got["facts"] = side("facts")
            got["warm_s"] = side("warm_up", "pure")
            got["solves"] = solve_all(side, "pyodide", "pure", args)
            got["players"] = play_all(side, "pyodide", args.player_deals)
        except Exception as error:  # reported with the figures of what finished
            return got, short(error)
        finally:
            watchdog.cancel()
            browser.close()
    return got, None


def short(error: Exception) -> str:
    """``error`` in a line or two: its first line, and the Python exception that ended
    the traceback when the message holds one (a failure in the page)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    text = f"{type(error).__name__}: {lines[0] if lines else ''}"
    ends = [line for line in lines if re.match(r"[A-Za-z_.]*(Error|Exception)\b:?", line)]
    return f"{text}; {ends[-1]}" if ends and ends[-1] != lines[0] else text


def close_browser() -> None:
    """Kill this process's Chromium processes (by their ids), so that a batch running
    past the grace time ends in an error."""
    say(f"pyodide: still running {GRACE_S} s past --timeout: closing the browser")
    for process in process_family(os.getpid())[1:]:
        try:
            if "chrom" in process.name().lower():
                process.kill()
        except Exception:  # gone meanwhile
            continue


def note(url: str, elsewhere: list[str]) -> None:
    """Keep ``url`` in ``elsewhere`` when it asks a host other than 127.0.0.1."""
    parts = urlsplit(url)
    if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname != "127.0.0.1":
        elsewhere.append(url)


def row(values: list[float]) -> tuple[float, float, float]:
    """Median, 95th percentile (nearest rank) and maximum of ``values``."""
    return statistics.median(values), percentile(values, 0.95), max(values)


def report_solver(sides: dict[str, dict[str, list[dict[str, Any]]]], seed: int) -> int:
    """Print the solver's figures by kind of position; the positions where Pyodide's
    values differ from a CPython core's."""
    differ = 0
    titles = {"endings": "4-trick endings", "deals": "full 8-trick deals"}
    for kind, title in titles.items():
        counts = {len(solved[kind]) for solved in sides.values() if kind in solved}
        print(f"\n{title}, seed {seed}: {', '.join(f'{n}' for n in sorted(counts))} positions")
        print(f"  {'ms':20} {'median':>9} {'p95':>9} {'max':>9} {'nodes':>9}")
        stats = {}
        for label, solved in sides.items():
            results = solved.get(kind, [])
            if not results:
                print(f"  {label:20} {'(none)':>9}")
                continue
            stats[label] = row([r["ms"] for r in results])
            nodes = int(statistics.median(r["nodes"] for r in results))
            print(f"  {label:20} {stats[label][0]:9.3f} {stats[label][1]:9.3f} "
                  f"{stats[label][2]:9.3f} {nodes:9d}")
        browser = "Pyodide, pure"
        for label in ("CPython, pure", "CPython, compiled"):
            if browser in stats and label in stats:
                ratio = [a / b for a, b in zip(stats[browser], stats[label], strict=True)]
                print(f"  {'ratio':20} {ratio[0]:9.1f} {ratio[1]:9.1f} {ratio[2]:9.1f}"
                      f"   (Pyodide / {label})")
        ours = sides.get(browser, {}).get(kind, [])
        for label in ("CPython, pure", "CPython, compiled"):
            theirs = sides.get(label, {}).get(kind, [])
            pairs = list(zip(ours, theirs, strict=False))
            wrong = sum(a["values"] != b["values"] for a, b in pairs)
            other_nodes = sum(a["nodes"] != b["nodes"] for a, b in pairs)
            differ += wrong
            print(f"  values: Pyodide against {label}: {wrong} of {len(pairs)} positions "
                  f"differ (nodes differ in {other_nodes})")
    return differ


def report_players(sides: dict[str, dict[str, list[dict[str, Any]]]]) -> int:
    """Print the players' decision times by level, side and kind; the club deals played
    differently in Pyodide and in CPython."""
    print(f"\n{'players, seconds':24} {'n':>5} {'median':>8} {'p95':>8} {'max':>8} "
          f"{'> 2 s':>6} {'no world':>9} {'cut short':>10}")
    for level in LEVELS:
        for label, played in sides.items():
            deals = played.get(level, [])
            if not deals:
                continue
            decisions = [d for deal in deals for d in deal["decisions"]]
            cut = sum(deal["cut_short"] for deal in deals)
            unsolved = sum(deal["unsolved"] for deal in deals)
            for kind in ("bid", "card"):
                times = [d[1] for d in decisions if d[0] == kind]
                if not times:
                    continue
                median, p95, most = row(times)
                over = sum(t > PROMISE_S for t in times)
                extra = (f" {unsolved:>9} {cut:>10}" if level == "expert" and kind == "card"
                         else "")
                print(f"{level + ', ' + label + ', ' + kind:24} {len(times):5} {median:8.3f} "
                      f"{p95:8.3f} {most:8.3f} {over:6}{extra}")
    print("  no world: the expert's card decisions where no world was valued in time (the "
          "club card played);\n  cut short: the expert's decisions, bids and cards, that "
          "reached its time limit")
    ours = sides.get("Pyodide", {}).get("club", [])
    theirs = sides.get("CPython", {}).get("club", [])
    same = sum(a["actions"] == b["actions"] for a, b in zip(ours, theirs, strict=False))
    compared = min(len(ours), len(theirs))
    print(f"club: the same actions in Pyodide and CPython in {same} of {compared} deals")
    return compared - same


def main() -> int:
    """Measure on CPython, then in Pyodide, print; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site",
                        help="the static edition (built there when missing; default _site)")
    parser.add_argument("--deals", type=int, default=10, help="full deals solved (default 10)")
    parser.add_argument("--endings", type=int, default=100,
                        help="4-trick endings solved (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the positions' seed (default 1)")
    parser.add_argument("--player-deals", type=int, default=4,
                        help="deals played by each level (default 4)")
    parser.add_argument("--timeout", type=float, default=900,
                        help="seconds for the Pyodide part (default 900)")
    args = parser.parse_args()
    lock = args.site / "static" / "pyodide" / "pyodide-lock.json"
    if not lock.is_file():
        subprocess.run([sys.executable, str(ROOT / "deploy" / "site" / "build.py"),
                        "--output", str(args.site)], check=True)
    print("the course's Python in Pyodide (headless Chromium) beside CPython "
          "(figures only, not a test)")
    for line in machine_facts("not pinned"):
        print("  " + line)
    print(f"  load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    say("cpython: loading the solver's cores")
    facts = in_cpython("facts")
    compiled_s = in_cpython("warm_up", "compiled")
    pure_s = in_cpython("warm_up", "pure")
    solves = {"CPython, pure": solve_all(in_cpython, "cpython pure", "pure", args),
              "CPython, compiled": solve_all(in_cpython, "cpython compiled", "compiled",
                                             args)}
    played = {"CPython": play_all(in_cpython, "cpython", args.player_deals)}
    elsewhere: list[str] = []
    with serve(args.site) as base:
        browser, failure = run_pyodide(base, args, elsewhere)
    print(f"  CPython: {facts}; the compiled core loaded in {compiled_s:.1f} s, the pure "
          f"core's tables built in {pure_s:.2f} s (not counted)")
    if "facts" in browser:
        print(f"  Pyodide: {browser['facts']}; started with its packages in "
              f"{browser['start_s']:.1f} s, the pure core's tables built in "
              f"{browser.get('warm_s', float('nan')):.2f} s (not counted)")
    solves = {"Pyodide, pure": browser.get("solves", {}), **solves}
    differ = report_solver(solves, args.seed)
    played = {"Pyodide": browser.get("players", {}), **played}
    club_differ = report_players(played)
    shown = f" {elsewhere[:5]}" if elsewhere else ""
    print(f"\nrequests to another host: {len(elsewhere)}{shown}")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if failure:
        print(f"Pyodide failed: {failure}")
    complete = (all(len(browser.get("solves", {}).get(kind, [])) == count
                    for kind, count in (("endings", args.endings), ("deals", args.deals)))
                and all(len(browser.get("players", {}).get(level, [])) == args.player_deals
                        for level in LEVELS))
    return 0 if complete and not failure and not differ and not club_differ \
        and not elsewhere else 1


if __name__ == "__main__":
    sys.exit(main())
