"""Wall break from the dice, per rule set (rules/common.md §2-3), and the layouts behind it."""

import pytest

from firmware.layout import layout_for
from firmware.wall_break import StackPos, seat_for_total, throws_needed, wall_break


@pytest.mark.parametrize("rules, tiles, per_side", [
    ("mcr", 144, (18, 18, 18, 18)), ("cmcr1998", 144, (18, 18, 18, 18)),
    ("ccm2012", 144, (18, 18, 18, 18)), ("riichi", 136, (17, 17, 17, 17)),
    ("sichuan", 108, (14, 13, 14, 13)),
])
def test_layout_holds_the_whole_set_two_high(rules, tiles, per_side):
    layout = layout_for(rules)
    assert (layout.tiles, layout.stacks_per_side) == (tiles, per_side)
    assert layout.stacks * 2 == tiles


def test_unknown_rule_set_is_named():
    with pytest.raises(ValueError, match="'mahjongg'; choose one of ccm2012, cmcr1998, mcr, riichi, sichuan"):
        layout_for("mahjongg")


@pytest.mark.parametrize("total, seat", [(1, 0), (5, 0), (9, 0), (2, 1), (6, 1), (10, 1),
                                         (3, 2), (7, 2), (11, 2), (4, 3), (8, 3), (12, 3)])
def test_dice_total_counts_seats_counter_clockwise_from_the_dealer(total, seat):
    assert seat_for_total(0, total) == seat
    assert seat_for_total(2, total) == (seat + 2) % 4


def test_throws_by_rule_set():
    assert [throws_needed(r) for r in ("mcr", "cmcr1998", "ccm2012", "riichi", "sichuan")] == \
        [2, 2, 2, 1, 1]


def test_mcr_first_throw_picks_the_wall_and_both_throws_count():
    b = wall_break("mcr", [(2, 1), (4, 4)])  # 3 -> opposite player's wall; K = 3 + 8
    assert (b.wall, b.count) == (2, 11)
    assert b.last_counted == StackPos(2, 11)
    assert b.live_start == StackPos(2, 12)


def test_mcr_count_past_18_spills_into_the_next_wall_clockwise():
    b = wall_break("mcr", [(6, 6), (6, 6)])  # 12 -> previous player (side 3); K = 24
    assert b.wall == 3
    assert b.last_counted == StackPos(2, 6)
    assert b.live_start == StackPos(2, 7)


def test_live_wall_starts_on_the_next_wall_when_the_count_ends_a_wall():
    b = wall_break("ccm2012", [(4, 4), (5, 5)], dealer=1)  # 8 -> seat 1+3 = 0; K = 18
    assert (b.wall, b.last_counted, b.live_start) == (0, StackPos(0, 18), StackPos(3, 1))


def test_break_describes_itself_in_seat_winds():
    assert wall_break("mcr", [(6, 6), (6, 6)]).describe() == \
        "dice 6+6, 6+6: wall N, count 24, live wall from W stack 7"


def test_riichi_one_throw_counts_its_sum_on_the_chosen_wall():
    b = wall_break("riichi", [(5, 2)], dealer=3)  # 7 -> opposite of seat 3 = seat 1
    assert (b.wall, b.count, b.live_start) == (1, 7, StackPos(1, 8))


def test_sichuan_sum_picks_the_wall_and_the_smaller_die_the_stack():
    b = wall_break("sichuan", [(6, 3)])  # 9 -> dealer's wall; count 3
    assert (b.wall, b.count, b.last_counted, b.live_start) == (0, 3, StackPos(0, 3), StackPos(0, 4))


@pytest.mark.parametrize("rules, throws, message", [
    ("mcr", [(1, 2)], "expected 2 throw"),
    ("riichi", [(1, 2), (3, 4)], "expected 1 throw"),
    ("sichuan", [(0, 2)], "faces 1..6"),
    ("riichi", [(7, 2)], "faces 1..6"),
    ("riichi", [(1, 2, 3)], "faces 1..6"),
])
def test_bad_throws_are_refused_with_a_reason(rules, throws, message):
    with pytest.raises(ValueError, match=message):
        wall_break(rules, throws)


def test_bad_dealer_seat_is_refused():
    with pytest.raises(ValueError, match="dealer seat"):
        wall_break("riichi", [(1, 2)], dealer=4)
