"""Bad input never raises: every problem is a result with a status and a message naming it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mcr_records import record

from firmware.rules.ccm2012 import score_record

GOOD = ("234m567p345s678s9s", "9s")


def _with(**context) -> dict:
    hand = record(*GOOD)
    hand["context"].update(context)
    return hand


@pytest.mark.parametrize("garbage", [None, 7, "text", [], {"concealed": 5}, {}])
def test_garbage_records_are_invalid_tiles(garbage):
    result = score_record(garbage)
    assert result["status"] == "invalid_tiles" and result["message"]


@pytest.mark.parametrize("context, named", [
    ({"flower_replacement": "yes"}, "flower_replacement"),
    ({"win_tile_apart": 1}, "win_tile_apart"),
    ({"final_round": False, "last_wall_tile": True}, "final_round"),
    ({"flower_kongs": 1, "flowers": 3}, "flower_kongs"),
    ({"flower_kongs": True, "flowers": 8}, "flower_kongs"),
    ({"flower_replacement": True, "flowers": 1}, "flower_replacement"),  # on a discard
    ({"earthly_hand": None}, "earthly_hand"),
])
def test_bad_ccm_context_keys_are_named(context, named):
    result = score_record(_with(**context))
    assert result["status"] == "invalid_tiles"
    assert named in result["message"]


def test_a_flower_and_a_kong_cannot_both_have_given_the_winning_tile():
    hand = record("234m567p345s9s", "9s", ("[7777s]",), by="self_draw", kong_related=True, flowers=1)
    hand["context"]["flower_replacement"] = True
    assert "not both" in score_record(hand)["message"]


@pytest.mark.parametrize("profile", ["mcr", "", 3, ["ccm2012"]])
def test_unknown_profiles_are_named(profile):
    result = score_record(record(*GOOD), profile)
    assert result["status"] == "invalid_context"
    assert repr(profile) in result["message"]


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=6),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                   max_size=3), max_leaves=8)
_KEYS = st.sampled_from(["concealed", "melds", "win_tile", "win_by", "context", "flowers", "flower_kongs",
                         "final_round", "flower_replacement", "last_wall_tile"])


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.dictionaries(_KEYS, _JSON, max_size=5), st.dictionaries(_KEYS, _JSON, max_size=4))
def test_no_input_makes_an_exception_escape(top, context):
    hand = dict(record(*GOOD), **top)
    if isinstance(hand.get("context"), dict):
        hand["context"] = dict(hand["context"], **context)
    result = score_record(hand)
    assert result["status"] in ("win", "not_win", "bad_tile_count", "invalid_tiles")
    assert "MCR fan table" in result["message"]
