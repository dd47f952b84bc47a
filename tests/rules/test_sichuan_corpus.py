"""Every record of the public Sichuan corpus agrees with the engine, on the fields
../shared/spec/sichuan-records.md "Comparing" names, shanten included where the record gives it."""

import json
from collections import Counter

import pytest

from firmware.rules.sichuan import score_record


def agreement(expected: dict, result: dict) -> list[str]:
    """The compared fields on which `result` departs from `expected` (empty: it agrees)."""
    def base(r):
        return r["base_fan"] and (r["base_fan"]["zh"], r["base_fan"]["fan"])

    def addons(r):
        return Counter((a["zh"], a["fan"], a["count"]) for a in r["addons"])

    wrong = [key for key in ("status", "fan", "capped_fan", "points_per_payer") if expected[key] != result.get(key)]
    wrong += ["base_fan"] * (base(expected) != base(result)) + ["addons"] * (addons(expected) != addons(result))
    if expected["shanten_before_win"] is not None and expected["shanten_before_win"] != result["shanten_before_win"]:
        wrong.append("shanten_before_win")
    return wrong


@pytest.fixture(scope="module")
def records(shared_dir) -> list[dict]:
    lines = (shared_dir / "corpus" / "sichuan_public.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_every_public_record_agrees(records):
    assert len(records) == 150
    departures = {r["id"]: agreement(r["expected"], score_record(r)) for r in records}
    assert {rid: wrong for rid, wrong in departures.items() if wrong} == {}


def test_every_result_carries_a_status_and_a_message(records):
    for record in records:
        result = score_record(record)
        assert isinstance(result["status"], str) and isinstance(result["message"], str) and result["message"]
