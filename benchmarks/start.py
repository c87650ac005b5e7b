"""Fast start: how long a learner waits for the course, in a real browser. A script with a
bounded run that prints figures, not a test.

    .venv/bin/python benchmarks/start.py [--runs 3] [--port 0]
        [--lessons en/01 en/02 ... fr/01 fr/03] [--quiet-timeout 240] [--keep-logs]

What runs
---------
* The course server as ``make run`` starts it, from the repository root:
  ``python -m belote_teach.serve.server notebooks --no-browser --port=PORT
  --Voila.ip=127.0.0.1`` (this interpreter; its own process group), with its
  configuration of :mod:`belote_teach.serve.server` (kernel culling, template, preheated
  kernels when enabled there). The learner's progress goes to a temporary folder
  (``BELOTE_TEACH_DATA``), so the run neither reads nor changes the user's.
* Debian's Chromium driven by Playwright, headless, launched before the server with the
  arguments of the browser tests (``tests/browser/conftest.py``), one page.

What is measured (seconds, per run; the table gives the median and the maximum)
-------------------------------------------------------------------------------
* server up: from the server's process start to ``/`` answering (an HTTP answer, the
  redirection to the welcome page, not followed: following it would start a kernel);
* welcome: from the process start (and from "server up") to the welcome page's first
  interactive widget, ``/`` opened in the browser as soon as the server answers. The
  welcome page is interactive when its course map shows the link to lesson 1 and one of
  its buttons (the EN / FR switch) is visible and enabled: the widgets are drawn from the
  kernel's state, so the kernel is connected and a click is answered;
* first click: the eager learner, lesson 1 clicked on the map as soon as the welcome page
  is interactive (the server may still be starting kernels), click to the lesson's first
  interactive widget;
* quiet: from "server up" to the server at rest (its processes, kernels included, using
  under 10 % of a core over a second): the kernels it prepares in advance, if any, are
  ready;
* each lesson: from the welcome page of its edition (server at rest), the click on its
  link on the course map to the lesson's first interactive widget: the first button,
  text field or drop-down of a widget of the page visible and enabled (a card of a
  board, a button of an exercise player, the table's "New game");
* memory, once at rest after the server start of each run: the resident memory (RSS) of
  the server and of each kernel it keeps running (the pages of this run are closed).

Whether a page was served by a kernel prepared in advance is read from the server's log
("Using pre-heated kernel"). A lesson page showing a Python traceback or a widget that failed
to draw is reported under its figures; a page with no interactive widget at all within
three minutes stops the run. Everything started is stopped at the end
(the server's whole process group), on Ctrl-C too.
Exit status: 0 when every page came up, 1 when one did not, 2 when the run could not start.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import psutil
from machine import cpu_seconds, machine_facts, process_family

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from belote_teach.course.lessons import COURSE  # noqa: E402
from belote_teach.serve.server import QUIET_SECONDS  # noqa: E402
from conftest import (  # noqa: E402  (the browser tests' Chromium and its arguments)
    CHROMIUM_ARGS,
    COURSE_DIRECTORY,
    SERVER_START_TIMEOUT,
    find_chromium,
    stop_process_group,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: The lessons clicked by default: every lesson of the English edition, two French ones.
DEFAULT_LESSONS = (*(f"en/{n:02d}" for n in range(1, 9)), "fr/01", "fr/03")
#: Milliseconds allowed for a page to become interactive.
PAGE_TIMEOUT_MS = 180_000
#: The server is at rest when its processes used less than this share of one core...
QUIET_CPU = 0.10
#: ... over this many seconds: longer than the quiet the server itself waits for before it
#: prepares the next kernel (serve.server.QUIET_SECONDS), so that a rest is not the pause
#: between two kernels prepared.
QUIET_WINDOW = QUIET_SECONDS + 1.0
#: The target: a lesson interactive this many seconds after the click.
TARGET_SECONDS = 2.0
#: What a page shows when a cell failed or a widget could not be drawn.
BROKEN = re.compile(r"Traceback \(most recent call last\)|Error displaying widget")
_MIB = 1024 * 1024

#: True (with what it is) once the welcome page is interactive: its course map's link to
#: lesson 1 and an enabled button of the page, both visible.
WELCOME_READY = """(href) => {
  const page = document.querySelector('.bt-welcome');
  if (!page) return false;
  const shown = (e) => e.getClientRects().length > 0;
  const link = page.querySelector(`a[href="${href}"]`);
  const button = [...page.querySelectorAll('button')].find((b) => !b.disabled && shown(b));
  return link && shown(link) && button ? `link ${link.textContent.trim()}` : false;
}"""

#: The description of the first interactive widget of a lesson once there is one: the
#: first button, text field or drop-down inside a widget, visible and enabled.
LESSON_READY = """() => {
  const controls = document.querySelectorAll(
    '.jupyter-widgets button, .jupyter-widgets input, .jupyter-widgets select');
  for (const e of controls) {
    if (e.disabled || e.getClientRects().length === 0) continue;
    const label = e.labels && e.labels.length ? e.labels[0].textContent.trim() : '';
    const name = e.getAttribute('aria-label') || label
      || (e.tagName === 'SELECT' ? 'drop-down' : e.textContent.trim()) || e.type;
    return `${e.tagName.toLowerCase()} ${name}`.slice(0, 40);
  }
  return false;
}"""


class SetupError(RuntimeError):
    """The run cannot start (no Chromium, no Playwright, a bad ``--lessons`` entry)."""


class PageError(RuntimeError):
    """A page did not come up: a traceback, a widget that failed to draw, a timeout."""


# ---------------------------------------------------------------------------- lessons
@dataclass(frozen=True)
class Target:
    """A lesson to click: its edition (``en``/``fr``), number, and file name."""

    edition: str
    number: int
    notebook: str

    @property
    def label(self) -> str:
        """``en/03``."""
        return f"{self.edition}/{self.number:02d}"


def parse_lessons(entries: Sequence[str]) -> list[Target]:
    """The lessons named ``edition/NN`` (``en/03``, ``fr/1``).

    Raises:
        SetupError: an entry that is not an edition and a lesson number 1-8.
    """
    numbers = {item.number: item for item in COURSE}
    targets = []
    for entry in entries:
        match = re.fullmatch(r"(en|fr)/(\d{1,2})", entry.strip())
        if match is None or int(match[2]) not in numbers or int(match[2]) == 0:
            raise SetupError(f"--lessons {entry!r}: expected en/NN or fr/NN with NN a lesson "
                             f"number 1-{max(numbers)}, e.g. en/03")
        edition, number = match[1], int(match[2])
        targets.append(Target(edition, number, numbers[number].notebook(edition)))
    return targets


# ---------------------------------------------------------------------------- the server
def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    """A running course server: its process, port, log, and the clock's start."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path
    started: float

    @property
    def url(self) -> str:
        """The root URL."""
        return f"http://127.0.0.1:{self.port}/"

    def log_text(self) -> str:
        """Everything the server printed so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")

    def preheated_uses(self) -> int:
        """How many pages a kernel prepared in advance served so far."""
        return self.log_text().count("Using pre-heated kernel")


def start_server(port: int, log: Path, data: Path) -> Server:
    """Start the course server as ``make run`` does (from the repository root, in a
    process group of its own) and start the clock."""
    command = [sys.executable, "-m", "belote_teach.serve.server", COURSE_DIRECTORY,
               "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    env = {**os.environ, "BELOTE_TEACH_DATA": str(data)}
    with log.open("wb") as output:
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                   stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    return Server(process, port, log, started)


def wait_until_up(server: Server, timeout: float = SERVER_START_TIMEOUT) -> float:
    """Seconds from the process start to ``/`` answering over HTTP (the redirection is
    not followed).

    Raises:
        PageError: the server exited or did not answer in time (its log's tail quoted).
    """
    deadline = time.perf_counter() + timeout
    while True:
        with contextlib.suppress(OSError, http.client.HTTPException):
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)
            try:
                connection.request("GET", "/")
                connection.getresponse().read()
                return time.perf_counter() - server.started
            finally:
                connection.close()
        if server.process.poll() is not None:
            raise PageError(f"the server exited with code {server.process.returncode}:\n"
                            f"{tail(server.log_text())}")
        if time.perf_counter() > deadline:
            raise PageError(f"the server did not answer within {timeout:.0f} s:\n"
                            f"{tail(server.log_text())}")
        time.sleep(0.05)


def wait_until_quiet(server: Server, timeout: float) -> float:
    """Wait until the server's processes use under :data:`QUIET_CPU` of a core over
    :data:`QUIET_WINDOW` seconds; return the moment (``time.perf_counter()``) that quiet
    window began, or the moment the ``timeout`` (seconds) ran out."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        window = time.perf_counter()
        before = cpu_seconds(process_family(server.process.pid))
        time.sleep(QUIET_WINDOW)
        # kernels started during the window count from zero: a rise, not a rest
        if cpu_seconds(process_family(server.process.pid)) - before < QUIET_CPU * QUIET_WINDOW:
            return window
    return time.perf_counter()


def is_kernel(process: psutil.Process) -> bool:
    """True for a Jupyter kernel process."""
    with contextlib.suppress(psutil.Error):
        return any("ipykernel" in part for part in process.cmdline())
    return False


def memory(server: Server) -> tuple[float, list[float]]:
    """Resident memory (MiB) of the server process and of each kernel it runs."""
    own = 0.0
    kernels: list[float] = []
    for process in process_family(server.process.pid):
        with contextlib.suppress(psutil.Error):
            rss = process.memory_info().rss / _MIB
            if process.pid == server.process.pid:
                own = rss
            elif is_kernel(process):
                kernels.append(rss)
    return own, kernels


def stop_server(server: Server) -> None:
    """Stop the server and everything it started (its process group), politely first."""
    stop_process_group(server.process)


def tail(text: str, lines: int = 30) -> str:
    """The last ``lines`` lines of ``text``."""
    return "\n".join(text.splitlines()[-lines:])


# ---------------------------------------------------------------------------- the pages
def page_problem(page: Page) -> str | None:
    """What is wrong with ``page`` (a traceback, a widget that failed to draw), or None."""
    found = BROKEN.search(page.inner_text("body"))
    return None if found is None else found[0]


def wait_ready(page: Page, script: str, arg: object, what: str) -> str:
    """Wait until ``script`` (a predicate run in the page) is truthy; return its value.

    Raises:
        PageError: not within :data:`PAGE_TIMEOUT_MS` (with the page's problem if any).
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        handle = page.wait_for_function(script, arg=arg, polling=25, timeout=PAGE_TIMEOUT_MS)
    except PlaywrightTimeout:
        problem = page_problem(page)
        raise PageError(f"{what}: no interactive widget within "
                        f"{PAGE_TIMEOUT_MS / 1000:.0f} s ({page.url})"
                        + (f"; the page shows {problem!r}" if problem else "")) from None
    return str(handle.json_value())


def open_welcome(page: Page, server: Server, edition: str) -> None:
    """Open the welcome page of ``edition`` (``/`` or ``/fr``) and wait until it is
    interactive."""
    page.goto(server.url + ("" if edition == "en" else "fr"), wait_until="commit")
    wait_ready(page, WELCOME_READY, COURSE[1].notebook(edition), f"welcome page ({edition})")


def click_lesson(page: Page, target: Target) -> tuple[float, str]:
    """Click ``target``'s link on the welcome page shown; return the seconds from the
    click to the lesson's first interactive widget, and that widget."""
    link = page.locator(f'.bt-welcome a[href="{target.notebook}"]')
    started = time.perf_counter()
    link.click()
    page.wait_for_url(f"**/voila/render/{target.edition}/{target.notebook}",
                      wait_until="commit", timeout=PAGE_TIMEOUT_MS)
    widget = wait_ready(page, LESSON_READY, None, f"lesson {target.label}")
    return time.perf_counter() - started, widget


# ---------------------------------------------------------------------------- a run
@dataclass
class Run:
    """The figures of one run (seconds; memory in MiB)."""

    up: float = 0.0
    welcome: float = 0.0
    first_click: float = 0.0
    quiet: float = 0.0
    lessons: dict[str, float] = field(default_factory=dict)
    widgets: dict[str, str] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)
    preheated: dict[str, bool] = field(default_factory=dict)
    server_mib: float = 0.0
    kernels_mib: list[float] = field(default_factory=list)


def one_run(page: Page, targets: Sequence[Target], port: int, folder: Path,
            quiet_timeout: float) -> Run:
    """Start the server, measure, stop it (always)."""
    run = Run()
    data = folder / "data"
    data.mkdir(exist_ok=True)
    server = start_server(port or free_port(), folder / "server.log", data)
    try:
        run.up = wait_until_up(server)
        page.goto(server.url, wait_until="commit")
        wait_ready(page, WELCOME_READY, COURSE[1].notebook("en"), "welcome page")
        run.welcome = time.perf_counter() - server.started
        first = parse_lessons(["en/01"])[0]
        run.first_click, _ = click_lesson(page, first)
        page.goto("about:blank")
        run.quiet = wait_until_quiet(server, quiet_timeout) - server.started - run.up
        run.server_mib, run.kernels_mib = memory(server)
        for target in targets:
            open_welcome(page, server, target.edition)
            wait_until_quiet(server, quiet_timeout)
            used = server.preheated_uses()
            seconds, widget = click_lesson(page, target)
            run.lessons[target.label] = seconds
            run.widgets[target.label] = widget
            run.preheated[target.label] = server.preheated_uses() > used
            # the whole page drawn: a widget that failed to draw says so by then
            page.wait_for_load_state("load")
            problem = page_problem(page)
            if problem is not None:
                run.problems[target.label] = problem
        page.goto("about:blank")
    finally:
        stop_server(server)
    return run


# ---------------------------------------------------------------------------- report
def figures(values: Sequence[float]) -> str:
    """``median  max`` in seconds, aligned."""
    return f"{statistics.median(values):7.2f} {max(values):7.2f}"


def report(runs: Sequence[Run], targets: Sequence[Target]) -> bool:
    """Print the table; True when every lesson's median is within the target."""
    print(f"{'':52} {'median':>7} {'max':>7}   (seconds, {len(runs)} run(s))")
    rows = [
        ("server up: process start -> / answers", [r.up for r in runs]),
        ("welcome interactive: process start ->", [r.welcome for r in runs]),
        ("welcome interactive: server up ->", [r.welcome - r.up for r in runs]),
        ("eager learner: click en/01 right away -> widget", [r.first_click for r in runs]),
        ("server at rest: server up ->", [r.quiet for r in runs]),
    ]
    for name, values in rows:
        print(f"{name:52} {figures(values)}")
    print("lesson clicked on the welcome page (server at rest) -> first interactive widget:")
    within = True
    for target in targets:
        values = [r.lessons[target.label] for r in runs]
        heated = sum(r.preheated[target.label] for r in runs)
        widget = runs[-1].widgets[target.label]
        within &= statistics.median(values) <= TARGET_SECONDS
        print(f"  {target.label} {target.notebook:33.33} {'':10} {figures(values)}   "
              f"pre-heated {heated}/{len(runs)}; first widget: {widget}")
        problems = {r.problems[target.label] for r in runs if target.label in r.problems}
        if problems:
            print(f"       the page shows {', '.join(sorted(problems))!s} "
                  f"({sum(target.label in r.problems for r in runs)}/{len(runs)} runs)")
    print("memory at rest after the start (MiB, median over runs):")
    print(f"  server process RSS {statistics.median(r.server_mib for r in runs):8.0f}")
    counts = [len(r.kernels_mib) for r in runs]
    totals = [sum(r.kernels_mib) for r in runs]
    each = [m for r in runs for m in r.kernels_mib]
    print(f"  kernels running    {statistics.median(counts):8.0f}"
          + (f"   RSS total {statistics.median(totals):.0f}, each median "
             f"{statistics.median(each):.0f}, max {max(each):.0f}" if each else ""))
    print(f"target: every lesson interactive within {TARGET_SECONDS:.0f} s of the click "
          f"(median): {'reached' if within else 'NOT reached'}")
    return within


@contextlib.contextmanager
def chromium_page() -> Iterator[Page]:
    """A headless Chromium page (the browser tests' executable and arguments).

    Raises:
        SetupError: no Playwright or no Chromium.
    """
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        raise SetupError(f"Playwright is not installed ({error}): "
                         "pip install -e '.[test]'") from None
    executable = find_chromium()
    if executable is None:
        raise SetupError("no Chromium found: install Debian's chromium package or set "
                         "BELOTE_CHROMIUM")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True,
                                             args=list(CHROMIUM_ARGS))
        try:
            context = browser.new_context(locale="en-US",
                                          viewport={"width": 1280, "height": 900})
            yield context.new_page()
        finally:
            browser.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the exit status (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="server starts (default 3)")
    parser.add_argument("--port", type=int, default=0,
                        help="the server's port (default 0: a free one)")
    parser.add_argument("--lessons", nargs="+", default=list(DEFAULT_LESSONS),
                        metavar="EDITION/NN", help="lessons to click (default: "
                        f"{' '.join(DEFAULT_LESSONS)})")
    parser.add_argument("--quiet-timeout", type=float, default=240.0,
                        help="seconds to wait for the server at rest before a click")
    parser.add_argument("--keep-logs", action="store_true",
                        help="keep the servers' logs (their folder is printed)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error(f"--runs {args.runs}: expected 1 or more")
    try:
        targets = parse_lessons(args.lessons)
    except SetupError as error:
        parser.error(str(error))

    print("Fast start: the course server of `make run` in headless Chromium "
          "(figures only, not a test)")
    for line in machine_facts("not pinned (the server and its kernels use every core)"):
        print("  " + line)
    print(f"  load average before the run: "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    folder = Path(tempfile.mkdtemp(prefix="belote-teach-start-"))
    runs: list[Run] = []
    try:
        with chromium_page() as page:
            for index in range(args.runs):
                run_folder = folder / f"run-{index + 1}"
                run_folder.mkdir()
                runs.append(one_run(page, targets, args.port, run_folder,
                                    args.quiet_timeout))
                print(f"  run {index + 1}/{args.runs} done", flush=True)
    except SetupError as error:
        print(f"cannot run: {error}", file=sys.stderr)
        return 2
    except PageError as error:
        args.keep_logs = True
        print(f"FAILED: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 1
    finally:
        if not args.keep_logs:
            shutil.rmtree(folder, ignore_errors=True)
        else:
            print(f"  servers' logs: {folder}")
    report(runs, targets)
    return 0


if __name__ == "__main__":
    sys.exit(main())
