"""Time our shanten (and arrangements) over the public corpora against the two oracles.

Run: .venv/bin/python benchmarks/bench_shanten.py [--repeat N]
Prints median and p99 microseconds per hand (each hand: best of 5 batches), with the
oracle/ours ratio. Our tables are
memoised, so a first pass over the hands fills them (its cost is printed as "cold").
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "rules")]

import MahjongGB  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402
from mcr_oracle import oracle_arguments  # noqa: E402
from test_core_corpus import counts_before_win, scorable  # noqa: E402

from firmware.rules.decompose import arrangements  # noqa: E402
from firmware.rules.shanten import shanten  # noqa: E402
from firmware.rules.shapes import MCR_SHAPES, RIICHI_SHAPES  # noqa: E402

def _per_call_us(calls, repeat: int, batches: int = 5) -> list[float]:
    """Microseconds of each zero-argument call: the best of `batches` means over `repeat` runs.

    The best batch, as timeit advises, keeps other processes on a shared machine out of the figure.
    """
    figures = []
    for call in calls:
        best = None
        for _ in range(batches):
            start = time.perf_counter_ns()
            for _ in range(repeat):
                call()
            elapsed = time.perf_counter_ns() - start
            best = elapsed if best is None else min(best, elapsed)
        figures.append(best / repeat / 1000)
    return figures


def _summary(figures: list[float]) -> tuple[float, float]:
    ordered = sorted(figures)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def _row(label: str, ours: list, oracle: list | None, repeat: int) -> None:
    ours_median, ours_p99 = _summary(_per_call_us(ours, repeat))
    line = f"{label:<34} n={len(ours):<4} ours median {ours_median:7.2f} us  p99 {ours_p99:7.2f} us"
    if oracle is not None:
        oracle_median, oracle_p99 = _summary(_per_call_us(oracle, repeat))
        line += (f" | oracle median {oracle_median:7.2f} us  p99 {oracle_p99:7.2f} us"
                 f" | ratio median {oracle_median / ours_median:5.1f}x  p99 {oracle_p99 / ours_p99:5.1f}x")
    print(line)


def _mcr_calls(checked):
    ours = [lambda c=counts_before_win(h), n=len(h.melds): shanten(c, n, MCR_SHAPES) for _, h in checked]
    arguments = [oracle_arguments(record) for record, _ in checked]
    oracle = [lambda p=a["pack"], t=a["hand"]: MahjongGB.MahjongShanten(pack=p, hand=t) for a in arguments]
    return ours, oracle


def _riichi_calls(hands, after: bool):
    counts = [h.closed_counts if after else counts_before_win(h) for h in hands]
    ours = [lambda c=c, n=len(h.melds): shanten(c, n, RIICHI_SHAPES, riichi=True) for c, h in zip(counts, hands)]
    oracle = [lambda c=c: Shanten.calculate_shanten(c) for c in counts]
    return ours, oracle


def _arrangement_calls(hands, shapes, riichi: bool):
    return [lambda c=h.closed_counts, m=h.melds: arrangements(c, m, shapes, riichi=riichi) for h in hands]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40, help="runs per batch, 5 batches per hand (default 40)")
    args = parser.parse_args()
    mcr_scorable = scorable("mcr_public.jsonl")
    mcr, riichi = [h for _, h in mcr_scorable], [h for _, h in scorable("riichi_public.jsonl")]
    mcr_ours, mcr_oracle = _mcr_calls(mcr_scorable)
    cold = _per_call_us(mcr_ours + _riichi_calls(riichi, False)[0] + _riichi_calls(riichi, True)[0], 1, 1)
    print(f"cold first pass (fills the tables): {sum(cold) / 1000:.1f} ms over {len(cold)} hands")
    _row("MCR shanten, 13-3k tiles", mcr_ours, mcr_oracle, args.repeat)
    _row("riichi shanten, before win", *_riichi_calls(riichi, False), args.repeat)
    _row("riichi shanten, after win", *_riichi_calls(riichi, True), args.repeat)
    _row("MCR arrangements (all shapes)", _arrangement_calls(mcr, MCR_SHAPES, False), None, args.repeat)
    _row("riichi arrangements", _arrangement_calls(riichi, RIICHI_SHAPES, True), None, args.repeat)


if __name__ == "__main__":
    main()
