"""Time the referee: play scenarios per second, in-process and through `mjtable referee`.

Run: .venv/bin/python benchmarks/bench_referee.py [--repeat N]
In-process: every scenario of the public play corpus and of tests/scenarios through the
runner (``firmware.referee.scenario.run``), best of 5 rounds; per-event cost alongside. The
CLI: the public corpus repeated N times in one file, start-up included, wall time.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware.referee import scenario  # noqa: E402

PUBLIC = ROOT.parent / "shared" / "corpus" / "play_public.jsonl"


def _scenarios() -> list[dict]:
    files = [PUBLIC, *sorted((ROOT / "tests" / "scenarios").glob("*.jsonl"))]
    return [json.loads(line) for path in files for line in path.read_text(encoding="utf-8").splitlines() if line]


def in_process(scenarios: list[dict], rounds: int = 5) -> tuple[float, float]:
    """(scenarios per second, microseconds per event), the best round."""
    events = sum(len(s["events"]) for s in scenarios)
    best = None
    for _ in range(rounds):
        start = time.perf_counter()
        for one in scenarios:
            scenario.run(one)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return len(scenarios) / best, 1e6 * best / events


def through_cli(repeat: int) -> float:
    """Scenarios per second of `mjtable referee --json` over the public corpus `repeat` times."""
    text = PUBLIC.read_text(encoding="utf-8")
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as out:
        out.write(text * repeat)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "firmware.cli", "referee", "--json", out.name], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    Path(out.name).unlink()
    return text.count("\n") * repeat / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="copies of the public corpus the CLI reads")
    args = parser.parse_args()
    scenarios = _scenarios()
    per_second, per_event = in_process(scenarios)
    print(f"referee, in-process: {per_second:.0f} scenarios/s over {len(scenarios)} scenarios "
          f"({per_event:.1f} µs per event)")
    print(f"mjtable referee --json: {through_cli(args.repeat):.0f} scenarios/s "
          f"({50 * args.repeat} scenarios, start-up included)")


if __name__ == "__main__":
    main()
