"""CCM 2012 speed: scoring a hand record as CCM beside scoring it as MCR, on the same records in one run.

Usage: .venv/bin/python benchmarks/bench_ccm2012.py [CORPUS] [--rounds N]
CCM scores with MCR's fan table (its WMO readings), so the MCR side is `score_record(r, "wmo")`
and the difference is what CCM adds: reading its context keys, the add-ons and the result.
Prints median and p99 microseconds per hand for both, the ratio CCM/MCR of the medians and
the median of the per-hand ratios. Both sides are timed back to back on each hand, in
alternating order, best of N rounds per hand (the method of bench_mcr.py), so a busy spell of
the shared machine slows both alike.
Exits 1 if a record's CCM fans differ from its MCR fans.
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
from firmware.rules.ccm2012 import score_record as ccm_score  # noqa: E402
from firmware.rules.mcr import score_record as mcr_score  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "mcr_public.jsonl"
TIMED = ("win", "below_min", "not_win")  # the well-formed records, as bench_mcr.py times


def _mcr(record: dict) -> dict:
    return mcr_score(record, "wmo")


def _best_us(records: list[dict], rounds: int) -> tuple[list[float], list[float]]:
    """Best-of-`rounds` microseconds per record for CCM and for MCR, the two timed back to
    back on each record, which goes first swapping every round."""
    best = {ccm_score: [float("inf")] * len(records), _mcr: [float("inf")] * len(records)}
    for round_index in range(rounds):
        order = (_mcr, ccm_score) if round_index % 2 else (ccm_score, _mcr)
        for i, record in enumerate(records):
            for call in order:
                start = time.perf_counter_ns()
                call(record)
                best[call][i] = min(best[call][i], (time.perf_counter_ns() - start) / 1000)
    return best[ccm_score], best[_mcr]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args(argv)
    records = [json.loads(line) for line in args.corpus.open(encoding="utf-8") if line.strip()]
    records = [r for r in records if r["expected"]["status"] in TIMED]
    ccm, mcr = _best_us(records, args.rounds)
    (cm, cp), (mm, mp) = median_p99(ccm), median_p99(mcr)
    per_hand = statistics.median(c / m for c, m in zip(ccm, mcr))
    print(f"{len(records)} hands from {args.corpus.name}, best of {args.rounds} rounds, CCM and MCR interleaved "
          f"per hand; microseconds per hand")
    print(f"{'':<8} {'median':>8} {'p99':>8}")
    print(f"{'ccm2012':<8} {cm:>8.1f} {cp:>8.1f}")
    print(f"{'mcr wmo':<8} {mm:>8.1f} {mp:>8.1f}")
    print(f"ratio ccm/mcr: medians {cm / mm:.2f}x, per hand (median) {per_hand:.2f}x")
    same = sum(ccm_score(r)["fans"] == _mcr(r)["fans"] for r in records)
    print(f"CCM fans equal MCR's on {same}/{len(records)} timed hands")
    return 0 if same == len(records) else 1


if __name__ == "__main__":
    sys.exit(main())
