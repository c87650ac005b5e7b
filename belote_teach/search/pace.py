"""The pace of the double-dummy solver in the calling thread: positions searched a
second of wall clock, measured on its own recent solves, so that a caller with a time
budget can turn the seconds it has left into a node limit (a loaded machine, a core
shared with other kernels: the pace falls and the limits with it).

    >>> measured = Pace()
    >>> record(300_000, 0.1, pace=measured)              # 300,000 positions in 0.1 s
    >>> round(positions_per_second(measured))
    3000000
    >>> positions_within(0.25, measured)
    750000

The solver (:func:`~belote_teach.search.solver.solve`,
:func:`~belote_teach.search.solver.reaches`) records every solve of
:data:`MEASURED_FROM` positions or more, those stopped by their node limit included;
smaller ones are mostly fixed costs and say little of the pace. Reads and records are
per thread (each thread solves on its own core's share). No numba here: the module is
read by callers that have not loaded the solver yet (it only asks whether numba is
installed, to guess the pace of the solver's core).
"""

from __future__ import annotations

import importlib.util
import threading

__all__ = ["DEFAULT_PACE", "MEASURED_FROM", "WEIGHT", "Pace", "positions_per_second",
           "positions_within", "record"]



def _compiled() -> bool:
    """Whether numba is installed, so that the solver runs its compiled core (not in
    Pyodide), without importing it."""
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


#: Positions a second assumed before the thread has measured its own: about a third of
#: the development machine's, so that a thread that has not solved yet errs towards the
#: shorter limit: 2,000,000 for the compiled core (5.5 to 6 million,
#: ``benchmarks/solver.py``), 80,000 without numba for the pure-Python core (some 250,000
#: in CPython, ``benchmarks/solver.py --pure``; slower in Pyodide).
DEFAULT_PACE = 2_000_000.0 if _compiled() else 80_000.0
#: The fewest positions a solve must search for its pace to be recorded.
MEASURED_FROM = 20_000
#: The weight of the latest solve in the pace (0.0 to 1.0, the rest to the earlier ones):
#: a machine that becomes loaded is followed within a few solves.
WEIGHT = 0.5


class Pace:
    """One thread's measured pace.

    Attributes:
        rate: positions a second of wall clock (float), an average of the solves
            recorded weighted towards the latest (:data:`WEIGHT`); :data:`DEFAULT_PACE`
            until the first.
        solves: the solves recorded so far (0 or more).
    """

    def __init__(self) -> None:
        self.rate = DEFAULT_PACE
        self.solves = 0


_LOCAL = threading.local()


def _own() -> Pace:
    """The calling thread's :class:`Pace` (a new one on its first use)."""
    pace: Pace | None = getattr(_LOCAL, "pace", None)
    if pace is None:
        pace = _LOCAL.pace = Pace()
    return pace


def record(positions: int, seconds: float, *, pace: Pace | None = None) -> None:
    """Record one solve: ``positions`` searched in ``seconds`` of wall clock, into
    ``pace`` (the calling thread's when ``None``). A solve below :data:`MEASURED_FROM`
    positions, or timed at 0 s or less, is not recorded."""
    if positions < MEASURED_FROM or seconds <= 0:
        return
    target = _own() if pace is None else pace
    rate = positions / seconds
    target.rate = rate if target.solves == 0 else WEIGHT * rate + (1 - WEIGHT) * target.rate
    target.solves += 1


def positions_per_second(pace: Pace | None = None) -> float:
    """The pace of ``pace`` (the calling thread's when ``None``): positions a second of
    wall clock, :data:`DEFAULT_PACE` before any solve recorded."""
    return (_own() if pace is None else pace).rate


def positions_within(seconds: float, pace: Pace | None = None) -> int:
    """The positions the calling thread's solver (or ``pace``'s) searches in ``seconds``
    of wall clock at its measured pace: 0 when ``seconds`` is 0 or less."""
    return max(0, int(positions_per_second(pace) * seconds))
