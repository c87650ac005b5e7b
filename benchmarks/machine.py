"""Machine facts printed by the benchmark scripts, and pinning to one core, so every
figure says where it was measured, and the processes a benchmark started (shared by the
benchmark scripts)."""

from __future__ import annotations

import contextlib
import os
import platform
from collections.abc import Sequence
from pathlib import Path

import psutil


def pin_to_one_core(index: int = 0) -> str:
    """Pin the process to one CPU where the OS allows it (the ``index``-th allowed CPU,
    modulo their number, so parallel workers get different ones); say what was done."""
    if hasattr(os, "sched_getaffinity") and hasattr(os, "sched_setaffinity"):
        allowed = sorted(os.sched_getaffinity(0))
        cpu = allowed[index % len(allowed)]
        try:
            os.sched_setaffinity(0, {cpu})
        except OSError as err:  # pragma: no cover - depends on the OS
            return f"not pinned ({err})"
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity on this OS); Python runs on one core anyway"


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo, else ``platform.processor()``."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def machine_facts(pinned: str) -> list[str]:
    """Lines describing the interpreter and the machine."""
    return [
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.platform()}",
        f"CPU: {cpu_model()}, {platform.machine()}, {os.cpu_count()} logical CPUs; {pinned}",
    ]


def process_family(pid: int) -> list[psutil.Process]:
    """The process ``pid`` and all its descendants alive now (empty when it is gone)."""
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def cpu_seconds(processes: Sequence[psutil.Process]) -> float:
    """CPU time (user + system, seconds) used so far by ``processes``, those gone
    meanwhile left out."""
    total = 0.0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            times = process.cpu_times()
            total += times.user + times.system
    return total
