"""Played hands per second of wall time, per rule set: the simulated players, the nine zone
readers' M100 bytes over their ptys and the firmware's ZoneReader decoding them.

Usage: .venv/bin/python benchmarks/bench_play.py [--hands N] [--warm N] [--machine N] [--repeat N] [--rules R ...]
       .venv/bin/python benchmarks/bench_play.py --against REV [--rounds N] [--hands N] [--warm N] [--machine N]
Prints the interpreter it runs on (``make venv`` builds the venv on the distribution's
python3.11 where it can, the interpreter a table's service runs on), then, per rule set:
- table top: hands back to back on the table top alone (``hal_sim.play_bench``: players, zone
  modules, ptys, ZoneReaders; no machine cycle), after ``--warm`` hands that start filling
  the rules core's tables: hands/s of wall time, milliseconds of this process's CPU per hand,
  and the share of it in the zone readers (module answers, reader decoding);
- with the machine: ``mjtable sim --hands`` in-process (``SimRun.run_hands``: the machine
  cycle between hands — shuffling, stacking, the head reader, the set check, the lifts, the
  dice — and the default config's components: referee, ledger, display), ``--machine`` hands
  after ``--warm`` untimed ones (a venue's table runs for hours, and the rules core's tables
  fill as play meets new patterns: with mcr, about 300 misses a hand over hands 4-23, 60 over
  hands 184-203), played ``--repeat`` times (3) per rule set, the rule sets taking turns: the
  median run's hands/s of wall time, every run's (the runs play the same hands, so they differ
  only by what this shared machine was doing meanwhile, easily 1.3x within minutes), and its
  milliseconds of this process's CPU per hand (plus
  its helper processes': the ledger's writer, which writes the sensed reports behind the
  table, and the players thinking ahead, ``hal_sim/world/ahead.py``), and
  the reader exchanges a hand takes (module answers over the ptys: head reads and zone
  reports) with the least time their answers' crossings of the ptys take (each exchange also
  carries the host's command the other way, off the critical path);
- what one answer's crossing of a pty costs: an answer the size of a hand area's inventory
  written, handed over by the kernel and read, in a loop, beside the same over a pipe (a pty's
  bytes cross the kernel's tty layer and are handed over on a kernel worker thread).
The target, 20 full hands/s of wall time, is the machine's figure; the table top's shows how
much of a hand's cost is the play itself.

``--against REV`` times the table top (and, unless ``--machine 0``, ``--machine`` hands with
the machine cycle after ``--warm``, as above) of this tree and of a git worktree of REV instead, each
hand set in a fresh process, the two taking turns ``--rounds`` times per rule set, and prints
the medians and their ratios (this machine's load moves both alike within a round); a hand's
CPU with the machine counts its helper processes' too, where the tree has them.
"""

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from drivers.rfid import m100  # noqa: E402
from drivers.rfid.zone_reader import epc_for_uid  # noqa: E402
from firmware import rulesets  # noqa: E402
from hal_sim.harness import SimRun  # noqa: E402
from hal_sim.play_bench import PlayBench  # noqa: E402
from hal_sim.rfid.device import LineFaults, SimReaderDevice  # noqa: E402
from hal_sim.rfid.zones import SimZoneRfid  # noqa: E402
from table_config import default_config  # noqa: E402
from helper_cpu import helpers_cpu_s  # noqa: E402

TARGET = 20.0


class ReaderClock:
    """CPU seconds spent in the zone readers' exchanges (module answers and reader reads), while
    installed (``with ReaderClock() as clock``): its two CPU-clock reads a call, each a system
    call, are the table top's instrument, so the hands with the machine run without them."""

    def __init__(self):
        self.seconds = 0.0

    def __enter__(self) -> "ReaderClock":
        self._answer, self._read = SimZoneRfid.answer, SimZoneRfid.read
        clock, timed_answer, timed_read = self, self._answer, self._read

        def answer(zones, keys):
            start = time.process_time()
            timed_answer(zones, keys)
            clock.seconds += time.process_time() - start

        def read(zones, key):
            start = time.process_time()
            done = timed_read(zones, key)
            clock.seconds += time.process_time() - start
            return done
        SimZoneRfid.answer, SimZoneRfid.read = answer, read
        return self

    def __exit__(self, *exc) -> None:
        SimZoneRfid.answer, SimZoneRfid.read = self._answer, self._read


def table_top(rules: str, hands: int, warm: int, clock: ReaderClock) -> str:
    bench = PlayBench(rules, seed=1)
    try:
        bench.play(warm)
        clock.seconds = 0.0
        wall, cpu = time.perf_counter(), time.process_time()
        bench.play(hands)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        bench.close()
    rate = hands / wall
    return (f"{rules:>9} table top: {rate:5.1f} hands/s ({'meets' if rate >= TARGET else 'below'} "
            f"{TARGET:.0f}), {cpu / hands * 1000:5.1f} ms CPU/hand, "
            f"{clock.seconds / cpu:4.0%} of it in the zone readers; "
            f"{len(bench.log.discards) / (warm + hands):.0f} discards/hand")


def with_machine(rules: str, hands: int, warm: int) -> dict:
    """One run of the hands with the machine cycle: its figures (``machine_line`` prints them)."""
    with tempfile.TemporaryDirectory(prefix="bench-play-") as folder:
        run = SimRun(default_config(Path(folder)), seed=1, rules=rules)

        def answers() -> int:
            return sum(device.answers for device in run.sim.reader_devices)
        try:
            before = run.run_hands(warm) if warm else {"hands_played": 0, "virtual_s": 0.0,
                                                       "reconstruction": {"discards": 0}}
            answered, helped = answers(), helpers_cpu_s()
            wall, cpu = time.perf_counter(), time.process_time()
            summary = run.run_hands(warm + hands)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            answered, helped = answers() - answered, helpers_cpu_s() - helped
        finally:
            run.close()
    played = summary["hands_played"] - before["hands_played"]
    return {"rate": played / wall, "played": played, "warm": warm, "wall": wall, "cpu": cpu,
            "helped": helped, "exchanges": answered / played,
            "discards": (summary["reconstruction"]["discards"]
                         - before["reconstruction"]["discards"]) / played,
            "virtual_s": (summary["virtual_s"] - before["virtual_s"]) / played}


def machine_line(rules: str, runs: list[dict], answer_us: float) -> str:
    """The median run's figures (of an even number, the slower middle one) and every run's
    rate: the runs play the same hands (seed 1), so they differ only by what the machine was
    doing meanwhile."""
    ordered = sorted(runs, key=lambda run: run["rate"])
    run = ordered[(len(ordered) - 1) // 2]
    rate, played, exchanges = run["rate"], run["played"], run["exchanges"]
    rates = ", ".join(f"{other['rate']:.1f}" for other in ordered)
    spread = f" (runs: {rates})" if len(ordered) > 1 else ""
    return (f"{rules:>9} with the machine: {rate:5.1f} hands/s{spread}, "
            f"{'meets' if rate >= TARGET else 'below'} {TARGET:.0f}; "
            f"{run['cpu'] / played * 1000:5.1f} ms CPU/hand + {run['helped'] / played * 1000:.1f} in "
            f"its helper processes ({played} hands after {run['warm']}, "
            f"{run['discards']:.0f} discards/hand, {run['virtual_s']:.0f} virtual s/hand); "
            f"{exchanges:.0f} reader exchanges/hand: at least "
            f"{exchanges * answer_us / 1000:.0f} ms of the hand's {run['wall'] / played * 1000:.0f} ms "
            f"in their answers' pty crossings")


def pty_answer_us(answers: int = 5000) -> tuple[float, float]:
    """(µs per answer over a simulated module's pty, over a pipe): an answer of 14 tag
    notifications written in one piece, awaited whole on the reader's side
    (``SimReaderDevice.await_delivery``, as the simulator does before a reader reads) and read."""
    answer = [m100.tag_notification(epc_for_uid(f"04{n:012X}"), 0xC8) for n in range(14)]
    device = SimReaderDevice(m100.M100Decoder(), LineFaults(), random.Random(0))
    host = os.open(device.path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    pipe_out, pipe_in = os.pipe()
    data = b"".join(answer)
    try:
        start = time.perf_counter()
        for _ in range(answers):
            device.answer(answer)
            device.await_delivery()
            if os.read(host, 4096) != data:
                raise RuntimeError("the pty handed an answer over in pieces: no figure")
        pty = time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(answers):
            os.write(pipe_in, data)
            os.read(pipe_out, 4096)
        pipe = time.perf_counter() - start
    finally:
        for fd in (host, pipe_out, pipe_in):
            os.close(fd)
        device.close()
    return pty / answers * 1e6, pipe / answers * 1e6


_TIMED = """
import os, sys, time
sys.path[:0] = [os.getcwd(), os.path.join(os.getcwd(), "tests")]
from hal_sim.play_bench import PlayBench
rules, warm, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
bench = PlayBench(rules, seed=1)
bench.play(warm)
wall, cpu = time.perf_counter(), time.process_time()
bench.play(hands)
print(time.process_time() - cpu, time.perf_counter() - wall)
bench.close()
"""
_MACHINE_TIMED = """
import os, sys, tempfile, time
from pathlib import Path
sys.path[:0] = [os.getcwd(), os.path.join(os.getcwd(), "tests")]
sys.path.append(sys.argv[4])
from hal_sim.harness import SimRun
from table_config import default_config
from helper_cpu import helpers_cpu_s
rules, warm, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with tempfile.TemporaryDirectory() as data:
    run = SimRun(default_config(Path(data)), seed=1, rules=rules)
    if warm:
        run.run_hands(warm)
    helped = helpers_cpu_s()
    wall, cpu = time.perf_counter(), time.process_time()
    run.run_hands(warm + hands)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(cpu + helpers_cpu_s() - helped, wall)
    run.close()
"""


def _timed(tree: Path, rules: str, warm: int, hands: int, code: str = _TIMED) -> tuple[float, float]:
    """(CPU ms, wall ms) per hand, played by ``tree``'s code in a process of its own: on the
    table top, or with the machine cycle (``code=_MACHINE_TIMED``)."""
    done = subprocess.run([sys.executable, "-c", code, rules, str(warm), str(hands),
                           str(Path(__file__).resolve().parent)], cwd=tree,
                          capture_output=True, text=True, check=True)
    cpu, wall = map(float, done.stdout.split())
    return cpu / hands * 1000, wall / hands * 1000


def against(rev: str, rules_list: list[str], hands: int, warm: int, rounds: int,
            machine: int) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-play-rev-") as folder:
        earlier = Path(folder) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(earlier),
                        rev], check=True)
        try:
            for rules in rules_list:
                timings = [("table top", warm, hands, _TIMED)]
                if machine:
                    timings.append(("with the machine", warm, machine, _MACHINE_TIMED))
                for what, first, timed, code in timings:
                    runs = {earlier: [], ROOT: []}
                    for _ in range(rounds):
                        for tree, found in runs.items():
                            found.append(_timed(tree, rules, first, timed, code))
                    (old_cpu, old_wall), (cpu, wall) = (
                        (statistics.median(c for c, _ in found), statistics.median(w for _, w in found))
                        for found in runs.values())
                    print(f"{rules:>9} {what}: {rev} {old_cpu:5.1f} ms CPU/hand, "
                          f"{1000 / old_wall:5.1f} hands/s; this tree {cpu:5.1f} ms CPU/hand, "
                          f"{1000 / wall:5.1f} hands/s"
                          + f" ({'meets' if 1000 / wall >= TARGET else 'below'} {TARGET:.0f})"
                          + f"; {rev}/this: CPU {old_cpu / cpu:.2f}x, wall {old_wall / wall:.2f}x "
                          f"(medians of {rounds})", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(earlier)],
                           check=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100, help="timed hands per rule set")
    parser.add_argument("--warm", type=int, default=30, help="hands played first, untimed")
    parser.add_argument("--machine", type=int, default=200,
                        help="hands per rule set with the machine cycle (0: skip); the length of "
                             "a hand varies (mcr, seed 1: 58 discards a hand over hands 1-400, "
                             "52 to 64 over 40 hands in a row), so far fewer time a sample of "
                             "hands, not the rule set")
    parser.add_argument("--rules", nargs="*", default=list(rulesets.names()))
    parser.add_argument("--against", metavar="REV", help="time the table top against git REV")
    parser.add_argument("--rounds", type=int, default=3, help="turns each tree takes (--against)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of the hands with the machine per rule set, taking turns "
                             "across rule sets; the median run is printed, with every run's rate")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, got {args.repeat}")
    print(f"interpreter: Python {platform.python_version()}, {os.path.realpath(sys.executable)}")
    if args.against:
        print(f"rerun: .venv/bin/python benchmarks/bench_play.py --against {args.against} "
              f"--rounds {args.rounds} --hands {args.hands} --warm {args.warm} "
              f"--machine {args.machine} --rules {' '.join(args.rules)}")
        against(args.against, args.rules, args.hands, args.warm, args.rounds, args.machine)
        return 0
    print(f"rerun: .venv/bin/python benchmarks/bench_play.py --hands {args.hands} "
          f"--warm {args.warm} --machine {args.machine} --repeat {args.repeat} "
          f"--rules {' '.join(args.rules)}")
    with ReaderClock() as clock:
        for rules in args.rules:
            print(table_top(rules, args.hands, args.warm, clock), flush=True)
    answer_us, pipe_us = pty_answer_us()
    print(f"one answer over a pty (the module's write, the kernel's hand-over, the reader's "
          f"read): {answer_us:.1f} µs here; over a pipe: {pipe_us:.1f} µs", flush=True)
    runs: dict[str, list[dict]] = {rules: [] for rules in args.rules}
    for _ in range(args.repeat if args.machine else 0):
        for rules in args.rules:  # in turn, so a slow minute of the machine falls on all alike
            runs[rules].append(with_machine(rules, args.machine, args.warm))
    for rules in args.rules if args.machine else ():
        print(machine_line(rules, runs[rules], answer_us), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
