"""Kernels after a learner's visit of the whole course: how many the course server keeps
running and the memory they hold. A script with a bounded run that prints figures, not a
test.

    .venv/bin/python benchmarks/kernels.py [--port 0] [--quiet-timeout 300] [--keep-logs]

What runs
---------
* The course server as ``make run`` starts it (``benchmarks/start.py``'s
  :func:`~start.start_server`: this interpreter, the repository root, a process group of
  its own, the learner's data in a temporary folder), with its configuration of
  :mod:`belote_teach.serve.server` (kernels prepared in advance, idle culling).
* Debian's Chromium driven by Playwright, headless, one tab (the browser tests' arguments).
* Once the server is at rest after its start (its kernels prepared), every lesson of both
  editions is opened once, one after the other in the same tab as a learner goes through
  the course: the English edition in course order, then the French one. Each page is
  waited for until it is interactive (as ``start.py`` waits), then the next one opens in
  its place: the page is left. The last page stays open.

What is printed
---------------
The kernels of the server and the resident memory (RSS, MiB) of the server and of each
kernel, at three moments: at rest after the start; as soon as the last page is
interactive; and once the server is at rest again (the pages left shut down, the kernels
handed over replaced). The kernels are sorted into: the open page's kernel; the kernels
prepared in advance (waiting for their learner: a websocket open to the server, read as
``tests/browser/test_kernels_left.py`` reads it); the kernels of pages left that still
run; any other (a kernel being prepared). Beside them, what is expected: the open page's
kernel plus one prepared kernel for each notebook of :data:`serve.server.POOLS`, their
count and the memory the server and those kernels hold. Everything started is stopped at
the end (the server's whole process group), on Ctrl-C too.

Exit status: 0 when every page came up, 1 when one did not, 2 when the run could not start.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import psutil
from machine import machine_facts, process_family
from start import (
    LESSON_READY,
    WELCOME_READY,
    PageError,
    Server,
    SetupError,
    chromium_page,
    free_port,
    start_server,
    stop_server,
    wait_ready,
    wait_until_quiet,
    wait_until_up,
)
from test_kernels_left import PAGE_KERNEL_ID, kernel_id, waits_for_learner  # start's path

from belote_teach.course.lessons import COURSE
from belote_teach.serve.server import POOLS

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: The editions, in the order the learner goes through them.
EDITIONS = ("en", "fr")
#: The kernels expected besides the open page's: one prepared for each notebook.
PREPARED = sum(1 for size in POOLS.values() if size)
_MIB = 1024 * 1024


@dataclass
class Snapshot:
    """The server's kernels and memory at one moment (MiB): the server's RSS, and the
    RSS of each kernel by kind (the open page's, prepared, pages left, other)."""

    moment: str
    server_mib: float = 0.0
    kernels: dict[str, list[float]] = field(default_factory=lambda: {
        "open page": [], "prepared": [], "pages left": [], "other": []})

    @property
    def count(self) -> int:
        """How many kernels run."""
        return sum(len(each) for each in self.kernels.values())

    @property
    def total_mib(self) -> float:
        """The server's RSS plus every kernel's."""
        return self.server_mib + sum(sum(each) for each in self.kernels.values())

    @property
    def expected_mib(self) -> float:
        """The server's RSS plus that of the kernels expected: the open page's and the
        prepared ones."""
        return self.server_mib + sum(self.kernels["open page"]) + sum(self.kernels["prepared"])


def snapshot(server: Server, moment: str, open_page: str | None,
             left: Sequence[str]) -> Snapshot:
    """The kernels of ``server`` now, sorted by the kernel id of the ``open_page`` and
    those of the pages ``left``."""
    taken = Snapshot(moment)
    for process in process_family(server.process.pid):
        with contextlib.suppress(psutil.Error):
            rss = process.memory_info().rss / _MIB
            if process.pid == server.process.pid:
                taken.server_mib = rss
                continue
            found = kernel_id(process)
            if found is None:
                continue
            kind = ("open page" if found == open_page
                    else "pages left" if found in left
                    else "prepared" if waits_for_learner(process, server.port)
                    else "other")
            taken.kernels[kind].append(rss)
    return taken


def visit(page: Page, server: Server, edition: str, number: int) -> str:
    """Open lesson ``number`` of ``edition`` in ``page`` (the page shown before is left),
    wait until it is interactive; return its kernel id.

    Raises:
        PageError: the page did not become interactive in time.
    """
    lesson = COURSE[number]
    page.goto(f"{server.url}voila/render/{edition}/{lesson.notebook(edition)}",
              wait_until="commit")
    if number == 0:
        wait_ready(page, WELCOME_READY, COURSE[1].notebook(edition), f"{edition}/00")
    else:
        wait_ready(page, LESSON_READY, None, f"{edition}/{number:02d}")
    return str(page.evaluate(PAGE_KERNEL_ID))


def one_run(page: Page, port: int, folder: Path, quiet_timeout: float) -> list[Snapshot]:
    """Start the server, go through the course, take the snapshots, stop it (always)."""
    data = folder / "data"
    data.mkdir()
    server = start_server(port or free_port(), folder / "server.log", data)
    taken = []
    try:
        wait_until_up(server)
        wait_until_quiet(server, quiet_timeout)
        taken.append(snapshot(server, "at rest after the start", None, ()))
        started = time.perf_counter()
        opened = [visit(page, server, edition, lesson.number)
                  for edition in EDITIONS for lesson in COURSE]
        seconds = time.perf_counter() - started
        taken.append(snapshot(server, f"last page interactive ({len(opened)} pages in "
                              f"{seconds:.0f} s)", opened[-1], opened[:-1]))
        wait_until_quiet(server, quiet_timeout)
        taken.append(snapshot(server, "at rest again", opened[-1], opened[:-1]))
        page.goto("about:blank")
    finally:
        stop_server(server)
    return taken


def report(snapshots: Sequence[Snapshot]) -> None:
    """Print the kernels and memory of each snapshot beside the expected."""
    for taken in snapshots:
        expected = PREPARED + (1 if taken.kernels["open page"] else 0)
        print(f"{taken.moment}:")
        print(f"  kernels {taken.count:3d}   expected {expected:3d} (the open page's "
              f"{expected - PREPARED} + {PREPARED} prepared)")
        for kind, each in taken.kernels.items():
            print(f"    {kind:12} {len(each):3d}   RSS {sum(each):7.0f} MiB")
        print(f"  memory  RSS {taken.total_mib:7.0f} MiB (server {taken.server_mib:.0f} + "
              f"kernels)   expected {taken.expected_mib:7.0f} MiB (server + the open "
              f"page's + prepared)   over: {taken.total_mib - taken.expected_mib:.0f} MiB")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the exit status (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0,
                        help="the server's port (default 0: a free one)")
    parser.add_argument("--quiet-timeout", type=float, default=300.0,
                        help="seconds to wait for the server at rest (default 300)")
    parser.add_argument("--keep-logs", action="store_true",
                        help="keep the server's log (its folder is printed)")
    args = parser.parse_args(argv)

    print("Kernels after the whole course: the course server of `make run` in headless "
          "Chromium (figures only, not a test)")
    for line in machine_facts("not pinned (the server and its kernels use every core)"):
        print("  " + line)
    print(f"  load average before the run: "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    folder = Path(tempfile.mkdtemp(prefix="belote-teach-kernels-"))
    try:
        with chromium_page() as page:
            snapshots = one_run(page, args.port, folder, args.quiet_timeout)
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
            print(f"  server's log: {folder}")
    report(snapshots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
