"""End to end: the real `mjtable score` CLI in a subprocess over the public MCR corpus.

Agreement is on status, fans (as a multiset of Chinese and English name, points and
count), flower points and both totals, as ../shared/spec/hand-records.md defines it
(which matches fans by the Chinese name), plus shanten_before_win, on
every record. The corpus expectations are pymahjonggb's, i.e. the `mil` reading. For the
default `wmo` profile the expected values are the corpus's rewritten by the two documented
readings (mcr_oracle.as_wmo: seed 000 lines 182-213 and 239, see
firmware/rules/mcr/profiles.py), worked out from the record alone, never from our code.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from mcr_oracle import as_wmo, comparable

MJTABLE = Path(sys.executable).with_name("mjtable")
KEYS = ("status", "flower_points", "total", "total_excl_flowers", "shanten_before_win")


def _run(*args: str, stdin: str | None = None) -> list[dict]:
    done = subprocess.run([str(MJTABLE), "score", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def _agrees(expected: dict, result: dict) -> bool:
    return (comparable(result) == comparable(expected)
            and result.get("shanten_before_win") == expected["shanten_before_win"])


def _wmo_expected(record: dict) -> dict:
    return as_wmo(record["expected"], record["win_by"] == "self_draw")


@pytest.fixture(scope="module")
def corpus(shared_dir) -> Path:
    return shared_dir / "corpus" / "mcr_public.jsonl"


@pytest.fixture(scope="module")
def records(corpus) -> dict:
    return {r["id"]: r for r in map(json.loads, corpus.read_text(encoding="utf-8").splitlines())}


def test_mil_profile_agrees_with_every_public_record(corpus, records):
    out = _run("--rules", "mcr", "--profile", "mil", str(corpus))
    assert [o["id"] for o in out] == list(records)
    disagreeing = [o["id"] for o in out if not _agrees(records[o["id"]]["expected"], o["result"])]
    assert disagreeing == []


def test_wmo_profile_agrees_with_every_record_read_the_wmo_way(corpus, records):
    """Status, fans, flower points, totals and shanten on every record, against the corpus
    expectations rewritten by the documented WMO readings only."""
    out = {o["id"]: o["result"] for o in _run("--rules", "mcr", str(corpus))}
    assert list(out) == list(records)
    disagreeing = [rid for rid, result in out.items() if not _agrees(_wmo_expected(records[rid]), result)]
    assert disagreeing == []


def test_the_wmo_readings_matter_on_the_public_corpus(records):
    """The rewrite is not idle: the corpus has self-drawn seven pairs, thirteen orphans etc."""
    rewritten = [rid for rid, rec in records.items() if _wmo_expected(rec) != rec["expected"]]
    assert len(rewritten) >= 10
    for rid in rewritten:
        before, after = records[rid]["expected"], _wmo_expected(records[rid])
        assert after["total_excl_flowers"] - before["total_excl_flowers"] in (1, 3, 4), rid


def test_a_malformed_line_gets_a_verdict_and_the_run_goes_on(records):
    good = json.dumps(next(iter(records.values())))
    bad_tiles = json.dumps({"id": "x", "concealed": "123q", "melds": [], "win_tile": "1m", "win_by": "discard",
                            "context": {"seat_wind": "E", "round_wind": "E"}})
    out = _run("--rules", "mcr", "-", stdin="\n".join(["{not json", bad_tiles, good]) + "\n")
    assert [o["result"]["status"] for o in out[:2]] == ["invalid_tiles", "invalid_tiles"]
    assert "not a JSON record" in out[0]["result"]["message"]
    assert "'q'" in out[1]["result"]["message"]
    assert out[2]["result"]["status"] == next(iter(records.values()))["expected"]["status"]


def test_cmcr1998_scores_the_corpus_and_names_each_offence(corpus, records):
    out = _run("--rules", "cmcr1998", str(corpus))
    offences = {o["result"].get("offence") for o in out}
    assert offences <= {None, "错和", "和错牌", "诈和", "有意诈和", "相公"}
    for o in out:
        status = o["result"]["status"]
        assert status == records[o["id"]]["expected"]["status"]
        assert (o["result"].get("offence") is None) == (status in ("win", "invalid_tiles"))
