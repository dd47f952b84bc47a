"""MCR payments and penalties: the worked examples of ../shared/rules/mcr.md §5 and §7."""

import pytest

from firmware.rules.mcr.payments import (FALSE_WIN, INVALID_WIN, WRONG_COUNT, ladder_penalty, late_penalty,
                                         offence_for, penalty_payments, win_payments)


def test_discard_win_worth_12():
    assert win_payments(winner=0, discarder=2, points=12) == [36, -8, -20, -8]


def test_self_drawn_win_worth_12():
    assert win_payments(winner=1, discarder=None, points=12) == [-20, 60, -20, -20]


def test_fans_and_flowers_both_count_in_the_payment():
    assert win_payments(winner=3, discarder=0, points=8 + 2) == [-18, -8, -8, 34]


def test_big_four_winds_self_drawn():
    assert win_payments(winner=2, discarder=None, points=95) == [-103, -103, 309, -103]


def test_payments_always_balance_and_reject_impossible_seats():
    assert sum(win_payments(0, 3, 40)) == 0
    with pytest.raises(ValueError, match="own discard"):
        win_payments(1, 1, 8)
    with pytest.raises(ValueError, match="seat must be 0..3"):
        win_payments(4, None, 8)


def test_invalid_and_false_wins_pay_each_other_player():
    assert penalty_payments(0, INVALID_WIN) == [-30, 10, 10, 10]
    assert penalty_payments(2, FALSE_WIN) == [20, 20, -60, 20]
    assert penalty_payments(1, WRONG_COUNT) == [0, 0, 0, 0]  # dead hand only


def test_offence_by_verdict():
    assert offence_for("below_min", 0) is INVALID_WIN
    assert offence_for("not_win", 0) is INVALID_WIN  # ready, but the tile does not complete it
    assert offence_for("not_win", 1) is FALSE_WIN
    assert offence_for("bad_tile_count", None) is WRONG_COUNT
    assert offence_for("win", 0) is None


def test_empty_call_ladder_warns_then_doubles_to_the_scale_top():
    assert [ladder_penalty(n) for n in range(1, 9)] == [0, 5, 10, 20, 40, 60, 60, 60]
    with pytest.raises(ValueError):
        ladder_penalty(0)


def test_late_arrival():
    assert [late_penalty(m) for m in (0, 5, 10, 12, 15, 16)] == [0, 10, 10, 20, 20, None]
