"""The live wall's order worked out by hand on small walls (common.md §2-3: clockwise, from the
owner's right end, spilling into the next wall clockwise; upper tile first)."""

import pytest

from firmware.tiles.wall_order import draw_order, stacks_in_draw_order
from firmware.wall_break import StackPos, WallBreak, wall_break


def walls(sizes):
    """Side s's stack n is ("s.n lo", "s.n up")."""
    return [[(f"{s}.{n} lo", f"{s}.{n} up") for n in range(1, size + 1)] for s, size in
            enumerate(sizes)]


def broken_at(side, stack):
    return WallBreak(((1, 1),), side, stack - 1, StackPos(side, stack - 1), StackPos(side, stack))


def test_drawing_goes_leftwards_along_a_wall_then_into_the_next_wall_clockwise():
    order = stacks_in_draw_order(walls((2, 2, 2, 2)), broken_at(2, 2))
    assert [lo.split()[0] for lo, _ in order] == ["2.2", "1.1", "1.2", "0.1", "0.2", "3.1", "3.2",
                                                    "2.1"]  # the tail: the stack counted last


def test_the_upper_tile_of_a_stack_is_drawn_first():
    assert draw_order(walls((1, 1, 1, 1)), broken_at(0, 1))[:4] == ["0.1 up", "0.1 lo",
                                                                  "3.1 up", "3.1 lo"]


def test_an_mcr_break_over_the_real_walls_starts_where_the_dice_say():
    """Dice 2+1, 4+4, dealer E: 3 → the opposite wall (W, side 2); K = 11: stack 12 of W first."""
    broken = wall_break("mcr", [(2, 1), (4, 4)])
    order = stacks_in_draw_order(walls((18,) * 4), broken)
    assert order[0][0] == "2.12 lo" and order[-1][0] == "2.11 lo" and len(order) == 72


def test_a_break_outside_the_walls_is_refused():
    with pytest.raises(ValueError, match="stack 5 of side 1, which holds 3 stacks"):
        stacks_in_draw_order(walls((3, 3, 3, 3)), broken_at(1, 5))
