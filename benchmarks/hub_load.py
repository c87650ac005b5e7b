"""JupyterHub load test: a class signs in at once, opens a lesson app and answers its first
exercise in real browser pages. A script with a bounded run that prints figures, not a test.

    .venv/bin/python benchmarks/hub_load.py [--learners 20] [--timeout 900]
        [--lesson notebooks/en/03-play-a-trick.ipynb] [--keep-logs]

What runs
---------
* configurable-http-proxy 5 from npm, installed once into the user's cache directory
  (``~/.cache/belote-teach/hub-load``); without npm the script says so and stops.
* JupyterHub started as a teacher starts it, ``jupyterhub -f deploy/jupyterhub_config.py``,
  in its load-test mode (``BELOTE_HUB_AUTH=shared-password``, ``BELOTE_HUB_SPAWNER=simple``:
  every learner a process of this user, with a home of their own) on free localhost
  ports, its database, cookie secret and the learners' homes in a temporary folder.
* Debian's Chromium driven by Playwright's async API, with the launch arguments of the
  browser tests (``tests/browser/conftest.py``): one browser, one context per learner, all
  at once. Learner ``learner-NN`` opens the hub's sign-in page with the lesson as the page
  to go to next (the link a teacher hands out,
  ``/hub/user-redirect/voila/render/en/03-play-a-trick.ipynb``), signs in with the shared
  password, waits for their server to start and Voilà to run the lesson, then answers the
  lesson's first exercise (a ``play`` exercise: the card the engine says is right, found by
  its spoken name) and waits for the feedback the catalogs write for it
  (``tests/browser/exercise_clicks.py``).

What is measured
----------------
* failures: learners who did not get the right feedback within the time allowed, with the
  step they were at (must be 0);
* time to first widget: from the click on "Sign in" to the first card of the exercise
  shown and clickable (server start, notebook run by Voilà, widgets drawn), seconds;
* answer: from the click on the card to the feedback shown (the kernel's round trip);
* memory per learner, measured while every page is still open: the resident memory (RSS)
  of the learner's server and its kernels added up, and the memory that is theirs alone
  (USS: what one more learner adds); the hub, the proxy and the idle culler together;
* CPU used by then (core-seconds): the server side (the hub and everything it started)
  and the browsers apart, since a real class's browsers run on the learners' computers.

Everything started is stopped at the end, on Ctrl-C and on timeout: the hub (which stops
the learners' servers and the proxy), then any process of its family still alive.
Exit status: 0 when every learner got the feedback, 1 otherwise, 2 when the run could not
start (no npm, no Chromium, a lesson whose first exercise is not a ``play`` one).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, NoReturn
from urllib.parse import quote

import platformdirs
import psutil
from coach import percentile
from machine import cpu_seconds, machine_facts, process_family

ROOT = Path(__file__).resolve().parents[1]
BROWSER_TESTS = ROOT / "tests" / "browser"
sys.path.insert(0, str(BROWSER_TESTS))

from exercise_clicks import PLAYERS, exercise_cells, right_answer  # noqa: E402

from belote_teach import explain  # noqa: E402
from belote_teach.course.scenarios import PlayScenario  # noqa: E402

if TYPE_CHECKING:
    from playwright.async_api import Browser

#: The hub's configuration, the one a teacher runs.
CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
#: The course folder the learners' servers serve (the configuration's default).
COURSE = ROOT / "notebooks"
#: The proxy JupyterHub starts, from npm.
PROXY_PACKAGE = "configurable-http-proxy@5"
#: Where it is installed (``npm install --prefix``), once.
PROXY_CACHE = Path(platformdirs.user_cache_dir("belote-teach")) / "hub-load"
#: The lesson of the default run: its first exercise is a ``play`` exercise.
DEFAULT_LESSON = "notebooks/en/03-play-a-trick.ipynb"

#: Seconds for the hub to answer on its port (it starts the proxy and the idle culler).
HUB_START_TIMEOUT = 120.0
#: Seconds for the hub to stop its servers and the proxy on SIGTERM before its family is
#: ended one process at a time.
HUB_STOP_TIMEOUT = 60.0
#: Seconds for the feedback of the answer to show (a page whose widgets lost their kernel
#: never shows it: no need to wait for the whole run's bound).
ANSWER_TIMEOUT = 120.0
#: Seconds for ``npm install`` of the proxy.
NPM_TIMEOUT = 300.0
#: What the pages say when the lesson cannot be shown: JupyterHub's "starting" page when
#: the server failed to start, Voilà's widget manager in place of a widget it cannot draw.
BROKEN = re.compile("Spawn failed|Error displaying widget")
_MIB = 1024 * 1024


class SetupError(RuntimeError):
    """The run cannot start: a missing tool or an unusable lesson (the message says which
    and what to do)."""


# ---------------------------------------------------------------------------- the lesson
@dataclass(frozen=True)
class Exercise:
    """The first exercise of a lesson as a learner answers it.

    Attributes:
        path: the lesson's app path under the course folder (``en/03-play-a-trick.ipynb``).
        lang: the lesson's language (``en`` or ``fr``).
        scenario_id: the scenario shown first.
        counter: the player's counter text ("Exercise 1 of 5").
        card_name: the spoken name of the card to click ("seven of diamonds").
        says: texts the feedback must then contain, as the catalogs write them.
    """

    path: str
    lang: str
    scenario_id: str
    counter: str
    card_name: str
    says: tuple[str, ...]


def first_exercise(lesson: str) -> Exercise:
    """The first exercise of ``lesson`` (a notebook path from the repository root, under
    ``notebooks/<lang>/``) and its right answer, worked out by the engine
    (:func:`exercise_clicks.right_answer` gives the feedback's words).

    Raises:
        SetupError: the notebook is not a lesson of the course folder, shows no exercise,
            or its first exercise is not a ``play`` exercise (the only kind this script
            answers: one click on a card).
    """
    path = (ROOT / lesson).resolve()
    try:
        relative = path.relative_to(COURSE)
    except ValueError:
        raise SetupError(f"--lesson {lesson!r}: expected a notebook under {COURSE}") from None
    lang = relative.parts[0]
    if not path.is_file() or lang not in explain.LANGUAGES:
        raise SetupError(f"--lesson {lesson!r}: expected an existing notebook under "
                         f"notebooks/<{'|'.join(explain.LANGUAGES)}>/")
    cells = exercise_cells(path.relative_to(ROOT).as_posix())
    if not cells:
        raise SetupError(f"--lesson {lesson!r} shows no exercise")
    shown = cells[0].scenarios()
    scenario = shown[0]
    if not isinstance(scenario, PlayScenario):
        raise SetupError(f"--lesson {lesson!r}: its first exercise {scenario.id!r} is a "
                         f"{scenario.kind!r} exercise; this script answers 'play' ones")
    legal = scenario.legal_plays()
    # the card right_answer plays: its feedback words are checked on the page
    card = next(c for c in legal.cards if not scenario.best or c in scenario.best)
    return Exercise(path=relative.as_posix(), lang=lang, scenario_id=scenario.id,
                    counter=explain.text("exercise", lang, n=1, total=len(shown)),
                    card_name=explain.card_name(card, lang),
                    says=right_answer(scenario, lang).says)


# ---------------------------------------------------------------------------- the tools
def browser_conftest() -> ModuleType:
    """``tests/browser/conftest.py`` as a module: its Chromium lookup and launch arguments."""
    spec = importlib.util.spec_from_file_location("browser_conftest",
                                                  BROWSER_TESTS / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def install_proxy(cache: Path = PROXY_CACHE) -> Path:
    """The folder holding the ``configurable-http-proxy`` command, installed from npm into
    ``cache`` the first time.

    Raises:
        SetupError: npm is missing, or the install failed (its output's tail is quoted).
    """
    bin_dir = cache / "node_modules" / ".bin"
    if (bin_dir / "configurable-http-proxy").is_file():
        return bin_dir
    npm = shutil.which("npm")
    if npm is None:
        raise SetupError("npm is missing: JupyterHub needs configurable-http-proxy, from npm. "
                         "Install Node.js 20 or newer and npm (Debian: apt-get install "
                         "nodejs npm), then run this script again.")
    cache.mkdir(parents=True, exist_ok=True)
    print(f"installing {PROXY_PACKAGE} into {cache} (once)", flush=True)
    try:
        done = subprocess.run([npm, "install", "--prefix", str(cache), "--no-audit",
                               "--no-fund", PROXY_PACKAGE], capture_output=True, text=True,
                              timeout=NPM_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise SetupError(f"npm install {PROXY_PACKAGE} did not finish within "
                         f"{NPM_TIMEOUT:.0f} s") from None
    if done.returncode != 0 or not (bin_dir / "configurable-http-proxy").is_file():
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-15:])
        raise SetupError(f"npm install {PROXY_PACKAGE} failed (exit {done.returncode}):\n"
                         f"{tail}")
    return bin_dir


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def tail(path: Path, lines: int = 30) -> str:
    """The last ``lines`` lines of a text file ('' when it cannot be read)."""
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


# ---------------------------------------------------------------------------- the hub
@dataclass
class Hub:
    """A running hub: its process, public URL, log and temporary folder."""

    process: subprocess.Popen[bytes]
    url: str
    log: Path
    folder: Path


def start_hub(folder: Path, proxy_bin: Path, password: str) -> Hub:
    """Start ``jupyterhub -f deploy/jupyterhub_config.py`` in load-test mode on free localhost
    ports, its state in ``folder``, in a session of its own; return once it answers.

    Raises:
        SetupError: the hub exited or did not answer within :data:`HUB_START_TIMEOUT`
            (the tail of its log is quoted); it is stopped first.
    """
    port = free_port()
    state = folder / "state"
    state.mkdir()
    env = dict(os.environ)
    env.update({
        "BELOTE_HUB_AUTH": "shared-password",
        "BELOTE_HUB_SPAWNER": "simple",
        "BELOTE_HUB_SHARED_PASSWORD": password,
        "BELOTE_HUB_ADMINS": "",
        "BELOTE_HUB_BIND_URL": f"http://127.0.0.1:{port}/",
        "BELOTE_HUB_STATE_DIR": str(state),
        "PATH": os.pathsep.join([str(proxy_bin), str(Path(sys.executable).parent),
                                 env.get("PATH", "")]),
    })
    env.pop("BELOTE_TEACH_DATA", None)
    command = [str(Path(sys.executable).with_name("jupyterhub")), "-f", str(CONFIG),
               f"--JupyterHub.hub_bind_url=http://127.0.0.1:{free_port()}",
               f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}"]
    log = folder / "hub.log"
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=state, env=env, stdin=subprocess.DEVNULL,
                                   stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    hub = Hub(process=process, url=f"http://127.0.0.1:{port}", log=log, folder=folder)
    deadline = time.monotonic() + HUB_START_TIMEOUT
    while True:
        with (contextlib.suppress(urllib.error.URLError, OSError),
              urllib.request.urlopen(f"{hub.url}/hub/api/", timeout=2) as answer):
            if answer.status == 200:
                return hub
        failure = None
        if process.poll() is not None:
            failure = f"the hub exited with code {process.returncode}"
        elif time.monotonic() > deadline:
            failure = f"the hub did not answer within {HUB_START_TIMEOUT:.0f} s"
        if failure:
            stop_hub(hub)
            raise SetupError(f"{failure}; its log ({log}) ends with:\n{tail(log)}")
        time.sleep(0.5)


def stop_hub(hub: Hub) -> None:
    """Stop the hub politely (SIGTERM: it stops the learners' servers and the proxy), then
    end, one by one by their id, the processes of its family still alive."""
    members = process_family(hub.process.pid)
    if hub.process.poll() is None:
        hub.process.send_signal(signal.SIGTERM)
        try:
            hub.process.wait(timeout=HUB_STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            hub.process.kill()
            hub.process.wait()
    alive = [p for p in members if p.is_running()]
    for process in alive:
        with contextlib.suppress(psutil.Error):
            process.terminate()
    _, alive = psutil.wait_procs(alive, timeout=10)
    for process in alive:
        with contextlib.suppress(psutil.Error):
            process.kill()


# ---------------------------------------------------------------------------- memory
@dataclass(frozen=True)
class Memory:
    """Memory of one learner's server and its kernels (MiB), and how many kernels."""

    rss: float
    uss: float
    kernels: int


def _sizes(processes: Sequence[psutil.Process]) -> tuple[float, float]:
    """Summed RSS and USS (MiB) of ``processes``, those gone meanwhile left out."""
    rss = uss = 0.0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            info = process.memory_full_info()
            rss += info.rss / _MIB
            uss += info.uss / _MIB
    return rss, uss


def measure_memory(hub: Hub) -> tuple[dict[str, Memory], float]:
    """The memory of each learner's server tree by learner name, and the RSS (MiB) of the
    hub, the proxy and the idle culler (every child of the hub that is not a learner's)."""
    learners: dict[str, Memory] = {}
    own = [psutil.Process(hub.process.pid)]
    for child in psutil.Process(hub.process.pid).children():
        try:
            server = "jupyterhub-singleuser" in " ".join(child.cmdline())
            user = child.environ().get("JUPYTERHUB_USER") if server else None
            tree = [child, *child.children(recursive=True)]
        except psutil.Error:
            continue
        if user is None:
            own.append(child)
            continue
        rss, uss = _sizes(tree)
        kernels = 0
        for process in tree:
            with contextlib.suppress(psutil.Error):
                kernels += "ipykernel_launcher" in " ".join(process.cmdline())
        learners[user] = Memory(rss=rss, uss=uss, kernels=kernels)
    return learners, _sizes(own)[0]


@dataclass(frozen=True)
class Cpu:
    """CPU time (core-seconds, user + system) used so far by the server side (the hub, the
    proxy, the culler, every learner's server and kernels) and by the browsers (Chromium's
    processes, which a real class runs on its own computers). Processes that ended before
    the measure are not counted."""

    server: float
    browsers: float


def measure_cpu(hub: Hub) -> Cpu:
    """The CPU used by the hub's process tree and by the Chromium processes this script
    started (through Playwright), while the learners' pages are still open."""
    server = process_family(hub.process.pid)
    browsers = []
    for process in psutil.Process().children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if "chrom" in process.name().lower():
                browsers.append(process)
    return Cpu(server=cpu_seconds(server), browsers=cpu_seconds(browsers))


# ---------------------------------------------------------------------------- the learners
@dataclass
class Outcome:
    """What happened to one learner: seconds to the first widget and to the feedback of
    the answer, or the step that failed and why."""

    name: str
    first_widget: float | None = None
    answer: float | None = None
    failure: str | None = None
    url: str = ""
    console: list[str] = field(default_factory=list)


async def learner(browser: Browser, hub: Hub, name: str, password: str,
                  exercise: Exercise, deadline: float, shots: Path | None) -> Outcome:
    """One learner: sign in with the lesson as next page, wait for the first exercise's
    card, click it, wait for the feedback; every wait bounded by ``deadline`` (a
    ``time.monotonic()`` instant). The page stays open (its kernel too) until the browser
    closes. A failure is recorded, with a screenshot in ``shots`` when given."""
    from playwright.async_api import expect

    outcome = Outcome(name=name)
    context = await browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    page.on("pageerror", lambda error: outcome.console.append(f"page error: {error}"))
    page.on("console", lambda message: outcome.console.append(
        f"console.error: {message.text}") if message.type == "error" else None)
    step = "sign-in page"

    def left_ms() -> float:
        return max(1.0, (deadline - time.monotonic()) * 1000)

    try:
        target = f"/hub/user-redirect/voila/render/{exercise.path}"
        await page.goto(f"{hub.url}/hub/login?next={quote(target)}", timeout=left_ms())
        await page.fill("#username_input", name, timeout=left_ms())
        await page.fill("#password_input", password, timeout=left_ms())
        step = "server start and lesson run"
        start = time.monotonic()
        await page.click("#login_submit", timeout=left_ms())
        player = page.locator(PLAYERS).first
        card = player.get_by_role("button", name=exercise.card_name, exact=True)
        # a server that failed or a widget not drawn ends the wait at once
        broken = page.get_by_text(BROKEN).first
        await card.or_(broken).first.wait_for(state="visible", timeout=left_ms())
        if await broken.is_visible():
            raise RuntimeError(f"the page shows {await broken.inner_text()!r}")
        await expect(card).to_be_enabled(timeout=left_ms())
        outcome.first_widget = time.monotonic() - start
        step = "first exercise"
        await expect(player).to_contain_text(exercise.counter, timeout=left_ms())
        step = "answer"
        start = time.monotonic()
        await card.click(timeout=left_ms())
        feedback = player.locator(".bt-feedback")
        for words in exercise.says:
            answer_ms = (start + ANSWER_TIMEOUT - time.monotonic()) * 1000
            await expect(feedback).to_contain_text(words, timeout=max(1.0, min(left_ms(),
                                                                               answer_ms)))
        outcome.answer = time.monotonic() - start
    except Exception as error:  # every failure is a figure of the run, with its reason
        first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
        outcome.failure = f"{step}: {first_line}"
        outcome.url = page.url
        if shots is not None:
            with contextlib.suppress(Exception):
                await page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    return outcome


async def run_class(hub: Hub, chromium: str, args: Sequence[str], learners: int,
                    password: str, exercise: Exercise, deadline: float, shots: Path | None
                    ) -> tuple[list[Outcome], dict[str, Memory], float, Cpu, str]:
    """Every learner at once in one Chromium; the memory and the CPU used are measured
    while their pages are still open. Returns the outcomes, the memory per learner, the
    hub's own RSS, the CPU used and the browser's version."""
    from playwright.async_api import async_playwright

    names = [f"learner-{n:02d}" for n in range(1, learners + 1)]
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium, headless=True,
                                                   args=list(args))
        try:
            tasks = [learner(browser, hub, name, password, exercise, deadline, shots)
                     for name in names]
            outcomes = await asyncio.gather(*tasks)
            memory, own = await asyncio.to_thread(measure_memory, hub)
            cpu = await asyncio.to_thread(measure_cpu, hub)
            return list(outcomes), memory, own, cpu, browser.version
        finally:
            await browser.close()


# ---------------------------------------------------------------------------- the report
#: Console errors a page may show, not a failure's cause: the "too many users" answer of
#: the spawn throttle (deploy/jupyterhub_config.py).
EXPECTED_CONSOLE = re.compile(r"status of 429 \(Too Many Requests\)")
#: Console errors printed under a failure at most.
CONSOLE_LINES = 8


def spread(values: Sequence[float]) -> str:
    """Median, 95th percentile (nearest rank) and maximum of ``values``, or ``-``."""
    if not values:
        return "-"
    return (f"median {statistics.median(values):6.1f}   p95 {percentile(list(values), 0.95):6.1f}"
            f"   max {max(values):6.1f}")


def report(outcomes: Sequence[Outcome], memory: dict[str, Memory], own: float, cpu: Cpu,
           wall: float) -> Iterator[str]:
    """The lines of the result table."""
    failures = [o for o in outcomes if o.failure]
    yield f"{'learners':<28}{len(outcomes)}"
    yield f"{'failures':<28}{len(failures)}"
    for outcome in failures:
        yield f"  {outcome.name}: {outcome.failure} (at {outcome.url})"
        telling = [line for line in outcome.console if not EXPECTED_CONSOLE.search(line)]
        for line in telling[:CONSOLE_LINES]:
            yield f"    {line}"
        if len(telling) > CONSOLE_LINES:
            yield f"    ... and {len(telling) - CONSOLE_LINES} more console errors"
    yield (f"{'time to first widget (s)':<28}"
           f"{spread([o.first_widget for o in outcomes if o.first_widget is not None])}")
    yield (f"{'answer to feedback (s)':<28}"
           f"{spread([o.answer for o in outcomes if o.answer is not None])}")
    if memory:
        rss = [m.rss for m in memory.values()]
        uss = [m.uss for m in memory.values()]
        kernels = sorted({m.kernels for m in memory.values()})
        yield (f"{'memory per learner (MiB)':<28}RSS mean {statistics.mean(rss):6.1f}   "
               f"max {max(rss):6.1f}   (own: USS mean {statistics.mean(uss):6.1f}   "
               f"max {max(uss):6.1f})")
        yield (f"{'':<28}{len(memory)} servers measured, kernels per server: "
               f"{', '.join(map(str, kernels))}")
    else:
        yield f"{'memory per learner (MiB)':<28}- (no learner server running)"
    yield f"{'hub + proxy + culler (MiB)':<28}RSS {own:6.1f}"
    yield (f"{'CPU used (core-seconds)':<28}server side {cpu.server:7.1f} "
           f"({cpu.server / len(outcomes):.1f} per learner)   browsers {cpu.browsers:7.1f}   "
           f"(the machine had {(os.cpu_count() or 1) * wall:.0f})")
    yield f"{'total wall time (s)':<28}{wall:.1f}"


# ---------------------------------------------------------------------------- main
def _interrupt(signum: int, frame: object) -> NoReturn:
    """SIGTERM ends the run as Ctrl-C does, through the same clean-up."""
    raise KeyboardInterrupt


def main() -> int:
    """Run the load test; return the exit status (0 all learners served, 1 some failed,
    2 could not start)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=20,
                        help="learners signing in at once (default 20)")
    parser.add_argument("--timeout", type=float, default=900.0,
                        help="seconds for the whole class, hub start included (default 900)")
    parser.add_argument("--lesson", default=DEFAULT_LESSON,
                        help=f"the lesson opened, from the repository root (default "
                             f"{DEFAULT_LESSON}); its first exercise must be a play one")
    parser.add_argument("--keep-logs", action="store_true",
                        help="keep the temporary folder (hub log, homes, screenshots of "
                             "failures); it is always kept when a learner failed")
    args = parser.parse_args()
    if args.learners < 1 or args.timeout <= 0:
        parser.error(f"--learners {args.learners} / --timeout {args.timeout}: expected "
                     "1 learner or more and a timeout greater than 0")
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        exercise = first_exercise(args.lesson)
        proxy_bin = install_proxy()
        conftest = browser_conftest()
        chromium = conftest.find_chromium()
        if chromium is None:
            raise SetupError("no Chromium found: install Debian's chromium package or set "
                             "BELOTE_CHROMIUM to a Chromium executable")
    except SetupError as error:
        print(f"hub_load: {error}", file=sys.stderr)
        return 2

    import jupyterhub

    proxy_version = subprocess.run([str(proxy_bin / "configurable-http-proxy"), "--version"],
                                   capture_output=True, text=True, check=False).stdout.strip()
    print("belote-teach JupyterHub load test (figures only, not a test)")
    for line in machine_facts("not pinned: the hub, every learner's server and kernel and "
                              "Chromium share the machine"):
        print("  " + line)
    print(f"  JupyterHub {jupyterhub.__version__}, configurable-http-proxy {proxy_version}, "
          f"config {CONFIG.relative_to(ROOT)} (shared-password, simple spawner)")
    print(f"  {args.learners} learners at once open {exercise.path} and answer its first "
          f"exercise {exercise.scenario_id!r} ({exercise.card_name}); bound "
          f"{args.timeout:.0f} s")

    folder = Path(tempfile.mkdtemp(prefix="belote-hub-load-"))
    shots = folder / "screenshots"
    shots.mkdir()
    password = secrets.token_urlsafe(12)
    started = time.monotonic()
    deadline = started + args.timeout
    hub: Hub | None = None
    outcomes: list[Outcome] = []
    failed = True
    try:
        hub = start_hub(folder, proxy_bin, password)
        print(f"  hub up in {time.monotonic() - started:.1f} s at {hub.url}", flush=True)
        outcomes, memory, own, cpu, version = asyncio.run(run_class(
            hub, chromium, conftest.CHROMIUM_ARGS, args.learners, password, exercise,
            deadline, shots))
        wall = time.monotonic() - started
        print(f"  Chromium {version}")
        print()
        for line in report(outcomes, memory, own, cpu, wall):
            print(line)
        failed = any(o.failure for o in outcomes)
    except SetupError as error:
        print(f"hub_load: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hub_load: interrupted; stopping the hub and its servers", file=sys.stderr)
        return 130
    finally:
        if hub is not None:
            stop_hub(hub)
        if args.keep_logs or failed:
            print(f"logs kept in {folder} (hub.log, state/homes/, screenshots/)")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
