"""Run every benchmark script in this folder, one after the other, each in its own process.

Usage: .venv/bin/python benchmarks/run_all.py [NAME ...]   (names like `mcr`, `riichi`; default all)
Each script prints its own figures; a failing script is reported and the exit code is 1.
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(names: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if names:
        scripts = [s for s in scripts if s.stem.removeprefix("bench_") in names]
    failed = []
    for script in scripts:
        print(f"== {script.stem} ==", flush=True)
        if subprocess.run([sys.executable, str(script)]).returncode != 0:
            failed.append(script.stem)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
