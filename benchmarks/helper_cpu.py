"""The CPU a table's helper processes have used, for the benchmarks that time whole hands.

A table's loop hands work to processes of its own (``firmware/child_process.py``): the
ledger's writer, which writes the sensed batches behind the table, and on the simulator the
players thinking ahead. A hand's CPU is the loop's and theirs. Imports nothing of the project:
``bench_play.py --against`` loads it into a process running another tree's code.
"""

import os
from pathlib import Path


def helpers_cpu_s() -> float:
    """CPU seconds (user and system) this process's child processes still running have used
    so far, read from /proc (0 while there are none)."""
    ticks, me = 0, str(os.getpid())
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if fields[1] == me:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")
