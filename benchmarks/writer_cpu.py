"""The CPU a table's ledger writer process has used, for the benchmarks that time whole hands.

Imports nothing of the project: ``bench_play.py --against`` loads it into a process running
another tree's code.
"""

import os
from pathlib import Path


def writer_cpu_s(service) -> float:
    """CPU seconds (user and system) the ledger's writer process has used so far, read from
    /proc: it writes the sensed batches behind the table (firmware/store/writer.py), so a
    hand's CPU is this process's and its. 0 while there is none."""
    ledger = service.components.get("ledger")
    process = getattr(getattr(getattr(ledger, "book", None), "writer", None), "process", None)
    if process is None:
        return 0.0
    fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
