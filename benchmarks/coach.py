"""Coach latency benchmark: time of :func:`belote_teach.coach.plays.review` and
:func:`belote_teach.coach.plays.hint` at each trick of real deals. A script that prints
figures, not a test.

    .venv/bin/python benchmarks/coach.py [--deals 30] [--seed 0] [--think 0] [--pace 0]

What is measured
----------------
Deals ``seed .. seed + deals - 1`` (dealer South, preset ``classic``) are bid and played
by club players. At every card of every seat (the learner may sit anywhere) the seat's
:class:`~belote_teach.engine.observation.Observation` is reviewed twice: ``review`` of the card
the club player chooses and ``hint``, each with the default number of worlds
(each solved exactly: :data:`belote_teach.search.evaluation.SOLVES` worlds, doubled up to
:data:`belote_teach.coach.plays.MAX_WORLDS` while a verdict is in doubt, the added worlds
valuing only the cards that may be within 4 points of the best) and a
fresh ``random.Random``. The review is made as the table makes it: from a
:class:`belote_teach.coach.plays.PendingEvaluation` whose ``result(card)`` waits only for
the reviewed card's verdict (more worlds only while that card is in doubt). With
``--think S`` the evaluation is started S seconds before the review, in the background
(as the table starts it at the learner's turn), so the figure is the wait after a
learner who thought S seconds; ``--think 0`` is a click at once. With ``--pace P`` it
starts P seconds earlier where the table shows the action before the learner's turn for
one pace, clicks refused (every position but a lead right after the seat's own bid ended
the bidding): the table starts the coach as soon as that action is taken. Positions with a
single legal card (or only equivalent ones) are answered without sampling and are left
out of the figures. One core (the process is pinned to one CPU where the OS allows).

The hint is timed twice where the learner thinks (``--think`` or ``--pace``): as the
table asks it (from its own evaluation started in the background ``think`` seconds
before, plus the pace, completed as far as the recommended card's doubt:
``PendingEvaluation.for_hint``, where a review waits for its own card's), and from
nothing (a fresh evaluation, the worst case). With ``--think 0 --pace 0`` the table's
hint is the hint from nothing.

Printed per trick (1 to 8): positions measured, worlds sampled (min-max, mean), and the
median, 95th percentile and maximum latency of ``review``, of the hint after thinking
(when timed) and of the hint from nothing, in milliseconds. Target: under 500 ms at the
95th percentile at every trick, as the table asks the review and the hint. With
``--think 0`` the thinking time from which that holds is printed too: on one core the
background does the review's work at the same speed while the learner thinks, so after
``T`` seconds a review waits its work at once minus ``T``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from machine import machine_facts, pin_to_one_core

from belote_teach.coach import plays
from belote_teach.engine.cards import Seat
from belote_teach.engine.deal import Deal, Phase
from belote_teach.engine.observation import Observation
from belote_teach.players import ClubPlayer
from belote_teach.search import evaluation
from belote_teach.ui.table import DEFAULT_PACE


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def shown_for_a_pace(deal: Deal, seat: Seat) -> bool:
    """Whether, at a paced table, the action before ``seat``'s card (phase PLAY, its
    turn) stays on screen alone for one pace before the seat may click: a computer's bid
    or card, or the seat's own card completing a trick. Only the seat's own bid ending the
    bidding (the seat leads the first trick) is followed at once by its turn."""
    last = deal.actions[-1]
    return last.seat is not seat or last.card is not None


def thought_over(obs: Observation, seed: int, head: float
                 ) -> tuple[plays.PendingEvaluation, float]:
    """The coach's evaluation of ``obs`` (worlds from ``random.Random(seed)``) as the
    table makes it at the learner's turn, started in the background ``head`` seconds ago,
    and the :func:`time.perf_counter` reading from which the learner's wait counts: when
    the learner, having thought that long, asks; with ``head`` 0 (nothing started ahead)
    before the evaluation is made, its first worlds drawn as part of the wait."""
    start = time.perf_counter()
    pending = plays.PendingEvaluation(obs, rng=random.Random(seed))
    if head > 0:
        pending.in_background()
        time.sleep(head)
        start = time.perf_counter()
    return pending, start


def measure(deals: int, seed: int, think: float = 0.0, pace: float = 0.0
            ) -> dict[int, dict[str, list[float]]]:
    """Latencies (seconds) and worlds per trick: ``{trick: {"review": [...], "hint":
    [...], "hint_after": [...], "samples": [...]}}`` (``hint`` from nothing,
    ``hint_after`` only when the learner thinks). The review's evaluation, and the
    ``hint_after``'s own, are started in the background ``think`` seconds before they
    are asked, as the table does at the learner's turn, plus ``pace`` seconds where the
    table shows the action before the turn for one pace (:func:`shown_for_a_pace`): the
    coach starts as soon as that action is taken."""
    club = ClubPlayer()
    figures: dict[int, dict[str, list[float]]] = {
        t: {"review": [], "hint": [], "hint_after": [], "samples": []} for t in range(1, 9)}
    for i in range(seed, seed + deals):
        deal = Deal.new(Seat.SOUTH, rng=i)
        while deal.phase.is_bidding:
            turn = deal.turn
            assert turn is not None
            deal.bid(club.choose_bid(deal.observation(turn), random.Random(i)).action,
                     seat=turn)
        while deal.phase is Phase.PLAY:
            turn = deal.turn
            assert turn is not None
            obs = deal.observation(turn)
            card = club.choose_card(obs, random.Random(i)).action
            if evaluation.samples_for(obs):
                trick = len(obs.tricks) + 1
                head = think + (pace if shown_for_a_pace(deal, turn) else 0.0)
                pending, start = thought_over(obs, i, head)
                # as the table does: the review waits only for its own card's verdict
                got = plays.review(obs, card, evaluation=pending.result(card))
                middle = time.perf_counter()
                plays.hint(obs, rng=random.Random(i))
                end = time.perf_counter()
                figures[trick]["review"].append(middle - start)
                figures[trick]["hint"].append(end - middle)
                figures[trick]["samples"].append(got.samples)
                if head > 0:                         # the hint as the table asks it
                    asked, start = thought_over(obs, i, head)
                    plays.hint(obs, evaluation=asked.for_hint())
                    figures[trick]["hint_after"].append(time.perf_counter() - start)
            deal.play(card, seat=turn, announce=obs.announcements_available,
                      belote=deal.may_say_belote(turn, card))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="deals played (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds the learner thinks while the coach evaluates in the "
                             "background before the review (default 0: a click at once)")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="seconds the table shows the card before the learner's turn, "
                             "the coach already at work (the table's default is "
                             f"{DEFAULT_PACE:g}; default 0: the review from the turn only)")
    args = parser.parse_args()
    print("belote_teach.coach.plays latency benchmark (figures only, not a test)")
    for line in machine_facts(pin_to_one_core()):
        print("  " + line)
    figures = measure(args.deals, args.seed, args.think, args.pace)
    print(f"{args.deals} deals; latency in ms per trick (positions with 2 or more "
          f"non-equivalent legal cards); review after {args.think:g} s of thinking "
          "(the evaluation started in the background at the turn"
          + (f", {args.pace:g} s earlier where the table shows the card before the turn "
             "for one pace" if args.pace else "")
          + "), the hint after the same thinking and from nothing")
    thought = args.think > 0 or args.pace > 0
    names = ("review", "hint_after", "hint") if thought else ("review", "hint")
    print("trick  positions  worlds  mean    review median/p95/max      "
          + ("hint after thinking         " if thought else "") + "hint from nothing")
    worst = {name: 0.0 for name in names}
    for trick, row in figures.items():
        if not row["review"]:
            continue
        cells = []
        for name in names:
            ms = [s * 1000 for s in row[name]]
            worst[name] = max(worst[name], percentile(ms, 0.95))
            cells.append(f"{statistics.median(ms):6.1f} / {percentile(ms, 0.95):6.1f} / "
                         f"{max(ms):6.1f}")
        worlds = f"{int(min(row['samples']))}-{int(max(row['samples']))}"
        mean = statistics.fmean(row["samples"])
        print(f"{trick:5}  {len(row['review']):9}  {worlds:>6}  {mean:6.0f}  "
              + "   ".join(cells))
    asked = max(worst["review"], worst.get("hint_after", worst["hint"]))
    print("worst 95th percentile as the table asks (review"
          + (" and hint after thinking" if thought else ", hint") + f"): {asked:.1f} ms "
          f"(target: under 500 ms at every trick); hint from nothing: {worst['hint']:.1f} ms")
    if args.think == 0 and args.pace == 0:
        # on one core the background does the same work at the same speed while the
        # learner thinks: after T seconds a review waits max(0, work - T)
        needed = {t: max(0.0, percentile(row["review"], 0.95) - 0.5)
                  for t, row in figures.items() if row["review"]}
        print("thinking time from which the review's p95 is under 500 ms (its work at "
              "once minus 0.5 s), per trick: "
              + ", ".join(f"{t}: {secs:.1f} s" for t, secs in needed.items()))


if __name__ == "__main__":
    main()
