"""The work ``benchmarks/browser_kernel.py`` times: one module run as it is by CPython and
by Pyodide in the browser, so that both sides time the same code on the same positions.

It imports only the standard library, ``belote_teach`` and ``benchmarks/solver.py`` (its
positions and rules; a sibling import, as the benchmark scripts do), and every function
returns plain data (lists, dicts, numbers, strings) that ``json`` carries across.
Times are wall clock (``time.perf_counter``, seconds) in the process or page that runs
the work.
"""

from __future__ import annotations

import functools
import importlib.metadata
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import TypeVar

from solver import RULES, Position, deal_position

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Seat
from belote_teach.engine.deal import Deal
from belote_teach.engine.observation import Observation
from belote_teach.players import Decision, Player, make_player, play_deal
from belote_teach.search import background, solver

T = TypeVar("T")


def facts() -> dict[str, object]:
    """What runs the work: the Python, its platform, the solver's core, threads or not,
    and the course's version."""
    return {"python": f"{platform.python_version()} ({platform.python_implementation()})",
            "platform": sys.platform, "core": solver.CORE, "threads": background.THREADS,
            "belote_teach": importlib.metadata.version("belote-teach")}


@functools.cache
def positions(seed: int, deals: int, endings: int) -> dict[str, list[Position]]:
    """The positions of ``benchmarks/solver.py`` for the same arguments: from
    ``random.Random(seed)``, ``endings`` 4-trick endings, then ``deals`` full deals."""
    rng = random.Random(seed)
    made = {"endings": [deal_position(rng, 4) for _ in range(endings)]}
    made["deals"] = [deal_position(rng, 0) for _ in range(deals)]
    return made


def warm_up(core: str) -> float:
    """Seconds to load the solver's ``core`` (``"compiled"`` or ``"pure"``), not timed
    with the solves."""
    kept, solver.CORE = solver.CORE, core
    try:
        return solver.warm_up()
    finally:
        solver.CORE = kept


def solve_positions(core: str, kind: str, start: int, stop: int, seed: int, deals: int,
                    endings: int) -> list[dict[str, object]]:
    """Solve positions ``start`` to ``stop - 1`` of ``kind`` (``"endings"`` or
    ``"deals"``, :func:`positions`) on ``core``, under ``benchmarks/solver.py``'s rules:
    for each, the wall time of the call (``ms``), the nodes searched and every legal
    card's value (``{"JH": 42, ...}``)."""
    out: list[dict[str, object]] = []
    kept, solver.CORE = solver.CORE, core
    try:
        for p in positions(seed, deals, endings)[kind][start:stop]:
            begin = time.perf_counter()
            result = solver.solve(p.hands, p.trump, p.trick, p.leader, RULES)
            ms = (time.perf_counter() - begin) * 1000
            out.append({"ms": ms, "nodes": result.nodes,
                        "values": {str(c): v for c, v in result.values.items()}})
    finally:
        solver.CORE = kept
    return out


class Clocked:
    """Wraps a player and records each decision as ``[kind, seconds]`` in ``log``:
    ``kind`` ``"bid"``, ``"announcements"`` or ``"card"``, and its wall time."""

    def __init__(self, inner: Player, log: list[list[object]]) -> None:
        self.inner = inner
        self.name = inner.name
        self.log = log

    def _clocked(self, kind: str, decide: Callable[[], T]) -> T:
        start = time.perf_counter()
        decision = decide()
        self.log.append([kind, time.perf_counter() - start])
        return decision

    def choose_bid(self, obs: Observation, rng: random.Random) -> Decision[Bid]:
        """The inner player's bid, clocked."""
        return self._clocked("bid", lambda: self.inner.choose_bid(obs, rng))

    def choose_announcements(self, obs: Observation, rng: random.Random
                             ) -> Decision[tuple[Announcement, ...]]:
        """The inner player's announcements, clocked."""
        return self._clocked("announcements",
                             lambda: self.inner.choose_announcements(obs, rng))

    def choose_card(self, obs: Observation, rng: random.Random) -> Decision[Card]:
        """The inner player's card, clocked."""
        return self._clocked("card", lambda: self.inner.choose_card(obs, rng))


def play_one(level: str, seed: int) -> dict[str, object]:
    """Deal ``seed`` (``Deal.new(Seat.SOUTH, rng=seed)``, ``random.Random(seed)``, as
    ``benchmarks/players.py`` plays it) played by four new players of ``level`` with
    their defaults: every decision (:class:`Clocked`), the decisions the players ended at
    their time limit (``cut_short``), the card decisions where they solved no world in
    time and played the club card (``unsolved``; both 0 for players without a limit) and
    every action in order, as text."""
    log: list[list[object]] = []
    inner = {seat: make_player(level) for seat in Seat}
    deal = Deal.new(Seat.SOUTH, rng=seed)
    turns = play_deal(deal, {s: Clocked(p, log) for s, p in inner.items()},
                      random.Random(seed))
    actions = " ".join(str(t.decision.action) for t in turns)
    return {"decisions": log, "actions": actions,
            "cut_short": sum(getattr(p, "cut_short", 0) for p in inner.values()),
            "unsolved": sum(getattr(p, "unsolved", 0) for p in inner.values())}
