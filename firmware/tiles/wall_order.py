"""The walls on the table in the order players take their tiles, from the stacks and the break.

Geometry (../shared/rules/common.md §2-3): a side unit stacks the walls from its owner's right
end, so the n-th stack a side received is that wall's stack n; stacks are taken clockwise,
which along one wall is from stack 1 towards its left end and then on to the next wall
clockwise (side s - 1). Drawing starts at the break's ``live_start`` and goes all the way round
to the last counted stack, the wall's tail. Within a stack the upper tile is taken first.
"""

from collections.abc import Sequence
from typing import TypeVar

from firmware.wall_break import WallBreak

T = TypeVar("T")
Stack = tuple[T, T]
"""(lower tile, upper tile), as the stacking head builds a stack."""


def stacks_in_draw_order(stacks_by_side: Sequence[Sequence[Stack]],
                         wall_break: WallBreak) -> list[Stack]:
    """Every stack on the table, the first one drawn first and the tail last.

    ``stacks_by_side[s]`` holds side ``s``'s stacks in the order they landed (stack 1 first)."""
    sizes = [len(side) for side in stacks_by_side]
    if sum(sizes) == 0:
        return []
    start = wall_break.live_start
    if not 1 <= start.stack <= sizes[start.side]:
        raise ValueError(f"the break starts at stack {start.stack} of side {start.side}, "
                         f"which holds {sizes[start.side]} stacks")
    order, side, stack = [], start.side, start.stack
    for _ in range(sum(sizes)):
        while stack > sizes[side]:
            side, stack = (side - 1) % 4, 1
        order.append(stacks_by_side[side][stack - 1])
        stack += 1
    return order


def draw_order(stacks_by_side: Sequence[Sequence[Stack]], wall_break: WallBreak) -> list[T]:
    """Every tile in the order of normal draws: each stack's upper tile, then its lower one."""
    return [tile for lower, upper in stacks_in_draw_order(stacks_by_side, wall_break)
            for tile in (upper, lower)]
