"""Benchmark of the rules engine: ``legal_plays`` on random positions, and random whole
deals played through the checked path (``Trick.play``). Prints figures only; nothing
here is a test.

    .venv/bin/python benchmarks/bench_legal_plays.py [--positions 100000] [--deals 2000]
"""

from __future__ import annotations

import argparse
import random
import time

from belote_teach.engine.cards import DECK, Card, Seat, Suit
from belote_teach.engine.rules import CLASSIC, legal_plays
from belote_teach.engine.trick import Trick


def random_positions(count: int, rng: random.Random) -> list[tuple[tuple[Card, ...], Trick]]:
    """``count`` random positions: a trick of 0-3 cards and a disjoint hand of 1-8."""
    suits, seats = list(Suit), list(Seat)
    positions = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        n_trick, n_hand = rng.randint(0, 3), rng.randint(1, 8)
        trick = Trick(rng.choice(suits), rng.choice(seats), deck[:n_trick])
        positions.append((tuple(deck[n_trick:n_trick + n_hand]), trick))
    return positions


def play_deal(rng: random.Random) -> int:
    """Deal 32 shuffled cards and play 8 tricks with random legal cards; return the
    card points of the deal plus the dix de der."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands = {seat: deck[8 * i: 8 * i + 8] for i, seat in enumerate(Seat)}
    trump, leader, total = rng.choice(list(Suit)), rng.choice(list(Seat)), 0
    for _ in range(8):
        trick = Trick(trump, leader)
        for _ in range(4):
            hand = hands[trick.next_seat]
            card = rng.choice(legal_plays(hand, trick, CLASSIC).cards)
            trick.play(card, hand, CLASSIC)
            hand.remove(card)
        total += trick.points
        leader = trick.winner
    return total + 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--deals", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    positions = random_positions(args.positions, rng)
    start = time.perf_counter()
    for hand, trick in positions:
        legal_plays(hand, trick, CLASSIC)
    elapsed = time.perf_counter() - start
    print(f"legal_plays: {len(positions)} positions in {elapsed:.3f} s: "
          f"{len(positions) / elapsed:,.0f} positions/s, "
          f"{elapsed / len(positions) * 1e6:.2f} µs per call")

    start = time.perf_counter()
    for _ in range(args.deals):
        if play_deal(rng) != 162:
            raise SystemExit("a deal did not total 162 points")
    elapsed = time.perf_counter() - start
    print(f"random whole deals: {args.deals} deals in {elapsed:.3f} s: "
          f"{args.deals / elapsed:,.1f} deals/s, {elapsed / args.deals * 1e3:.3f} ms per deal "
          "(32 checked plays each)")


if __name__ == "__main__":
    main()
