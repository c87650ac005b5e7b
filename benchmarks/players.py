"""Benchmark of the computer players (a script that prints figures, never a test).

Duplicate match ``club`` vs ``random``: each deal (seed ``i``, dealer South, preset
``classic``) is played twice, club seated NS then club seated EW, so both teams get the
same cards; the player generator is seeded identically in both. Printed:

- the mean point margin per deal (club's score minus random's, per played deal of the
  pair, passed-out deals counting 0) with a 95% confidence interval (normal
  approximation over the pairs);
- club's contract success rate as taker (made / taken), and random's for comparison;
- decision latency per level: median, p95 and max of ``choose_bid``,
  ``choose_announcements`` and ``choose_card`` calls, in microseconds.

Usage::

    .venv/bin/python benchmarks/players.py --deals 1000
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict

from belote_teach.announcements import Announcement
from belote_teach.bidding import Bid
from belote_teach.cards import Card, Seat, Team
from belote_teach.deal import Deal, Phase
from belote_teach.observation import Observation
from belote_teach.players import ClubPlayer, Decision, Player, RandomPlayer, play_deal
from belote_teach.scoring import Outcome


class Timed:
    """Wraps a player and records the wall time of each decision (seconds)."""

    def __init__(self, inner: Player, sink: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.sink = sink

    def choose_bid(self, obs: Observation, rng: random.Random) -> Decision[Bid]:
        start = time.perf_counter()
        decision = self.inner.choose_bid(obs, rng)
        self.sink.append(time.perf_counter() - start)
        return decision

    def choose_announcements(self, obs: Observation, rng: random.Random
                             ) -> Decision[tuple[Announcement, ...]]:
        start = time.perf_counter()
        decision = self.inner.choose_announcements(obs, rng)
        self.sink.append(time.perf_counter() - start)
        return decision

    def choose_card(self, obs: Observation, rng: random.Random) -> Decision[Card]:
        start = time.perf_counter()
        decision = self.inner.choose_card(obs, rng)
        self.sink.append(time.perf_counter() - start)
        return decision


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def main(argv: list[str] | None = None) -> None:
    """Run the duplicate match and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals (each played twice)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed")
    args = parser.parse_args(argv)

    latency: dict[str, list[float]] = defaultdict(list)
    club = Timed(ClubPlayer(), latency["club"])
    rand = Timed(RandomPlayer(), latency["random"])
    margins: list[float] = []
    taken = {"club": 0, "random": 0}
    made = {"club": 0, "random": 0}
    passed_out = 0
    start = time.perf_counter()
    for i in range(args.seed, args.seed + args.deals):
        pair = 0
        for club_team in (Team.NS, Team.EW):
            players = {s: club if s.team is club_team else rand for s in Seat}
            deal = Deal.new(Seat.SOUTH, rng=i)
            play_deal(deal, players, random.Random(i))
            if deal.phase is Phase.PASSED_OUT:
                passed_out += 1
                continue
            score = deal.score
            assert score is not None and deal.taker is not None
            marks = {team: score.marks[team] for team in Team}
            pair += marks[club_team] - marks[club_team.other]
            level = "club" if deal.taker.team is club_team else "random"
            taken[level] += 1
            won = score.outcome is Outcome.MADE or (
                score.outcome is Outcome.CAPOT and score.capot is score.takers)
            made[level] += int(won)
        margins.append(pair / 2)
    elapsed = time.perf_counter() - start

    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins)) if len(margins) > 1 else 0
    print(f"duplicate match club vs random: {args.deals} deals x 2 "
          f"({passed_out} of {2 * args.deals} passed out), {elapsed:.1f} s")
    print(f"  club margin per deal: {mean:+.1f} points "
          f"(95% CI {mean - half:+.1f} .. {mean + half:+.1f})")
    for level in ("club", "random"):
        rate = made[level] / taken[level] if taken[level] else float("nan")
        print(f"  {level:6} as taker: {made[level]}/{taken[level]} contracts made "
              f"({100 * rate:.1f}%)")
    print("decision latency (microseconds):")
    for level, values in latency.items():
        us = [v * 1e6 for v in values]
        print(f"  {level:6} n={len(us):6}  median {statistics.median(us):7.1f}  "
              f"p95 {_percentile(us, 0.95):7.1f}  max {max(us):8.1f}")


if __name__ == "__main__":
    main()
