"""Binder, proved the way repo2docker builds and runs the repository, since no
Docker is at hand: the course must build from ``binder/`` alone and open both the
welcome app (``?urlpath=voila/render/notebooks/en/00-welcome.ipynb``) and JupyterLab
(``?urlpath=lab/tree/notebooks``).

What repo2docker does, and what this module does in its place (once per module):

1. it copies the repository and, since ``binder/requirements.txt`` holds a local path
   (``.``), runs ``pip install -r binder/requirements.txt`` from the repository root in
   the environment of the Python that ``binder/runtime.txt`` names. Here: the files the
   repository holds (``git ls-files``: the tracked ones and the new ones not ignored, as
   they are on disk) are copied to a temporary folder, a fresh virtual environment of
   that Python is made (``python -m venv``) and the same ``pip install`` runs there, from
   the copy's root (pip's own configuration and cache are the machine's, as for any
   install here);
2. it runs ``binder/postBuild`` from the repository root, as the user who will run the
   server, the environment's ``bin`` first on ``PATH``. Here too, with ``bash``, in the
   environment the server gets below;
3. it starts ``jupyter server`` (not Voilà's own command: on Binder the apps are served
   by Voilà's server extension, ``/voila/render/<path>``) in the repository's folder,
   under a base URL (Binder serves each user under ``/user/<name>/``). Here the server
   starts from the new environment with a temporary ``HOME`` and none of the machine's
   Jupyter, XDG or virtualenv variables, so nothing installed elsewhere (a kernel, a
   setting, a data folder) can stand in for what Binder would lack.

Then every lesson of both editions (:data:`belote_teach.course.lessons.COURSE`, ``notebooks/en``
and ``notebooks/fr``) is opened at its ``/voila/render/...`` URL in headless Chromium and
must show all its widgets (:func:`expect_widgets_rendered`), and ``/lab/tree/notebooks``
must open JupyterLab on the course folder. The kernels of each lesson are shut down after
it (its page is closed with its browser context, which runs no page's "beforeunload"), so
that 18 lessons do not leave 18 kernels running on a 2-core machine. Lesson apps that a
learner leaves, by opening the next one in the same tab or by closing the tab, shut their
kernels down themselves: :func:`test_lessons_left_shut_their_kernels_down`, the check of
``tests/browser/test_kernels_left.py`` under ``jupyter server``.

Chromium is launched by the ``browser`` fixture of ``tests/browser/conftest.py`` (same
options, same skip-or-fail rule under ``CI=true``), loaded here under a name of its own.

A failure names the lesson, its URL and what was wrong, with the page's console errors,
a screenshot's path and the tail of the server's log; a failed build step shows the tail
of its output. The build downloads from PyPI the first time (pip's cache serves it after).
"""

from __future__ import annotations

import http.cookiejar
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlparse

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from belote_teach.course.lessons import COURSE, Lesson

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

#: The repository root, which Binder would clone.
ROOT = Path(__file__).resolve().parents[2]
#: Binder's configuration folder.
BINDER = ROOT / "binder"
#: The course folder (relative to the repository root), as the Binder URLs name it.
COURSE_DIRECTORY = "notebooks"
#: The two editions of the course.
LANGUAGES = ("en", "fr")
#: The server's base URL: Binder serves each user's server under ``/user/<name>/``, so
#: a link that only works from ``/`` fails here as it would there.
BASE_URL = "/user/learner/"

#: Seconds allowed for ``pip install -r binder/requirements.txt`` (downloads included).
INSTALL_TIMEOUT = 1800.0
#: Seconds allowed for ``binder/postBuild`` (the solver's compilation, some 15 s).
POSTBUILD_TIMEOUT = 600.0
#: Seconds allowed for any other build command (``venv``, ``pip check``).
COMMAND_TIMEOUT = 300.0
#: Seconds allowed for ``jupyter server`` to answer (a cold start imports JupyterLab).
SERVER_START_TIMEOUT = 120.0
#: Seconds allowed for one request to the server's REST API.
API_TIMEOUT = 30.0
#: Milliseconds for a lesson's widgets to appear and finish loading (Voilà runs the whole
#: notebook before the page renders them).
WIDGETS_TIMEOUT_MS = 120_000

#: Texts that the widget manager shows in place of a widget it could not draw.
WIDGET_FAILURES = (
    "Error displaying widget",
    "Failed to load model class",
    "Failed to load view class",
)
#: Environment variables of this machine that would let another installation (kernels,
#: settings, data folders, the test run's own virtualenv) stand in for Binder's.
LEAKING_VARIABLES = ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP",
                     "PYTHONDONTWRITEBYTECODE", "BELOTE_TEACH_DATA")
#: Prefixes of such variables (``JUPYTER_PATH``, ``XDG_DATA_HOME``...).
LEAKING_PREFIXES = ("JUPYTER_", "JPY_", "XDG_")

_LOG_TAIL_LINES = 40

pytestmark = [pytest.mark.binder, pytest.mark.browser]


# ---------------------------------------------------------------------------- Chromium
def _browser_conftest() -> ModuleType:
    """``tests/browser/conftest.py`` as a module of its own name: its Chromium launch
    (``chromium_executable``, ``browser``) and its server helpers serve here too.

    Loaded by path, because every ``conftest.py`` is a module named ``conftest`` and
    ``import conftest`` would find whichever pytest loaded last.
    """
    name = "belote_teach_tests_browser_conftest"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tests/browser/conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_BROWSER = _browser_conftest()
#: The Chromium executable (skips, or fails under ``CI=true``, when there is none).
chromium_executable = _BROWSER.chromium_executable
#: Headless Chromium through Playwright, shared by this module's tests.
browser = _BROWSER.browser


# ---------------------------------------------------------------------------- the build
def binder_python() -> str:
    """The interpreter of the Python version ``binder/runtime.txt`` names
    (``python-3.11``): this one when it is that version, else ``python3.11`` on ``PATH``.

    Fails the test (with the reason) when the file is malformed or no such Python is
    installed: a build on another version would not prove what Binder builds.
    """
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    match = re.fullmatch(r"python-(\d+)\.(\d+)", runtime)
    if match is None:
        pytest.fail(f"binder/runtime.txt holds {runtime!r}: expected 'python-X.Y'",
                    pytrace=False)
    wanted = (int(match.group(1)), int(match.group(2)))
    if sys.version_info[:2] == wanted:
        return sys.executable
    found = shutil.which(f"python{wanted[0]}.{wanted[1]}")
    if found is None:
        pytest.fail(f"binder/runtime.txt asks for {runtime}, and neither this Python "
                    f"({sys.version.split()[0]}) nor python{wanted[0]}.{wanted[1]} on PATH "
                    "is that version", pytrace=False)
    return found


def repository_files() -> list[str]:
    """The repository's files as Binder would get them once committed: the tracked ones
    and the untracked ones that ``.gitignore`` does not exclude, those deleted on disk
    left out (paths relative to the root, sorted)."""
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True, timeout=COMMAND_TIMEOUT)
    paths = {path for path in listing.stdout.decode("utf-8").split("\0") if path}
    return sorted(path for path in paths if (ROOT / path).is_file())


def binder_requirement_lines() -> list[str]:
    """The lines of ``binder/requirements.txt``, comments and blank lines dropped."""
    lines = (raw.split("#", 1)[0].strip() for raw in
             (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def copy_repository(target: Path) -> None:
    """Copy :func:`repository_files` into ``target`` (modes kept: postBuild stays
    executable), as the clone that Binder builds from."""
    for path in repository_files():
        destination = target / path
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / path, destination)


def _tail(path: Path, lines: int = _LOG_TAIL_LINES) -> str:
    """The last ``lines`` lines of a text file ('' when it cannot be read)."""
    return str(_BROWSER._tail(path, lines))


def binder_environment(venv: Path, home: Path | None) -> dict[str, str]:
    """The environment of a Binder build or server step: this process's environment less
    :data:`LEAKING_VARIABLES` and :data:`LEAKING_PREFIXES`, the venv's ``bin`` first on
    ``PATH`` and, unless ``home`` is ``None``, ``HOME`` set to ``home``."""
    environment = {name: value for name, value in os.environ.items()
                   if name not in LEAKING_VARIABLES and not name.startswith(LEAKING_PREFIXES)}
    environment["PATH"] = os.pathsep.join([str(venv / "bin"), os.environ.get("PATH", "")])
    if home is not None:
        environment["HOME"] = str(home)
    return environment


def run_step(what: str, command: list[str], *, cwd: Path, env: Mapping[str, str],
             log: Path, timeout: float) -> float:
    """Run one build step, its output appended to ``log``; return the seconds it took.

    Fails the test with the step's name and the tail of its output when the command
    exits with an error or outlasts ``timeout`` seconds.
    """
    start = time.monotonic()
    with log.open("ab") as output:
        output.write(f"\n$ {' '.join(command)}\n".encode())
        output.flush()
        try:
            completed = subprocess.run(command, cwd=cwd, env=dict(env), stdout=output,
                                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                       timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{what} did not finish within {timeout:.0f} s.\n"
                        f"--- tail of {log} ---\n{_tail(log)}", pytrace=False)
    seconds = time.monotonic() - start
    if completed.returncode != 0:
        pytest.fail(f"{what} failed with exit code {completed.returncode}.\n"
                    f"--- tail of {log} ---\n{_tail(log)}", pytrace=False)
    with log.open("a", encoding="utf-8") as output:
        output.write(f"[{what}: {seconds:.1f} s]\n")
    return seconds


@dataclass(frozen=True)
class BinderBuild:
    """The repository built as repo2docker builds it.

    Attributes:
        repository: the copy of the repository (the server's root folder).
        venv: the virtual environment ``binder/requirements.txt`` was installed in.
        home: the ``HOME`` of postBuild and of the server (the Binder user's).
        log: the build's output, every step's.
        seconds: how long each step took, by step name (seconds).
    """

    repository: Path
    venv: Path
    home: Path
    log: Path
    seconds: dict[str, float] = field(default_factory=dict)

    def environment(self) -> dict[str, str]:
        """The environment of postBuild and of the server (:func:`binder_environment`)."""
        return binder_environment(self.venv, self.home)


@pytest.fixture(scope="module")
def binder_build(tmp_path_factory: pytest.TempPathFactory) -> BinderBuild:
    """Copy the repository, make a fresh venv of ``binder/runtime.txt``'s Python,
    ``pip install -r binder/requirements.txt`` from the copy's root, then run
    ``binder/postBuild`` if there is one: repo2docker's build, without Docker."""
    base = tmp_path_factory.mktemp("binder")
    build = BinderBuild(repository=base / "repo", venv=base / "venv", home=base / "home",
                        log=base / "build.log")
    build.home.mkdir()
    start = time.monotonic()
    copy_repository(build.repository)
    build.seconds["copy"] = time.monotonic() - start
    python = binder_python()
    build.seconds["venv"] = run_step(
        "python -m venv", [python, "-m", "venv", str(build.venv)], cwd=base,
        env=binder_environment(build.venv, None), log=build.log, timeout=COMMAND_TIMEOUT)
    # pip's configuration and cache are this machine's (the real HOME), as for any install
    build.seconds["pip install"] = run_step(
        "pip install -r binder/requirements.txt",
        [str(build.venv / "bin" / "pip"), "install", "-r", "binder/requirements.txt"],
        cwd=build.repository, env=binder_environment(build.venv, None), log=build.log,
        timeout=INSTALL_TIMEOUT)
    if (build.repository / "binder" / "postBuild").is_file():
        build.seconds["postBuild"] = run_step(
            "binder/postBuild", ["bash", "binder/postBuild"], cwd=build.repository,
            env=build.environment(), log=build.log, timeout=POSTBUILD_TIMEOUT)
    return build


# ---------------------------------------------------------------------------- the server
@dataclass
class JupyterServer:
    """A running ``jupyter server``: its ``url`` (the base URL, ending in ``/``), its
    ``log`` file, and a REST client for its kernels."""

    url: str
    log: Path
    _opener: urllib.request.OpenerDirector | None = None
    _xsrf: str = ""

    def log_tail(self, lines: int = _LOG_TAIL_LINES) -> str:
        """The last ``lines`` lines of the server's output."""
        return _tail(self.log, lines)

    def _api(self, path: str, method: str = "GET") -> bytes:
        """Call the REST API at ``path`` (below the base URL); return the body.

        The server checks an XSRF cookie on changes, as for the browser: the first call
        opens ``lab`` once to be given it.

        Raises:
            urllib.error.URLError: the server did not answer or refused.
        """
        if self._opener is None:
            jar = http.cookiejar.CookieJar()
            self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
            self._opener.open(self.url + "lab", timeout=API_TIMEOUT).read()
            self._xsrf = next((cookie.value or "" for cookie in jar if cookie.name == "_xsrf"),
                              "")
        request = urllib.request.Request(self.url + path, method=method,
                                         headers={"X-XSRFToken": self._xsrf})
        with self._opener.open(request, timeout=API_TIMEOUT) as response:
            return bytes(response.read())

    def kernel_ids(self) -> list[str]:
        """The ids of the kernels running on the server."""
        return [kernel["id"] for kernel in json.loads(self._api("api/kernels"))]

    def shut_down_kernels(self) -> None:
        """Shut down every kernel of the server (the lessons' apps opened so far)."""
        for kernel_id in self.kernel_ids():
            self._api(f"api/kernels/{kernel_id}", method="DELETE")

    def app_url(self, notebook: str) -> str:
        """The Voilà app of ``notebook`` (a path from the repository root), as Binder's
        ``?urlpath=voila/render/<notebook>`` opens it."""
        return f"{self.url}voila/render/{notebook}"


def _wait_until_answering(process: subprocess.Popen[bytes], url: str, log: Path,
                          timeout: float) -> None:
    """Return once ``url`` + ``api/status`` answers 200; fail if the server exits first
    or outlasts ``timeout`` seconds (each failure with the tail of ``log``).

    Waiting on the process between attempts paces the loop and notices at once a server
    that died during start-up.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url + "api/status", timeout=2.0) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        try:
            code = process.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            pass
        else:
            pytest.fail(f"jupyter server exited with code {code} before answering.\n"
                        f"--- tail of {log} ---\n{_tail(log)}", pytrace=False)
        if time.monotonic() > deadline:
            pytest.fail(f"jupyter server did not answer at {url} within {timeout:.0f} s.\n"
                        f"--- tail of {log} ---\n{_tail(log)}", pytrace=False)


@pytest.fixture(scope="module")
def jupyter_server(binder_build: BinderBuild) -> Iterator[JupyterServer]:
    """``jupyter server`` of the Binder build, serving the repository's copy on a free
    localhost port under :data:`BASE_URL`; its process group (kernels included) is
    always stopped at teardown."""
    port = _BROWSER.free_port()
    log = binder_build.log.with_name("server.log")
    command = [
        str(binder_build.venv / "bin" / "jupyter"), "server", "--no-browser",
        f"--port={port}", "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.root_dir={binder_build.repository}",
        f"--ServerApp.base_url={BASE_URL}",
        # No token: the browser opens the apps' URLs as they are. On Binder, JupyterHub
        # authenticates the user instead.
        "--IdentityProvider.token=",
        # A kernel error shows its traceback in the page (and so in a failure's report).
        "--VoilaConfiguration.show_tracebacks=True",
    ]
    if os.geteuid() == 0:
        # CI runs as root, which jupyter server refuses without this; Binder never does.
        command.append("--allow-root")
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=binder_build.repository,
                                   env=binder_build.environment(), stdin=subprocess.DEVNULL,
                                   stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    url = f"http://127.0.0.1:{port}{BASE_URL}"
    try:
        _wait_until_answering(process, url, log, SERVER_START_TIMEOUT)
        yield JupyterServer(url=url, log=log)
    finally:
        _BROWSER.stop_process_group(process)


@pytest.fixture
def lesson_server(jupyter_server: JupyterServer) -> Iterator[JupyterServer]:
    """The module's server; the kernels started during the test (a lesson's app) are
    shut down after it, so that the lessons do not pile up kernels."""
    yield jupyter_server
    jupyter_server.shut_down_kernels()


# ---------------------------------------------------------------------------- pages
@dataclass
class PageRecord:
    """A page and what it said: console errors, failed requests, page errors."""

    page: Page
    console: list[str] = field(default_factory=list)


@pytest.fixture
def page_record(browser: Browser) -> Iterator[PageRecord]:
    """A page in a fresh browser context, its console errors recorded."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(_BROWSER.UI_TIMEOUT_MS)
    context.set_default_navigation_timeout(_BROWSER.NAVIGATION_TIMEOUT_MS)
    record = PageRecord(page=context.new_page())
    record.page.on("console", lambda message: record.console.append(
        f"console.{message.type}: {message.text}") if message.type == "error" else None)
    record.page.on("pageerror", lambda error: record.console.append(f"page error: {error}"))
    # A request that fails is noted with its URL.
    record.page.on("requestfailed", lambda request: record.console.append(
        f"request failed: {request.url} ({request.failure})"))
    try:
        yield record
    finally:
        context.close()


def fail_with_report(what: str, error: BaseException, record: PageRecord,
                     server: JupyterServer, screenshot: Path) -> None:
    """Fail the test: ``what`` went wrong (``error``), with a full-page screenshot, the
    page's console errors and the tail of the server's log."""
    try:
        record.page.screenshot(path=str(screenshot), full_page=True)
        where = f"screenshot: {screenshot}"
    except Exception as problem:  # the page may be gone; keep the original failure
        where = f"no screenshot: {problem}"
    console = "\n".join(record.console) or "(none)"
    pytest.fail(f"{what}: {error}\n{where}\npage URL: {record.page.url}\n"
                f"--- page console and network errors ---\n{console}\n"
                f"--- tail of the server's log ({server.log}) ---\n{server.log_tail()}",
                pytrace=False)


def expect_widgets_rendered(page: Page) -> None:
    """Wait until Voilà has rendered the lesson and every widget on it is drawn, then
    check that nothing failed.

    The page must have loaded (``wait_until="load"``): Voilà has then run every cell, and
    its front end draws all the outputs in one pass once started, after which it makes
    ``#rendered_cells`` a Lumino widget (class ``lm-Widget``).

    Drawn means: that pass is over and left no output undrawn (an output without a
    renderer keeps its ``<script type="application/vnd.voila.cell-output+json">``); no
    widget still says "Loading widget..."; and the page's first interactive widget (a
    widget button or a card) is visible. Failed means: a widget drawn as an error
    (``.jupyter-widgets-error-widget``, as when the widgets' front end is missing, or a
    text of :data:`WIDGET_FAILURES`) or anything a cell wrote to stderr (a Python error,
    shown by Voilà as an error output, or a warning).

    Raises:
        AssertionError: something failed; the message says what.
        playwright.sync_api.TimeoutError: the widgets were not drawn in time.
    """
    interactive = page.locator(".jupyter-widgets button:visible, .bt-card:visible")
    stderr = page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')
    error_widgets = page.locator(".jupyter-widgets-error-widget")
    failure_texts = page.get_by_text(re.compile("|".join(map(re.escape, WIDGET_FAILURES))))
    # The first to show: a failure is reported at once, not after a time-out.
    interactive.or_(stderr).or_(error_widgets).or_(failure_texts).first.wait_for(
        state="visible", timeout=WIDGETS_TIMEOUT_MS)
    page.locator("#rendered_cells.lm-Widget").wait_for(state="attached",
                                                       timeout=WIDGETS_TIMEOUT_MS)
    page.wait_for_function(
        """() => ![...document.querySelectorAll('.jp-OutputArea-output')]
                 .some(node => node.textContent.trim().startsWith('Loading widget'))""",
        timeout=WIDGETS_TIMEOUT_MS)
    assert stderr.count() == 0, (
        "a cell wrote to stderr:\n" + "\n".join(stderr.all_inner_texts()))
    unrendered = page.locator('script[type="application/vnd.voila.cell-output+json"]')
    assert unrendered.count() == 0, f"{unrendered.count()} output(s) had no renderer"
    assert error_widgets.count() == 0, (
        f"{error_widgets.count()} widget(s) drawn as an error (the widgets' front end "
        "could not load them)")
    assert failure_texts.count() == 0, (
        "the page says: " + "; ".join(failure_texts.all_inner_texts()))
    assert interactive.count() > 0, "no widget button or card is visible"


def lesson_links(page: Page) -> list[str]:
    """The absolute URLs of the notebooks the welcome page links to."""
    hrefs = page.locator(".bt-welcome a[href$='.ipynb']").evaluate_all(
        "links => links.map(link => link.getAttribute('href'))")
    return [urljoin(page.url, href) for href in hrefs]


# ---------------------------------------------------------------------------- tests
def venv_says(build: BinderBuild, code: str) -> str:
    """What the Binder venv's Python prints running ``code`` (stripped), started in a
    lesson's folder as Voilà starts a lesson's kernel (so it imports what a kernel does)."""
    return subprocess.run(
        [str(build.venv / "bin" / "python"), "-c", code],
        cwd=build.repository / COURSE_DIRECTORY / LANGUAGES[0],
        env=build.environment(), capture_output=True, text=True, check=True,
        timeout=COMMAND_TIMEOUT).stdout.strip()


def test_build_is_binders(binder_build: BinderBuild) -> None:
    """The build holds together: the venv runs ``binder/runtime.txt``'s Python, its
    packages agree with one another (``pip check``), the pins are what got installed,
    and postBuild left the solver compiled where the server's kernels look for it."""
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    version = venv_says(binder_build, "import sys; print('python-%d.%d' % sys.version_info[:2])")
    assert version == runtime
    python = str(binder_build.venv / "bin" / "python")
    run_step("pip check", [python, "-m", "pip", "check"], cwd=binder_build.repository,
             env=binder_build.environment(), log=binder_build.log, timeout=COMMAND_TIMEOUT)
    installed = {canonicalize_name(name): value for name, value in json.loads(venv_says(
        binder_build, "import json; from importlib import metadata; print(json.dumps("
        "{d.metadata['Name']: d.version for d in metadata.distributions()}))")).items()}
    pins = [Requirement(line) for line in binder_requirement_lines() if line != "."]
    wrong = [f"{pin} (installed: {installed.get(canonicalize_name(pin.name))})"
             for pin in pins if installed.get(canonicalize_name(pin.name)) is None
             or not pin.specifier.contains(installed[canonicalize_name(pin.name)])]
    assert not wrong, f"installed otherwise than binder/requirements.txt pins: {wrong}"
    if (BINDER / "postBuild").is_file():
        package = Path(venv_says(
            binder_build, "import belote_teach; print(belote_teach.__path__[0])"))
        assert package.is_relative_to(binder_build.venv), (
            f"a kernel imports belote_teach from {package}, not from the Binder build's venv")
        cache = package / "search" / "__pycache__"       # beside search/_solver_core.py
        compiled = list(cache.glob("_solver_core.*.nbi"))
        assert compiled, (f"postBuild left no compiled solver in {cache}, "
                          "where the kernels' numba looks for it")


LESSONS = [pytest.param(lang, lesson, id=f"{lang}-{lesson.stem(lang)}")
           for lang in LANGUAGES for lesson in COURSE]


@pytest.mark.parametrize(("lang", "lesson"), LESSONS)
def test_lesson_app_renders(page_record: PageRecord, lesson_server: JupyterServer,
                            lang: str, lesson: Lesson, tmp_path: Path) -> None:
    """The lesson's app opens at ``/voila/render/notebooks/<lang>/<notebook>`` with all
    its widgets drawn; the welcome page's links to the lessons stay under the server's
    base URL (Binder's ``/user/<name>/``) and name notebooks that exist."""
    notebook = f"{COURSE_DIRECTORY}/{lang}/{lesson.notebook(lang)}"
    url = lesson_server.app_url(notebook)
    page = page_record.page
    try:
        response = page.goto(url, wait_until="load")
        assert response is not None and response.ok, (
            f"HTTP {response.status if response else 'no response'}")
        expect_widgets_rendered(page)
        # the belote-teach Voilà template (etc/jupyter/voila.json) names the page's language
        assert page.evaluate("document.documentElement.lang") == lang
        if lesson.number == 0:
            links = lesson_links(page)
            assert len(links) >= len(COURSE) - 1, f"the course map links to {links}"
            prefix = f"{BASE_URL}voila/render/{COURSE_DIRECTORY}/"
            outside = [link for link in links if not urlparse(link).path.startswith(prefix)
                       or not (ROOT / urlparse(link).path.removeprefix(
                           f"{BASE_URL}voila/render/")).is_file()]
            assert not outside, f"links that do not open a lesson under {prefix}: {outside}"
    except Exception as error:
        fail_with_report(f"{lang} lesson {lesson.id} ({notebook}) at {url}", error,
                         page_record, lesson_server, tmp_path / "failure.png")


#: The lessons opened one after the other and left in
#: :func:`test_lessons_left_shut_their_kernels_down`: the first, by opening the second in the
#: same tab; the second, by closing its tab; and the same in the French edition.
LEFT_LESSONS = [(lang, lesson) for lang in LANGUAGES for lesson in COURSE[1:3]]
#: Seconds for the kernels of the lessons left to be shut down (a second or two each; the
#: idle cull would take minutes).
SHUTDOWN_TIMEOUT = 120.0
#: The kernel id of the page shown, from the Jupyter configuration Voilà writes in it.
PAGE_KERNEL_ID = ("() => JSON.parse(document.getElementById('jupyter-config-data')"
                  ".textContent).kernelId")


def test_lessons_left_shut_their_kernels_down(page_record: PageRecord,
                                              lesson_server: JupyterServer,
                                              tmp_path: Path) -> None:
    """Lesson apps that the learner leaves shut their kernels down: Voilà's front end posts
    ``voila/api/shutdown/<kernel id>`` with the page's ``_xsrf`` cookie, which the course's
    Voilà template sets (no response of Voilà does, and the server refused the request
    without it). The server ends with none of those kernels and no more kernels than
    before (the server's REST API lists them)."""
    before = set(lesson_server.kernel_ids())
    left: list[str] = []
    tab = page_record.page
    try:
        for number, (lang, lesson) in enumerate(LEFT_LESSONS):
            notebook = f"{COURSE_DIRECTORY}/{lang}/{lesson.notebook(lang)}"
            tab.goto(lesson_server.app_url(notebook), wait_until="load")
            expect_widgets_rendered(tab)
            left.append(str(tab.evaluate(PAGE_KERNEL_ID)))
            if number % 2:
                # closed as a browser closes a tab: its "beforeunload" runs, then it closes
                with tab.expect_event("close"):
                    tab.close(run_before_unload=True)
                tab = page_record.page.context.new_page()
            # else the next lesson opens in this tab
        deadline = time.monotonic() + SHUTDOWN_TIMEOUT
        running = set(lesson_server.kernel_ids())
        while running & set(left) or len(running) > len(before):
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"after {SHUTDOWN_TIMEOUT:.0f} s, {len(running & set(left))} of the "
                    f"{len(left)} kernels of the lessons left still run; {len(running)} "
                    f"kernels, {len(before)} before")
            time.sleep(0.25)
            running = set(lesson_server.kernel_ids())
    except Exception as error:
        fail_with_report("lessons left", error, page_record, lesson_server,
                         tmp_path / "failure.png")


def test_jupyterlab_opens_on_the_course(page_record: PageRecord,
                                        jupyter_server: JupyterServer,
                                        tmp_path: Path) -> None:
    """``/lab/tree/notebooks`` opens JupyterLab, its file browser on the course folder
    listing the two editions."""
    url = f"{jupyter_server.url}lab/tree/{COURSE_DIRECTORY}"
    page = page_record.page
    try:
        response = page.goto(url, wait_until="load")
        assert response is not None and response.ok, (
            f"HTTP {response.status if response else 'no response'}")
        page.locator("#jp-main-dock-panel").wait_for(state="visible")
        listing = page.locator(".jp-DirListing-content .jp-DirListing-itemText")
        for folder in LANGUAGES:
            listing.filter(has_text=re.compile(rf"^{folder}$")).wait_for(state="visible")
    except Exception as error:
        fail_with_report(f"JupyterLab at {url}", error, page_record, jupyter_server,
                         tmp_path / "failure.png")
