"""The search's background thread: one daemon thread that runs the jobs handed to it in
turn, so that the solver's memory (its transposition table and buffers, one per thread,
:func:`~belote_teach.search.solver.solve`) is allocated once and stays warm from one
position to the next, instead of a new thread and a cold table for each.

The solver releases the GIL, so a job solving worlds here lets the kernel's own thread
answer the learner meanwhile. A job's errors are not raised here: the caller who needs
the job's result computes what is left in its own thread and meets them there.

Where Python cannot start a thread (:data:`THREADS`: Pyodide, the static edition's
Python in the browser, is WebAssembly without threads), no job runs in advance: each
caller computes what it needs when it asks, in its own thread, as it does for what a
job had not done yet.
"""

from __future__ import annotations

import contextlib
import queue
import sys
import threading
from collections.abc import Callable

__all__ = ["THREADS", "run_in_background"]

#: Whether this Python can start threads: not under Pyodide (``sys.platform``
#: ``"emscripten"``), where :func:`run_in_background` runs nothing.
THREADS = sys.platform != "emscripten"

_JOBS: queue.SimpleQueue[Callable[[], object]] = queue.SimpleQueue()
_START = threading.Lock()
_thread: threading.Thread | None = None


def run_in_background(job: Callable[[], object]) -> None:
    """Queue ``job`` (a callable taking no argument; its return value is dropped) for the
    background thread, started on the first call. Jobs run one at a time, in the order
    queued: a job for a position left behind should return at once (check a stop flag).
    Without :data:`THREADS` the job is dropped: its caller does the work when it asks.

    Raises:
        TypeError: ``job`` is not callable.
    """
    global _thread
    if not callable(job):
        raise TypeError(f"job must be a callable taking no argument, got {job!r}")
    if not THREADS:
        return
    with _START:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_work, name="belote-search", daemon=True)
            _thread.start()
    _JOBS.put(job)


def _work() -> None:
    while True:
        job = _JOBS.get()
        with contextlib.suppress(Exception):      # the caller meets it in its own thread
            job()
