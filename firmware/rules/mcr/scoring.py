"""Score a complete hand: every reading of it, keep the highest (principle 4).

The order of trial follows pymahjonggb so that ties resolve alike under `mil`: with no
melds a special shape, else a knitted straight, else 九莲宝灯; failing those (or for
seven pairs) every standard arrangement. Of equal totals the first is kept, except that
one with 一色三同顺 or 三同刻 replaces it, and any standard reading replaces seven pairs.
"""


from firmware.rules.decompose import Shape, meld_blocks, special_arrangements
from firmware.rules.hand import Hand
from firmware.rules.mcr.fans import F
from firmware.rules.mcr.profiles import Profile
from firmware.rules.mcr.readings import read_hand, tie_order
from firmware.rules.mcr.situation import Situation, WinContext
from firmware.rules.mcr.special import score_knitted_straight, score_nine_gates, score_special
from firmware.rules.mcr.standard import score_standard
from firmware.rules.shapes import MCR_SHAPES

_SPECIAL_ORDER = (Shape.SEVEN_PAIRS, Shape.HONOURS_KNITTED, Shape.THIRTEEN_ORPHANS)
_KNITTED_STRAIGHT = Shape.KNITTED_STRAIGHT  # bound once: Enum lookups are slow


def score_hand(hand: Hand, context: WinContext, profile: Profile) -> dict[int, int] | None:
    """The fan tally of the best reading (fan id -> how many; a fan that does not count is
    absent), or None when the hand is not complete."""
    sit = Situation(hand, context, profile)
    blocks = meld_blocks(hand.melds) if hand.melds else ()
    standard, other_shapes = read_hand(hand, blocks)
    others = special_arrangements(sit.closed, blocks, MCR_SHAPES) if other_shapes else []
    if not others:
        if len(standard) == 1 and not sit.nine_gates:
            return score_standard(standard[0][0], sit)  # the common case, nothing to compare
        if not standard:
            return None
    by_shape = {}
    for arr in others:
        by_shape.setdefault(arr.shape, []).append(arr)
    best = _shaped(by_shape, sit)
    best_total = _total(best, profile) if best else -1
    seven_pairs = best is not None and F.SEVEN_PAIRS in best
    if best is not None and not seven_pairs:
        return best
    if len(standard) > 1:
        standard.sort(key=tie_order)
    for reading, _parts in standard:
        table = score_standard(reading, sit)
        total = _total(table, profile)
        if total > best_total or total == best_total and (
                seven_pairs or F.PURE_TRIPLE_CHOW in table or F.TRIPLE_PUNG in table):
            best, best_total = table, total
    return best


def _shaped(by_shape: dict, sit: Situation) -> dict[int, int] | None:
    """The tally of a special shape, knitted straight or 九莲宝灯 reading, if the hand has one."""
    if not sit.hand.melds:
        special = next((by_shape[s][0] for s in _SPECIAL_ORDER if s in by_shape), None)
        if special is not None:
            return score_special(special, sit)
    knitted = by_shape.get(_KNITTED_STRAIGHT, [])
    if len(knitted) == 1:  # pymahjonggb reads it only when the rest splits one way
        return score_knitted_straight(knitted[0], sit)
    return score_nine_gates(sit) if sit.nine_gates else None


def _total(table: dict[int, int], profile: Profile) -> int:
    points = profile.points
    return sum([points[fan] * count for fan, count in table.items()])
