"""The tests' own record reader and oracle adapters, checked on their own: against the public
corpora (whose expectations the oracles computed) and for independence from the firmware."""

import json
import subprocess
import sys
from pathlib import Path

import mcr_oracle
import pytest
import riichi_oracle
from record_reader import RecordError, kind, kinds, precheck, read, write

HERE = Path(__file__).resolve().parent
PRECHECK = ("bad_tile_count", "invalid_tiles")


def _records(shared_dir, name: str) -> list[dict]:
    return [json.loads(line) for line in (shared_dir / "corpus" / name).read_text(encoding="utf-8").splitlines()]


def test_notation():
    assert kinds("123m456p11z") == [0, 1, 2, 12, 13, 14, 27, 27]
    assert kinds("5z6z7z") == [31, 32, 33] and kind("9s") == 26
    assert write([33, 0, 13, 0]) == "11m5p7z"
    for bad in ("123", "0m", "8z", "1x", "m", ""):
        with pytest.raises(RecordError):
            kind(bad)


def test_melds_keep_their_source_and_called_tile():
    hand = read({"concealed": "1m", "win_tile": "1m", "win_by": "self_draw", "melds": [
        {"type": "chi", "tiles": "534m", "called": "4m", "from": "left"},
        {"type": "kan_added", "tiles": "1111z", "called": "1z", "from": "opposite"},
        {"type": "kan_closed", "tiles": "5555m"}]})
    chi, added, closed = hand.melds
    assert (chi.tiles, chi.called, chi.source) == ((2, 3, 4), 3, "left")
    assert added.claimed and not closed.claimed and closed.source is None
    assert hand.self_drawn and not hand.concealed_hand
    assert mcr_oracle.pack(chi) == ("CHI", "W4", 2) and mcr_oracle.pack(closed) == ("GANG", "W5", 0)
    assert mcr_oracle.pack(added) == ("GANG", "F1", 2)


@pytest.mark.parametrize("name", ["mcr_public.jsonl", "riichi_public.jsonl"])
def test_precheck_agrees_with_the_corpus(shared_dir, name):
    for record in _records(shared_dir, name):
        status = record["expected"]["status"]
        assert precheck(record) == (status if status in PRECHECK else None), record["id"]


def test_mcr_adapter_reproduces_every_corpus_expectation(shared_dir):
    """The adapter computes what the corpus generator got from pymahjonggb: status, fans,
    flower points, totals, and the shanten of every hand that is not complete."""
    checked = 0
    for record in _records(shared_dir, "mcr_public.jsonl"):
        if precheck(record) is None:
            expected = record["expected"]
            assert mcr_oracle.comparable(mcr_oracle.oracle_result(record)) == mcr_oracle.comparable(expected), \
                record["id"]
            assert mcr_oracle.oracle_shanten(record) == expected["shanten_before_win"], record["id"]
            checked += 1
    assert checked > 250


def test_riichi_adapter_reproduces_every_corpus_expectation(shared_dir):
    """Status; for a win han, fu, cost, yaku and the fu breakdown in the oracle's own order."""
    checked = 0
    for record in _records(shared_dir, "riichi_public.jsonl"):
        if precheck(record) is None:
            got, expected = riichi_oracle.oracle_result(record), record["expected"]
            assert riichi_oracle.comparable(got) == riichi_oracle.comparable(expected), record["id"]
            if got["status"] == "win":
                assert got["fu_details"] == expected["fu_details"], record["id"]
            checked += 1
    assert checked > 250


def test_the_oracle_side_imports_no_firmware():
    """Reader, adapters and record generators load without the firmware (a fresh interpreter)."""
    code = ("import sys, random; sys.path.insert(0, sys.argv[1]); "
            "import record_reader, themes, mcr_oracle, riichi_oracle, mcr_records, riichi_records; "
            "mcr_records.random_record(random.Random(1)); riichi_records.random_record(random.Random(1)); "
            "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'firmware'); "
            "print(loaded); sys.exit(1 if loaded else 0)")
    run = subprocess.run([sys.executable, "-c", code, str(HERE)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
