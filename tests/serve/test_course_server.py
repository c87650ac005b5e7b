"""The course server of ``make run`` (:mod:`belote_teach.serve.server`), configured but
not serving (cheap: no kernel is started): kernels prepared in advance for every notebook
of the course (Voilà's preheated kernels), filled one notebook at a time in course order,
never culled while they wait in their pool; and the kernel side of it
(:mod:`belote_teach.course.arrival`), the first read of the learner's data waiting for the
learner, here with Voilà's own request websocket.

The pages themselves, served by prepared kernels, are checked in a real browser by
``tests/browser/`` (``test_lesson_00`` among them: the progress made in a lesson shows on
the welcome page opened again); ``benchmarks/start.py`` prints how fast they come up.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
import time
import uuid
from collections.abc import Coroutine, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any, TypeVar

import pytest
from jupyter_server.services.kernels.handlers import _kernel_id_regex
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port
from tornado.web import Application
from voila.request_info_handler import RequestInfoSocketHandler

from belote_teach.course import arrival, files
from belote_teach.course.lessons import COURSE
from belote_teach.course.progress import CourseProgress
from belote_teach.explain import LANGUAGES
from belote_teach.serve import server
from belote_teach.serve.server import (
    KERNEL_CULLING,
    POOLS,
    WELCOME,
    WELCOME_FR,
    CourseVoila,
)
from belote_teach.ui.drill import DrillPlayer
from belote_teach.ui.lesson import drill, exercises
from belote_teach.ui.scenario_player import ScenarioPlayer

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSON_03 = "03-play-a-trick"
T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` in an event loop of its own, closed after, leaving this thread's
    current event loop as it was (``asyncio.run`` would unset it, and the table apps of
    later tests schedule the computer players' cards on it)."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(coroutine)
    finally:
        loop.close()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[CourseVoila]:
    """A course server configured as ``make run`` configures it (its settings built, its
    kernel manager made), not listening; Voilà's SIGTERM handler is put back after."""
    handler = signal.getsignal(signal.SIGTERM)
    server = CourseVoila()
    try:
        server.initialize([str(NOTEBOOKS), "--no-browser", "--port=0",
                           "--Voila.ip=127.0.0.1"])
        server.connection_dir = str(tmp_path)
        server.init_settings()
        yield server
    finally:
        signal.signal(signal.SIGTERM, handler)


def test_every_notebook_of_the_course_gets_a_kernel_welcome_pages_first() -> None:
    """One prepared kernel per notebook, both editions, each an existing notebook: the
    welcome pages first, then each lesson in course order, English then French."""
    expected = [f"{lang}/{item.notebook(lang)}" for item in COURSE for lang in LANGUAGES]
    order = list(POOLS)
    assert order[:2] == [WELCOME, WELCOME_FR]
    assert sorted(order) == sorted(expected) and len(order) == len(set(order)) == 18
    assert order[2:] == [name for name in expected if name not in (WELCOME, WELCOME_FR)]
    assert set(POOLS.values()) == {1}
    assert all((NOTEBOOKS / name).is_file() for name in order)
    assert {p.relative_to(NOTEBOOKS).as_posix()
            for p in NOTEBOOKS.glob("*/*.ipynb")} == set(order)


def test_the_server_prepares_kernels_and_culls_the_others(app: CourseVoila) -> None:
    """Preheated kernels on, Voilà's own start-up filling off (the course server fills
    the pools itself), culling as KERNEL_CULLING."""
    manager = app.kernel_manager
    assert app.voila_configuration.preheat_kernel is True
    assert app.voila_configuration.default_pool_size == 0
    assert app.pools == dict(POOLS)
    assert hasattr(manager, "kernel_pools_config")       # Voilà's pooling manager
    assert manager.kernel_pools_config["default"]["pool_size"] == 0
    culling = KERNEL_CULLING["MappingKernelManager"]
    assert (manager.cull_idle_timeout, manager.cull_interval, manager.cull_connected) == (
        culling["cull_idle_timeout"], culling["cull_interval"], culling["cull_connected"])
    assert all(manager.get_pool_size(name) == 0 for name in POOLS)   # nothing before listen


@pytest.mark.parametrize(("options", "preheat", "pools"), [
    (["--VoilaConfiguration.preheat_kernel=False"], False, dict(POOLS)),
    (["--CourseVoila.pools", f"{WELCOME}=2", "--CourseVoila.pools", f"{WELCOME_FR}=1"],
     True, {WELCOME: 2, WELCOME_FR: 1}),
])
def test_the_command_line_overrides_the_preheating(options: list[str], preheat: bool,
                                                   pools: dict[str, int]) -> None:
    """Off with Voilà's own option; other pools (notebook=size, in order) by the
    server's."""
    handler = signal.getsignal(signal.SIGTERM)
    server = CourseVoila()
    try:
        server.initialize([str(NOTEBOOKS), "--no-browser", *options])
    finally:
        signal.signal(signal.SIGTERM, handler)
    assert server.voila_configuration.preheat_kernel is preheat
    assert server.pools == pools and list(server.pools) == list(pools)


def test_culling_leaves_the_kernels_waiting_in_a_pool(app: CourseVoila,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The culler asks about every kernel; a kernel waiting in a pool is left alone, any
    other is judged as usual (idle for KERNEL_CULLING's time and not connected)."""
    judged: list[str] = []

    async def judge(self: Any, kernel_id: str) -> None:
        judged.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", judge)
    manager = app.kernel_manager

    async def cull() -> None:
        pooled: asyncio.Future[dict[str, str]] = asyncio.get_running_loop().create_future()
        pooled.set_result({"kernel_id": "waiting-in-the-pool"})
        manager._pools[WELCOME] = [pooled]
        await manager.cull_kernel_if_idle("waiting-in-the-pool")
        await manager.cull_kernel_if_idle("a-learners-kernel")

    run(cull())
    assert judged == ["a-learners-kernel"]


def _idle_kernel(idle: float) -> Any:
    """A kernel as Jupyter's culler sees it: idle (not busy), last active ``idle`` seconds
    ago, its kernel spec with no culling of its own."""
    return SimpleNamespace(execution_state="idle", kernel_name="python3",
                           kernel_spec=SimpleNamespace(metadata={}),
                           last_activity=datetime.now(timezone.utc) - timedelta(seconds=idle))


def test_a_kernel_handed_over_is_not_culled_for_its_wait_in_the_pool(
        app: CourseVoila, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that waited in its pool longer than the cull time is handed to the page
    being opened (Voilà's own hand-over), and Jupyter's own culler, looking before the
    page's front end connects, leaves it alone: its idle time counts from the hand-over.
    A kernel as idle that no page was just handed is culled (the same culler)."""
    manager = app.kernel_manager
    timeout = KERNEL_CULLING.MappingKernelManager.cull_idle_timeout
    culled: list[str] = []

    async def shutdown(kernel_id: str, *args: object, **kwargs: object) -> None:
        culled.append(kernel_id)

    monkeypatch.setattr(manager, "shutdown_kernel", shutdown)
    monkeypatch.setattr(manager, "fill_if_needed", lambda **kwargs: None)   # no refill
    kernels = {"handed over": _idle_kernel(idle=10 * timeout),
               "left alone": _idle_kernel(idle=10 * timeout)}
    monkeypatch.setattr(manager, "_kernels", kernels)

    async def open_page() -> str:
        loop = asyncio.get_running_loop()
        rendering = loop.create_future()
        rendering.set_result(([], None))
        pooled = loop.create_future()
        pooled.set_result({"kernel_id": "handed over", "task": rendering,
                           "renderer": SimpleNamespace(stop_generator=False,
                                                       rendered_cache=[])})
        manager._pools[WELCOME] = [pooled]
        await manager.cull_kernel_if_idle("handed over")     # in its pool: left alone
        _, _, kernel_id = await manager.get_rendered_notebook(notebook_name=WELCOME)
        for name in kernels:
            await manager.cull_kernel_if_idle(name)
        return str(kernel_id)

    assert run(open_page()) == "handed over"
    assert culled == ["left alone"]
    assert datetime.now(timezone.utc) - manager.last_kernel_activity < timedelta(seconds=60)


class _Pools:
    """Voilà's pooling kernel manager as :class:`CourseVoila` uses it: each fill adds a
    kernel whose notebook is prepared at once, except the ``slow`` notebook's, which
    waits for its learner after ``delay`` seconds (as the kernel side does). The kernels
    were last active ``idle`` seconds ago."""

    def __init__(self, slow: str = "", delay: float = 0.0, idle: float = 3600.0) -> None:
        self.kernel_pools_config: dict[str, dict[str, int]] = {"default": {"pool_size": 0}}
        self._pools: dict[str, list[asyncio.Future[dict[str, Any]]]] = {}
        self.filled: list[tuple[str, int, float]] = []
        self.slow, self.delay = slow, delay
        self.last_kernel_activity = datetime.now(timezone.utc) - timedelta(seconds=idle)

    def fill_if_needed(self, delay: float | None = None, notebook_name: str = "",
                       **kwargs: object) -> None:
        assert delay == 0                # the course server fills when it decides
        loop = asyncio.get_running_loop()
        size = self.kernel_pools_config[notebook_name]["pool_size"]
        self.filled.append((notebook_name, size, loop.time()))
        rendering = loop.create_future()
        kernel_id = f"kernel of {notebook_name}"
        if notebook_name == self.slow:   # waits for its learner after a while
            loop.call_later(self.delay, RequestInfoSocketHandler._waiters.__setitem__,
                            kernel_id, None)
        else:
            rendering.set_result(None)
        pooled = loop.create_future()
        pooled.set_result({"kernel_id": kernel_id, "task": rendering})
        self._pools[notebook_name] = [pooled] * size


@pytest.fixture
def pools(app: CourseVoila, monkeypatch: pytest.MonkeyPatch) -> CourseVoila:
    """The course server with :class:`_Pools` for a kernel manager, four pools to fill."""
    first = COURSE[1].notebook("en")
    app.pools = {WELCOME: 1, f"en/{first}": 2, "en/99-missing.ipynb": 1, WELCOME_FR: 1}
    monkeypatch.setattr(RequestInfoSocketHandler, "_waiters", {})
    monkeypatch.setattr(server, "QUIET_SECONDS", 0.3)
    return app


def test_the_pools_are_filled_one_notebook_after_another(pools: CourseVoila,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """In POOLS' order, each pool's size set for Voilà's refills; the next notebook only
    once the kernel before is prepared (here: waiting for its learner); a notebook the
    served folder lacks is skipped."""
    lesson = f"en/{COURSE[1].notebook('en')}"
    manager = _Pools(slow=lesson, delay=0.3)
    monkeypatch.setattr(pools, "kernel_manager", manager)
    pools.start_filling()

    async def fill() -> float:
        await pools.fill_pools()
        return asyncio.get_running_loop().time()

    done = run(fill())
    assert [(name, size) for name, size, _ in manager.filled] == [
        (WELCOME, 1), (lesson, 2), (WELCOME_FR, 1)]
    assert manager.filled[2][2] - manager.filled[1][2] >= 0.3   # after the slow one
    assert done >= manager.filled[2][2]
    assert manager.kernel_pools_config[lesson] == {"pool_size": 2}


def test_a_kernel_is_prepared_when_the_server_is_quiet_refills_first(
        pools: CourseVoila, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kernels active a moment ago (a page coming up): the next kernel waits for
    QUIET_SECONDS of quiet. Voilà's refill, asked when it hands a kernel over, goes before
    the notebooks never prepared yet, and restarts the filling once it had stopped."""
    manager = _Pools(idle=0.0)
    monkeypatch.setattr(pools, "kernel_manager", manager)
    pools.start_filling()

    async def fill() -> tuple[float, float]:
        loop = asyncio.get_running_loop()
        start = loop.time()
        manager.fill_if_needed(delay=None, notebook_name=WELCOME_FR,     # as Voilà asks
                               extra_kernel_env_variables={})
        await pools.fill_pools()
        assert not pools._filling
        manager.fill_if_needed(notebook_name=WELCOME)                     # a later refill
        assert pools._filling
        await pools._filler
        return start, manager.filled[0][2]

    start, first = run(fill())
    assert first - start >= server.QUIET_SECONDS
    lesson = f"en/{COURSE[1].notebook('en')}"
    assert [name for name, _, _ in manager.filled] == [WELCOME_FR, WELCOME, lesson, WELCOME]


@pytest.fixture
def fresh_wait(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """A new kernel's side (its wait for the learner happens once per kernel), its data
    directory a temporary one, Voilà's request websocket without earlier waiters."""
    monkeypatch.setenv(files.DATA_ENV, str(tmp_path))
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setattr(RequestInfoSocketHandler, "_waiters", {})
    monkeypatch.setattr(RequestInfoSocketHandler, "_cache", {})
    monkeypatch.setattr(arrival, "_LEARNER", arrival._Learner())
    yield


@pytest.fixture
def voila_query(monkeypatch: pytest.MonkeyPatch) -> Iterator[_VoilaQuery]:
    """Voilà's request websocket (its own handler, on a free localhost port, in a thread)
    and the environment Voilà gives a kernel it prepares in advance, pointing at it."""
    socket, port = bind_unused_port()
    started = threading.Event()
    server = _VoilaQuery(str(uuid.uuid4()))

    async def serve() -> None:
        app = Application([(rf"/voila/query/{_kernel_id_regex}", RequestInfoSocketHandler)])
        http = HTTPServer(app)
        http.add_sockets([socket])
        server.loop = asyncio.get_running_loop()
        server.stop = asyncio.Event()
        started.set()
        await server.stop.wait()
        http.stop()

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    started.wait(10)
    for name, value in {arrival.PREHEATED_ENV: "True", "VOILA_APP_PORT": str(port),
                        "VOILA_SERVER_URL": "/", "VOILA_KERNEL_ID": server.kernel_id}.items():
        monkeypatch.setenv(name, value)
    try:
        yield server
    finally:
        server.call(server.stop.set)
        thread.join(10)


class _VoilaQuery:
    """The request websocket of :func:`voila_query`: who waits, and a page opened."""

    def __init__(self, kernel_id: str) -> None:
        self.kernel_id = kernel_id
        self.loop: asyncio.AbstractEventLoop
        self.stop: asyncio.Event

    def call(self, function: Any, *args: Any) -> None:
        self.loop.call_soon_threadsafe(function, *args)

    def waiting(self) -> bool:
        """True once the kernel side is connected and waiting for its learner."""
        return self.kernel_id in RequestInfoSocketHandler._waiters

    def open_page(self, query: str) -> None:
        """What Voilà does when a learner opens the page (``?<query>``)."""
        self.call(RequestInfoSocketHandler.send_updates,
                  {"kernel_id": self.kernel_id, "payload": {"QUERY_STRING": query}})


def _in_thread(function: Any) -> threading.Thread:
    thread = threading.Thread(target=function, daemon=True)
    thread.start()
    return thread


def test_a_prepared_kernel_reads_the_learners_data_once_they_came(
        voila_query: _VoilaQuery, fresh_wait: None, tmp_path: Path) -> None:
    """In a kernel Voilà prepares in advance, the first look for the learner's data
    directory waits until Voilà says a learner opened the page (their request then in
    the environment, as Voilà's own wait puts it), once per kernel; a directory given
    explicitly is no learner's and does not wait."""
    assert files.data_directory(tmp_path / "given") == tmp_path / "given"
    assert not arrival._LEARNER.came.is_set()
    found: list[Path] = []
    reader = _in_thread(lambda: found.append(files.data_directory()))
    deadline = time.monotonic() + 30
    while not voila_query.waiting() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert voila_query.waiting() and reader.is_alive() and found == []
    voila_query.open_page("from=welcome")
    reader.join(30)
    assert found == [tmp_path]
    assert os.environ["QUERY_STRING"] == "from=welcome"
    again = _in_thread(lambda: found.append(files.data_directory()))   # no more wait
    again.join(30)
    assert not again.is_alive() and found == [tmp_path, tmp_path]


def test_a_lesson_is_drawn_in_advance_and_gets_its_learners_progress_when_they_come(
        voila_query: _VoilaQuery, fresh_wait: None, tmp_path: Path) -> None:
    """In a kernel Voilà prepares in advance, a lesson's exercises and drill are drawn
    without the learner's progress and without waiting; once a learner opens the page,
    their progress is read into them on the kernel's event loop, and their answers are
    kept in it."""
    store = CourseProgress(tmp_path)
    store.record_answer("03-play-a-trick", "lead-any-card", solved=True, first_try=True,
                        answer="JS")
    for _ in range(6):
        store.record_drill_position("must-overtrump", "an-earlier-page", right=True)
    late: list[str] = []

    async def cells() -> tuple[ScenarioPlayer, DrillPlayer]:
        player = exercises(LESSON_03, ids=["lead-any-card", "follow-suit-diamonds"])
        drilled = drill(["must-overtrump"])
        arrival.when_learner_comes(lambda: late.append("came"))
        assert player.score == (0, 0, 2) and drilled.best_streak == 0 and late == []
        deadline = asyncio.get_running_loop().time() + 30
        while not voila_query.waiting() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)
        voila_query.open_page("lesson=03")
        while not late and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)
        return player, drilled

    player, drilled = run(cells())
    assert late == ["came"] and os.environ["QUERY_STRING"] == "lesson=03"
    assert player.score == (1, 1, 2) and drilled.best_streak == 6
    player.go(1)
    player.click(next(iter(player.current.scenario.legal)))
    assert store.read().record.results("03-play-a-trick")["follow-suit-diamonds"]["tries"] == 1
    arrival.when_learner_comes(lambda: late.append("after"))       # at once now
    assert late == ["came", "after"]


def test_a_kernel_whose_voila_is_gone_reads_at_once(
        monkeypatch: pytest.MonkeyPatch, fresh_wait: None, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    """Voilà's server unreachable: the data is read at once and the log says why."""
    socket, port = bind_unused_port()
    socket.close()                                       # a port nothing listens on
    monkeypatch.setenv(arrival.PREHEATED_ENV, "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_KERNEL_ID", str(uuid.uuid4()))
    with caplog.at_level(logging.WARNING, logger="belote_teach"):
        assert files.data_directory() == tmp_path
    assert f"127.0.0.1:{port}/voila/query/" in caplog.text and "cannot be reached" in caplog.text


@pytest.mark.parametrize("preheat", [None, "False"])
def test_other_kernels_read_the_learners_data_at_once(
        monkeypatch: pytest.MonkeyPatch, fresh_wait: None, tmp_path: Path,
        caplog: pytest.LogCaptureFixture, preheat: str | None) -> None:
    """Outside Voilà (tests, nbval) and in a kernel Voilà starts for a page: no wait, no
    connection tried (none is there to answer: trying would be logged)."""
    monkeypatch.setenv("VOILA_APP_PORT", "9")
    if preheat is None:
        monkeypatch.delenv(arrival.PREHEATED_ENV, raising=False)
    else:
        monkeypatch.setenv(arrival.PREHEATED_ENV, preheat)
    with caplog.at_level(logging.WARNING, logger="belote_teach"):
        assert files.data_directory() == tmp_path
    assert caplog.text == ""


def test_the_request_websocket_is_where_voila_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """The variables Voilà gives its kernels, with voila.utils' defaults."""
    for name in ("VOILA_WS_PROTOCOL", "VOILA_APP_IP", "VOILA_WS_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("VOILA_APP_PORT", "8866")
    monkeypatch.setenv("VOILA_SERVER_URL", "/course/")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    assert arrival.query_url() == "ws://127.0.0.1:8866/course/voila/query/k"
    monkeypatch.setenv("VOILA_WS_BASE_URL", "/proxy/")
    monkeypatch.setenv("VOILA_APP_IP", "10.0.0.2")
    assert arrival.query_url() == "ws://10.0.0.2:8866/proxy/voila/query/k"
