"""Riichi scoring speed: ours vs the `mahjong` library's estimate_hand_value on the same corpus hands, in one run.

Usage: .venv/bin/python benchmarks/bench_riichi.py [CORPUS] [--rounds N]
Prints median and p99 microseconds per hand for both, their ratio, a CPU-time ratio over
the whole corpus, and whether the results agree (every hand where the seed does not
override the oracle must agree exactly).

Each hand's time is the fastest of N rounds (the machine is shared: the minimum is the
least disturbed run); within a round both sides run each hand back to back, hand after
hand, so load bursts hit them alike. Ours is timed on parsed input
(Hand + WinContext), as the oracle is on its prepared tile lists and HandConfig; the
"from record" row adds our JSON-record parsing. The CPU-time ratio does not time hands one by
one: it runs the whole corpus through each side (alternating), reads `time.process_time`
(CPU time of this process only, so other engineers' load barely counts) around each pass
and keeps each side's fastest pass. The two differ in the caches: per hand, each side starts
right after the other side ran (cold, as a table scoring one hand now and then); in a corpus
pass each side finds its own code and tables still cached from the hand before (warm).
"""

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "rules")]

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from riichi_oracle import comparable, oracle_call, oracle_result  # noqa: E402

from firmware.rules.hand import Hand  # noqa: E402
from firmware.rules.riichi import score_record  # noqa: E402
from firmware.rules.riichi.context import WinContext  # noqa: E402
from firmware.rules.riichi.profiles import PROFILE_BY_NAME, RECORD_PROFILE_ALIASES  # noqa: E402
from firmware.rules.riichi.verdict import score  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "riichi_public.jsonl"  # the shared tree beside the checkout
SCORED = ("win", "no_yaku", "not_win")


def load_cases(path: Path) -> list:
    """(record, our parsed inputs, oracle call) for every record both sides accept as a hand to score."""
    cases = []
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            if record["expected"]["status"] not in SCORED:
                continue
            profile = PROFILE_BY_NAME[RECORD_PROFILE_ALIASES[record["rules"]["profile"]]]
            ours = (Hand.from_record(record), WinContext.from_record(record), profile)
            theirs = oracle_call(record)
            cases.append((record, ours, theirs))
    return cases


def time_side_by_side(sides: list[list], rounds: int) -> list[list[float]]:
    """Microseconds per hand for each side: the fastest of `rounds` runs.

    Hand by hand, every side runs the same hand back to back, so a burst of load on this
    shared machine hits all sides alike; the hands rotate, so no side sees one hand twice
    in a row. The cyclic garbage collector is paused while timing, as `timeit` does.
    """
    best = [[float("inf")] * len(calls) for calls in sides]
    clock = time.perf_counter_ns
    gc.collect()
    gc.disable()
    try:
        for _ in range(rounds):
            for index, calls in enumerate(zip(*sides)):
                for side, call in enumerate(calls):
                    start = clock()
                    call()
                    elapsed = clock() - start
                    if elapsed < best[side][index]:
                        best[side][index] = elapsed
    finally:
        gc.enable()
    return [[ns / 1000 for ns in side] for side in best]


def corpus_cpu_seconds(sides: list[list], rounds: int) -> list[float]:
    """CPU seconds for one pass over every hand, per side: the fastest of `rounds` alternating passes."""
    best = [float("inf")] * len(sides)
    clock = time.process_time
    gc.collect()
    gc.disable()
    try:
        for _ in range(rounds):
            for side, calls in enumerate(sides):
                start = clock()
                for call in calls:
                    call()
                best[side] = min(best[side], clock() - start)
    finally:
        gc.enable()
    return best


def p99(samples: list[float]) -> float:
    return sorted(samples)[int(0.99 * (len(samples) - 1))]


def agreement(cases) -> tuple[int, list[str]]:
    """Hands where ours and the oracle agree on status, han, fu, cost, yaku and the fu
    breakdown (the differential tests' comparison); ids of the others."""
    differ = []
    for record, ours, _ in cases:
        if comparable(score(*ours)) != comparable(oracle_result(record)):
            differ.append(record["id"] + (" (seed override: variant_notes)" if record["expected"]["variant_notes"] else ""))
    return len(cases) - len(differ), differ


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    cases = load_cases(args.corpus)
    ours = [lambda o=o: score(*o) for _, o, _ in cases]
    records = [lambda r=r: score_record(r, None) for r, _, _ in cases]
    theirs = [lambda a=a, k=k: HandCalculator.estimate_hand_value(*a, **k) for _, _, (a, k) in cases]
    time_side_by_side([ours, records, theirs], 2)  # warm both sides' caches and the interpreter
    names = ("ours (parsed hand)", "ours (from record)", "mahjong estimate_hand_value")
    rows = list(zip(names, time_side_by_side([ours, records, theirs], args.rounds)))
    print(f"{len(cases)} hands, fastest of {args.rounds} rounds each, from {args.corpus}")
    print(f"{'':30} {'median us':>10} {'p99 us':>10}")
    for name, samples in rows:
        print(f"{name:30} {statistics.median(samples):10.1f} {p99(samples):10.1f}")
    ratio = statistics.median(rows[2][1]) / statistics.median(rows[0][1])
    print(f"speed-up (median, parsed hand): {ratio:.2f}x; "
          f"from record: {statistics.median(rows[2][1]) / statistics.median(rows[1][1]):.2f}x")
    ours_cpu, theirs_cpu = corpus_cpu_seconds([ours, theirs], max(5, args.rounds // 3))
    print(f"CPU time per corpus pass (process_time, fastest of {max(5, args.rounds // 3)}): "
          f"ours {1e3 * ours_cpu:.1f} ms, mahjong {1e3 * theirs_cpu:.1f} ms, ratio {theirs_cpu / ours_cpu:.2f}x")
    same, differ = agreement(cases)
    print(f"identical results: {same}/{len(cases)}" + (f"; differ: {', '.join(differ)}" if differ else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
