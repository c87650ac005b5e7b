"""Double-dummy solver benchmark: time to solve full 8-trick deals and 4-trick endings.
A script that prints figures, not a test.

    .venv/bin/python benchmarks/solver.py [--deals 20] [--endings 100] [--seed 1]

What is measured
----------------
Each position is solved by :func:`belote_teach.search.solver.solve`, which gives the exact
value of EVERY legal card of the seat to play (not only the best one); the time is
``SolveResult.seconds`` (wall time, input checks included), one core (the process is
pinned to one CPU when the OS allows), preset ``classic``.

* full deals: 8 cards each dealt from a shuffled deck (``random.Random(seed)``), a
  random trump, South leading the first trick (8 legal cards).
* 4-trick endings: 4 cards each from a shuffled deck, random trump and leader, then 0 to
  3 cards of the current trick played at random among the legal cards (the seats who
  played hold 3 cards).

The compiled core is loaded (or, on a fresh install, compiled) once before timing.
Printed: median, 95th percentile and maximum time, median nodes (card plays searched).
Target (issue): full 8-trick solve under 250 ms median.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from machine import machine_facts, pin_to_one_core

from belote_teach.engine.cards import DECK, Card, Seat, Suit
from belote_teach.engine.rules import CLASSIC, legal_plays
from belote_teach.engine.trick import Trick
from belote_teach.search.solver import solve, warm_up

Position = tuple[dict[Seat, tuple[Card, ...]], Suit, tuple[Card, ...], Seat]


def deal_position(rng: random.Random, tricks: int) -> Position:
    """``tricks`` cards a seat, random trump and leader; for an ending (fewer than 8
    tricks) 0–3 cards of the current trick are played at random among the legal cards."""
    deck = list(DECK)
    rng.shuffle(deck)
    trump = rng.choice(list(Suit))
    hands = {seat: tuple(deck[i * tricks:(i + 1) * tricks]) for i, seat in enumerate(Seat)}
    if tricks == 8:
        return hands, trump, (), Seat.SOUTH
    leader = rng.choice(list(Seat))
    trick: list[Card] = []
    seat = leader
    for _ in range(rng.randrange(4)):
        card = rng.choice(list(legal_plays(hands[seat], Trick(trump, leader, trick), CLASSIC)))
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        trick.append(card)
        seat = seat.next
    return hands, trump, tuple(trick), leader


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def run(label: str, positions: list[Position]) -> None:
    """Solve every position and print the timing figures."""
    seconds: list[float] = []
    nodes: list[int] = []
    start = time.perf_counter()
    for hands, trump, trick, leader in positions:
        result = solve(hands, trump, trick, leader, CLASSIC)
        seconds.append(result.seconds)
        nodes.append(result.nodes)
    wall = time.perf_counter() - start
    ms = [s * 1000 for s in seconds]
    print(f"{label}: {len(positions)} positions in {wall:.1f} s; "
          f"median {statistics.median(ms):.1f} ms, 95th percentile {percentile(ms, 0.95):.1f} ms, "
          f"max {max(ms):.1f} ms; median nodes {int(statistics.median(nodes))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20,
                        help="full 8-trick deals to solve (default 20)")
    parser.add_argument("--endings", type=int, default=100,
                        help="4-trick endings to solve (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args()
    print("belote_teach.search.solver benchmark (figures only, not a test)")
    for line in machine_facts(pin_to_one_core()):
        print("  " + line)
    print(f"core loaded (compiled on a fresh install) in {warm_up():.1f} s, not counted below")
    rng = random.Random(args.seed)
    run("4-trick endings", [deal_position(rng, 4) for _ in range(args.endings)])
    run("full 8-trick deals", [deal_position(rng, 8) for _ in range(args.deals)])
    print("target: full 8-trick solve under 250 ms median")


if __name__ == "__main__":
    main()
