"""The learner's store: how long one answer takes to be kept, how long the welcome page's
summary takes to read once the log is long, and how big the database grows. A script
that prints figures, not a test.

    .venv/bin/python benchmarks/store.py [--answers 500] [--log 10000] [--writers 2]
                                         [--backend sqlite|files]

What is measured, in a fresh data directory of a temporary folder (on the same disk as
the system's temporary files), with the SQLite store (``--backend sqlite``, the default)
or the plain files of a Python without ``sqlite3`` (``--backend files``, the browser's):

* **one answer saved**: :meth:`CourseProgress.record_answer` as the exercise player calls
  it, judged inside the transaction against the exercise's tries read from the store
  (``exercise_results`` then ``record_answer``), ``--answers`` times; median, p95 and
  max in milliseconds. The goal is a p95 under 20 ms on the development machine.
* **the same with writers at once**: ``--writers`` processes each saving ``--answers``
  answers at the same moment (two tabs, two kernels of one learner); every answer is
  checked to be there afterwards.
* **the welcome page's summary**: :meth:`CourseProgress.read` (every figure derived from
  the log) and the course map built from it, after ``--log`` logged actions of every
  kind (answers over the course's exercises, drill positions, practice deals, games);
  median of 5 reads, in ms.
* **the store's size** on disk after that log (database, WAL and shared-memory files, or
  the log file), in KiB, and per action, in bytes.

No peer: no open belote program keeps a learner's record.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from belote_teach.course.drills import DRILLS  # noqa: E402
from belote_teach.course.overview import course_ids, course_overview  # noqa: E402
from belote_teach.course.progress import CourseProgress  # noqa: E402
from belote_teach.course.store_files import FileStore  # noqa: E402

BACKENDS = ("sqlite", "files")


def _progress(folder: str, backend: str) -> CourseProgress:
    """The progress of a page on the store of ``backend`` in ``folder``."""
    if backend == "files":
        return CourseProgress(folder, store=FileStore(folder))
    return CourseProgress(folder)


def _answer(progress: CourseProgress, lesson: str, exercise: str, right: bool) -> None:
    """One answer as the exercise player keeps it: judged against the record, logged."""
    with progress.transaction():
        before = progress.exercise_results(lesson).get(exercise)
        tries = before.tries if before is not None else 0
        progress.record_answer(lesson, exercise, solved=right,
                               first_try=right and tries == 0, answer="JH")


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _write_many(directory: str, backend: str, who: int, count: int, start: object) -> None:
    progress = _progress(directory, backend)
    start.wait()  # type: ignore[attr-defined]
    for number in range(count):
        _answer(progress, "03-play-a-trick", f"writer-{who}-{number}", number % 3 == 0)


def one_answer(count: int, backend: str) -> list[float]:
    """Milliseconds to keep each of ``count`` answers, in a fresh store."""
    with tempfile.TemporaryDirectory() as folder:
        progress = _progress(folder, backend)
        rng = random.Random(1)
        times = []
        for number in range(count):
            start = time.perf_counter()
            _answer(progress, "03-play-a-trick", f"exercise-{number % 25}",
                    rng.random() < 0.5)
            times.append((time.perf_counter() - start) * 1000)
        return times


def writers_at_once(writers: int, count: int, backend: str) -> tuple[float, int]:
    """Seconds for ``writers`` processes to keep ``count`` answers each, and the answers
    found afterwards."""
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory() as folder:
        start = context.Event()
        processes = [context.Process(target=_write_many, args=(folder, backend, who, count, start))
                     for who in range(writers)]
        for process in processes:
            process.start()
        time.sleep(1.0)                              # every process connected and waiting
        began = time.perf_counter()
        start.set()
        for process in processes:
            process.join()
        seconds = time.perf_counter() - began
        found = _progress(folder, backend).read().record.results("03-play-a-trick")
        return seconds, len(found)


def long_log(actions: int, backend: str) -> tuple[float, float, int]:
    """After ``actions`` logged actions of every kind: the median ms of reading the
    record and of building the course map from it, and the store's size in bytes."""
    known = course_ids()
    exercises = [(lesson, ex) for lesson, ids in sorted(known.exercises.items())
                 for ex in sorted(ids)]
    rng = random.Random(2)
    with tempfile.TemporaryDirectory() as folder:
        progress = _progress(folder, backend)
        store = progress.store
        drills = list(DRILLS)
        with store.transaction():
            for number in range(actions):
                kind = rng.random()
                if kind < 0.7:
                    lesson, exercise = rng.choice(exercises)
                    store.append("answer", lesson, exercise,
                                 {"solved": rng.random() < 0.6, "first_try": False,
                                  "answer": "JH"})
                elif kind < 0.95:
                    store.append("drill", rng.choice(drills), f"page-{number // 50}",
                                 {"right": rng.random() < 0.7})
                elif kind < 0.99:
                    store.append("practice", rng.choice(sorted(known.practice)), "", {})
                else:
                    store.append("game_over", "game", "", {"won": rng.random() < 0.5})
        reads, maps = [], []
        for _ in range(5):
            began = time.perf_counter()
            record = _progress(folder, backend).read().record
            middle = time.perf_counter()
            course_overview(record)
            reads.append((middle - began) * 1000)
            maps.append((time.perf_counter() - middle) * 1000)
        size = sum(path.stat().st_size for path in Path(folder).glob("learner.sqlite3*"))
        size += sum(path.stat().st_size for path in Path(folder).glob("learner.log"))
        return statistics.median(reads), statistics.median(maps), size


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=500)
    parser.add_argument("--log", type=int, default=10_000)
    parser.add_argument("--writers", type=int, default=2)
    parser.add_argument("--backend", choices=BACKENDS, default="sqlite")
    args = parser.parse_args(argv)

    print(f"backend: {args.backend}")
    times = one_answer(args.answers, args.backend)
    print(f"one answer saved ({args.answers} answers, one page): median "
          f"{statistics.median(times):.2f} ms, p95 {_percentile(times, 0.95):.2f} ms, "
          f"max {max(times):.2f} ms (goal: p95 < 20 ms)")
    seconds, found = writers_at_once(args.writers, args.answers, args.backend)
    total = args.writers * args.answers
    print(f"{args.writers} processes x {args.answers} answers at once: {seconds:.2f} s, "
          f"{total / seconds:.0f} answers/s, {found} of {total} answers kept")
    read, course_map, size = long_log(args.log, args.backend)
    print(f"after {args.log} logged actions: the record read in {read:.1f} ms, the course "
          f"map built from it in {course_map:.1f} ms (medians of 5)")
    print(f"store size: {size / 1024:.0f} KiB ({size / args.log:.0f} bytes per action)")


if __name__ == "__main__":
    main()
