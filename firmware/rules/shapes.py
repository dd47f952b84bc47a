"""The shapes a winning hand can take, and the six knitted-straight tile sets (147/258/369)."""

from enum import Enum
from itertools import permutations


class Shape(str, Enum):
    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONOURS_KNITTED = "honors_knitted"
    KNITTED_STRAIGHT = "knitted_straight"


RIICHI_SHAPES = frozenset({Shape.STANDARD, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS})
MCR_SHAPES = frozenset(Shape)

# Each suit takes one rank class (1-4-7, 2-5-8 or 3-6-9), a different one per suit:
# KNITTED_ORDERS[i][suit] is the class (0, 1, 2) that suit takes in KNITTED_SETS[i].
KNITTED_ORDERS = tuple(permutations(range(3)))
KNITTED_SETS = tuple(
    tuple(sorted(9 * suit_index + start + step for suit_index, start in enumerate(order) for step in (0, 3, 6)))
    for order in KNITTED_ORDERS
)
