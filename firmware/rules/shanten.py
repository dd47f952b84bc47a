"""Shanten (tiles away from ready; -1 = complete) for every hand shape, and the waits of a ready hand.

`riichi=True` applies the riichi conventions of the `mahjong` library: seven pairs need
seven different kinds, and a wait on a tile whose four copies are all in the hand does not
count. Without it the MCR oracle's conventions hold: four of a kind is two pairs, and the
count ignores where the waited tile would come from.
"""

from operator import itemgetter

from firmware.rules.shapes import KNITTED_ORDERS, KNITTED_SETS, Shape
from firmware.rules.suit_table import KNIT_HELD, hand_distance
from firmware.rules.tiles import N_KINDS, TERMINALS_AND_HONOURS

ORPHANS = itemgetter(*TERMINALS_AND_HONOURS)
_NEVER = 99
# Bound once: looking members up on the Enum class is slow on the hot path.
_STANDARD, _SEVEN_PAIRS, _THIRTEEN_ORPHANS = Shape.STANDARD, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS
_HONOURS_KNITTED, _KNITTED_STRAIGHT = Shape.HONOURS_KNITTED, Shape.KNITTED_STRAIGHT


def knitted_presence(counts: tuple) -> list[int]:
    """How many of the nine kinds of each knitted set (in KNITTED_SETS order) the counts hold."""
    man, pin, sou = KNIT_HELD[counts[0:9]], KNIT_HELD[counts[9:18]], KNIT_HELD[counts[18:27]]
    return [man[a] + pin[b] + sou[c] for a, b, c in KNITTED_ORDERS]


def shanten_seven_pairs(counts, *, riichi: bool = False) -> int:
    """Seven pairs. MCR counts four of a kind as two pairs; riichi wants seven different kinds."""
    if riichi:
        kinds = N_KINDS - counts.count(0)
        pairs = kinds - counts.count(1)
        return 6 - pairs + max(0, 7 - kinds)
    return 6 - counts.count(2) - counts.count(3) - 2 * counts.count(4)


def shanten_thirteen_orphans(counts) -> int:
    """One of each terminal and honour, plus a second copy of any of them."""
    held = ORPHANS(counts)
    return 12 - (13 - held.count(0)) + (0 if max(held) >= 2 else 1)


def _honours_knitted(counts: tuple, presence: list[int]) -> int:
    """全不靠: fourteen different kinds from the honours and one knitted set; each distinct
    honour and each held kind of the best knitted set is one of the fourteen."""
    return 13 - min(14, 7 - counts[27:].count(0) + max(presence))


def _knitted_straight(counts: tuple, n_melds: int, bound: int, presence: list[int]) -> int:
    """组合龙 plus one set and a pair (with one meld: plus a pair): the best shanten below
    `bound`, skipping knitted sets that cannot beat it."""
    best = bound
    for kinds, present in zip(KNITTED_SETS, presence):
        if 8 - present >= best:
            continue
        rest = list(counts)
        for k in kinds:
            if rest[k]:
                rest[k] -= 1
        best = min(best, 8 - present + hand_distance(tuple(rest), 1 - n_melds, False))
    return best


def shanten(counts, n_melds: int, shapes, *, riichi: bool = False) -> int:
    """The smallest shanten over the asked shapes that fit `n_melds` melds."""
    best = _shanten(tuple(counts), n_melds, shapes, riichi, riichi)
    if best == _NEVER:
        asked = ", ".join(sorted(shape.value for shape in shapes))
        raise ValueError(f"none of the shapes ({asked}) allows {n_melds} melds")
    return best


def _shanten(counts: tuple, n_melds: int, shapes, strict_copies: bool, distinct_pairs: bool) -> int:
    best = _NEVER
    if _STANDARD in shapes:  # four sets and a pair, `n_melds` of the sets already declared
        best = hand_distance(counts, 4 - n_melds, strict_copies) - 1
    if n_melds == 0:
        if _SEVEN_PAIRS in shapes:
            best = min(best, shanten_seven_pairs(counts, riichi=distinct_pairs))
        if _THIRTEEN_ORPHANS in shapes:
            best = min(best, shanten_thirteen_orphans(counts))
    honours_knitted = n_melds == 0 and _HONOURS_KNITTED in shapes
    knitted_straight = n_melds <= 1 and _KNITTED_STRAIGHT in shapes
    if honours_knitted or knitted_straight:
        # Neither knitted shape can hold more knitted kinds than the hand holds suited kinds:
        # skip both (and the presence table) when even that count cannot beat `best`.
        suited = min(9, 27 - counts[:27].count(0))
        honours_knitted = honours_knitted and 13 - min(14, 7 - counts[27:].count(0) + suited) < best
        knitted_straight = knitted_straight and 8 - suited < best
    if honours_knitted or knitted_straight:
        presence = knitted_presence(counts)
        if honours_knitted:
            best = min(best, _honours_knitted(counts, presence))
        if knitted_straight:
            best = _knitted_straight(counts, n_melds, best, presence)
    return best


def is_complete(closed_counts, n_melds: int, shapes, *, riichi: bool = False) -> bool:
    """True when the 14-3k closed tiles form one of the asked shapes."""
    return _shanten(tuple(closed_counts), n_melds, shapes, False, riichi) == -1


def waits(counts13, n_melds: int, shapes, *, riichi: bool = False) -> list[int]:
    """Kinds that would complete the hand, even where that needs a fifth copy."""
    counts = list(counts13)
    if _shanten(tuple(counts), n_melds, shapes, False, riichi) != 0:
        return []
    found = []
    for k in range(N_KINDS):
        counts[k] += 1
        if _shanten(tuple(counts), n_melds, shapes, False, riichi) == -1:
            found.append(k)
        counts[k] -= 1
    return found
