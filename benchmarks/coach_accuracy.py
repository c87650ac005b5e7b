"""Coach accuracy benchmark: the coach's verdicts against a reference of many solved worlds.
A script that prints figures, not a test.

    .venv/bin/python benchmarks/coach_accuracy.py [--deals 10] [--seed 0] [--reference 256]
        [--per-trick 1] [--tricks 1-8] [--jobs 2]

What is measured
----------------
Deals ``seed .. seed + deals - 1`` (dealer South, preset ``classic``) are bid and played
by club players (real deals, not random positions). At each trick, the first ``per-trick``
positions (any seat to play) with two legal cards or more that differ (equivalent cards
counted once) are judged twice:

* **the coach**: a :class:`belote_teach.coach.plays.PendingEvaluation` with its default
  worlds (:data:`belote_teach.search.evaluation.SOLVES`, doubled up to
  :data:`belote_teach.coach.plays.MAX_WORLDS` while a verdict is in doubt, each solved
  exactly); every legal card is reviewed as the table reviews the card played, on the
  first count of those worlds that leaves that card out of doubt
  (``PendingEvaluation.result(card)``), and the hint is the best card as the table
  gives it, on the first count on which no other card could be 4 points or more above
  the recommended one (``PendingEvaluation.for_hint()``);
* **the reference**: :func:`belote_teach.search.evaluation.value_cards` on ``reference``
  other worlds (256 by default, another chance than the coach's, drawn from the same
  posterior: :data:`belote_teach.search.inference.CLUB_MODEL`), each solved exactly by
  the double-dummy solver: the average card points of every legal card, capot included.

For each legal card, its *gap* is the reference's best average minus the card's.

* **false blame**: the coach says ``INACCURACY`` or ``MISTAKE`` of a card within 4
  points of the reference's best (gap <= 4);
* **missed**: the coach says ``BEST`` or ``ALSO_GOOD`` of a card 10 points or more below
  it (gap >= 10).

* **hint missed**: the hint names a card 10 points or more below the reference's best
  (over the positions).

Both rates are also printed for every card reviewed as the table reviews a card played
after a hint (``PendingEvaluation.for_hint()``: the hint's card recommended, the worlds
doubled while the card's own verdict is in doubt), beside the way it reviews one played
without. Last, per trick, the hint's card against the reference's best (its mean gap,
and how often it is more than 4 points below), beside the card the coach recommends once
every verdict is settled (``PendingEvaluation.result()``).
The coach's figures (worlds, milliseconds) are those of every verdict out of doubt.

``--tricks 3`` (or ``1,2``, ``3-8``) judges the positions of those tricks only, each
with the same worlds (coach and reference) as in a run of every trick: a trick's figures
over many deals without the cost of the first tricks' references.

Each rate is given over the cards it can happen to (false blame over the cards within 4
points, missed over the cards 10 or more below), per trick and in all, with the count
and its 95 % Wilson interval (one card moves a rate over 80 cards by 1.25 points).
Target: at most 2 % each, at every trick. The coach's worlds (mean) and evaluation time
per trick (median, 95th percentile, from nothing: no thinking time) are printed beside,
one core per process (``--jobs 2``: two processes, one per CPU, deals split between them).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from belote_teach.coach import plays
from belote_teach.engine.cards import Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.players import ClubPlayer
from belote_teach.search import evaluation
from belote_teach.search.inference import CLUB_MODEL

try:  # run as a script (benchmarks/ on sys.path) or as the module benchmarks.coach_accuracy
    from machine import machine_facts, pin_to_one_core
except ImportError:  # pragma: no cover
    from benchmarks.machine import machine_facts, pin_to_one_core

#: Card points within which a card is as good as the reference's best: blaming it is false.
WITHIN = 4.0
#: Card points below the reference's best from which a card is bad: praising it misses.
BELOW = 10.0
BLAMED = (plays.Verdict.INACCURACY, plays.Verdict.MISTAKE)
PRAISED = (plays.Verdict.BEST, plays.Verdict.ALSO_GOOD)


@dataclass
class Trick:
    """The counts of one trick (1 to 8)."""

    positions: int = 0
    near: int = 0            # cards within WITHIN of the reference's best
    blamed: int = 0          # of those, blamed by the coach
    far: int = 0             # cards BELOW or more under the reference's best
    praised: int = 0         # of those, praised by the coach
    blamed_whole: int = 0    # as blamed and praised, for a card played after a hint
    praised_whole: int = 0
    seconds: list[float] = field(default_factory=list)
    worlds: list[int] = field(default_factory=list)
    hint_gaps: list[float] = field(default_factory=list)    # the hint's gap, per position
    best_gaps: list[float] = field(default_factory=list)    # the settled best card's

    @property
    def hinted_far(self) -> int:
        """Positions whose hint names a card BELOW or more under the reference's best."""
        return sum(gap >= BELOW for gap in self.hint_gaps)

    def add(self, other: Trick) -> None:
        """Add ``other``'s counts to these."""
        self.positions += other.positions
        self.near += other.near
        self.blamed += other.blamed
        self.far += other.far
        self.praised += other.praised
        self.blamed_whole += other.blamed_whole
        self.praised_whole += other.praised_whole
        self.seconds += other.seconds
        self.worlds += other.worlds
        self.hint_gaps += other.hint_gaps
        self.best_gaps += other.best_gaps


def positions(seed: int, per_trick: int) -> list[Observation]:
    """The positions judged in deal ``seed``: per trick, the first ``per_trick`` with two
    legal cards or more that differ (club bidding and play); none when passed out."""
    club = ClubPlayer()
    deal = Deal.new(Seat.SOUTH, rng=seed)
    while deal.phase.is_bidding:
        turn = deal.turn
        assert turn is not None
        deal.bid(club.choose_bid(deal.observation(turn), random.Random(seed)).action,
                 seat=turn)
    found: list[Observation] = []
    taken: dict[int, int] = {}
    while deal.phase is Phase.PLAY:
        turn = deal.turn
        assert turn is not None
        obs = deal.observation(turn)
        trick = len(obs.tricks) + 1
        if taken.get(trick, 0) < per_trick and len(evaluation.equivalent_groups(obs)) > 1:
            taken[trick] = taken.get(trick, 0) + 1
            found.append(obs)
        deal.play(club.choose_card(obs, random.Random(seed)).action, seat=turn)
    return found


def judge(seed: int, per_trick: int, reference: int,
          tricks: frozenset[int] = frozenset(range(1, 9))) -> dict[int, Trick]:
    """The counts per trick of deal ``seed`` (the positions of ``tricks`` only)."""
    counts = {t: Trick() for t in range(1, 9)}
    for k, obs in enumerate(positions(seed, per_trick)):
        if len(obs.tricks) + 1 not in tricks:
            continue
        trick = counts[len(obs.tricks) + 1]
        start = time.perf_counter()
        pending = plays.PendingEvaluation(obs, rng=random.Random(f"coach:{seed}:{k}"))
        ev = pending.result()                           # every card out of doubt
        trick.seconds.append(time.perf_counter() - start)
        trick.worlds.append(ev.samples)
        told = pending._settle(background=False, hint=True)   # as the table's hint
        assert told is not None
        truth = evaluation.value_cards(obs, random.Random(f"reference:{seed}:{k}"), reference,
                                       model=CLUB_MODEL)
        cards = list(ev.legal.cards)
        top = max(truth.average(c) for c in cards)
        trick.positions += 1
        trick.hint_gaps.append(top - truth.average(told.best[0]))
        trick.best_gaps.append(top - truth.average(ev.best[0]))
        # as the table reviews a card played: on the first count of worlds that leaves
        # that card out of doubt (PendingEvaluation.result(card)); the worlds are those
        # valued above, so nothing is solved again; then after a hint, the card it named
        # recommended (a few more worlds may be solved)
        alone = {card: pending._settle(background=False, card=card) for card in cards}
        pending._named = told.best[0]
        hinted = {card: pending._settle(background=False, card=card) for card in cards}
        for card in cards:
            gap = top - truth.average(card)
            own, after = alone[card], hinted[card]
            assert own is not None and after is not None
            verdict = plays.review(obs, card, evaluation=own).verdict
            whole = plays.review(obs, card, evaluation=after).verdict  # after a hint
            trick.blamed_whole += gap <= WITHIN and whole in BLAMED
            trick.praised_whole += gap >= BELOW and whole in PRAISED
            if gap <= WITHIN:
                trick.near += 1
                trick.blamed += verdict in BLAMED
            if gap >= BELOW:
                trick.far += 1
                trick.praised += verdict in PRAISED
    return counts


def _worker(args: tuple[list[int], int, int, frozenset[int], int]) -> dict[int, Trick]:
    seeds, per_trick, reference, tricks, index = args
    if index >= 0:
        pin_to_one_core(index)
    total = {t: Trick() for t in range(1, 9)}
    for seed in seeds:
        for t, counts in judge(seed, per_trick, reference, tricks).items():
            total[t].add(counts)
    return total


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def wilson(part: int, whole: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (0.0 to 1.0) of the rate ``part / whole`` (``whole``
    1 or more): 95 % by default. A rate over some 80 cards moves by more than a point
    with one card, so each rate is printed with it."""
    p = part / whole
    centre = (p + z * z / (2 * whole)) / (1 + z * z / whole)
    half = z * math.sqrt(p * (1 - p) / whole + z * z / (4 * whole * whole)) / (1 + z * z / whole)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage with the counts and the 95 % interval."""
    if not whole:
        return "   - (0/0)"
    low, high = wilson(part, whole)
    return f"{100 * part / whole:4.1f} % ({part}/{whole}; {100 * low:.1f}-{100 * high:.1f})"


def trick_numbers(text: str) -> frozenset[int]:
    """The tricks named by ``--tricks``: numbers 1 to 8 and ranges, comma-separated
    (``"3"``, ``"1,2"``, ``"3-8"``).

    Raises:
        argparse.ArgumentTypeError: anything else.
    """
    found: set[int] = set()
    try:
        for part in text.split(","):
            low, _, high = part.partition("-")
            found.update(range(int(low), int(high or low) + 1))
    except ValueError:
        found = set()
    if not found or not found <= set(range(1, 9)):
        raise argparse.ArgumentTypeError(
            f"tricks are numbers 1 to 8 or ranges such as 3-8, comma-separated, got {text!r}")
    return frozenset(found)


def main() -> None:
    """Parse the arguments, judge the positions, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reference", type=int, default=256,
                        help="worlds of the reference, each solved exactly")
    parser.add_argument("--per-trick", type=int, default=1,
                        help="positions judged per trick of each deal")
    parser.add_argument("--tricks", type=trick_numbers, default=frozenset(range(1, 9)),
                        help="the tricks judged (1-8 by default; e.g. 3 or 1,2 or 3-8)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    jobs = max(1, args.jobs)
    pinned = ("each process pinned to its own CPU" if jobs > 1
              else pin_to_one_core())
    for line in machine_facts(pinned):
        print(line)
    seeds = list(range(args.seed, args.seed + args.deals))
    work = [(seeds[j::jobs], args.per_trick, args.reference, args.tricks,
             j if jobs > 1 else -1) for j in range(jobs)]
    start = time.perf_counter()
    total = {t: Trick() for t in range(1, 9)}
    if jobs == 1:
        parts = [_worker(work[0])]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_worker, work))
    for part in parts:
        for t, counts in part.items():
            total[t].add(counts)
    print(f"{args.deals} deals (seeds {args.seed}-{args.seed + args.deals - 1}), "
          f"{args.per_trick} position(s) a trick (tricks "
          f"{','.join(map(str, sorted(args.tricks)))}), reference {args.reference} solved worlds, "
          f"{time.perf_counter() - start:.0f} s")
    print(f"trick  positions  {'false blame (gap <= 4)':31}  {'missed (gap >= 10)':31}  "
          f"{'hint missed':31}  worlds  coach ms median / p95")
    overall = Trick()
    for t in range(1, 9):
        c = total[t]
        overall.add(c)
        ms = [s * 1000 for s in c.seconds]
        timing = (f"{statistics.fmean(c.worlds):6.0f}  {statistics.median(ms):7.0f} / "
                  f"{percentile(ms, 0.95):5.0f}" if ms else "      -")
        print(f"{t:5}  {c.positions:9}  {rate(c.blamed, c.near):31}  "
              f"{rate(c.praised, c.far):31}  {rate(c.hinted_far, c.positions):31}  {timing}")
    print(f"  all  {overall.positions:9}  {rate(overall.blamed, overall.near):31}  "
          f"{rate(overall.praised, overall.far):31}  "
          f"{rate(overall.hinted_far, overall.positions):31}")
    print("reviewed as a card played after a hint (the hint's card recommended):")
    for t in range(1, 9):
        c = total[t]
        if c.positions:
            print(f"{t:5}  {c.positions:9}  {rate(c.blamed_whole, c.near):31}  "
                  f"{rate(c.praised_whole, c.far):31}")
    print(f"  all  {overall.positions:9}  {rate(overall.blamed_whole, overall.near):31}  "
          f"{rate(overall.praised_whole, overall.far):31}")
    print(f"the hint's card against the reference's best (gap: mean, more than {WITHIN:g}), "
          "beside the recommended card once every verdict is settled:")
    for t in range(1, 9):
        c = total[t]
        if c.positions:
            print(f"{t:5}  {c.positions:9}  hint {statistics.fmean(c.hint_gaps):4.1f} "
                  f"{rate(sum(g > WITHIN for g in c.hint_gaps), c.positions):31}  settled "
                  f"{statistics.fmean(c.best_gaps):4.1f} "
                  f"{rate(sum(g > WITHIN for g in c.best_gaps), c.positions):31}")
    print("Targets: false blame <= 2 %, missed <= 2 %, at every trick.")


if __name__ == "__main__":
    main()
