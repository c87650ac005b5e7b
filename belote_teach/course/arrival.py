"""The kernel side of the kernels Voilà prepares in advance (its preheated kernels;
the server side is :mod:`belote_teach.serve.server`): the learner's data is read once the
learner is there.

Voilà runs a notebook in such a kernel before anyone opens the page, to hand the kernel
over, notebook run, to the next learner who does. What the page shows must then be the
learner's data as it is when they open it, not as it was when the kernel was prepared: a
progress map missing the last lesson done, or a game resumed as it was and later saved
over the newer one. So the first read of the learner's data directory
(:func:`belote_teach.course.files.data_directory`) waits, in such a kernel, until a learner
opens the page: the notebook is run in advance up to that point, and from there for the
learner.

When a learner opens the page, Voilà sends the page's request (its URL's query string, the
server's name...) to the kernel over the websocket ``/voila/query/<kernel id>`` of its
server, what ``voila.utils.wait_for_request`` listens to. It is listened to here with
tornado's websocket client (the kernel runs on tornado) rather than with Voilà's function,
whose import loads the Voilà server into the kernel: 45 MiB and 2 to 3 s more for each
kernel prepared.

The lessons' exercises and drills are drawn in advance and get the learner's progress
when the learner comes (:func:`when_learner_comes`), so a lesson's whole notebook is run
in advance; any other read of the learner's data (the welcome page's map, a saved game)
waits for the learner there (:func:`wait_for_learner`, through ``data_directory``).

Private: the stores call :func:`wait_for_learner` through ``data_directory``; the lesson
functions call :func:`when_learner_comes`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Callable

__all__ = ["CONNECT_TIMEOUT", "PREHEATED_ENV", "query_url", "wait_for_learner",
           "when_learner_comes"]

#: The environment variable Voilà sets to ``True`` in the kernels it prepares in advance
#: (``False`` in the kernel it starts for a page).
PREHEATED_ENV = "VOILA_PREHEAT"

#: Seconds allowed to connect to Voilà's request websocket.
CONNECT_TIMEOUT = 10.0

_log = logging.getLogger("belote_teach")


def query_url() -> str:
    """Where Voilà sends the page's request to this kernel, from the environment Voilà
    gives it (the variables ``voila.utils.wait_for_request`` reads, with its defaults):
    ``ws://127.0.0.1:<port>/voila/query/<kernel id>``."""
    env = os.environ
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    host = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"


class _Learner:
    """Whether the learner of this kernel has opened the page: the one listener of Voilà's
    request websocket (a thread, started at the first need) and what waits for it."""

    def __init__(self) -> None:
        self.came = threading.Event()
        self._lock = threading.Lock()
        self._listener: threading.Thread | None = None
        self._pending: list[tuple[asyncio.AbstractEventLoop, Callable[[], None]]] = []

    def listen(self) -> None:
        """Start listening for the learner (once)."""
        with self._lock:
            if self._listener is None:
                self._listener = threading.Thread(target=self._wait, daemon=True,
                                                  name="belote-teach-wait-for-learner")
                self._listener.start()

    def later(self, callback: Callable[[], None]) -> bool:
        """Queue ``callback`` for the learner's arrival, on the event loop running now;
        False (nothing queued) when the learner is already there."""
        if self.came.is_set():
            return False
        loop = asyncio.get_running_loop()
        with self._lock:
            if self.came.is_set():
                return False
            self._pending.append((loop, callback))
        self.listen()
        return True

    def _wait(self) -> None:
        # The cells run in the kernel's event loop: the websocket gets this thread and an
        # event loop of its own.
        message = asyncio.run(_receive(query_url()))
        if message is not None:
            request = json.loads(message)
            os.environ.update({str(k): str(v) for k, v in request.items()})
        with self._lock:
            self.came.set()
            pending, self._pending = self._pending, []
        for loop, callback in pending:
            loop.call_soon_threadsafe(callback)


_LEARNER = _Learner()


def _prepared_in_advance() -> bool:
    return os.environ.get(PREHEATED_ENV) == "True"


def wait_for_learner() -> None:
    """In a kernel Voilà prepares in advance, wait until a learner opens the page, and
    put the page's request in the environment as Voilà's own wait does
    (``QUERY_STRING``...); at once when they did already. Elsewhere (a kernel Voilà
    started for a page, nbval, the command line, the tests) return at once.

    Never raises for the connection: when Voilà cannot be reached (its server gone), the
    problem goes to the ``belote_teach`` log and the notebook goes on at once.
    """
    if not _prepared_in_advance():
        return
    _LEARNER.listen()
    _LEARNER.came.wait()


def when_learner_comes(callback: Callable[[], None]) -> None:
    """Call ``callback()`` (no argument, its result ignored) once the learner has opened
    the page: at once outside a kernel Voilà prepares in advance, or when the learner is
    there already; else later, on the event loop that runs the cell now (the kernel's),
    once the cell is done. A lesson draws its exercises in advance this way, and reads the
    learner's progress into them when they come, rather than stopping the notebook at
    that read as :func:`wait_for_learner` does.

    Raises:
        RuntimeError: in a kernel prepared in advance, called with no event loop running
            (not from a cell).
    """
    if _prepared_in_advance() and _LEARNER.later(callback):
        return
    callback()


async def _receive(url: str) -> str | None:
    """The first message of the websocket ``url`` (a JSON text); ``None`` when it cannot
    be connected to (said in the log) or closes first."""
    # imported here: tornado is there in a kernel, not a dependency of the engine
    from tornado.httpclient import HTTPClientError
    from tornado.websocket import websocket_connect

    try:
        connection = await websocket_connect(url, connect_timeout=CONNECT_TIMEOUT)
    except (OSError, HTTPClientError) as err:
        _log.warning("Voilà's request websocket %s cannot be reached (%s): the learner's "
                     "data is read without waiting for the learner", url, err)
        return None
    try:
        message = await connection.read_message()
    finally:
        connection.close()
    return message if isinstance(message, str) else None
