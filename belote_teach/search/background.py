"""The search's background thread: one daemon thread that runs the jobs handed to it in
turn, so that the solver's memory (its transposition table and buffers, one per thread,
:func:`~belote_teach.search.solver.solve`) is allocated once and stays warm from one
position to the next, instead of a new thread and a cold table for each.

The solver releases the GIL, so a job solving worlds here lets the kernel's own thread
answer the learner meanwhile. A job's errors are not raised here: the caller who needs
the job's result computes what is left in its own thread and meets them there.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable

__all__ = ["run_in_background"]

_JOBS: queue.SimpleQueue[Callable[[], object]] = queue.SimpleQueue()
_START = threading.Lock()
_thread: threading.Thread | None = None


def run_in_background(job: Callable[[], object]) -> None:
    """Queue ``job`` (a callable taking no argument; its return value is dropped) for the
    background thread, started on the first call. Jobs run one at a time, in the order
    queued: a job for a position left behind should return at once (check a stop flag).

    Raises:
        TypeError: ``job`` is not callable.
    """
    global _thread
    if not callable(job):
        raise TypeError(f"job must be a callable taking no argument, got {job!r}")
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
