"""Fixtures for the real-browser tests: Voilà serves a lesson, headless Chromium drives it.

The path under test is the one a learner takes: Voilà runs the lesson notebook in a
kernel, the page renders its widgets, a click travels back to the kernel and the
feedback comes back to the page.

* ``voila`` (session scope) starts the course server of ``make run``
  (``python -m belote_teach.serve.server notebooks``, Voilà serving the course with
  ``/`` opening the welcome page) on a free localhost port, waits until the port answers
  and always stops the whole process group at teardown. One server for every lesson.
* ``browser`` (module scope) launches Debian's Chromium through Playwright, headless.
  Where no Chromium is found the tests are skipped with the reason, except under
  ``CI=true``: there a missing browser fails the run.
* ``page`` (function scope) is a fresh browser context and page for each test;
  ``lesson_page`` is that page opened on the test module's ``NOTEBOOK`` (a path from
  the repository root) at its ``/voila/render/...`` URL.

When a test fails, a full-page screenshot goes to the test's ``tmp_path`` and the
failure report gains sections with its path, the page's console errors and the tail
of Voilà's log.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import pytest

from belote_teach.course.files import DATA_ENV

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page

#: The repository root: Voilà is started from here.
ROOT = Path(__file__).resolve().parents[2]

#: The directory the course server serves (``make run``), from the repository root.
COURSE_DIRECTORY = "notebooks"

#: Where Chromium is looked for when ``BELOTE_CHROMIUM`` is not set (then ``PATH``).
DEFAULT_CHROMIUM = Path("/usr/bin/chromium")

#: Headless Chromium in a sandboxless container with no network but localhost. Without
#: the background-networking flags Chromium keeps trying to reach Google's services.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)

#: Seconds allowed for Voilà to answer on its port (a cold start imports JupyterLab).
SERVER_START_TIMEOUT = 90.0
#: Seconds allowed for Voilà to stop on SIGTERM before the group is killed.
SERVER_STOP_TIMEOUT = 20.0
#: Milliseconds for the lesson page to load: Voilà runs the whole notebook first.
NAVIGATION_TIMEOUT_MS = 120_000
#: Milliseconds for any other wait on the page (a click's round trip to the kernel).
UI_TIMEOUT_MS = 30_000

_LOG_TAIL_LINES = 40
_PAGE_RECORD = pytest.StashKey["_PageRecord"]()


@dataclass(frozen=True)
class VoilaServer:
    """A running course server: its root ``url`` and its ``log`` file."""

    url: str
    log: Path

    def log_tail(self, lines: int = _LOG_TAIL_LINES) -> str:
        """The last ``lines`` lines of Voilà's output (stdout and stderr)."""
        return _tail(self.log, lines)


@dataclass
class _PageRecord:
    """What the failure hook needs to describe a test's page."""

    page: Page
    directory: Path
    console: list[str] = field(default_factory=list)
    server: VoilaServer | None = None


# ---------------------------------------------------------------------------- Chromium
def in_ci() -> bool:
    """True when the ``CI`` environment variable says this is a CI run (``CI=true``)."""
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


def find_chromium() -> str | None:
    """The Chromium to drive: ``$BELOTE_CHROMIUM``, else ``/usr/bin/chromium``, else
    ``chromium`` or ``chromium-browser`` on ``PATH``; ``None`` when there is none.

    An explicit ``BELOTE_CHROMIUM`` that is not an executable file is returned as it
    is, so that the launch fails loudly instead of silently using another browser.
    """
    explicit = os.environ.get("BELOTE_CHROMIUM", "").strip()
    if explicit:
        return explicit
    if DEFAULT_CHROMIUM.is_file() and os.access(DEFAULT_CHROMIUM, os.X_OK):
        return str(DEFAULT_CHROMIUM)
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _unavailable(reason: str) -> NoReturn:
    """Skip with ``reason``, or fail under ``CI=true`` where the browser is required."""
    if in_ci():
        pytest.fail(f"{reason}; CI=true, so the browser tests may not be skipped "
                    "(.ci/run installs Debian's chromium)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    """The path of the Chromium executable (skips or fails when there is none)."""
    path = find_chromium()
    if path is None:
        _unavailable("no Chromium found: install Debian's chromium package or set "
                     "BELOTE_CHROMIUM to a Chromium executable")
    return path


@pytest.fixture(scope="module")
def browser(chromium_executable: str) -> Iterator[Browser]:
    """Headless Chromium driven by Playwright, shared by the tests of one module."""
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError as error:
        _unavailable(f"Playwright is not installed ({error}): pip install -e '.[test]'")
    # expect() waits 5 s by default; a click's round trip through a busy kernel may not.
    expect.set_options(timeout=UI_TIMEOUT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=chromium_executable, headless=True, args=list(CHROMIUM_ARGS),
        )
        try:
            yield chromium
        finally:
            chromium.close()


# ---------------------------------------------------------------------------- Voilà
def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _tail(path: Path, lines: int) -> str:
    """The last ``lines`` lines of a text file ('' when it cannot be read)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return "\n".join(text.splitlines()[-lines:])


def wait_until_listening(process: subprocess.Popen[bytes], port: int, log: Path,
                          timeout: float) -> None:
    """Return once ``port`` accepts connections; fail if Voilà exits or times out.

    Waiting on the process itself between connection attempts both paces the loop and
    notices at once a Voilà that died during start-up.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1.0):
                return
        except OSError:
            pass
        try:
            code = process.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            pass
        else:
            pytest.fail(f"Voilà exited with code {code} before listening on port {port}.\n"
                        f"--- Voilà's output (tail of {log}) ---\n"
                        f"{_tail(log, _LOG_TAIL_LINES)}", pytrace=False)
        if time.monotonic() > deadline:
            pytest.fail(f"Voilà did not answer on 127.0.0.1:{port} within {timeout:.0f} s.\n"
                        f"--- Voilà's output (tail of {log}) ---\n"
                        f"{_tail(log, _LOG_TAIL_LINES)}", pytrace=False)


def stop_process_group(process: subprocess.Popen[bytes]) -> None:
    """Stop ``process``, started with ``start_new_session=True`` (Voilà, a Jupyter server),
    and everything it started (its process group): SIGTERM, then SIGKILL after
    :data:`SERVER_STOP_TIMEOUT` seconds. Nothing happens when it has already exited."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=SERVER_STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        process.wait()


@contextlib.contextmanager
def serve_course(log: Path, *options: str, data: Path | None = None
                 ) -> Iterator[VoilaServer]:
    """The course server as ``make run`` starts it (:mod:`belote_teach.serve.server` on
    the ``notebooks`` directory) with Voilà's ``options`` added, on a free localhost port,
    its output in ``log``, the learner's data in ``data`` (default: the session's
    ``BELOTE_TEACH_DATA``, which the root ``conftest.py`` sets); once its port answers,
    yielded; its process group, kernels included, always terminated on leaving."""
    port = free_port()
    command = [
        sys.executable, "-m", "belote_teach.serve.server", COURSE_DIRECTORY,
        "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
        # A kernel error shows its traceback in the page (and so in the screenshot).
        "--VoilaConfiguration.show_tracebacks=True", *options,
    ]
    env = None if data is None else {**os.environ, DATA_ENV: str(data)}
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                   stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        wait_until_listening(process, port, log, SERVER_START_TIMEOUT)
        yield VoilaServer(url=f"http://127.0.0.1:{port}/", log=log)
    finally:
        stop_process_group(process)


@pytest.fixture(scope="session")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The course server of ``make run`` (:func:`serve_course`), once for the whole
    session."""
    with serve_course(tmp_path_factory.mktemp("voila") / "voila.log") as server:
        yield server


def lesson_url(server: VoilaServer, notebook: str) -> str:
    """The app URL of ``notebook`` (a path from the repository root, under
    :data:`COURSE_DIRECTORY`) on ``server``, as the welcome page links it."""
    relative = Path(notebook).relative_to(COURSE_DIRECTORY).as_posix()
    return f"{server.url}voila/render/{relative}"


# ---------------------------------------------------------------------------- pages
@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Page]:
    """A page in a fresh browser context (no state shared between tests)."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(UI_TIMEOUT_MS)
    context.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
    page = context.new_page()
    record = _PageRecord(page=page, directory=tmp_path)
    page.on("console", lambda message: _note_console(record, message))
    page.on("pageerror", lambda error: record.console.append(f"page error: {error}"))
    # A request that fails is noted with its URL (a failure's first clue).
    page.on("requestfailed", lambda req: record.console.append(
        f"request failed: {req.url} ({req.failure})"))
    request.node.stash[_PAGE_RECORD] = record
    try:
        yield page
    finally:
        context.close()


def _note_console(record: _PageRecord, message: ConsoleMessage) -> None:
    """Keep the page's console errors, except the URL-less duplicates of failed requests."""
    if message.type == "error" and not message.text.startswith("Failed to load resource"):
        record.console.append(f"console.error: {message.text}")


def report_server(request: pytest.FixtureRequest, server: VoilaServer) -> None:
    """Have the failure report of the test of ``request`` (which uses ``page``) end with
    the tail of ``server``'s log."""
    request.node.stash[_PAGE_RECORD].server = server


@pytest.fixture
def lesson_page(page: Page, voila: VoilaServer, request: pytest.FixtureRequest) -> Page:
    """The page opened on the test module's ``NOTEBOOK`` (a path from the repository
    root); Voilà has run the notebook when this returns."""
    notebook = getattr(request.module, "NOTEBOOK", None)
    if not isinstance(notebook, str) or not (ROOT / notebook).is_file():
        pytest.fail(f"{request.module.__name__} must set NOTEBOOK to a lesson's path "
                    f"from the repository root, got {notebook!r}", pytrace=False)
    report_server(request, voila)
    page.goto(lesson_url(voila, notebook), wait_until="load")
    return page


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """On a failed test with a page, save a full-page screenshot and report where it is,
    with the page's console errors and the tail of Voilà's log."""
    report: pytest.TestReport = yield
    record = item.stash.get(_PAGE_RECORD, None)
    if record is None or report.when != "call" or not report.failed:
        return report
    screenshot = record.directory / "failure.png"
    try:
        record.page.screenshot(path=str(screenshot), full_page=True)
        where = f"{screenshot}\npage URL: {record.page.url}"
    except Exception as error:  # the page may be gone; keep the original failure
        where = f"no screenshot: {error}"
    report.sections.append(("browser screenshot", where))
    if record.console:
        report.sections.append(("browser console and network errors",
                                "\n".join(record.console)))
    if record.server is not None:
        report.sections.append((f"Voilà log tail ({record.server.log})",
                                record.server.log_tail()))
    return report
