"""Double-dummy solver benchmark: time to value every legal card of full 8-trick deals
and of 4-trick endings, ours side by side with the peer solver colver's.
A script that prints figures, not a test.

    .venv/bin/python benchmarks/solver.py [--deals 40] [--endings 200] [--seed 1] [--no-colver]
    .venv/bin/python benchmarks/solver.py --pure [--deals 40] [--endings 200] [--seed 1]
    .venv/bin/python benchmarks/solver.py --coach [--positions 20] [--worlds 48] [--cold]

What is measured
----------------
Each position is solved by :func:`belote_teach.search.solver.solve`, which gives the exact
value of EVERY legal card of the seat to play (not only the best one), under the rules
colver plays: ``classic`` with ``undertrump="free"`` (R3.6: a player who cannot
overtrump may discard instead, so more legal cards than ``classic``); then, in the same
process, by colver's ``Env.solve_scores()`` (colver 0.11.1, a Rust double-dummy solver
that also values every legal card), on an ``Env`` set up beforehand with the same
hands, trump and cards played (the set-up is not timed). Each time is the wall time of
the one call (``time.perf_counter``; ours includes the input checks), one core (the
process is pinned to one CPU when the OS allows).

* full deals: 8 cards each dealt from a shuffled deck (``random.Random(seed)``), a
  random trump, South leading the first trick (8 legal cards).
* 4-trick endings: a full deal like the above played at random (uniform among the legal
  cards, R3) for 4 tricks, then 0 to 3 cards of the fifth trick.

The compiled core is loaded (or, on a fresh install, compiled) once before timing.
Printed for each set and each solver: median, 95th percentile and maximum time, the
ratio ours / colver of each, our median nodes (positions searched), and the agreement of
the values. colver counts North-South's points of the whole deal (those already won
included) and 252 for a capot (R6.5); ours counts the card points of the team to play
from the current trick on. A card is compared (colver's value minus the points
North-South already won, against ours as North-South's) where no capot is possible any
more: each team has already won a trick, or our value is strictly between 0 and all the
points still in play (then neither team can take every trick from here).

Targets: median and 95th percentile of full deals at or below colver's; 4-trick
endings under 1 ms. colver is the ``bench`` extra: ``pip install -e '.[bench]'``.

``--pure``: our two cores side by side instead of colver: on the same positions (the
full deals and endings above, same rules), :func:`~belote_teach.search.solver.solve` on
the compiled core, then on the pure-Python core (``solver.CORE = "pure"``, what Pyodide
runs, where numba does not exist; each core's table kept by the thread as in use).
Printed: median, 95th percentile and maximum time of each, the ratio pure / compiled,
the median nodes of each, and whether every card got the same value from both.

``--coach``: what the coach asks of the solver. For each seed ``i`` of ``0..positions-1``,
``Deal.new(Seat.SOUTH, rng=i)`` played by four club players (passed-out deals skipped)
gives South's first two positions to play (pli 1 and pli 2: 8 or 7 cards, 0 to 3 cards
of the pli already played); for each, ``worlds`` deals of the hidden cards drawn by
:func:`~belote_teach.search.sampling.sample_worlds` (``random.Random(i)``) are solved one
after the other in one thread, under the table's rules, as the coach's
:func:`~belote_teach.search.evaluation.solved` does. Printed: the time of all the worlds
of one position (median, 95th percentile, max, ms) by pli and overall, and the median
nodes a world, the thread's CPU time (less sensitive than wall time to other work on a
shared machine) and the nodes in all. ``--cold`` empties the solver's table at every
solve, as it was before it kept its entries. Target: the 95th percentile of a
position's worlds within 500 ms.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from machine import machine_facts, pin_to_one_core

from belote_teach.engine.cards import DECK, Card, Seat, Suit, Team, points
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.rules import CLASSIC, RuleSet, legal_plays
from belote_teach.engine.trick import Trick
from belote_teach.players.errors import PositionNotReachedError
from belote_teach.players.replay import replay_until
from belote_teach.search import solver
from belote_teach.search.sampling import sample_worlds
from belote_teach.search.solver import _core, solve, warm_up

#: colver's seats 0..3 (next seat = +1) as ours: North, then each next seat (R2.8).
COLVER_SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.NORTH.next, Seat.NORTH.next.next,
                                  Seat.NORTH.next.next.next)
_SUITS = "SHDC"
_RANKS = ("7", "8", "9", "J", "Q", "K", "10", "A")
RULES = RuleSet(undertrump="free")


@dataclass
class Position:
    """A position to solve, with what colver needs to reach it."""

    hands: dict[Seat, tuple[Card, ...]]
    trump: Suit
    trick: tuple[Card, ...]
    leader: Seat
    dealt: dict[Seat, tuple[Card, ...]]       # the 8-card hands of the deal
    played: tuple[Card, ...]                  # every card played so far, in order
    banked: dict[Team, int]                   # card points each team already won
    tricks_won: dict[Team, int]               # tricks each team already won


def colver_card(card: Card) -> int:
    """colver's index of ``card``: 8 * suit (S, H, D, C) + rank (7 8 9 J Q K 10 A)."""
    text = str(card)
    return _SUITS.index(text[-1]) * 8 + _RANKS.index(text[:-1])


def deal_position(rng: random.Random, tricks_played: int) -> Position:
    """A full deal (random trump, South leading) played at random for ``tricks_played``
    tricks, then, when that is more than 0, 0–3 cards of the next trick."""
    deck = list(DECK)
    rng.shuffle(deck)
    trump = rng.choice(list(Suit))
    dealt = {seat: tuple(deck[i * 8:(i + 1) * 8]) for i, seat in enumerate(Seat)}
    hands = dict(dealt)
    banked = {Team.NS: 0, Team.EW: 0}
    won = {Team.NS: 0, Team.EW: 0}
    played: list[Card] = []
    leader = Seat.SOUTH
    extra = rng.randrange(4) if tricks_played else 0
    trick = Trick(trump, leader)
    for _ in range(4 * tricks_played + extra):
        seat = trick.next_seat
        card = rng.choice(list(legal_plays(hands[seat], trick, CLASSIC)))
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        trick._push_unchecked(card)
        played.append(card)
        if trick.is_complete:
            banked[trick.winner.team] += trick.points
            won[trick.winner.team] += 1
            leader = trick.winner
            trick = Trick(trump, leader)
    return Position(hands, trump, tuple(trick.cards), leader, dealt, tuple(played),
                    banked, won)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def colver_env(colver: Any, position: Position) -> Any:
    """A colver ``Env`` at ``position``: the deal (South leading the first trick), the
    contract on the trump, the cards played so far."""
    lead = COLVER_SEATS.index(Seat.SOUTH)
    env = colver.Env.deal_with_hands(
        (lead - 1) % 4, [[colver_card(c) for c in position.dealt[s]] for s in COLVER_SEATS])
    env.set_contract(_SUITS.index(position.trump.value), 80, 0, 0)
    env.set_phase_playing()
    for card in position.played:
        env.step(colver_card(card))
    return env


@dataclass
class Figures:
    """What one set of positions measured."""

    ours: list[float]
    theirs: list[float]
    nodes: list[int]
    compared: int = 0
    agreed: int = 0
    skipped: int = 0


def measure(positions: list[Position], colver: Any) -> Figures:
    """Solve every position with both solvers (ours first), comparing the values."""
    figures = Figures([], [], [])
    for p in positions:
        start = time.perf_counter()
        result = solve(p.hands, p.trump, p.trick, p.leader, RULES)
        figures.ours.append(time.perf_counter() - start)
        figures.nodes.append(result.nodes)
        if colver is None:
            continue
        env = colver_env(colver, p)
        start = time.perf_counter()
        scores = env.solve_scores()
        figures.theirs.append(time.perf_counter() - start)
        theirs = dict(scores["scores"])
        team = result.seat.team
        remaining = sum(points(c, p.trump) for c in (*p.trick, *(c for h in p.hands.values()
                                                                 for c in h))) + 10
        no_capot = all(p.tricks_won[t] > 0 for t in Team)
        for card, value in result.values.items():
            if not (no_capot or 0 < value < remaining):
                figures.skipped += 1
                continue
            figures.compared += 1
            ours_ns = value if team is Team.NS else remaining - value
            figures.agreed += theirs[colver_card(card)] - p.banked[Team.NS] == ours_ns
    return figures


def report(label: str, figures: Figures) -> None:
    """Print the figures of one set of positions."""
    ours = [s * 1000 for s in figures.ours]
    rows = [("ours", ours)]
    if figures.theirs:
        rows.append(("colver", [s * 1000 for s in figures.theirs]))
    nodes = int(statistics.median(figures.nodes))
    print(f"{label}: {len(ours)} positions; our median nodes {nodes}")
    print(f"  {'ms':8} {'median':>9} {'p95':>9} {'max':>9}")
    stats = []
    for name, ms in rows:
        row = (statistics.median(ms), percentile(ms, 0.95), max(ms))
        stats.append(row)
        print(f"  {name:8} {row[0]:9.3f} {row[1]:9.3f} {row[2]:9.3f}")
    if len(stats) == 2:
        ratio = [a / b for a, b in zip(stats[0], stats[1], strict=True)]
        print(f"  {'ratio':8} {ratio[0]:9.2f} {ratio[1]:9.2f} {ratio[2]:9.2f}   (ours / colver)")
        print(f"  values: {figures.agreed}/{figures.compared} cards agree "
              f"({figures.skipped} not compared: a capot still possible)")


def cores(label: str, positions: list[Position]) -> None:
    """Solve every position on the compiled core, then on the pure-Python one, and print
    the figures side by side (``--pure``)."""
    seconds: dict[str, list[float]] = {"compiled": [], "pure": []}
    nodes: dict[str, list[int]] = {"compiled": [], "pure": []}
    same = 0
    for p in positions:
        values = []
        for name in ("compiled", "pure"):
            solver.CORE = name
            start = time.perf_counter()
            result = solve(p.hands, p.trump, p.trick, p.leader, RULES)
            seconds[name].append(time.perf_counter() - start)
            nodes[name].append(result.nodes)
            values.append(result.values)
        same += values[0] == values[1]
    solver.CORE = "compiled"
    print(f"{label}: {len(positions)} positions; the same values on both cores: "
          f"{same}/{len(positions)}")
    print(f"  {'ms':8} {'median':>9} {'p95':>9} {'max':>9} {'nodes':>9}")
    stats = []
    for name in ("compiled", "pure"):
        ms = [s * 1000 for s in seconds[name]]
        row = (statistics.median(ms), percentile(ms, 0.95), max(ms))
        stats.append(row)
        print(f"  {name:8} {row[0]:9.3f} {row[1]:9.3f} {row[2]:9.3f} "
              f"{int(statistics.median(nodes[name])):9d}")
    ratio = [b / a for a, b in zip(stats[0], stats[1], strict=True)]
    print(f"  {'ratio':8} {ratio[0]:9.1f} {ratio[1]:9.1f} {ratio[2]:9.1f}   (pure / compiled)")


def coach_positions(count: int) -> list[tuple[int, Observation]]:
    """South's observations at its first card of pli 1 and of pli 2 (with the seed of the
    deal) in the deals ``Deal.new(Seat.SOUTH, rng=i)``, ``i < count``, played by club
    players; passed-out deals give none."""
    out: list[tuple[int, Observation]] = []
    for seed in range(count):
        deal = Deal.new(Seat.SOUTH, rng=seed)
        for pli in (0, 1):
            try:
                replay_until(deal, lambda d, p=pli: (d.phase is Phase.PLAY
                                                     and d.turn is Seat.SOUTH
                                                     and len(d.played_cards) // 4 == p),
                             f"South's card in pli {pli + 1}")
            except PositionNotReachedError:
                break
            out.append((seed, deal.observation(Seat.SOUTH)))
    return out


def coach(count: int, worlds: int) -> None:
    """Time the solves of ``worlds`` worlds of each coach position (see the module
    docstring) and print the figures."""
    positions = coach_positions(count)
    by_pli: dict[int, list[float]] = {0: [], 1: []}
    cpu: list[float] = []
    nodes: list[int] = []
    for seed, obs in positions:
        trick = obs.trick
        assert trick is not None and obs.trump is not None
        drawn = list(sample_worlds(obs, random.Random(seed), worlds))
        start = time.perf_counter()
        start_cpu = time.thread_time()
        for world in drawn:
            result = solve(world, obs.trump, trick.cards, trick.leader, obs.rules)
            nodes.append(result.nodes)
        by_pli[len(obs.tricks)].append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
    print(f"coach: {len(positions)} positions of South (seeds 0..{count - 1}), {worlds} "
          f"worlds each, one thread; median nodes a world {int(statistics.median(nodes))}")
    print(f"  {'ms / position':14} {'n':>4} {'median':>9} {'p95':>9} {'max':>9}")
    rows = [("pli 1", by_pli[0]), ("pli 2", by_pli[1]), ("all", by_pli[0] + by_pli[1])]
    for label, seconds in rows:
        if not seconds:
            continue
        ms = [s * 1000 for s in seconds]
        print(f"  {label:14} {len(ms):4} {statistics.median(ms):9.1f} "
              f"{percentile(ms, 0.95):9.1f} {max(ms):9.1f}")
    ms = [s * 1000 for s in cpu]
    print(f"  {'all, CPU ms':14} {len(ms):4} {statistics.median(ms):9.1f} "
          f"{percentile(ms, 0.95):9.1f} {max(ms):9.1f}   (the thread's CPU time)")
    print(f"  nodes: {sum(nodes)} in all")
    print("target: p95 of a position's worlds within 500 ms on one core")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40,
                        help="full 8-trick deals to solve (default 40)")
    parser.add_argument("--endings", type=int, default=200,
                        help="4-trick endings to solve (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--no-colver", action="store_true", help="time ours only")
    parser.add_argument("--pure", action="store_true",
                        help="our compiled and pure-Python cores side by side (no colver)")
    parser.add_argument("--coach", action="store_true",
                        help="time the coach's load instead: many worlds of one position")
    parser.add_argument("--positions", type=int, default=20,
                        help="--coach: deals (seeds 0..N-1) giving South's pli 1 and 2")
    parser.add_argument("--worlds", type=int, default=48,
                        help="--coach: worlds solved a position (default 48)")
    parser.add_argument("--cold", action="store_true",
                        help="--coach: start every solve on an empty table (as before the "
                             "table was kept from one solve to the next)")
    args = parser.parse_args()
    print("belote_teach.search.solver benchmark, ours beside colver (figures only, not a test)")
    for line in machine_facts(pin_to_one_core()):
        print("  " + line)
    if args.coach:
        print(f"core loaded (compiled on a fresh install) in {warm_up():.1f} s, not counted")
        if args.cold:
            _core().keep = False
        coach(args.positions, args.worlds)
        return
    if args.pure:
        print(f"compiled core loaded in {warm_up():.1f} s, not counted below")
        solver.CORE = "pure"
        print(f"pure-Python core's tables built in {warm_up():.2f} s, not counted below")
        solver.CORE = "compiled"
        rng = random.Random(args.seed)
        endings = [deal_position(rng, 4) for _ in range(args.endings)]
        deals = [deal_position(rng, 0) for _ in range(args.deals)]
        cores("4-trick endings", endings)
        cores("full 8-trick deals", deals)
        return
    colver: Any = None
    if not args.no_colver:
        try:
            colver = importlib.import_module("colver")        # the bench extra, lazily
        except ImportError:
            print("colver is not installed: ours only. For the comparison install the "
                  "bench extra: pip install -e '.[bench]'")
    print(f"core loaded (compiled on a fresh install) in {warm_up():.1f} s, not counted below")
    rng = random.Random(args.seed)
    endings = [deal_position(rng, 4) for _ in range(args.endings)]
    deals = [deal_position(rng, 0) for _ in range(args.deals)]
    report("4-trick endings", measure(endings, colver))
    report("full 8-trick deals", measure(deals, colver))
    print("targets: full deals median and p95 at or below colver's; endings under 1 ms")


if __name__ == "__main__":
    main()
