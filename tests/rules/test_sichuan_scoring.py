"""Sichuan verdicts on hands worked out by hand from the brief (../shared/rules/sichuan_bloody.md,
"brief §n") and the spec (../shared/spec/sichuan-records.md, "spec"); the seed is seed 004.

Every expected value below was counted by hand from the rule cited beside it.
"""

from dataclasses import replace

from firmware.rules.sichuan import TMT2016, score, score_record


def rec(concealed: str, win: str, melds=(), win_by: str = "discard", void: str = "s", **flags) -> dict:
    """A record; melds in short form: "777p" pon, "9999s" open kong, "+1111m" added kong, "[5555m]" closed."""
    return {"concealed": concealed, "win_tile": win, "win_by": win_by, "melds": [_meld(m) for m in melds],
            "context": {"void_suit": void, "kong_related": False, "robbing_kong": False,
                        "last_wall_tile": False, **flags}}


def _meld(text: str) -> dict:
    if text.startswith("["):
        return {"type": "kan_closed", "tiles": text[1:-1]}
    if text.startswith("+"):
        return {"type": "kan_added", "tiles": text[1:], "called": text[1:2] + text[-1], "from": "left"}
    kind = "kan_open" if len(text) == 5 else "pon"
    return {"type": kind, "tiles": text, "called": text[0] + text[-1], "from": "right"}


def summary(result: dict) -> tuple:
    base = result["base_fan"]
    addons = sorted((a["zh"], a["count"]) for a in result["addons"])
    return (result["status"], base and (base["zh"], base["fan"]), addons, result["fan"], result["capped_fan"],
            result["points_per_payer"])


# --- the brief's worked examples (brief §5, "Worked examples (base 1, cap ×16)") ------------------

def test_example_1_self_drawn_full_flush_with_one_root():
    """Ex. 1: 清一色 3 + 根 1 + 自摸 1 = 5 fan -> ×16 from each payer. 111 123 456 789 99m, 1m ×4."""
    result = score_record(rec("1111234567899m", "9m", win_by="self_draw", void="p"))
    assert summary(result) == ("win", ("清一色", 3), [("根", 1), ("自摸", 1)], 5, 5, 16)


def test_example_2_all_pungs_golden_single_wait():
    """Ex. 2: 对对和 2 + 金钩钓 1 = 3 fan -> the discarder pays 4."""
    result = score_record(rec("8s", "8s", melds=("333p", "666p", "222s", "777s"), void="m"))
    assert summary(result) == ("win", ("对对和", 2), [("金钩钓", 1)], 3, 3, 4)


def test_example_3_seven_pairs_discard_after_kong():
    """Ex. 3: 七对 3 + 杠上炮 1 = 4 fan -> 8."""
    result = score_record(rec("1133557799m224p", "4p", kong_related=True))
    assert summary(result) == ("win", ("七对", 3), [("杠上炮", 1)], 4, 4, 8)


def test_example_4_pure_all_pungs_root_self_drawn_is_capped():
    """Ex. 4: 清对 4 + 根 1 + 自摸 1 = 6 fan = ×32, capped to 16 (brief §4 AMB-7 default)."""
    result = score_record(rec("3335557779s", "9s", melds=("2222s",), win_by="self_draw", void="m"))
    assert summary(result) == ("win", ("清对", 4), [("根", 1), ("自摸", 1)], 6, 5, 16)


# --- base fans (spec table; brief §4) -------------------------------------------------------------

def test_basic_win_is_one_fan_one_point():
    """平和 1 fan -> 2^0 = 1 (seed line 63)."""
    assert summary(score_record(rec("123456m234678p5p", "5p"))) == ("win", ("平和", 1), [], 1, 1, 1)


def test_self_drawn_basic_win_is_two_fan():
    """平和 1 + 自摸 1 (seed line 51) = 2 -> 2."""
    result = score_record(rec("123456m234678p5p", "5p", win_by="self_draw"))
    assert summary(result) == ("win", ("平和", 1), [("自摸", 1)], 2, 2, 2)


def test_all_pungs_with_a_pon():
    """对对和 2 -> 2 (spec table): 444m pon, 666m 333p 777p, pair 88p."""
    assert summary(score_record(rec("666m3337778p", "8p", melds=("444m",)))) == ("win", ("对对和", 2), [], 2, 2, 2)


def test_outside_hand():
    """带幺九 3 -> 4 (spec table): 123m 789m 99m 111p 999p, every set and the pair with a 1 or 9."""
    assert summary(score_record(rec("2378999m111999p", "1m"))) == ("win", ("带幺九", 3), [], 3, 3, 4)


def test_pure_seven_pairs_beats_the_full_flush_reading():
    """11223344556677m reads as 清七对 5 and as 清一色 3 (123 123 456 456 77): the highest counts (seed line 49)."""
    assert summary(score_record(rec("1122334455667m", "7m", void="p"))) == ("win", ("清七对", 5), [], 5, 5, 16)


def test_dragon_seven_pairs_is_seven_pairs_plus_root():
    """龙七对 = 七对 3 + 根 1 = 4 -> 8 (brief §4); the four 1m are two pairs."""
    result = score_record(rec("111122m3344556p", "6p"))
    assert summary(result) == ("win", ("七对", 3), [("根", 1)], 4, 4, 8)


def test_pure_dragon_seven_pairs_is_six_fan_capped():
    """清龙七对 = 清七对 5 + 根 1 = 6 fan (brief §4), capped to 5 / 16."""
    result = score_record(rec("1111223344556m", "6m", void="p"))
    assert summary(result) == ("win", ("清七对", 5), [("根", 1)], 6, 5, 16)


def test_258_pungs():
    """将对 4 -> 8 (spec table): 222 555 888m 222p, pair 55p, every tile a 2, 5 or 8."""
    assert summary(score_record(rec("222555888m2225p", "5p"))) == ("win", ("将对", 4), [], 4, 4, 8)


def test_a_tie_goes_to_the_row_listed_first_flush_over_outside():
    """111 123 789 789 99m is 清一色 and 带幺九 (both 3): 清一色 is listed first (spec). 1m, 9m ×4: 根 2."""
    result = score_record(rec("1111237788999m", "9m", void="p"))
    assert summary(result) == ("win", ("清一色", 3), [("根", 2)], 5, 5, 16)


def test_a_tie_goes_to_the_row_listed_first_seven_pairs_over_outside():
    """Spec: a tie goes to the row listed first. 112233m 11778899p: seven pairs (七对 3)
    or 123 123m 789 789p 11p (带幺九 3): 七对 is listed first."""
    assert summary(score_record(rec("112233m1177889p", "9p"))) == ("win", ("七对", 3), [], 3, 3, 4)


# --- add-ons (spec "Add-ons"; seed line 51) ---------------------------------------------------------

def test_win_after_kong_counts_self_drawn_and_the_root():
    """Spec add-ons, 自摸 "杠上花 included": 杠上花 1 + 自摸 1 + 根 1 (the closed 5p kong) on 平和 1 = 4 fan -> 8."""
    result = score_record(rec("123456789m1p", "1p", melds=("[5555p]",), win_by="self_draw", kong_related=True))
    assert summary(result) == ("win", ("平和", 1), [("杠上花", 1), ("根", 1), ("自摸", 1)], 4, 4, 8)


def test_golden_single_wait_counts_a_closed_kong_as_a_meld():
    """Four melds of any type (spec): 对对和 2 + 金钩钓 1 + 根 1 (1111m) = 4 -> 8."""
    result = score_record(rec("9p", "9p", melds=("[1111m]", "222m", "333p", "444p")))
    assert summary(result) == ("win", ("对对和", 2), [("根", 1), ("金钩钓", 1)], 4, 4, 8)


def test_root_counts_a_pon_plus_the_fourth_in_hand():
    """根: a pon of 2m and the fourth 2m in a chow (spec: "a pon + the 4th"); 平和 1 + 根 1 = 2."""
    result = score_record(rec("234m567m678p5p", "5p", melds=("222m",)))
    assert summary(result) == ("win", ("平和", 1), [("根", 1)], 2, 2, 2)


def test_robbing_and_last_tile_add_nothing_by_default():
    """抢杠和 and 海底 are off (brief AMB-6; spec: "add nothing and are not listed")."""
    result = score_record(rec("123456m234678p5p", "5p", robbing_kong=True, last_wall_tile=True))
    assert summary(result) == ("win", ("平和", 1), [], 1, 1, 1)


# --- statuses, first failing check first (spec "Status") --------------------------------------------

def test_false_win_on_the_wrong_tile_is_ready():
    """A ready hand declared on a tile that does not complete it: not_win, shanten 0, 诈和 −16 (seed line 146)."""
    result = score_record(rec("123456m234678p5p", "6p"))
    assert (result["status"], result["shanten_before_win"], result["offence"]) == ("not_win", 0, "诈和")
    assert "−16" in result["message"]


def test_false_win_not_ready_gives_the_shanten():
    """Spec shanten: 123456789m 1357p: three sets and one useful partial -> 8 − 6 − 1 = 1."""
    result = score_record(rec("123456789m1357p", "9p"))
    assert (result["status"], result["shanten_before_win"]) == ("not_win", 1)


def test_void_suit_held_in_a_complete_hand():
    """The declared suit binds (brief AMB-4 default): p tiles with void p spoil the win; the message
    names the kinds held (2p to 8p)."""
    result = score_record(rec("123456m234678p5p", "5p", void="p"))
    assert (result["status"], result["shanten_before_win"], result["offence"]) == ("void_suit_violation", None, "诈和")
    assert "2345678p" in result["message"]


def test_void_suit_violation_comes_before_not_win():
    """Spec status order, step 4 before step 5: an incomplete hand holding the void suit is void_suit_violation."""
    assert score_record(rec("123456m234678p5p", "9s", void="m"))["status"] == "void_suit_violation"


def test_bad_count_comes_before_five_copies():
    """Step 2 before step 3: 14 concealed tiles holding five 1m is bad_tile_count (相公, seed line 148)."""
    result = score_record(rec("11111234567899m", "9m"))
    assert (result["status"], result["offence"]) == ("bad_tile_count", "相公")


def test_an_honour_comes_before_a_bad_count():
    """Step 1 first: an honour with a wrong count is invalid_tiles (seed line 13: 108 suited tiles)."""
    assert score_record(rec("123456m234678p1z", "5p", melds=("222m",)))["status"] == "invalid_tiles"


def test_five_copies_come_before_the_void_suit():
    """Spec status order, step 3 before step 4: five 9m with void m is invalid_tiles."""
    assert score_record(rec("99999m234678p11p", "5p", void="m"))["status"] == "invalid_tiles"


def test_a_chi_meld_is_invalid_tiles():
    """No chi (seed line 19)."""
    record = rec("456m234678p5p", "5p")
    record["melds"] = [{"type": "chi", "tiles": "123m", "called": "1m", "from": "left"}]
    result = score_record(record)
    assert result["status"] == "invalid_tiles" and "chi" in result["message"]


# --- settings that change a verdict (brief AMB-4, AMB-6, AMB-7) --------------------------------------

def test_amb4_without_binding_only_three_suits_break_the_rule():
    """Binding off: the seed's rule alone (line 17: 和牌时不能有三种花色): two suits win whatever was declared."""
    loose = replace(TMT2016, void_suit_binding=False)
    assert score(rec("123456m234678p5p", "5p", void="p"), loose)["status"] == "win"
    assert score(rec("123m456p789s1122p", "2p", void="p"), loose)["status"] == "void_suit_violation"


def test_amb6_robbing_the_kong_and_last_tile_when_turned_on():
    """Brief AMB-6 with the flags on: 平和 1 + 抢杠和 1 + 海底 1 = 3 -> 4."""
    on = replace(TMT2016, robbing_kong_fan=True, last_tile_fan=True)
    result = score(rec("123456m234678p5p", "5p", robbing_kong=True, last_wall_tile=True), on)
    assert summary(result) == ("win", ("平和", 1), [("抢杠和", 1), ("海底", 1)], 3, 3, 4)


def test_amb6_heavenly_win_is_a_six_fan_base():
    """天和 ×32 (brief §4 [PUB]) = 6 fan, plus 自摸 1 = 7; capped at 5 by default -> 16."""
    on = replace(TMT2016, heavenly_earthly=True)
    record = rec("123456m234678p5p", "5p", win_by="self_draw", heavenly_win=True)
    assert summary(score(record, on)) == ("win", ("天和", 6), [("自摸", 1)], 7, 5, 16)
    assert summary(score(record, TMT2016))[1] == ("平和", 1)


def test_amb7_no_cap_and_a_lower_cap():
    """Brief AMB-7 on ex. 4's 6 fan: no cap -> ×32; a 3-fan cap -> ×4."""
    record = rec("3335557779s", "9s", melds=("2222s",), win_by="self_draw", void="m")
    assert summary(score(record, replace(TMT2016, cap_fan=None)))[3:] == (6, 6, 32)
    assert summary(score(record, replace(TMT2016, cap_fan=3)))[3:] == (6, 3, 4)
