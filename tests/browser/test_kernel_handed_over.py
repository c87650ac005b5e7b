"""A lesson whose prepared kernel waited longer than the cull time still works when a
learner opens it: Jupyter's culler counts a kernel's idle time from its last activity,
and a kernel prepared in advance, its whole lesson run, is last active when its
preparation ends. It is never culled while it waits in its pool, but without the course
server's care it could be culled once handed to the page and before the page's front end
connects to it: a page with no widgets, its kernel shut down (``make run`` culls after
300 s, so a lesson first opened more than five minutes after the server started).

Here a course server of its own culls kernels idle for :data:`CULL_SECONDS` and looks
every second, and prepares one kernel, for lesson 1; once that kernel is prepared and
has waited longer than the cull time, the lesson is opened: its widgets are drawn and
its first exercise answers, wrong then right (:func:`exercise_clicks.wrong_then_right`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from exercise_clicks import wrong_then_right

from conftest import COURSE_DIRECTORY, lesson_url, report_server, serve_course

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from conftest import VoilaServer

pytestmark = pytest.mark.browser

#: The lesson opened, from the repository root.
NOTEBOOK = f"{COURSE_DIRECTORY}/en/01-cards-and-points.ipynb"
#: Seconds of inactivity after which this server culls a kernel.
CULL_SECONDS = 5
#: Seconds allowed for the lesson's kernel to be prepared.
PREPARED_TIMEOUT = 180.0
#: What the course server logs (at the debug level) once a notebook's kernel is prepared.
PREPARED = "Kernel(s) prepared for en/01-cards-and-points.ipynb"


@pytest.fixture
def culling_server(tmp_path: Path) -> Iterator[VoilaServer]:
    """A course server preparing one kernel (lesson 1's), culling kernels idle for
    :data:`CULL_SECONDS`, looking every second; the learner's data of its own, so that
    the other tests' lesson 1 starts unanswered."""
    lesson = NOTEBOOK.removeprefix(f"{COURSE_DIRECTORY}/")
    with serve_course(tmp_path / "voila.log", "--Voila.log_level=DEBUG",
                      f"--MappingKernelManager.cull_idle_timeout={CULL_SECONDS}",
                      "--MappingKernelManager.cull_interval=1",
                      "--CourseVoila.pools", f"{lesson}=1", data=tmp_path / "data") as server:
        yield server


def wait_until_prepared(server: VoilaServer) -> None:
    """Return once ``server`` logged that the lesson's kernel is prepared."""
    deadline = time.monotonic() + PREPARED_TIMEOUT
    while PREPARED not in server.log.read_text(encoding="utf-8", errors="replace"):
        if time.monotonic() > deadline:
            pytest.fail(f"no kernel prepared for {NOTEBOOK} after {PREPARED_TIMEOUT:.0f} s",
                        pytrace=False)
        time.sleep(0.25)


def test_a_lesson_opened_after_its_kernel_waited_past_the_cull_time_works(
        page: Page, culling_server: VoilaServer, request: pytest.FixtureRequest) -> None:
    """Opened past the cull time, the lesson answers its first exercise and no kernel is
    culled (the server's log)."""
    report_server(request, culling_server)
    wait_until_prepared(culling_server)
    time.sleep(CULL_SECONDS + 2)             # the kernel now idle past the cull time
    page.goto(lesson_url(culling_server, NOTEBOOK), wait_until="load")
    assert "Using pre-heated kernel" in culling_server.log.read_text(encoding="utf-8")
    wrong_then_right(page, NOTEBOOK)
    # Jupyter's culler logs "Culling 'idle' kernel …" for each kernel it shuts down
    assert "Culling '" not in culling_server.log.read_text(encoding="utf-8")
