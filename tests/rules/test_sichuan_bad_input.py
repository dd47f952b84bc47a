"""Bad input to the Sichuan scorer: each gives a clear status and a message naming what is wrong,
never an exception."""

import pytest

from firmware.rules.sichuan import score_record

GOOD = {"concealed": "1111234567899m", "win_tile": "9m", "win_by": "self_draw", "melds": [],
        "context": {"void_suit": "p", "kong_related": False, "robbing_kong": False, "last_wall_tile": False}}


def with_context(**changes) -> dict:
    return {**GOOD, "context": {**GOOD["context"], **changes}}


@pytest.mark.parametrize("record, status, words", [
    (None, "invalid_tiles", "must be an object"),
    ([1, 2], "invalid_tiles", "must be an object"),
    ("1111234567899m", "invalid_tiles", "must be an object"),
    ({**GOOD, "concealed": 1111}, "invalid_tiles", "must be a string"),
    ({k: v for k, v in GOOD.items() if k != "concealed"}, "invalid_tiles", "no 'concealed'"),
    ({**GOOD, "concealed": "123x"}, "invalid_tiles", "'x'"),
    ({**GOOD, "win_tile": "99m"}, "invalid_tiles", "exactly one tile"),
    ({**GOOD, "win_tile": None}, "invalid_tiles", "must be a string"),
    ({**GOOD, "melds": "222p"}, "invalid_tiles", "melds must be a list"),
    ({**GOOD, "melds": [42]}, "invalid_tiles", "meld must be an object"),
    ({**GOOD, "melds": [{"type": ["pon"], "tiles": "222p"}]}, "invalid_tiles", "unknown meld type"),
    ({**GOOD, "melds": [{"type": "pon", "tiles": "222p", "called": "2p", "from": "up"}]}, "invalid_tiles",
     "'from'"),
    ({**GOOD, "win_by": "tsumo"}, "invalid_context", "win_by"),
    ({**GOOD, "context": "void p"}, "invalid_context", "context must be an object"),
    (with_context(void_suit=None), "invalid_context", "void_suit"),
    (with_context(void_suit="z"), "invalid_context", "void_suit"),
    (with_context(void_suit=["p"]), "invalid_context", "void_suit"),
    (with_context(kong_related="yes"), "invalid_context", "kong_related"),
    (with_context(robbing_kong=True), "invalid_context", "robbing_kong"),
    (with_context(kong_related=True), "invalid_context", "needs a kong"),
])
def test_bad_records_get_a_status_and_a_message(record, status, words):
    result = score_record(record)
    assert result["status"] == status
    assert words in result["message"]
    assert (result["base_fan"], result["addons"], result["fan"], result["points_per_payer"]) == (None, [], None, None)


@pytest.mark.parametrize("profile", ["wmo", 3, ["tmt2016"]])
def test_an_unknown_profile_is_named(profile):
    result = score_record(GOOD, profile)
    assert result["status"] == "invalid_context" and "profile" in result["message"]


def test_the_good_record_scores():
    assert score_record(GOOD, "tmt2016")["status"] == score_record(GOOD)["status"] == "win"
