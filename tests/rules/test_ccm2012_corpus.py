"""Every public MCR record scored as CCM 2012 agrees with its MCR reading (../shared/corpus/mcr_public.jsonl).

The CCM fans are MCR's under the WMO readings (the profile `ccm2012` uses), so: a record MCR
calls `win` or `below_min` is a CCM `win` with at least one fan and MCR's fan list; every other
status is the record's own; and V is the fans plus the add-ons listed.
"""

import json

import pytest

from firmware.rules.ccm2012 import score_record
from firmware.rules.mcr import score_record as mcr_score

COMPLETE = ("win", "below_min")


@pytest.fixture(scope="module")
def records(shared_dir) -> list[dict]:
    lines = (shared_dir / "corpus" / "mcr_public.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_every_record_keeps_its_mcr_status_and_fans(records):
    disagreeing = []
    for rec in records:
        ours, mcr, expected = score_record(rec), mcr_score(rec, "wmo"), rec["expected"]["status"]
        if expected in COMPLETE:
            agrees = ours["status"] == "win" and ours["fans"] and ours["fans"] == mcr["fans"]
        else:
            agrees = ours["status"] == expected == mcr["status"] and ours["fans"] == []
        if not agrees:
            disagreeing.append(rec["id"])
    assert disagreeing == []
    assert {r["expected"]["status"] for r in records} >= {"win", "below_min", "not_win", "bad_tile_count",
                                                          "invalid_tiles"}


def test_every_win_is_worth_its_fans_plus_its_addons(records):
    for rec in records:
        ours = score_record(rec)
        if ours["status"] == "win":
            fans = sum(f["points"] * f["count"] for f in ours["fans"])
            addons = sum(a["points"] * a["count"] for a in ours["addons"])
            assert (ours["fan_points"], ours["addon_points"], ours["total"]) == (fans, addons, fans + addons), rec["id"]
            assert ours["flower_points"] == 2 * rec["context"]["flowers"], rec["id"]
