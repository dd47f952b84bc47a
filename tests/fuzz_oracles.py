"""Long differential run of the scoring engines against the oracles: `make fuzz`.

Generates raw hand records at random (tests/rules/mcr_records.py, riichi_records.py),
scores each with our engine and with the oracle (pymahjonggb for MCR, under both the
`mil` and the `wmo` profile; `mahjong` for riichi), and compares them exactly as the
differential tests do (tests/rules/differential.py). Prints the seed, per engine the
number of hands run, their verdicts, how many hands fell under each documented departure
from the oracle (tests/rules/differential.py names them), and every difference with its record and both answers; exits 1 on any difference.

    python tests/fuzz_oracles.py                      # 20,000 hands per engine, fresh seed
    python tests/fuzz_oracles.py --seed 1234          # replay a run (same seed, same --hands)
    python tests/fuzz_oracles.py --record '{...}'     # replay one printed record

Not collected by pytest (the name does not start with test_); the test suite runs the
same comparisons on a few hundred derandomized examples.
"""

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE / "rules"), str(HERE.parent)]

from differential import compare_mcr, compare_riichi  # noqa: E402
from mcr_records import random_record as random_mcr  # noqa: E402
from riichi_records import random_record as random_riichi  # noqa: E402

MCR_PROFILES = ("mil", "wmo")


def _comparisons(record: dict) -> list:
    if record.get("ruleset") == "riichi":
        return [("riichi", compare_riichi(record))]
    return [(f"mcr/{profile}", compare_mcr(record, profile)) for profile in MCR_PROFILES]


def run(seed: int, hands: int) -> int:
    """Run `hands` records per engine from `seed`; print the summary; return the number of differences."""
    differences = 0
    for engine, generate in (("mcr", random_mcr), ("riichi", random_riichi)):
        rng = random.Random(f"{seed}/{engine}")  # one stream per engine: each replays on its own
        start = time.perf_counter()
        verdicts, rewritten, found = Counter(), Counter(), []
        for index in range(hands):
            record = generate(rng, index)
            for name, compared in _comparisons(record):
                verdicts[name, compared.ours["status"]] += 1
                if compared.rule:
                    rewritten[name, compared.rule] += 1
                if not compared.agree:
                    found.append((name, compared))
        seconds = time.perf_counter() - start
        print(f"{engine}: {hands} hands in {seconds:.1f} s, {len(found)} differences")
        for name in sorted({n for n, _ in verdicts}):
            counted = ", ".join(f"{status} {n}" for (who, status), n in sorted(verdicts.items()) if who == name)
            print(f"  {name}: {counted}")
        for (name, rule), n in sorted(rewritten.items()):
            print(f"  {name}: {n} hands under the documented rule {rule}")
        for name, compared in found:
            print(f"DIFFERENCE {name} {compared.record.get('id')}")
            print(compared.report())
        differences += len(found)
    return differences


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: a fresh one, printed)")
    parser.add_argument("--hands", type=int, default=20_000, help="hands per engine (default 20000)")
    parser.add_argument("--record", help="replay one raw record (JSON) instead of generating")
    args = parser.parse_args(argv)
    if args.record:
        results = _comparisons(json.loads(args.record))
        for name, compared in results:
            print(f"{name}: {'agrees' if compared.agree else 'DIFFERS'}")
            print(compared.report())
        return 0 if all(compared.agree for _, compared in results) else 1
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"fuzz seed {seed}, {args.hands} hands per engine "
          f"(replay: python tests/fuzz_oracles.py --seed {seed} --hands {args.hands})")
    start = time.perf_counter()
    differences = run(seed, args.hands)
    print(f"total: {differences} differences in {time.perf_counter() - start:.1f} s")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
