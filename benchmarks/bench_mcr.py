"""MCR speed: our scoring and shanten against pymahjonggb's on the public corpus hands, in one run.

Usage: .venv/bin/python benchmarks/bench_mcr.py [CORPUS] [--rounds N]
Prints median and p99 microseconds per hand for scoring (score_record, profile `mil`,
against MahjongFanCalculator) and for the MCR all-shapes shanten of the 13 tiles before
the win (against MahjongShanten), side by side. Only well-formed records are timed; each
hand's time is its best of N rounds (per-suit memo tables warm, scheduler noise filtered).
Exits 1 if our fans differ from pymahjonggb's on any timed hand.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "rules")]

from MahjongGB import MahjongFanCalculator, MahjongShanten  # noqa: E402
from mcr_oracle import oracle_arguments, oracle_fans, our_fans  # noqa: E402

from firmware.rules.hand import Hand  # noqa: E402
from firmware.rules.mcr import score_record  # noqa: E402
from firmware.rules.shanten import shanten  # noqa: E402
from firmware.rules.shapes import MCR_SHAPES  # noqa: E402
from firmware.rules.tiles import to_counts  # noqa: E402

CORPUS = Path("/work/shared/corpus/mcr_public.jsonl")
TIMED = ("win", "below_min", "not_win")


def _per_call_us(call, args_list: list, rounds: int) -> list[float]:
    """Best-of-`rounds` time of each call, in microseconds (best filters scheduler noise)."""
    best = [float("inf")] * len(args_list)
    for _ in range(rounds):
        for i, args in enumerate(args_list):
            start = time.perf_counter_ns()
            call(args)
            best[i] = min(best[i], (time.perf_counter_ns() - start) / 1000)
    return best


def _oracle_score(kwargs: dict) -> None:
    try:
        MahjongFanCalculator(**kwargs)
    except TypeError:
        pass  # ERROR_NOT_WIN: timed all the same, as our not_win verdicts are


def _row(name: str, ours: list[float], theirs: list[float]) -> str:
    def stats(values):
        ordered = sorted(values)
        return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    (om, op), (tm, tp) = stats(ours), stats(theirs)
    return f"{name:<8} {om:>10.1f} {op:>10.1f} {tm:>12.1f} {tp:>12.1f} {om / tm:>8.1f}x"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    records = [json.loads(line) for line in args.corpus.open(encoding="utf-8") if line.strip()]
    records = [r for r in records if r["expected"]["status"] in TIMED]
    oracle_kwargs = [oracle_arguments(r) for r in records]
    hands = [Hand.from_record(r) for r in records]
    ours_shanten = [(to_counts(h.concealed), len(h.melds)) for h in hands]
    theirs_shanten = [(k["pack"], k["hand"]) for k in oracle_kwargs]
    print(f"{len(records)} hands from {args.corpus.name}, best of {args.rounds} rounds; microseconds per hand")
    print(f"{'':<8} {'ours med':>10} {'ours p99':>10} {'oracle med':>12} {'oracle p99':>12} {'ratio':>9}")
    print(_row("scoring", _per_call_us(lambda r: score_record(r, "mil"), records, args.rounds),
               _per_call_us(_oracle_score, oracle_kwargs, args.rounds)))
    print(_row("shanten", _per_call_us(lambda a: shanten(a[0], a[1], MCR_SHAPES), ours_shanten, args.rounds),
               _per_call_us(lambda a: MahjongShanten(pack=a[0], hand=a[1]), theirs_shanten, args.rounds)))
    parse = statistics.median(_per_call_us(Hand.from_record, records, args.rounds))
    print(f"(of our scoring, parsing the record with the core's Hand.from_record: median {parse:.1f})")
    same = sum(our_fans(score_record(r, "mil")) == oracle_fans(r) for r in records)
    print(f"fans agree with pymahjonggb on {same}/{len(records)} timed hands")
    return 0 if same == len(records) else 1


if __name__ == "__main__":
    sys.exit(main())
