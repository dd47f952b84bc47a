"""Where the live wall starts, by the seed's one-throw rule (line 15), on the walls the settings lay out.

The dealer throws two dice. Counting seats counter-clockwise from the dealer as 1 up to the
sum picks the wall; on it, counting stacks clockwise from its right end up to the smaller
die picks the break; drawing starts at the next stack (brief AMB-3) or at that one. The
smaller die is at most 6 and a wall has 13 or 14 stacks (AMB-1), so the start never
leaves the chosen wall.
"""

from typing import NamedTuple

from firmware.rules.sichuan.events import SEATS
from firmware.rules.sichuan.settings import SichuanSettings


class BreakPoint(NamedTuple):
    """`wall`: the seat whose wall is opened; `counted`: stacks counted off it; `first_stack`:
    the first stack drawn (1-based from that wall's right end); `stacks`: that wall's length."""

    wall: int
    counted: int
    first_stack: int
    stacks: int


def break_point(dice: tuple[int, int], dealer: int, settings: SichuanSettings) -> BreakPoint:
    """The break for one throw of two dice by `dealer` (seats 0..3 counter-clockwise from East)."""
    if len(dice) != 2 or not all(type(die) is int and 1 <= die <= 6 for die in dice):
        raise ValueError(f"a throw is two dice faces 1..6, got {dice!r}")
    if dealer not in range(SEATS):
        raise ValueError(f"dealer must be a seat 0..{SEATS - 1}, got {dealer!r}")
    wall = (dealer + sum(dice) - 1) % SEATS
    counted = min(dice)
    first = counted + 1 if settings.draw_from_next_stack else counted
    return BreakPoint(wall, counted, first, settings.stacks_per_side[wall])
