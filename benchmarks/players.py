"""Benchmark of the computer players (a script that prints figures, never a test).

Duplicate matches ``A:B``: each deal (seed ``i``, dealer South) is played twice, A seated
NS then A seated EW, so both sides get the same cards; the player generator is seeded
identically in both. Levels are those of ``belote_teach.players.LEVELS`` plus:

- ``cli-easy``, ``cli-medium``, ``cli-hard``: the computer players of the PyPI package
  ``belote-cli``, driven through the adapter ``benchmarks/belote_cli_players.py`` (which
  lists what it approximates);
- ``colver-isdd`` (IS-DD on uniform worlds) and ``colver-smart`` (Smart IS-MCTS): the
  agents of the PyPI package ``colver`` (bench extra), driven through the adapter
  ``benchmarks/colver_players.py`` (which lists what it approximates). colver plays the
  card play only, with ``--time-ms`` milliseconds a card; its seats bid as our club
  player. A match with a colver side is played under contrée's card rules, preset
  ``classic`` with ``announcements`` off and ``undertrump`` free (RULES.md R7), on both
  tables; other matches under preset ``classic``. Our engine referees and scores.

Printed per match:

- the mean margin per deal in marks (the score sheet: A's marks minus B's, per played
  deal of the pair, passed-out deals counting 0) with a 95% confidence interval
  (normal approximation over the pairs), then split between the pairs where both
  tables played the same contract (card play alone) and the others (bidding);
- each side's contract success rate as taker (made / taken);
- decision latency per side: mean, median, p95 and max of every decision (``choose_bid``,
  ``choose_announcements``, ``choose_card``) and of card play alone, in microseconds,
  then of bidding alone, then the card play by trick (median, p95 and max), in
  milliseconds (our ``expert`` has no time budget: these are its times beside colver's
  budget; the solver's compiled core is loaded before the match starts);
- in colver matches, the number of positions where both engines' legal cards were
  compared (ours: ``Deal.legal_plays``; colver: ``Env.legal_actions()``), every one of
  them, and each position where they differ.

Default matches: ``club:random``, ``expert:club`` (when ``expert`` is in ``LEVELS``),
``club:cli-easy``, ``club:cli-medium``, ``club:cli-hard`` and ``expert:cli-hard`` (when
``expert`` exists); colver matches are run on demand.

Usage (``--jobs 2`` splits the deals between two processes, one per CPU)::

    .venv/bin/python benchmarks/players.py --deals 1000 --jobs 2
    .venv/bin/python benchmarks/players.py --match club:random --match club:cli-hard
    .venv/bin/python benchmarks/players.py --deals 1000 --jobs 2 --time-ms 100 \\
        --match expert:colver-isdd --match expert:colver-smart
    taskset -c 1 .venv/bin/python benchmarks/players.py --deals 200 --clock cpu \\
        --match expert:club

``--clock cpu`` times the decisions by the process's CPU time rather than the wall
clock: what a decision costs one core when other work shares the machine.

``--record deals.csv`` writes each deal's margin and contracts; ``--against deals.csv``
prints, beside the figures, the mean difference deal by deal between this match and the
recorded one (two versions of a player against the same opponent on the same deals): the
luck of the cards cancels out of a difference taken deal by deal, so a change shows with
far fewer deals than two separate margins would need::

    .venv/bin/python benchmarks/players.py --deals 1000 --clock cpu --time-ms 41 \
        --match expert:colver-isdd --record before.csv
    (change the player)
    .venv/bin/python benchmarks/players.py --deals 1000 --clock cpu --time-ms 41 \
        --match expert:colver-isdd --against before.csv
"""

from __future__ import annotations

import argparse
import collections
import csv
import itertools
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

from belote_teach.engine.announcements import Announcement
from belote_teach.engine.bidding import Bid
from belote_teach.engine.cards import Card, Seat, Team
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.engine.scoring import Outcome
from belote_teach.players import LEVELS, Decision, Player, make_player, play_deal
from belote_teach.search.solver import warm_up

try:  # run as a script (benchmarks/ on sys.path) or as the module benchmarks.players
    from belote_cli_players import CLI_LEVELS, BeloteCliPlayer
    from colver_players import COLVER_LEVELS, COLVER_RULES, ColverPlayer, ColverTable
    from machine import machine_facts, pin_to_one_core
except ImportError:  # pragma: no cover
    from benchmarks.belote_cli_players import CLI_LEVELS, BeloteCliPlayer
    from benchmarks.colver_players import (
        COLVER_LEVELS,
        COLVER_RULES,
        ColverPlayer,
        ColverTable,
    )
    from benchmarks.machine import machine_facts, pin_to_one_core

#: colver's budget a card by default, in milliseconds (``--time-ms``).
DEFAULT_TIME_MS = 100
#: The clocks a decision can be timed by (``--clock``), in seconds: ``wall`` (elapsed
#: time, what a learner waits) or ``cpu`` (the process's CPU time, what the decision costs
#: one core however loaded the machine is; colver's budget stays wall time).
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}

T = TypeVar("T")


class Timed:
    """Wraps a player and records the time of each decision in ``sink`` (seconds), of
    each card in ``cards`` too, as ``(trick number 1-8, seconds)``, and of each bid in
    ``bids`` too, by the clock named ``clock`` (:data:`CLOCKS`); the wall time of each
    decision (what a learner waits) in ``walls`` whatever the clock, as ``(what, seconds)``,
    ``what`` being ``"bid"``, ``"announcements"`` or ``"trick 1"`` to ``"trick 8"``."""

    def __init__(self, inner: Player, sink: list[float],
                 cards: list[tuple[int, float]], bids: list[float] | None = None,
                 clock: str = "wall", walls: list[tuple[str, float]] | None = None) -> None:
        self.clock = clock
        self.inner = inner
        self.name = inner.name
        self.sink = sink
        self.cards = cards
        self.bids: list[float] = [] if bids is None else bids
        self.walls: list[tuple[str, float]] = [] if walls is None else walls

    def _timed(self, what: str, decide: Callable[[], T]) -> tuple[T, float]:
        """``decide()`` and its time by :attr:`clock` (seconds), its wall time kept as
        ``(what, seconds)``."""
        wall = time.perf_counter()
        start = CLOCKS[self.clock]()
        decision = decide()
        elapsed = CLOCKS[self.clock]() - start
        self.walls.append((what, time.perf_counter() - wall))
        self.sink.append(elapsed)
        return decision, elapsed

    def choose_bid(self, obs: Observation, rng: random.Random) -> Decision[Bid]:
        """The inner player's bid, timed."""
        decision, elapsed = self._timed("bid", lambda: self.inner.choose_bid(obs, rng))
        self.bids.append(elapsed)
        return decision

    def choose_announcements(self, obs: Observation, rng: random.Random
                             ) -> Decision[tuple[Announcement, ...]]:
        """The inner player's announcements, timed."""
        return self._timed("announcements",
                           lambda: self.inner.choose_announcements(obs, rng))[0]

    def choose_card(self, obs: Observation, rng: random.Random) -> Decision[Card]:
        """The inner player's card, timed."""
        trick = len(obs.tricks) + 1
        decision, elapsed = self._timed(f"trick {trick}",
                                        lambda: self.inner.choose_card(obs, rng))
        self.cards.append((trick, elapsed))
        return decision


def all_levels() -> list[str]:
    """Every level a match may name: ours (``LEVELS``), belote-cli's, then colver's."""
    return [*LEVELS, *CLI_LEVELS, *COLVER_LEVELS]


def new_player(level: str, time_ms: int = DEFAULT_TIME_MS) -> Player:
    """A new player of ``level`` (ours, ``cli-*`` or ``colver-*``, the latter with a
    budget of ``time_ms`` milliseconds a card).

    Raises:
        ValueError: unknown level; the message lists the levels.
    """
    if level in CLI_LEVELS:
        return BeloteCliPlayer(level)
    if level in COLVER_LEVELS:
        return ColverPlayer(level, time_ms)
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
    """The figures of one duplicate match: margins per deal pair (A minus B, marks),
    contracts taken and made per side, decision latencies per side (seconds; every
    decision, card play only with the trick number, bidding only; the wall time of every
    decision), the decisions an expert side ended at its time limit, and, in colver
    matches, the positions where both engines' legal cards were compared and the
    descriptions of those that differ."""

    sides: tuple[str, str]
    margins: list[float] = field(default_factory=list)
    taken: list[int] = field(default_factory=lambda: [0, 0])
    made: list[int] = field(default_factory=lambda: [0, 0])
    latency: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    card_latency: tuple[list[tuple[int, float]], list[tuple[int, float]]] = field(
        default_factory=lambda: ([], []))
    bid_latency: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    wall_latency: tuple[list[tuple[str, float]], list[tuple[str, float]]] = field(
        default_factory=lambda: ([], []))
    cut_short: list[int] = field(default_factory=lambda: [0, 0])
    same_contract: list[bool] = field(default_factory=list)
    seeds: list[int] = field(default_factory=list)
    contracts: list[tuple[str, str]] = field(default_factory=list)
    passed_out: int = 0
    positions: int = 0
    differences: list[str] = field(default_factory=list)
    elapsed: float = 0.0
    clock: str = "wall"


def is_colver_match(a: str, b: str) -> bool:
    """Whether colver plays a side of the match (its deals use :data:`COLVER_RULES`)."""
    return a in COLVER_LEVELS or b in COLVER_LEVELS


def play_colver_deal(deal: Deal, seats: Mapping[Seat, Timed], rng: random.Random,
                     seed: int, result: MatchResult) -> None:
    """Drive ``deal`` as :func:`~belote_teach.players.play_deal` does, with colver's
    agents at the seats of :class:`ColverPlayer` players: bidding by our players (colver
    seats bid as our club player), then, when play begins, a :class:`ColverTable` (agents
    seeded with ``seed``) kept in step with every card. At every position both engines'
    legal cards are compared: ``result.positions`` counts them, ``result.differences``
    gets each difference.

    Raises:
        ValueError: a colver agent chose a card our rules refuse, or colver's Env refused
            a card ours allowed (after a difference).
    """
    while deal.phase.is_bidding:
        seat = deal.turn
        assert seat is not None
        deal.bid(seats[seat].choose_bid(deal.observation(seat), rng).action, seat=seat)
    if deal.phase is not Phase.PLAY:
        return
    colver_seats = {s: p.inner for s, p in seats.items() if isinstance(p.inner, ColverPlayer)}
    table = ColverTable(deal, {s: p.spec for s, p in colver_seats.items()}, seed)
    for colver_player in colver_seats.values():
        colver_player.sit(table)
    try:
        while deal.phase is Phase.PLAY:
            seat = deal.turn
            assert seat is not None
            result.positions += 1
            difference = table.legal_difference(deal)
            if difference is not None:
                result.differences.append(f"deal {seed}: {difference}")
            player = seats[seat]
            obs = deal.observation(seat)
            announce: tuple[Announcement, ...] = ()
            if obs.announcements_available:
                announce = tuple(player.choose_announcements(obs, rng).action)
            card = player.choose_card(obs, rng).action
            deal.play(card, seat=seat, announce=announce, belote=obs.may_say_belote(card))
            table.play(card)
    finally:
        for colver_player in colver_seats.values():
            colver_player.sit(None)


def play_match(a: str, b: str, deals: int, seed: int,
               time_ms: int = DEFAULT_TIME_MS, clock: str = "wall") -> MatchResult:
    """Play the duplicate match ``a`` vs ``b`` over deals ``seed .. seed + deals - 1``
    (colver's budget ``time_ms`` a card; colver matches under :data:`COLVER_RULES`;
    decisions timed by ``clock``, a key of :data:`CLOCKS`). A pair has the same contract
    when both tables passed out, or the same seat took in the same trump."""
    result = MatchResult((a, b), clock=clock)
    players = [Timed(new_player(level, time_ms), sink, cards, bids, clock, walls)
               for level, sink, cards, bids, walls in zip(
                   (a, b), result.latency, result.card_latency, result.bid_latency,
                   result.wall_latency, strict=True)]
    colver_match = is_colver_match(a, b)
    rules = COLVER_RULES if colver_match else None
    warm_up()          # the solver's core loaded before the clock runs (once a process)
    start = time.perf_counter()
    for i in range(seed, seed + deals):
        pair = 0
        contracts = []
        for a_team in (Team.NS, Team.EW):
            seats = {s: players[0] if s.team is a_team else players[1] for s in Seat}
            deal = Deal.new(Seat.SOUTH, rng=i, rules=rules)
            if colver_match:
                play_colver_deal(deal, seats, random.Random(i), i, result)
            else:
                play_deal(deal, seats, random.Random(i))
            contracts.append((deal.taker, deal.trump))
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
        result.same_contract.append(contracts[0] == contracts[1])
        result.seeds.append(i)
        first, second = ("passed" if taker is None else f"{taker} {trump}"
                         for taker, trump in contracts)
        result.contracts.append((first, second))
    result.elapsed = time.perf_counter() - start
    result.cut_short = [getattr(p.inner, "cut_short", 0) for p in players]
    return result


def _match_part(a: str, b: str, first: int, deals: int, worker: int,
                time_ms: int, clock: str) -> MatchResult:
    """One worker's share of a match, pinned to its own CPU."""
    pin_to_one_core(worker)
    return play_match(a, b, deals, first, time_ms, clock)


def play_match_parallel(a: str, b: str, deals: int, seed: int, jobs: int,
                        time_ms: int = DEFAULT_TIME_MS, clock: str = "wall") -> MatchResult:
    """:func:`play_match` with the deals split into ``jobs`` consecutive ranges, each
    played by its own process pinned to its own CPU; the results merged in deal order
    (the same figures as one process, latencies measured one core per process)."""
    if jobs <= 1:
        pin_to_one_core()
        return play_match(a, b, deals, seed, time_ms, clock)
    bounds = [seed + deals * k // jobs for k in range(jobs + 1)]
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_match_part, [a] * jobs, [b] * jobs, bounds[:-1],
                              [hi - lo for lo, hi in itertools.pairwise(bounds)], range(jobs),
                              [time_ms] * jobs, [clock] * jobs))
    result = MatchResult((a, b), clock=clock)
    for part in parts:
        result.margins += part.margins
        result.same_contract += part.same_contract
        result.seeds += part.seeds
        result.contracts += part.contracts
        for side in (0, 1):
            result.taken[side] += part.taken[side]
            result.made[side] += part.made[side]
            result.latency[side].extend(part.latency[side])
            result.card_latency[side].extend(part.card_latency[side])
            result.bid_latency[side].extend(part.bid_latency[side])
            result.wall_latency[side].extend(part.wall_latency[side])
            result.cut_short[side] += part.cut_short[side]
        result.passed_out += part.passed_out
        result.positions += part.positions
        result.differences += part.differences
    result.elapsed = time.perf_counter() - start
    return result


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def _latency_lines(names: tuple[str, str], latencies: tuple[list[float], list[float]],
                   width: int) -> None:
    for name, values in zip(names, latencies, strict=True):
        if not values:
            print(f"    {name:{width}} n=     0")
            continue
        us = [v * 1e6 for v in values]
        print(f"    {name:{width}} n={len(us):6}  mean {statistics.fmean(us):9.1f}  "
              f"median {statistics.median(us):9.1f}  p95 {_percentile(us, 0.95):9.1f}  "
              f"max {max(us):10.1f}")


def _mean_ci(values: list[float]) -> str:
    """``+4.2 (95% CI +1.0 .. +7.3)`` in marks, normal approximation."""
    if not values:
        return "n/a"
    mean = statistics.fmean(values)
    half = (1.96 * statistics.stdev(values) / math.sqrt(len(values))
            if len(values) > 1 else 0.0)
    return f"{mean:+.1f} marks (95% CI {mean - half:+.1f} .. {mean + half:+.1f})"


def report(result: MatchResult, time_ms: int = DEFAULT_TIME_MS) -> None:
    """Print the figures of one match (``time_ms``: colver's budget a card, shown for
    colver matches)."""
    a, b = result.sides
    names = (a, b) if a != b else (f"{a} (A)", f"{b} (B)")
    n = len(result.margins)
    colver_match = is_colver_match(a, b)
    rules = ("rules classic with announcements off and undertrump free, colver budget "
             f"{time_ms} ms a card" if colver_match else "rules classic")
    print(f"duplicate match {a} vs {b}: {n} deals x 2 "
          f"({result.passed_out} of {2 * n} passed out), {result.elapsed:.1f} s; {rules}")
    print(f"  {names[0]} margin per deal: {_mean_ci(result.margins)}")
    same = [m for m, s in zip(result.margins, result.same_contract, strict=True) if s]
    other = [m for m, s in zip(result.margins, result.same_contract, strict=True) if not s]
    print(f"    same contract at both tables (card play alone), {len(same)} deals: "
          f"{_mean_ci(same)}; that is {sum(same) / max(n, 1):+.1f} a deal of the match")
    print(f"    different contracts (bidding), {len(other)} deals: {_mean_ci(other)}; "
          f"that is {sum(other) / max(n, 1):+.1f} a deal of the match")
    width = max(len(name) for name in names)
    for side, name in enumerate(names):
        taken, made = result.taken[side], result.made[side]
        rate = 100 * made / taken if taken else float("nan")
        print(f"  {name:{width}} as taker: {made}/{taken} contracts made ({rate:.1f}%)")
    print(f"  decision latency by the {result.clock} clock, every decision (microseconds):")
    _latency_lines(names, result.latency, width)
    print("  decision latency, card play only (microseconds):")
    cards_only = ([v for _, v in result.card_latency[0]], [v for _, v in result.card_latency[1]])
    _latency_lines(names, cards_only, width)
    print("  decision latency, bidding only (microseconds):")
    _latency_lines(names, result.bid_latency, width)
    for name, timed, cut in zip(names, result.wall_latency, result.cut_short, strict=True):
        walls = [seconds for _, seconds in timed]
        over = collections.Counter(what for what, seconds in timed if seconds > 1.0)
        which = f" ({', '.join(f'{what}: {n}' for what, n in sorted(over.items()))})" \
            if over else ""
        p95 = _percentile(walls, 0.95) if walls else 0.0
        print(f"  {name:{width}} wall clock: p95 {1e3 * p95:.0f} ms, "
              f"max {1e3 * max(walls, default=0.0):.0f} ms, {over.total()} of {len(walls)} "
              f"decisions over 1 s{which}; {cut} ended at the player's time limit")
    print("  card play by trick 1..8, median / p95 / max (milliseconds):")
    for name, cards in zip(names, result.card_latency, strict=True):
        for label, q in (("median", 0.5), ("p95", 0.95), ("max", 1.0)):
            figures = []
            for trick in range(1, 9):
                values = [v for t, v in cards if t == trick]
                figures.append(_percentile(values, q) if values else math.nan)
            print(f"    {name:{width}} {label:6} " + " ".join(f"{1e3 * m:7.1f}" for m in figures))
    if colver_match:
        print(f"  legal cards compared with colver at {result.positions} positions: "
              f"{len(result.differences)} differ")
        for difference in result.differences:
            print(f"    {difference}")


def write_record(result: MatchResult, path: str) -> None:
    """Write a match's deals to the CSV file ``path``: per deal its seed, the margin (A's
    marks minus B's, the pair's average), and the contract at each table (A seated NS,
    then EW: ``"<taker> <trump>"`` or ``"passed"``)."""
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["deal", "margin", "contract_a_ns", "contract_a_ew"])
        for seed, margin, (first, second) in zip(result.seeds, result.margins,
                                                 result.contracts, strict=True):
            writer.writerow([seed, margin, first, second])


def compare_with(result: MatchResult, path: str) -> list[str]:
    """The lines comparing ``result`` with the match recorded in ``path``
    (:func:`write_record`) on the deals both played: the mean difference of the margins,
    deal by deal (this match minus the recorded one), with its 95% CI, the same split by
    whether the contracts of this match's deal differ from the recorded one's. Paired on
    the same deals, the cards' luck cancels out of the difference.

    Raises:
        ValueError: no deal in common.
    """
    with open(path, newline="", encoding="utf-8") as source:
        recorded = {int(row["deal"]): (float(row["margin"]),
                                       (row["contract_a_ns"], row["contract_a_ew"]))
                    for row in csv.DictReader(source)}
    same: list[float] = []
    moved: list[float] = []
    for seed, margin, contracts in zip(result.seeds, result.margins, result.contracts,
                                       strict=True):
        if seed in recorded:
            before, their = recorded[seed]
            (same if their == contracts else moved).append(margin - before)
    if not same and not moved:
        raise ValueError(f"no deal of this match is in {path}")
    every = same + moved
    return [f"  against {path}, {len(every)} deals in common, this match minus it: "
            f"{_mean_ci(every)} a deal",
            f"    contracts as recorded, {len(same)} deals: "
            + (_mean_ci(same) if same else "none"),
            f"    contracts changed, {len(moved)} deals: "
            + (_mean_ci(moved) if moved else "none")]


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
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="what decisions are timed by: wall (elapsed) or cpu (the "
                        "process's CPU time, for a loaded machine; default wall)")
    parser.add_argument("--time-ms", type=int, default=DEFAULT_TIME_MS,
                        help="colver's budget a card, in milliseconds "
                        f"(default {DEFAULT_TIME_MS})")
    parser.add_argument("--record", metavar="CSV",
                        help="write each deal's margin and contracts to this file (one "
                        "match only)")
    parser.add_argument("--against", metavar="CSV",
                        help="compare, deal by deal, with a match written by --record")
    args = parser.parse_args(argv)
    if (args.record or args.against) and len(args.match or default_matches()) != 1:
        parser.error("--record and --against need exactly one --match")
    if args.time_ms <= 0:
        parser.error(f"--time-ms must be positive, got {args.time_ms}")
    print("belote_teach players benchmark (figures only, not a test)")
    for line in machine_facts(f"{args.jobs} process(es), each pinned to one CPU"):
        print("  " + line)
    for a, b in args.match or default_matches():
        result = play_match_parallel(a, b, args.deals, args.seed, args.jobs, args.time_ms,
                                     args.clock)
        report(result, args.time_ms)
        if args.against:
            print("\n".join(compare_with(result, args.against)))
        if args.record:
            write_record(result, args.record)


if __name__ == "__main__":
    main()
