"""The core against both public corpora: pre-check statuses and shanten figures must agree 100 %.

`records()` and `scorable()` are also used by benchmarks/bench_shanten.py.
"""

import json
from pathlib import Path

import pytest

from firmware.rules.hand import Hand, HandError
from firmware.rules.shanten import shanten
from firmware.rules.shapes import MCR_SHAPES, RIICHI_SHAPES

CORPUS = Path("/work/shared/corpus")
PRECHECK_STATUSES = ("bad_tile_count", "invalid_tiles")


def records(name: str) -> list[dict]:
    with open(CORPUS / name, encoding="utf-8") as stream:
        return [json.loads(line) for line in stream]


def scorable(name: str) -> list[tuple[dict, Hand]]:
    """(record, hand) for each record of a corpus that passes the pre-check."""
    found = []
    for record in records(name):
        try:
            found.append((record, Hand.from_record(record)))
        except HandError:
            continue
    return found


def counts_before_win(hand: Hand) -> list[int]:
    counts = hand.closed_counts
    counts[hand.win_tile] -= 1
    return counts


@pytest.mark.parametrize("name", ["mcr_public.jsonl", "riichi_public.jsonl"])
def test_precheck_agrees_with_corpus(name):
    statuses = set()
    for record in records(name):
        expected = record["expected"]["status"]
        try:
            Hand.from_record(record)
            got = "accepted"
        except HandError as error:
            got = error.status
        assert got == (expected if expected in PRECHECK_STATUSES else "accepted"), record["id"]
        statuses.add(got)
    assert statuses >= {"accepted", *PRECHECK_STATUSES}


def test_mcr_corpus_shanten_before_win():
    checked = scorable("mcr_public.jsonl")
    for record, hand in checked:
        expected = record["expected"]["shanten_before_win"]
        assert shanten(counts_before_win(hand), len(hand.melds), MCR_SHAPES) == expected, record["id"]
    assert len(checked) > 250


def test_riichi_corpus_shanten_before_and_after_win():
    checked = scorable("riichi_public.jsonl")
    for record, hand in checked:
        expected = record["expected"]
        n_melds = len(hand.melds)
        before = shanten(counts_before_win(hand), n_melds, RIICHI_SHAPES, riichi=True)
        assert before == expected["shanten_before_win"], record["id"]
        after = shanten(hand.closed_counts, n_melds, RIICHI_SHAPES, riichi=True)
        assert after == expected["shanten_after_win"], record["id"]
    assert len(checked) > 250
