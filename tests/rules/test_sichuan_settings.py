"""The settings of the brief's ambiguities not tried elsewhere (AMB-1, 2, 3, 10, 11), the profile, and the
penalty table (seed §三). AMB-4 to AMB-9 are tried in test_sichuan_scoring.py and test_sichuan_settlement.py.
"""

from dataclasses import replace

import pytest

from firmware import rulesets
from firmware.rules.sichuan import PROFILES, TMT2016, SichuanSettings
from firmware.rules.sichuan.absence import hands_to_play, score_without_game
from firmware.rules.sichuan.dealer import FIRST_DEALER, next_dealer
from firmware.rules.sichuan.events import DiscardWin, Kong, KongKind, RobbedKong, SelfDraw, TimeUp, Winner
from firmware.rules.sichuan.penalties import OFFENCES, late_offence
from firmware.rules.sichuan.void_suit import first_discard_allowed
from firmware.wall_break import StackPos, wall_break

A, B, C, D = range(4)


def test_the_default_profile_is_the_brief_defaults():
    assert PROFILES[0] == "tmt2016"
    assert TMT2016 == SichuanSettings()
    assert (TMT2016.cap_fan, TMT2016.flower_pig_each, TMT2016.base_points) == (5, 16, 1)  # brief AMB-7, AMB-8


def test_the_multiplier_is_two_to_the_fan_less_one():
    """Seed line 63: 1 fan ×1, 2 ×2, 3 ×4, 4 ×8; the default cap holds it at ×16."""
    assert [TMT2016.points(fan) for fan in range(1, 8)] == [1, 2, 4, 8, 16, 16, 16]


def test_amb1_and_amb3_walls_and_break_are_the_tables():
    """AMB-1: 54 stacks in walls of 14 + 13 + 14 + 13 (declared with the rule set); AMB-3 and
    the seed's one-throw rule (line 15): dice 6+3 by the East dealer: 9 -> the dealer's own
    wall (1, 5, 9), count the smaller die, 3; draw from stack 4. South deals 2+5 = 7 -> the
    seat opposite South, North's wall; count 2, draw from its stack 3."""
    assert rulesets.get("sichuan").stacks_per_side == (14, 13, 14, 13)
    first = wall_break("sichuan", [(6, 3)], dealer=A)
    assert (first.wall, first.count, first.live_start) == (A, 3, StackPos(A, 4))
    second = wall_break("sichuan", [(2, 5)], dealer=B)
    assert (second.wall, second.count, second.live_start) == (D, 2, StackPos(D, 3))


def test_amb2_a_hand_nobody_won_repeats_the_dealer_or_passes_it_on():
    events = [Kong(B, KongKind.CONCEALED)]
    assert next_dealer(C, events, TMT2016) == C
    assert next_dealer(D, events, replace(TMT2016, dealer_after_no_win="next")) == A


def test_the_first_winner_deals_next_and_a_multiple_ron_gives_it_to_the_discarder():
    """Seed line 15: 上盘最先和牌的玩家坐庄；若上盘出现一炮多响，当盘由放炮的玩家坐庄."""
    assert FIRST_DEALER == A
    assert next_dealer(A, [Kong(C, KongKind.ADDED), SelfDraw(C, 2), SelfDraw(B, 1)], TMT2016) == C
    assert next_dealer(A, [DiscardWin(D, (Winner(B, 1),))], TMT2016) == B
    assert next_dealer(A, [DiscardWin(D, (Winner(A, 1), Winner(B, 1)))], TMT2016) == D
    assert next_dealer(A, [RobbedKong(C, (Winner(A, 1), Winner(B, 1)))], TMT2016) == C
    assert next_dealer(A, [TimeUp()], TMT2016) is None


def test_amb10_two_players_present_get_a_score_read_either_way():
    """Tables scored 30/10/−5/−35 and 50/20/−20/−50: the mean of the four top-two scores is 27.5;
    the mean of the two tables' top-two sums is 55. One player present: mean of the firsts, 40."""
    tables = [[30, 10, -5, -35], [-50, 50, 20, -20]]
    assert score_without_game(2, tables, TMT2016) == 27.5
    assert score_without_game(2, tables, replace(TMT2016, absent_pair_score="mean_of_table_sums")) == 55
    assert score_without_game(1, tables, TMT2016) == 40
    assert [hands_to_play(n) for n in (4, 3, 2)] == [16, 15, 0]  # seed line 130: 打15盘


def test_amb11_a_marker_tile_is_the_first_discard():
    """A player who marked the void suit with 6m must discard the 6m first; with a card, any tile."""
    six_m, two_p = 5, 10
    assert first_discard_allowed(six_m, six_m, TMT2016)
    assert not first_discard_allowed(six_m, two_p, TMT2016)
    assert first_discard_allowed(None, two_p, TMT2016)
    assert first_discard_allowed(six_m, two_p, replace(TMT2016, marker_is_first_discard=False))


@pytest.mark.parametrize("change, words", [
    ({"dealer_after_no_win": "east"}, "dealer_after_no_win"),
    ({"kong_shot_moves": "none"}, "kong_shot_moves"),
    ({"cap_fan": 0}, "cap_fan"),
    ({"base_points": 0}, "base_points"),
    ({"flower_pig_payees": "all"}, "flower_pig_payees"),
])
def test_a_setting_the_engine_cannot_apply_is_refused_by_name(change, words):
    with pytest.raises(ValueError, match=words):
        replace(TMT2016, **change)


def test_the_penalty_table_follows_the_seed():
    """Seed lines 130-148."""
    assert OFFENCES["false_win"].for_occurrence(1) == 16
    assert [OFFENCES["draw_early_or_call_without_word"].for_occurrence(n) for n in range(1, 6)] == [0, 1, 2, 4, 4]
    assert OFFENCES["wrong_tile_count"].dead_hand and OFFENCES["wrong_tile_drawn_into_hand"].dead_hand
    assert OFFENCES["breaking_the_wall"].pay_each == 16
    assert OFFENCES["exposing_a_hand"].to_victim == (1, 16)
    assert [late_offence(m) and late_offence(m).key for m in (0, 10, 12, 16)] == [
        None, "late_up_to_10_min", "late_10_to_15_min", "late_over_15_min"]
    assert late_offence(16).forfeit
