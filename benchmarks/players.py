"""Benchmark of the computer players (a script that prints figures, never a test).

Duplicate matches ``A:B``: each deal (seed ``i``, dealer South, preset ``classic``) is
played twice, A seated NS then A seated EW, so both sides get the same cards; the
player generator is seeded identically in both. Levels are those of
``belote_teach.players.LEVELS`` plus ``cli-easy``, ``cli-medium`` and ``cli-hard``, the
computer players of the PyPI package ``belote-cli`` driven through the adapter
``benchmarks/belote_cli_players.py`` (which lists what it approximates). Printed per
match:

- the mean point margin per deal (A's score minus B's, per played deal of the pair,
  passed-out deals counting 0) with a 95% confidence interval (normal approximation
  over the pairs);
- each side's contract success rate as taker (made / taken);
- decision latency per side: median, p95 and max of ``choose_bid``,
  ``choose_announcements`` and ``choose_card`` calls, in microseconds.

Default matches: ``club:random``, ``expert:club`` (when ``expert`` is in ``LEVELS``),
``club:cli-easy``, ``club:cli-medium``, ``club:cli-hard`` and ``expert:cli-hard`` (when
``expert`` exists).

Usage (``--jobs 2`` splits the deals between two processes, one per CPU)::

    .venv/bin/python benchmarks/players.py --deals 1000 --jobs 2
    .venv/bin/python benchmarks/players.py --match club:random --match club:cli-hard
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Seat, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.scoring import Outcome
from belote_teach.players import LEVELS, Decision, Player, make_player, play_deal

try:  # run as a script (benchmarks/ on sys.path) or as the module benchmarks.players
    from belote_cli_players import CLI_LEVELS, BeloteCliPlayer
    from machine import machine_facts, pin_to_one_core
except ImportError:  # pragma: no cover
    from benchmarks.belote_cli_players import CLI_LEVELS, BeloteCliPlayer
    from benchmarks.machine import machine_facts, pin_to_one_core


class Timed:
    """Wraps a player and records the wall time of each decision (seconds)."""

    def __init__(self, inner: Player, sink: list[float]) -> None:
        self.inner = inner
        self.name = inner.name
        self.sink = sink

    def choose_bid(self, obs: Observation, rng: random.Random) -> Decision[Bid]:
        """The inner player's bid, timed."""
        start = time.perf_counter()
        decision = self.inner.choose_bid(obs, rng)
        self.sink.append(time.perf_counter() - start)
        return decision

    def choose_announcements(self, obs: Observation, rng: random.Random
                             ) -> Decision[tuple[Announcement, ...]]:
        """The inner player's announcements, timed."""
        start = time.perf_counter()
        decision = self.inner.choose_announcements(obs, rng)
        self.sink.append(time.perf_counter() - start)
        return decision

    def choose_card(self, obs: Observation, rng: random.Random) -> Decision[Card]:
        """The inner player's card, timed."""
        start = time.perf_counter()
        decision = self.inner.choose_card(obs, rng)
        self.sink.append(time.perf_counter() - start)
        return decision


def all_levels() -> list[str]:
    """Every level a match may name: ours (``LEVELS``) then belote-cli's."""
    return [*LEVELS, *CLI_LEVELS]


def new_player(level: str) -> Player:
    """A new player of ``level`` (ours or ``cli-*``).

    Raises:
        ValueError: unknown level; the message lists the levels.
    """
    if level in CLI_LEVELS:
        return BeloteCliPlayer(level)
    if level in LEVELS:
        return make_player(level)
    raise ValueError(f"unknown level {level!r}: expected one of {', '.join(all_levels())}")


def default_matches() -> list[tuple[str, str]]:
    """The required matches; those with ``expert`` only when that level exists."""
    expert = "expert" in LEVELS
    matches = [("club", "random")]
    if expert:
        matches.append(("expert", "club"))
    matches += [("club", "cli-easy"), ("club", "cli-medium"), ("club", "cli-hard")]
    if expert:
        matches.append(("expert", "cli-hard"))
    return matches


def parse_match(text: str) -> tuple[str, str]:
    """``"A:B"`` as ``(A, B)``, both known levels (for argparse).

    Raises:
        argparse.ArgumentTypeError: not ``A:B`` or an unknown level.
    """
    parts = text.split(":")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"expected A:B, got {text!r}")
    for level in parts:
        if level not in all_levels():
            raise argparse.ArgumentTypeError(
                f"unknown level {level!r}: expected one of {', '.join(all_levels())}")
    return parts[0], parts[1]


@dataclass
class MatchResult:
    """The figures of one duplicate match: margins per deal pair (A minus B), contracts
    taken and made per side, decision latencies per side (seconds)."""

    sides: tuple[str, str]
    margins: list[float] = field(default_factory=list)
    taken: list[int] = field(default_factory=lambda: [0, 0])
    made: list[int] = field(default_factory=lambda: [0, 0])
    latency: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    passed_out: int = 0
    elapsed: float = 0.0


def play_match(a: str, b: str, deals: int, seed: int) -> MatchResult:
    """Play the duplicate match ``a`` vs ``b`` over deals ``seed .. seed + deals - 1``."""
    result = MatchResult((a, b))
    players = [Timed(new_player(level), sink)
               for level, sink in zip((a, b), result.latency, strict=True)]
    start = time.perf_counter()
    for i in range(seed, seed + deals):
        pair = 0
        for a_team in (Team.NS, Team.EW):
            seats = {s: players[0] if s.team is a_team else players[1] for s in Seat}
            deal = Deal.new(Seat.SOUTH, rng=i)
            play_deal(deal, seats, random.Random(i))
            if deal.phase is Phase.PASSED_OUT:
                result.passed_out += 1
                continue
            score = deal.score
            assert score is not None and deal.taker is not None
            pair += score.marks[a_team] - score.marks[a_team.other]
            side = 0 if deal.taker.team is a_team else 1
            result.taken[side] += 1
            won = score.outcome is Outcome.MADE or (
                score.outcome is Outcome.CAPOT and score.capot is score.takers)
            result.made[side] += int(won)
        result.margins.append(pair / 2)
    result.elapsed = time.perf_counter() - start
    return result


def _match_part(a: str, b: str, first: int, deals: int, worker: int) -> MatchResult:
    """One worker's share of a match, pinned to its own CPU."""
    pin_to_one_core(worker)
    return play_match(a, b, deals, first)


def play_match_parallel(a: str, b: str, deals: int, seed: int, jobs: int) -> MatchResult:
    """:func:`play_match` with the deals split into ``jobs`` consecutive ranges, each
    played by its own process pinned to its own CPU; the results merged in deal order
    (the same figures as one process, latencies measured one core per process)."""
    if jobs <= 1:
        pin_to_one_core()
        return play_match(a, b, deals, seed)
    bounds = [seed + deals * k // jobs for k in range(jobs + 1)]
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_match_part, [a] * jobs, [b] * jobs, bounds[:-1],
                              [hi - lo for lo, hi in itertools.pairwise(bounds)], range(jobs)))
    result = MatchResult((a, b))
    for part in parts:
        result.margins += part.margins
        for side in (0, 1):
            result.taken[side] += part.taken[side]
            result.made[side] += part.made[side]
            result.latency[side].extend(part.latency[side])
        result.passed_out += part.passed_out
    result.elapsed = time.perf_counter() - start
    return result


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def report(result: MatchResult) -> None:
    """Print the figures of one match."""
    a, b = result.sides
    names = (a, b) if a != b else (f"{a} (A)", f"{b} (B)")
    n = len(result.margins)
    mean = statistics.fmean(result.margins)
    half = 1.96 * statistics.stdev(result.margins) / math.sqrt(n) if n > 1 else 0.0
    print(f"duplicate match {a} vs {b}: {n} deals x 2 "
          f"({result.passed_out} of {2 * n} passed out), {result.elapsed:.1f} s")
    print(f"  {names[0]} margin per deal: {mean:+.1f} points "
          f"(95% CI {mean - half:+.1f} .. {mean + half:+.1f})")
    width = max(len(name) for name in names)
    for side, name in enumerate(names):
        taken, made = result.taken[side], result.made[side]
        rate = 100 * made / taken if taken else float("nan")
        print(f"  {name:{width}} as taker: {made}/{taken} contracts made ({rate:.1f}%)")
    print("  decision latency (microseconds):")
    for name, values in zip(names, result.latency, strict=True):
        us = [v * 1e6 for v in values]
        print(f"    {name:{width}} n={len(us):6}  median {statistics.median(us):7.1f}  "
              f"p95 {_percentile(us, 0.95):7.1f}  max {max(us):8.1f}")


def main(argv: list[str] | None = None) -> None:
    """Run the duplicate matches and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", type=parse_match, action="append", metavar="A:B",
                        help="a match, repeatable; levels: " + ", ".join(all_levels())
                        + " (default: the required matches)")
    parser.add_argument("--deals", type=int, default=1000, help="deals (each played twice)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes, each pinned to its own CPU (default 1)")
    args = parser.parse_args(argv)
    print("belote_teach players benchmark (figures only, not a test)")
    for line in machine_facts(f"{args.jobs} process(es), each pinned to one CPU"):
        print("  " + line)
    for a, b in args.match or default_matches():
        report(play_match_parallel(a, b, args.deals, args.seed, args.jobs))


if __name__ == "__main__":
    main()
