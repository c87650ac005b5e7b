"""The kernel side of the kernels Voilà prepares in advance (its preheated kernels, issue 8;
the server side is :mod:`belote_teach.course_server`): the learner's data is read once the
learner is there.

Voilà runs a notebook in such a kernel before anyone opens the page, to hand the kernel
over, notebook run, to the next learner who does. What the page shows must then be the
learner's data as it is when they open it, not as it was when the kernel was prepared: a
progress map missing the last lesson done, or a game resumed as it was and later saved
over the newer one. So the first read of the learner's data directory
(:func:`belote_teach._storage.data_directory`) waits, in such a kernel, until a learner
opens the page: the notebook is run in advance up to that point, and from there for the
learner.

When a learner opens the page, Voilà sends the page's request (its URL's query string, the
server's name...) to the kernel over the websocket ``/voila/query/<kernel id>`` of its
server, what ``voila.utils.wait_for_request`` listens to. It is listened to here with
tornado's websocket client (the kernel runs on tornado) rather than with Voilà's function,
whose import loads the Voilà server into the kernel: 45 MiB and 2 to 3 s more for each
kernel prepared.

Private: the stores call :func:`wait_for_learner` through ``data_directory``.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import threading

__all__ = ["CONNECT_TIMEOUT", "PREHEATED_ENV", "query_url", "wait_for_learner"]

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


@functools.cache
def wait_for_learner() -> None:
    """In a kernel Voilà prepares in advance, wait until a learner opens the page, and
    put the page's request in the environment as Voilà's own wait does
    (``QUERY_STRING``...). Once per kernel; elsewhere (a kernel Voilà started for a page,
    nbval, the command line, the tests) return at once.

    Never raises for the connection: when Voilà cannot be reached (its server gone), the
    problem goes to the ``belote_teach`` log and the notebook goes on at once.
    """
    if os.environ.get(PREHEATED_ENV) != "True":
        return
    url = query_url()
    received: list[str | None] = []
    # The cell runs in the kernel's event loop thread: the websocket gets a thread and an
    # event loop of its own, which the cell waits for.
    listener = threading.Thread(target=lambda: received.append(asyncio.run(_receive(url))),
                                name="belote-teach-wait-for-learner", daemon=True)
    listener.start()
    listener.join()
    if received and received[0] is not None:
        request = json.loads(received[0])
        os.environ.update({str(k): str(v) for k, v in request.items()})


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
