"""The 1998 rules: stake, standard-score formula, payments, offences, timing data."""

from fractions import Fraction

import pytest
from mcr_records import record

from firmware.rules import cmcr1998
from firmware.rules.mcr.payments import win_payments


def test_stake_is_the_sum_of_the_score_cards():
    assert cmcr1998.STAKE == 500 == sum(value * n for value, n in cmcr1998.SCORE_CARDS.items())


def test_standard_scores_first_gets_n_others_n_minus_rank():
    """Seed 002 第十条 二: with 4 players 4 / 2 / 1 / 0 (brief example 4)."""
    assert cmcr1998.standard_scores([612, 540, 455, 393]) == [4, 2, 1, 0]
    assert cmcr1998.standard_scores([393, 455, 612, 540]) == [0, 1, 4, 2]
    assert cmcr1998.standard_scores([10, 20, 30, 40, 50], players=5) == [0, 1, 2, 3, 5]


def test_tied_players_share_the_points_of_their_ranks():
    assert cmcr1998.standard_scores([500, 500, 455, 393]) == [3, 3, 1, 0]
    assert cmcr1998.standard_scores([500, 500, 500, 500]) == [Fraction(7, 4)] * 4
    with pytest.raises(ValueError):
        cmcr1998.standard_scores([500, 500, 500])


def test_game_score_starts_from_the_stake():
    """Brief example 1: self-drawn H = 16, each pays 24: winner 572, others 476."""
    hand = win_payments(winner=0, discarder=None, points=16)
    assert cmcr1998.game_scores([hand]) == [572, 476, 476, 476]
    assert cmcr1998.game_scores([win_payments(1, 2, 10)]) == [492, 534, 482, 492]


def test_offences_by_distance_from_ready():
    """Seed 002 第十四条 六: 和错牌 (ready, wrong tile) as 错和; 诈和 one short; 有意诈和 two or more."""
    wrong_tile = cmcr1998.score_record(record("234m567p345s678s9s", "1s"), "cmcr1998")
    assert (wrong_tile["shanten_before_win"], wrong_tile["offence"]) == (0, "和错牌")
    one_short = cmcr1998.score_record(record("234m567p345s68s9s1z", "1s"), "cmcr1998")
    assert (one_short["shanten_before_win"], one_short["offence"]) == (1, "诈和")
    far = cmcr1998.score_record(record("1357m2468p1357s1z", "9m"), "cmcr1998")
    assert far["shanten_before_win"] >= 2 and far["offence"] == "有意诈和"
    assert cmcr1998.INTENTIONAL_FALSE_WIN.disqualified and cmcr1998.FALSE_WIN_1998.pay_each == 20
    assert cmcr1998.WRONG_TILE_WIN.pay_each == 10
    below = cmcr1998.score_record(record("234m567p345s678s9s", "9s", flowers=2), "cmcr1998")
    assert (below["status"], below["offence"]) == ("below_min", "错和")


def test_time_limits_are_the_1998_ones():
    assert (cmcr1998.FIRST_DISCARD_S, cmcr1998.TURN_S, cmcr1998.PUNG_CALL_S) == (30, 15, 3)
    assert (cmcr1998.GAME_MINUTES, cmcr1998.BREAK_MINUTES, cmcr1998.END_WARNING_MINUTES) == (180, 15, 15)


def test_unknown_profile_is_a_result_naming_the_choice():
    result = cmcr1998.score_record(record("234m567p345s678s9s", "9s"), "wmo")
    assert result["status"] == "invalid_context"
    assert "'wmo'" in result["message"] and "cmcr1998" in result["message"]
