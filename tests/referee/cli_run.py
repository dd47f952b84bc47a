"""Test helper: the real `mjtable referee` in a subprocess, its lines read back, and the
scenarios of a file as it reads them."""

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def referee(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "firmware.cli", "referee", *args], cwd=REPO, input=stdin,
                          capture_output=True, text=True, timeout=600)


def lines(path: Path) -> list[dict]:
    """The runner's JSON lines for a scenarios file (the run must exit 0)."""
    done = referee("--json", str(path))
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def scenarios(path: Path) -> list[dict]:
    """The scenarios of a JSON-lines file, one per non-blank line."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
