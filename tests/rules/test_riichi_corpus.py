"""End to end: `mjtable score --rules riichi` (the real CLI, in a subprocess) agrees with every public record."""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from riichi_oracle import by_the_seed

CORPUS = Path("/work/shared/corpus/riichi_public.jsonl")
COMPARED = ("status", "han", "fu", "cost")


def _yaku(result: dict) -> Counter:
    return Counter((y["name"], y["han"]) for y in result.get("yaku") or [])


@pytest.fixture(scope="module")
def scored():
    run = subprocess.run([sys.executable, "-m", "firmware.cli", "score", "--rules", "riichi", str(CORPUS)],
                         capture_output=True, text=True, check=True, timeout=120)
    return {out["id"]: out["result"] for out in map(json.loads, run.stdout.splitlines())}


def test_cli_agrees_with_every_public_record(scored):
    records = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
    disagreements = []
    for rec in records:
        expected = rec["expected"]
        if expected["variant_notes"]:
            expected = by_the_seed(expected)
        got = scored[rec["id"]]
        keys = COMPARED if expected["status"] == "win" else ("status",)
        if any(got.get(k) != expected[k] for k in keys) or _yaku(got) != _yaku(expected):
            disagreements.append(rec["id"])
    assert len(scored) == len(records) == 301
    assert disagreements == []


def test_several_yakuman_record_follows_the_seed(scored):
    """rii-777002-00245: chinroutou + suu ankou tanki; the oracle gives 26 han / 64000, RCR one yakuman."""
    result = scored["rii-777002-00245"]
    assert (result["han"], result["cost"]["main"], result["cost"]["total"]) == (13, 32000, 32300)
    assert _yaku(result) == Counter({("Chinroutou", 13): 1, ("Suu Ankou Tanki", 13): 1})


def test_cli_rejects_an_unknown_profile():
    run = subprocess.run([sys.executable, "-m", "firmware.cli", "score", "--rules", "riichi", "--profile", "wrc",
                          str(CORPUS)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "rcr, tenhou" in run.stderr
