"""Drill generation benchmark: time to generate one scenario of each drill of
:data:`belote_teach.course.drills.DRILLS`. A script that prints figures, not a test.

    .venv/bin/python benchmarks/drills.py [--draws 200] [--seed 0] [--drill ID ...]

What is measured
----------------
For each drill, ``draws`` scenarios are generated, draw ``i`` with a fresh
``random.Random(seed + i)`` (so the figures can be reproduced), and the wall time of
:meth:`belote_teach.course.drills.Drill.generate` is taken. One warm-up draw per drill (catalog
loading, first imports) is left out. One core (the process is pinned to one CPU where the
OS allows).

Printed per drill: the scenario kind, the draws, and the median, 95th percentile and
maximum generation time in milliseconds; then the slowest median. Target: a
median under 50 ms for every drill.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from machine import machine_facts, pin_to_one_core

from belote_teach.course.drills import DRILLS, drill


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def measure(drill_id: str, draws: int, seed: int) -> list[float]:
    """The generation time (seconds) of ``draws`` scenarios of ``drill_id``."""
    chosen = drill(drill_id)
    chosen.generate(random.Random(seed - 1))  # warm-up, not counted
    times = []
    for i in range(seed, seed + draws):
        rng = random.Random(i)
        start = time.perf_counter()
        chosen.generate(rng)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=200,
                        help="scenarios generated per drill (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--drill", action="append", choices=list(DRILLS), metavar="ID",
                        help="measure only this drill (repeatable; default: all of "
                             f"{', '.join(DRILLS)})")
    args = parser.parse_args()
    print("belote_teach.course.drills generation benchmark (figures only, not a test)")
    for line in machine_facts(pin_to_one_core()):
        print("  " + line)
    print(f"{args.draws} draws per drill, seeds {args.seed}..{args.seed + args.draws - 1}; "
          "time in ms")
    print(f"{'drill':24}  {'kind':8}  {'median':>7}  {'p95':>7}  {'max':>7}")
    slowest = ("", 0.0)
    for drill_id in args.drill or list(DRILLS):
        ms = [s * 1000 for s in measure(drill_id, args.draws, args.seed)]
        median = statistics.median(ms)
        if median > slowest[1]:
            slowest = (drill_id, median)
        print(f"{drill_id:24}  {DRILLS[drill_id].kind:8}  {median:7.1f}  "
              f"{percentile(ms, 0.95):7.1f}  {max(ms):7.1f}")
    print(f"slowest median: {slowest[1]:.1f} ms ({slowest[0]}; target: under 50 ms)")


if __name__ == "__main__":
    main()
