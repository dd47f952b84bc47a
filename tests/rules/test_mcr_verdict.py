"""Win verdicts: every status, the message for bad input, and no exception for any input."""

from hypothesis import given, settings
from hypothesis import strategies as st
from mcr_records import record

from firmware.rules.mcr import score_record


def test_complete_and_worth_eight_is_a_win():
    result = score_record(record("67m11z", "8m", ("234m", "567p", "888s")), "wmo")
    assert (result["status"], result["total_excl_flowers"], result["shanten_before_win"]) == ("win", 8, 0)
    assert "offence" not in result


def test_no_profile_named_is_the_default_wmo():
    hand = record("123p555s1z", "1z", ["1111m", "[9999p]"])  # 明暗杠: 6 under wmo, 5 under mil
    assert score_record(hand, None) == score_record(hand, "wmo") != score_record(hand, "mil")


def test_complete_below_eight_is_below_min_and_an_invalid_win():
    small = score_record(record("234m567p345s678s9s", "9s", flowers=5), "wmo")
    assert (small["status"], small["total_excl_flowers"], small["total"], small["offence"]) == (
        "below_min", 5, 10, "错和")


def test_ready_hand_on_a_wrong_tile_is_not_a_win_with_shanten_zero():
    result = score_record(record("234m567p345s678s9s", "1s"), "wmo")
    assert (result["status"], result["shanten_before_win"], result["fans"], result["total"]) == (
        "not_win", 0, [], None)
    assert result["offence"] == "错和"  # a claimed tile that does not complete the hand (seed 000 §7)


def test_far_from_ready_is_a_false_win_with_its_shanten():
    result = score_record(record("1357m2468p1357s1z", "9m"), "wmo")
    assert result["status"] == "not_win"
    assert result["shanten_before_win"] >= 2
    assert result["offence"] == "诈和"


def test_wrong_tile_count_is_bad_tile_count_with_a_message():
    result = score_record(record("234m567p345s678s", "9s"), "wmo")
    assert result["status"] == "bad_tile_count"
    assert "12 concealed tiles" in result["message"]
    assert (result["shanten_before_win"], result["offence"]) == (None, "相公")


def test_fifth_copy_and_bad_notation_and_bad_meld_are_invalid_tiles():
    five = score_record(record("1111m567p345s678s", "1m"), "wmo")
    assert five["status"] == "invalid_tiles" and "more than 4 copies of 1m" in five["message"]
    notation = score_record(record("234m567p345s678s9x", "9s"), "wmo")
    assert notation["status"] == "invalid_tiles" and "'x'" in notation["message"]
    meld = score_record(record("67m11z", "8m", ("235m", "567p", "888s")), "wmo")
    assert meld["status"] == "invalid_tiles" and "chi" in meld["message"]


def test_unreadable_context_is_invalid_with_the_key_named():
    rec = record("67m11z", "8m", ("234m", "567p", "888s"))
    rec["context"]["seat_wind"] = "X"
    assert score_record(rec, "wmo")["message"] == "context seat_wind must be one of E, S, W, N, got 'X'"
    rec = record("67m11z", "8m", ("234m", "567p", "888s"), flowers=9)
    assert "flowers" in score_record(rec, "wmo")["message"]
    rec = record("67m11z", "8m", ("234m", "567p", "888s"))
    rec["win_by"] = "magic"
    assert score_record(rec, "wmo")["status"] == "invalid_tiles"


_junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=6),
                     lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children,
                                                                                      max_size=4), max_leaves=8)
_tiles = st.text(alphabet="0123456789mpsz", max_size=16)


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({"concealed": _tiles | _junk, "win_tile": _tiles | _junk, "win_by": st.sampled_from(
    ["discard", "self_draw", "x"]) | _junk, "melds": st.lists(st.fixed_dictionaries(
        {"type": st.sampled_from(["chi", "pon", "kan_open", "kan_added", "kan_closed"]) | _junk,
         "tiles": _tiles, "called": _tiles, "from": st.sampled_from(["left", "opposite", "right"])}), max_size=5) | _junk,
    "context": _junk | st.fixed_dictionaries({"seat_wind": st.sampled_from("ESWNX") | _junk, "round_wind": st.sampled_from("ESWN"),
                                              "flowers": _junk, "last_of_kind": _junk})}))
def test_no_input_makes_an_exception_escape(rec):
    result = score_record(rec, "wmo")
    assert result["status"] in ("win", "below_min", "not_win", "bad_tile_count", "invalid_tiles")
    if result["status"] in ("bad_tile_count", "invalid_tiles"):
        assert result["message"]
