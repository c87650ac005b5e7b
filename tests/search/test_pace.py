"""The solver's measured pace (positions a second) and the node limits drawn from it."""

from __future__ import annotations

import threading

import pytest

from belote_teach.search import pace
from belote_teach.search.errors import NodeLimitError
from belote_teach.search.solver import reaches, solve

#: A full deal of some 1 million positions to solve, 20,000 or more for ``reaches`` at 76.
FULL_DEAL = {"S": ["JS", "JH", "7C", "9S", "JC", "9H", "9D", "10C"],
             "W": ["QD", "8H", "10D", "7H", "KS", "8D", "QH", "AH"],
             "N": ["QC", "10S", "QS", "8S", "AS", "KH", "7S", "AC"],
             "E": ["JD", "KC", "9C", "KD", "8C", "10H", "AD", "7D"]}


def test_a_new_pace_is_the_default_then_follows_the_solves() -> None:
    """Before any solve the default; the first solve sets the pace, the next ones move it
    by WEIGHT towards theirs; small or untimed solves are not recorded."""
    own = pace.Pace()
    assert pace.positions_per_second(own) == pace.DEFAULT_PACE
    pace.record(pace.MEASURED_FROM - 1, 0.001, pace=own)
    pace.record(1_000_000, 0.0, pace=own)
    assert own.solves == 0 and own.rate == pace.DEFAULT_PACE
    pace.record(1_000_000, 0.5, pace=own)                    # 2 million a second
    assert own.rate == pytest.approx(2_000_000)
    pace.record(400_000, 0.5, pace=own)                      # 0.8 million a second
    assert own.rate == pytest.approx(pace.WEIGHT * 800_000 + (1 - pace.WEIGHT) * 2_000_000)
    assert own.solves == 2


def test_positions_within_a_time() -> None:
    own = pace.Pace()
    pace.record(300_000, 0.1, pace=own)                      # 3 million a second
    assert pace.positions_within(0.25, own) == 750_000
    assert pace.positions_within(0.0, own) == 0
    assert pace.positions_within(-1.0, own) == 0


def _in_a_new_thread(work: object) -> pace.Pace:
    """Run ``work`` (a callable) in a new thread; return that thread's Pace after it."""
    seen: list[pace.Pace] = []

    def run() -> None:
        work()  # type: ignore[operator]
        seen.append(pace._own())

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return seen[0]


def test_the_solver_records_its_pace_in_its_own_thread() -> None:
    """A full-deal solve records the pace of the thread that solved it, a solve stopped by
    its node limit too (the positions it was allowed); the calling thread's is untouched;
    a 1-trick solve is too small to be recorded."""
    before = pace.positions_per_second()
    solves = pace._own().solves
    solved = _in_a_new_thread(lambda: solve(FULL_DEAL, "H", leader="S"))
    assert solved.solves == 1 and solved.rate > 0 and solved.rate != pace.DEFAULT_PACE

    def stopped() -> None:
        with pytest.raises(NodeLimitError):
            solve(FULL_DEAL, "H", leader="S", node_limit=pace.MEASURED_FROM)

    assert _in_a_new_thread(stopped).solves == 1
    asked = _in_a_new_thread(lambda: reaches(FULL_DEAL, "H", "S", "NS", 76))
    assert asked.solves == 1
    small = {"N": ["QD"], "E": ["10S"], "S": ["9H"], "W": ["KH"]}
    assert _in_a_new_thread(lambda: solve(small, "H", leader="S")).solves == 0
    assert pace.positions_per_second() == before and pace._own().solves == solves
