"""Shanten (tiles away from ready; -1 = complete) for every hand shape, and the waits of a ready hand.

`riichi=True` applies the riichi conventions of the `mahjong` library: seven pairs need
seven different kinds, and a wait on a tile whose four copies are all in the hand does not
count. Without it the MCR oracle's conventions hold: four of a kind is two pairs, and the
count ignores where the waited tile would come from.
"""

from operator import itemgetter

from firmware.rules.shapes import CLOSED_ONLY, KNITTED_SETS, Shape
from firmware.rules.suit_table import hand_distance
from firmware.rules.tiles import N_KINDS, TERMINALS_AND_HONOURS

ORPHANS = itemgetter(*TERMINALS_AND_HONOURS)
KNITTED_GETTERS = tuple((kinds, itemgetter(*kinds)) for kinds in KNITTED_SETS)
_NEVER = 99


def shanten_standard(counts, n_melds: int, *, riichi: bool = False) -> int:
    """Four sets and a pair, `n_melds` of the sets already declared."""
    return hand_distance(tuple(counts), 4 - n_melds, riichi) - 1


def shanten_seven_pairs(counts, *, riichi: bool = False) -> int:
    if riichi:
        kinds = N_KINDS - counts.count(0)
        pairs = kinds - counts.count(1)
        return 6 - pairs + max(0, 7 - kinds)
    return 6 - counts.count(2) - counts.count(3) - 2 * counts.count(4)


def shanten_thirteen_orphans(counts) -> int:
    held = ORPHANS(counts)
    return 12 - (13 - held.count(0)) + (0 if max(held) >= 2 else 1)


def shanten_honours_knitted(counts) -> int:
    """全不靠: fourteen different kinds from the honours and one knitted set."""
    honours = 7 - counts[27:].count(0)
    knitted = max(9 - getter(counts).count(0) for _, getter in KNITTED_GETTERS)
    return 13 - min(14, honours + knitted)


def shanten_knitted_straight(counts, n_melds: int) -> int:
    """组合龙 plus one set and a pair (with one meld: plus a pair)."""
    if n_melds > 1:
        raise ValueError(f"a knitted straight leaves room for at most one meld, got {n_melds}")
    return _knitted_straight(counts, n_melds, _NEVER)


def _knitted_straight(counts, n_melds: int, bound: int) -> int:
    """Best knitted-straight shanten below `bound`, skipping sets that cannot beat it."""
    best = bound
    for kinds, getter in KNITTED_GETTERS:
        missing = getter(counts).count(0)
        if missing - 1 >= best:
            continue
        rest = list(counts)
        for k in kinds:
            if rest[k]:
                rest[k] -= 1
        best = min(best, missing - 1 + hand_distance(tuple(rest), 1 - n_melds, False))
    return best


def shanten(counts, n_melds: int, shapes, *, riichi: bool = False) -> int:
    """The smallest shanten over the asked shapes that fit `n_melds` melds."""
    best = _shanten(counts, n_melds, shapes, riichi, riichi)
    if best == _NEVER:
        asked = ", ".join(sorted(shape.value for shape in shapes))
        raise ValueError(f"none of the shapes ({asked}) allows {n_melds} melds")
    return best


def _shanten(counts, n_melds: int, shapes, strict_copies: bool, distinct_pairs: bool) -> int:
    best = _NEVER
    if Shape.STANDARD in shapes:
        best = hand_distance(tuple(counts), 4 - n_melds, strict_copies) - 1
    if n_melds == 0 and not CLOSED_ONLY.isdisjoint(shapes):
        if Shape.SEVEN_PAIRS in shapes:
            best = min(best, shanten_seven_pairs(counts, riichi=distinct_pairs))
        if Shape.THIRTEEN_ORPHANS in shapes:
            best = min(best, shanten_thirteen_orphans(counts))
        if Shape.HONOURS_KNITTED in shapes:
            best = min(best, shanten_honours_knitted(counts))
    if n_melds <= 1 and Shape.KNITTED_STRAIGHT in shapes:
        best = _knitted_straight(counts, n_melds, best)
    return best


def is_complete(closed_counts, n_melds: int, shapes, *, riichi: bool = False) -> bool:
    """True when the 14-3k closed tiles form one of the asked shapes."""
    return _shanten(closed_counts, n_melds, shapes, False, riichi) == -1


def waits(counts13, n_melds: int, shapes, *, riichi: bool = False) -> list[int]:
    """Kinds that would complete the hand, even where that needs a fifth copy."""
    counts = list(counts13)
    if _shanten(counts, n_melds, shapes, False, riichi) != 0:
        return []
    found = []
    for k in range(N_KINDS):
        counts[k] += 1
        if _shanten(counts, n_melds, shapes, False, riichi) == -1:
            found.append(k)
        counts[k] -= 1
    return found
