"""Verdicts other than a win: furiten, contradictory conditions, no yaku, not a win, bad input; profiles."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from riichi_records import record, score

from firmware.rules.riichi import PROFILES, score_record
from firmware.rules.riichi.penalties import PENALTIES, WARNING, false_win_note

PINFU_HAND = ("234567m234p55s78s", "9s")  # waits on 6s and 9s


@pytest.mark.parametrize("key, tiles, flags, kind", [
    ("own_discards", "6s", (), "furiten: 6s in the winner's own discards"),
    ("passed_since_discard", "9s", (), "temporary furiten"),
    ("passed_after_riichi", "6s", ("riichi",), "riichi furiten"),
])
def test_furiten_ron_is_refused(key, tiles, flags, kind):
    """Any waiting tile (not only the one won on) in the evidence makes a ron furiten: a false win."""
    result = score(*PINFU_HAND, flags=flags, **{key: tiles})
    assert result["status"] == "furiten"
    assert kind in result["message"] and "12000" in result["message"]


def test_tsumo_is_never_furiten():
    assert score(*PINFU_HAND, self_drawn=True, own_discards="6s")["status"] == "win"


def test_passing_after_riichi_needs_riichi():
    assert score(*PINFU_HAND, passed_after_riichi="6s")["status"] == "win"


def test_discarding_a_non_waiting_tile_is_not_furiten():
    assert score(*PINFU_HAND, own_discards="1m7s")["status"] == "win"


@pytest.mark.parametrize("arguments, reason", [
    (dict(melds=["234m"], concealed="567m234p55s67s", win="8s", flags=("riichi",)), "riichi with an open hand"),
    (dict(melds=["234m"], concealed="567m234p55s67s", win="8s", flags=("double_riichi",)), "double riichi"),
    (dict(flags=("ippatsu",)), "ippatsu without riichi"),
    (dict(self_drawn=True, flags=("chankan",)), "chankan"),
    (dict(flags=("rinshan",)), "rinshan"),
    (dict(flags=("haitei",)), "haitei"),
    (dict(self_drawn=True, flags=("houtei",)), "houtei"),
    (dict(self_drawn=True, flags=("haitei", "rinshan")), "haitei together with rinshan"),
    (dict(flags=("houtei", "chankan")), "houtei together with chankan"),
    (dict(self_drawn=True, flags=("tenhou",)), "tenhou for a non-dealer"),
    (dict(seat="E", flags=("tenhou",)), "tenhou on a discard"),
    (dict(seat="E", self_drawn=True, flags=("chiihou",)), "chiihou for the dealer"),
    (dict(flags=("chiihou",)), "chiihou on a discard"),
    (dict(concealed="234567m234p5s", win="5s", melds=["[1111z]"], self_drawn=True, flags=("chiihou",)),
     "chiihou with a declared meld"),
])
def test_contradictory_conditions_are_invalid_context(arguments, reason):
    arguments = dict(arguments)
    result = score(arguments.pop("concealed", PINFU_HAND[0]), arguments.pop("win", PINFU_HAND[1]), **arguments)
    assert result["status"] == "invalid_context"
    assert reason in result["message"]


def test_no_yaku_and_not_win_are_false_wins():
    no_yaku = score("567m234p55s67s", "8s", melds=["999p"])
    assert no_yaku["status"] == "no_yaku" and "错和" in no_yaku["message"]
    not_win = score("234567m234p55s78s", "1m")
    assert not_win["status"] == "not_win" and not_win["han"] is None and not_win["yaku"] == []


def test_seven_pairs_need_seven_different_pairs():
    """A four of a kind is not two pairs in riichi."""
    assert score("1111m3344p5566s7z", "7z")["status"] == "not_win"


@pytest.mark.parametrize("change, status, words", [
    (dict(concealed="234567m234p55s7s"), "bad_tile_count", "expected 13"),
    (dict(concealed="234567m234p55s7x"), "invalid_tiles", "unexpected character"),
    (dict(concealed="234567m234p99999s"), "invalid_tiles", "more than 4 copies"),
    (dict(context={"seat_wind": "X", "round_wind": "E"}), "invalid_context", "seat_wind"),
    (dict(context={"seat_wind": "E", "round_wind": "E", "riichi": "yes"}), "invalid_context", "riichi"),
    (dict(context={"seat_wind": "E", "round_wind": "E", "honba": -1}), "invalid_context", "honba"),
    (dict(context={"seat_wind": "E", "round_wind": "E", "dora_indicators": "0m"}), "invalid_tiles", "dora"),
    (dict(context="E"), "invalid_context", "context must be an object"),
    (dict(rules={"profile": "wrc"}), "invalid_context", "unknown rules.profile"),
])
def test_bad_records_say_what_is_wrong(change, status, words):
    result = score_record({**record(*PINFU_HAND), **change}, None)
    assert result["status"] == status
    assert words in result["message"]


def test_profile_none_means_the_records_own_and_a_named_one_overrides_it():
    """None: the rules the record names (it was played under them), else the default; a named profile wins."""
    tenhou_record = record("19m19p19s1234567z", "1m", profile="tenhou")
    assert score_record(tenhou_record, None)["cost"]["main"] == 64000
    assert score_record(tenhou_record, "rcr")["cost"]["main"] == 32000
    anonymous = {k: v for k, v in tenhou_record.items() if k != "rules"}
    assert score_record(anonymous, None)["cost"]["main"] == 32000
    assert score_record(anonymous, "tenhou")["cost"]["main"] == 64000
    assert score_record(anonymous, "wrc")["status"] == "invalid_context"
    assert PROFILES[0] == "rcr"


_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 40) | st.text("0123456789mpsz+[]ESWNx", max_size=16),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
                         ["type", "tiles", "called", "from", "seat_wind", "round_wind", "riichi", "honba",
                          "dora_indicators", "profile"]), inner, max_size=4), max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["concealed", "win_tile", "melds", "win_by", "context", "rules"]), _JSON))
def test_garbage_never_raises(overrides):
    result = score_record({**record(*PINFU_HAND), **overrides}, None)
    assert result["status"] in ("win", "no_yaku", "not_win", "furiten", "bad_tile_count", "invalid_tiles",
                                "invalid_context")
    json.dumps(result)


def test_penalty_ladder_is_the_seeds():
    """Seed 003 item 4: 分为2000分、6000分、12000分、48000分共4档; 错和 12000 and a dead hand."""
    assert {points for penalty in PENALTIES.values() for points in penalty.points} <= {WARNING, 2000, 6000, 12000,
                                                                                         48000}
    false_win = PENALTIES["false_win"]
    assert (false_win.points, false_win.dead_hand) == ((12000,), True)
    assert "-12000" in false_win_note()
    assert [PENALTIES["draw_before_discard"].for_occurrence(n) for n in (1, 2, 3, 4, 9)] == [0, 2000, 6000, 12000, 12000]
    assert PENALTIES["late_over_15_min"].forfeit
    assert PENALTIES["false_call"].for_occurrence(1) == 0 and PENALTIES["false_call"].dead_hand
