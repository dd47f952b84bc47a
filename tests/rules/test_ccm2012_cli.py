"""End to end: the real `mjtable score --rules ccm2012 -` in a subprocess, records on standard input."""

import json
import subprocess
import sys
from pathlib import Path

from mcr_records import record

MJTABLE = Path(sys.executable).with_name("mjtable")


def _run(*lines: str) -> list[dict]:
    done = subprocess.run([str(MJTABLE), "score", "--rules", "ccm2012", "-"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_scores_records_from_standard_input():
    """An MCR below-minimum hand wins under CCM (5 fan points + concealed 8 = 13, brief §4, §6);
    a hand on a wrong tile is 诈和; a broken line gets a verdict and the run goes on."""
    below_min = dict(record("234m567p345s678s9s", "9s"), id="below-min")
    wrong_tile = dict(record("234m567p345s678s9s", "1s"), id="wrong-tile")
    out = _run(json.dumps(below_min), "{not json", json.dumps(wrong_tile))
    assert [o["id"] for o in out] == ["below-min", None, "wrong-tile"]
    first, broken, last = (o["result"] for o in out)
    assert (first["status"], first["total"]) == ("win", 13)
    assert "MCR fan table" in first["message"]
    assert broken["status"] == "invalid_tiles"
    assert (last["status"], last["offence"]) == ("not_win", "诈和")
