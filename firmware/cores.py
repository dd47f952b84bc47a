"""The table's loop on a core of its own while it runs hands back to back; its helper processes
on the others.

Why: the loop hands work to processes of its own (``firmware.child_process``: the log's writer;
on the simulator, the players thinking ahead) and never waits for them. Linux wakes a process
that waits on a pipe on the core of the process that wrote to it (that one is expected to wait
next) and lets it take that core at once, so at each hand-over the loop stood aside for the
helper's whole turn: a sensed batch's hand-over to the log's writer took 0.19 ms of the loop's
time at the median, the writer's commit included, some ten times a simulated hand. With the
loop held to one core and the helpers kept to the others, they run beside it (0.03 ms), and a
simulated hand with the machine takes less of the loop: on a 2-core machine, 1.06x (mcr) and
1.10x (cmcr1998) the hands a second (``benchmarks/bench_play.py --against``, medians of 9).
A process allowed a single core is left as it is.

``loop_core()`` holds the core while a block runs (``SimRun`` runs its hands in one);
``ChildProcess`` places each helper it starts meanwhile with ``place_helper``.
"""

import contextlib
import os
from collections.abc import Iterator

_helper_cores: set[int] | None = None
"""The cores left to helper processes while a ``loop_core`` block runs, else None."""


@contextlib.contextmanager
def loop_core() -> Iterator[None]:
    """Hold this thread (the loop) to the last core it may use (on a Raspberry Pi the first one
    takes most of the interrupts) until the block ends, then give it back every core it had.
    A block inside another, or on a single core, changes nothing."""
    global _helper_cores
    allowed = os.sched_getaffinity(0)
    if len(allowed) < 2 or _helper_cores is not None:
        yield
        return
    loop = max(allowed)
    os.sched_setaffinity(0, {loop})
    _helper_cores = allowed - {loop}
    try:
        yield
    finally:
        _helper_cores = None
        os.sched_setaffinity(0, allowed)


def place_helper(pid: int) -> None:
    """Keep helper process ``pid`` off the loop's core while a ``loop_core`` block runs."""
    if _helper_cores is None:
        return
    try:
        os.sched_setaffinity(pid, _helper_cores)
    except ProcessLookupError:
        pass  # it ended already: whoever started it hears so from its pipe
