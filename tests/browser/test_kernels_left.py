"""A page that a learner leaves shuts its kernel down: the course server of ``make run``
keeps no kernel for pages nobody looks at any more, only those of the open pages and the
kernels it prepares in advance.

Voilà's page posts ``voila/api/shutdown/<kernel id>`` when it is left; that request
carries the page's ``_xsrf`` cookie, which no response of Voilà sets: without it the server
refuses the request (403) and every lesson visited keeps its kernel until the idle cull,
minutes later (28 kernels and 2.7 GB after one learner's session). The course's Voilà
template sets the cookie (``share/jupyter/voila/templates/belote-teach/index.html.j2``).

Here 20 lesson pages of both editions are opened one after the other, as a learner does
(:data:`VISITS`): every other one is left by opening the next lesson in the same tab, the
others by closing the tab (the next lesson opens in a new tab). Then every one of those
pages' kernels must be shut down and the server must hold no more kernels than before.
The prepared kernels stay: each kernel waiting for its learner while the pages were
visited, and not handed to one of them, is still there at the end. The count starts once
the server has a prepared kernel waiting for each notebook of its pools, so that it starts
none meanwhile but to replace one handed over. Kernel shutdowns are asynchronous: the
server's kernels are polled until the condition holds, with a deadline.

The kernels are the course server's child processes (``psutil``): Voilà's own server has
no kernel list in its REST API. A kernel is named by its connection file
(``kernel-<id>.json`` on its command line); a prepared kernel waits for its learner with
a websocket open to the server's port (``voila/query/<kernel id>``, what
:mod:`belote_teach.course.arrival` listens to; the course server's own test of a kernel
prepared), and a page's kernel id is in the page's Jupyter configuration.
``tests/binder/test_binder.py`` checks the same under ``jupyter server``, as Binder runs
the course. ``benchmarks/kernels.py`` prints the kernels and memory after a whole course.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlparse

import psutil
import pytest

from belote_teach.course.lessons import COURSE
from belote_teach.serve.server import POOLS
from conftest import COURSE_DIRECTORY, lesson_url

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

#: The pages visited, 20: the English edition in course order, the French one up to
#: lesson 6, then the welcome page and lesson 1 of each edition again. The last French
#: lessons are not visited: their kernels prepared before the visits must be there after.
VISITS = (*(f"en/{lesson.notebook('en')}" for lesson in COURSE),
          *(f"fr/{lesson.notebook('fr')}" for lesson in COURSE[:7]),
          *(f"{lang}/{lesson.notebook(lang)}" for lang in ("en", "fr") for lesson in COURSE[:2]))
#: Seconds for the server to have a prepared kernel waiting for each notebook of its
#: pools before the count starts (some 100 s after a cold start on 2 cores).
POOLS_TIMEOUT = 600.0
#: Seconds for the kernels of the pages left to be shut down once the last one is left
#: (a second or two each; the idle cull, the old fate of those kernels, takes 300 s).
SHUTDOWN_TIMEOUT = 120.0
#: Milliseconds for a page's widgets to be drawn (its kernel connected).
DRAWN_TIMEOUT_MS = 120_000
#: Seconds between two looks at the server's kernels.
POLL_SECONDS = 0.25

#: The kernel id of the page shown: Voilà writes it in the page's Jupyter configuration,
#: which its front end reads to connect to the kernel.
PAGE_KERNEL_ID = ("() => JSON.parse(document.getElementById('jupyter-config-data')"
                  ".textContent).kernelId")
_CONNECTION_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json$")


# ---------------------------------------------------------------------------- kernels
@dataclass(frozen=True)
class Kernels:
    """The kernels of a server at one moment: every kernel's id, and those of the kernels
    waiting for their learner (prepared in advance, not handed over yet)."""

    ids: frozenset[str]
    waiting: frozenset[str]

    def __len__(self) -> int:
        return len(self.ids)


def server_process(port: int) -> psutil.Process:
    """The course server listening on ``port`` (started with ``--port=<port>``)."""
    wanted = f"--port={port}"
    for process in psutil.process_iter(["cmdline"]):
        cmdline = process.info["cmdline"] or []
        if "belote_teach.serve.server" in cmdline and wanted in cmdline:
            return process
    raise LookupError(f"no course server process started with {wanted}")


def kernel_id(process: psutil.Process) -> str | None:
    """The id of the kernel ``process`` runs (from its connection file), or None for a
    process that is no kernel (or is gone)."""
    with contextlib.suppress(psutil.Error):
        for part in process.cmdline():
            found = _CONNECTION_FILE.search(part)
            if found:
                return found[1]
    return None


def waits_for_learner(process: psutil.Process, port: int) -> bool:
    """True when the kernel ``process`` has a connection open to the server's ``port``:
    Voilà's request websocket, on which a prepared kernel waits for its learner."""
    with contextlib.suppress(psutil.Error):
        return any(connection.raddr and connection.raddr.port == port
                   and connection.status == psutil.CONN_ESTABLISHED
                   for connection in process.net_connections(kind="tcp"))
    return False


def kernels_of(server: psutil.Process, port: int) -> Kernels:
    """The kernels that ``server`` (listening on ``port``) runs now."""
    ids: set[str] = set()
    waiting: set[str] = set()
    with contextlib.suppress(psutil.Error):
        for child in server.children(recursive=True):
            found = kernel_id(child)
            if found is None:
                continue
            ids.add(found)
            if waits_for_learner(child, port):
                waiting.add(found)
    return Kernels(frozenset(ids), frozenset(waiting))


@dataclass
class CourseServer:
    """The course server of the ``voila`` fixture, its process found by its port."""

    url: str
    port: int
    process: psutil.Process

    def kernels(self) -> Kernels:
        """The server's kernels now."""
        return kernels_of(self.process, self.port)

    def wait_for(self, condition: str, holds: Callable[[Kernels], bool], timeout: float,
                 left: Collection[str] = ()) -> Kernels:
        """Look at the kernels every :data:`POLL_SECONDS` until ``holds(kernels)`` is
        true; return them. Fails after ``timeout`` seconds, naming ``condition`` and
        counting the kernels, those waiting for a learner and those of ``left`` (the
        kernel ids of the pages left)."""
        deadline = time.monotonic() + timeout
        while True:
            now = self.kernels()
            if holds(now):
                return now
            if time.monotonic() > deadline:
                running = (f", {len(now.ids & set(left))} of the {len(left)} kernels of the "
                           "pages left still running")
                pytest.fail(f"after {timeout:.0f} s, still not {condition}: {len(now)} "
                            f"kernels, {len(now.waiting)} of them waiting for a learner"
                            f"{running if left else ''}", pytrace=False)
            time.sleep(POLL_SECONDS)


@pytest.fixture
def course_server(voila: VoilaServer) -> CourseServer:
    """The ``voila`` fixture's course server, with its process."""
    port = urlparse(voila.url).port
    assert port is not None
    return CourseServer(url=voila.url, port=port, process=server_process(port))


# ---------------------------------------------------------------------------- pages
def open_lesson(page: Page, voila: VoilaServer, notebook: str) -> str:
    """Open ``notebook`` (a path under the course directory) in ``page`` and wait until
    its widgets are drawn: Voilà's front end is then connected to the page's kernel and
    shuts it down when the page is left. Returns that kernel's id."""
    page.goto(lesson_url(voila, f"{COURSE_DIRECTORY}/{notebook}"), wait_until="load")
    page.locator("#rendered_cells.lm-Widget").wait_for(state="attached",
                                                       timeout=DRAWN_TIMEOUT_MS)
    page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=DRAWN_TIMEOUT_MS)
    return str(page.evaluate(PAGE_KERNEL_ID))


def test_pages_left_shut_their_kernels_down(page: Page, voila: VoilaServer,
                                           course_server: CourseServer) -> None:
    pools = sum(1 for size in POOLS.values() if size)
    before = course_server.wait_for(
        f"a prepared kernel waiting for each of the {pools} notebooks",
        lambda kernels: len(kernels.waiting) >= pools, POOLS_TIMEOUT)

    left: list[str] = []                    # the kernel of each page left, in order
    prepared = set(before.waiting)          # the kernels waiting for a learner meanwhile
    tab = page
    for number, notebook in enumerate(VISITS):
        left.append(open_lesson(tab, voila, notebook))
        prepared |= course_server.kernels().waiting
        if number % 2:
            # the learner closes the tab, as a browser does: its "beforeunload" runs
            # (then the tab closes, which close() does not wait for)
            with tab.expect_event("close"):
                tab.close(run_before_unload=True)
            if number + 1 < len(VISITS):
                tab = page.context.new_page()
        # else the next lesson opens in this tab: the page is left by navigation
    assert tab.is_closed()

    after = course_server.wait_for(
        f"every page's kernel shut down and at most {len(before)} kernels",
        lambda kernels: not kernels.ids & set(left) and len(kernels) <= len(before),
        SHUTDOWN_TIMEOUT, left)
    assert not after.ids & set(left)
    assert len(after) <= len(before)
    # the prepared kernels are not shut down with the pages (only the page's own kernel):
    # those of the notebooks never visited, and those that replaced the kernels handed over
    kept = prepared - set(left)
    assert len(kept) >= len(POOLS) - len(set(VISITS))
    assert kept <= after.ids, (
        f"{len(kept - after.ids)} prepared kernel(s) were shut down with the pages")
