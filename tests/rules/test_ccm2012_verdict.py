"""CCM 2012 verdicts and hand values, worked by hand from the MCR fan table (WMO readings) and the
add-ons of seed 001 lines 145-150 (brief §6). Winds: seat W, round E (mcr_records defaults)."""

from dataclasses import replace

from mcr_records import record

from firmware.rules.ccm2012 import PROFILES, score_record
from firmware.rules.ccm2012.settings import DEFAULT, ConcealedBonus, EarthlyHand
from firmware.rules.ccm2012.verdict import score

# 234m 567p 345s 678s 99s, concealed, on 9s (also waits 6s): 平和 2 + 门前清 2 + 连六 1 = 5 MCR points.
BELOW_MIN = ("234m567p345s678s9s", "9s")
# 123m 456p 789p 345s 11s, concealed, on 2m (its only wait): 平和 2, 门前清 2, 连六 1, 坎张 1.
CLOSED_WAIT = ("13m456p789p345s11s", "2m")


def _addons(result: dict) -> dict:
    return {a["zh"]: a["points"] * a["count"] for a in result["addons"]}


def test_mcr_below_min_is_a_ccm_win_with_flowers_at_two_each():
    """Brief §4 (no minimum) and §6: 5 fan points + 5 flowers × 2 + concealed 8 = 23."""
    result = score_record(record(*BELOW_MIN, flowers=5))
    assert (result["status"], result["fan_points"], result["flower_points"], result["total"]) == ("win", 5, 10, 23)
    assert _addons(result) == {"花牌": 10, "门清（不求人）": 8}
    assert "offence" not in result


def test_closed_wait_adds_four():
    """Seed line 94/147: a single-tile win (夹) adds 4: 6 fan points + 4 + concealed 8 = 18."""
    result = score_record(record(*CLOSED_WAIT))
    assert (result["fan_points"], result["addon_points"], result["total"]) == (6, 12, 18)
    assert _addons(result)["单张和牌"] == 4


def test_self_drawn_single_wait_counts_only_if_the_tile_was_set_apart():
    """Seed line 109 (单放): 平和 2 + 不求人 4 + 连六 1 + 坎张 1 = 8; + single 4 + concealed 8 = 20,
    and 16 when the winning tile went into the hand."""
    apart = score_record(record(*CLOSED_WAIT, by="self_draw"))
    mixed_in = record(*CLOSED_WAIT, by="self_draw")
    mixed_in["context"]["win_tile_apart"] = False
    assert (apart["fan_points"], apart["total"]) == (8, 20)
    assert score_record(mixed_in)["total"] == 16


def test_seven_pairs_wins_and_never_adds_the_single_tile_points():
    """Seed line 94: 七对 is a single wait by nature, so no 4; 七对 24 + concealed 8 = 32."""
    result = score_record(record("1199m2288p3355s7z", "7z"))
    assert (result["status"], result["fan_points"], result["total"]) == ("win", 24, 32)
    assert "单张和牌" not in _addons(result)


def test_melded_hand_single_wait_adds_four_though_mcr_folds_its_wait_into_the_fan():
    """Seed line 94 (单吊) with 全求人 (which takes 单钓将 off in MCR): 全求人 6 + 幺九刻 1 + 无字 1 = 8,
    + single 4, not concealed: V = 12."""
    result = score_record(record("5p", "5p", ("234m", "678m", "777s", "999p")))
    assert (result["fan_points"], result["total"]) == (8, 12)
    assert _addons(result) == {"单张和牌": 4}


def test_kong_replacement_win_adds_eight_and_a_concealed_kong_keeps_the_hand_concealed():
    """Seed line 149 and AMB-8: 杠上开花 8 + 不求人 4 + 暗杠 2 + 单钓将 1 + 无字 1 = 16;
    + single 4 + kong replacement 8 + concealed 8 = 36."""
    result = score_record(record("234m567p345s9s", "9s", ("[7777s]",), by="self_draw", kong_related=True))
    assert (result["fan_points"], result["total"]) == (16, 36)
    assert _addons(result) == {"单张和牌": 4, "杠上开花": 8, "门清（不求人）": 8}


def test_last_tile_claim_is_a_final_round_discard_win():
    """Seed line 149: 海底捞月 (MCR fan 8, so 13 fan points) and the final-round add-on 8; + concealed 8 = 29."""
    result = score_record(record(*BELOW_MIN, last_wall_tile=True))
    assert (result["fan_points"], result["total"]) == (13, 29)
    assert _addons(result)["海底捞月"] == 8


def test_final_round_is_wider_than_the_last_wall_tile():
    """Seed line 149 "本盘最后各人一张牌": any of the last lap's tiles; MCR scores no fan: 5 + 8 + 8 = 21."""
    hand = record(*BELOW_MIN)
    hand["context"]["final_round"] = True
    assert score_record(hand)["total"] == 21


def test_flower_replacement_win_adds_six():
    """Seed line 148: 8 fan points + flower 2 + single 4 + flower replacement 6 + concealed 8 = 28."""
    hand = record(*CLOSED_WAIT, by="self_draw", flowers=1)
    hand["context"]["flower_replacement"] = True
    result = score_record(hand)
    assert result["total"] == 28
    assert _addons(result)["补花和牌"] == 6


def test_flowers_of_a_flower_kong_score_nothing_at_the_end():
    """Seed line 90 ("所有杠牌在和牌后不再计算附加分") over the brief's "each flower 2":
    5 flowers, 4 of them a flower kong: 5 + 2 + concealed 8 = 15."""
    hand = record(*BELOW_MIN, flowers=5)
    hand["context"]["flower_kongs"] = 1
    result = score_record(hand)
    assert (result["flower_points"], result["total"]) == (2, 15)


def test_fans_are_said_to_be_mcrs_in_every_message():
    """Task contract: every result's message names the MCR fan table."""
    results = [score_record(record(*BELOW_MIN)), score_record(record("234m567p345s678s9s", "1s")),
               score_record({"nothing": True}), score_record(record(*BELOW_MIN), "wmo")]
    assert all("MCR fan table" in r["message"] for r in results)


def test_not_a_win_is_a_false_win_whatever_its_shanten():
    """Seed line 115: any declaration that does not stand is 诈和 (penalty + 相公)."""
    ready_wrong_tile = score_record(record("234m567p345s678s9s", "1s"))
    assert (ready_wrong_tile["status"], ready_wrong_tile["shanten_before_win"]) == ("not_win", 0)
    assert ready_wrong_tile["offence"] == "诈和"


def test_wrong_count_is_xianggong():
    """Seed line 111: 多张/少张, no win, 相公."""
    result = score_record(record("234m567p345s678s", "9s"))
    assert (result["status"], result["offence"]) == ("bad_tile_count", "多张/少张")


def test_one_profile_and_none_means_it():
    assert PROFILES == ("ccm2012",)
    assert score_record(record(*BELOW_MIN), None) == score_record(record(*BELOW_MIN), "ccm2012")


def test_amb8_default_counts_a_concealed_hand_won_on_a_discard():
    """AMB-8 default: either win type; set to self-draw only, the discard win loses the 8: 5."""
    assert DEFAULT.concealed_bonus == ConcealedBonus(on_discard=True)
    strict = replace(DEFAULT, concealed_bonus=ConcealedBonus(on_discard=False))
    assert score(record(*BELOW_MIN), strict)["total"] == 5
    assert score(record(*CLOSED_WAIT, by="self_draw"), strict)["total"] == 20


def test_amb1_default_asks_no_declaration_of_an_earthly_hand():
    """AMB-1 default: unimplemented, so a hand marked 地和 scores as usual; a venue that
    requires the declaration gets 诈和 for an undeclared one."""
    hand = record(*BELOW_MIN)
    hand["context"]["earthly_hand"] = True
    assert DEFAULT.earthly_hand == EarthlyHand(must_be_declared=False)
    assert score_record(hand)["status"] == "win"
    strict = replace(DEFAULT, earthly_hand=EarthlyHand(must_be_declared=True))
    refused = score(hand, strict)
    assert (refused["status"], refused["offence"]) == ("not_win", "诈和")
    hand["context"]["earthly_hand_declared"] = True
    assert score(hand, strict)["status"] == "win"
