"""Sichuan scoring speed beside MCR's, in one run: microseconds per hand over each public corpus.

Usage: .venv/bin/python benchmarks/bench_sichuan.py [--rounds N]
Times `firmware.rules.sichuan.score_record` on sichuan_public.jsonl and
`firmware.rules.mcr.score_record` on mcr_public.jsonl, from the JSON record as `mjtable score`
scores it, and prints each side's median and p99, the ratio of the medians (Sichuan / MCR;
below 1 means Sichuan is cheaper, as a smaller fan table with no special shapes should be)
and, for Sichuan, the table's path from a hand already read (`verdict.judge`). Only hands
that reach the fan count are timed: wins and failed declarations (MCR also below_min).

The corpora differ, so hands cannot be paired; instead the two sides alternate, a whole
corpus pass each, their order reversed every other round, and each hand keeps its best of
N rounds (30 by default): a busy spell on this shared machine then costs both sides alike,
and the best of N drops the rounds a scheduler interrupted.
Exits 1 if a timed Sichuan hand departs from its record or Sichuan's median is not below MCR's.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import median_p99  # noqa: E402
from firmware.rules import mcr, sichuan  # noqa: E402
from firmware.rules.sichuan.context import WinContext  # noqa: E402
from firmware.rules.sichuan.record import read_hand  # noqa: E402
from firmware.rules.sichuan.verdict import judge  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpus"
TIMED = ("win", "below_min", "not_win")


def _records(name: str) -> list[dict]:
    with open(CORPORA / name, encoding="utf-8") as stream:
        records = [json.loads(line) for line in stream if line.strip()]
    return [r for r in records if r["expected"]["status"] in TIMED]


def _best_us(sides: list[tuple], rounds: int) -> list[list[float]]:
    """Best-of-`rounds` microseconds per hand of each side (call, inputs): one whole pass of a side
    after the other, their order reversed every other round."""
    best = [[float("inf")] * len(inputs) for _, inputs in sides]
    clock = time.perf_counter_ns
    for round_index in range(rounds):
        order = list(zip(sides, best))
        for (call, inputs), side_best in (order[::-1] if round_index % 2 else order):
            for i, item in enumerate(inputs):
                start = clock()
                call(item)
                elapsed = (clock() - start) / 1000
                if elapsed < side_best[i]:
                    side_best[i] = elapsed
    return best


def _agrees(record: dict) -> bool:
    result, expected = sichuan.score_record(record), record["expected"]
    return all(result[key] == expected[key] for key in ("status", "fan", "capped_fan", "points_per_payer"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args(argv)
    ours, theirs = _records("sichuan_public.jsonl"), _records("mcr_public.jsonl")
    parsed = [(hand, WinContext.from_record(r, hand)) for r in ours for hand in (read_hand(r),)]
    sichuan_us, mcr_us, judged_us = _best_us(
        [(sichuan.score_record, ours), (mcr.score_record, theirs),
         (lambda p: judge(p[0], p[1], sichuan.TMT2016), parsed)], args.rounds)
    print(f"{len(ours)} Sichuan hands, {len(theirs)} MCR hands, best of {args.rounds} rounds; "
          f"microseconds per hand")
    print(f"{'':<16} {'median':>8} {'p99':>8}")
    for name, values in (("sichuan", sichuan_us), ("mcr", mcr_us), ("sichuan parsed", judged_us)):
        median, p99 = median_p99(values)
        print(f"{name:<16} {median:>8.1f} {p99:>8.1f}")
    ratio = statistics.median(sichuan_us) / statistics.median(mcr_us)
    print(f"ratio sichuan / mcr (medians): {ratio:.2f}")
    same = sum(map(_agrees, ours))
    print(f"Sichuan results agree with the corpus on {same}/{len(ours)} timed hands")
    return 0 if same == len(ours) and ratio < 1 else 1


if __name__ == "__main__":
    sys.exit(main())
