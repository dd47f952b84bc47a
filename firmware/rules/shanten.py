"""Shanten (tiles away from ready; -1 = complete) for every hand shape, and the waits of a ready hand.

`riichi=True` applies the riichi conventions of the `mahjong` library: seven pairs need
seven different kinds, and a wait on a tile whose four copies are all in the hand does not
count. Without it the MCR oracle's conventions hold: four of a kind is two pairs, and the
count ignores where the waited tile would come from.
"""

from functools import lru_cache
from operator import itemgetter

from firmware.rules.shapes import KNITTED_ORDERS, KNITTED_SETS, Shape
from firmware.rules.suit_table import KNIT_HELD, hand_distance, hand_distances_changed
from firmware.rules.tiles import N_KINDS, TERMINALS_AND_HONOURS

ORPHANS = itemgetter(*TERMINALS_AND_HONOURS)
_NEVER = 99
# Bound once: looking members up on the Enum class is slow on the hot path.
_STANDARD, _SEVEN_PAIRS, _THIRTEEN_ORPHANS = Shape.STANDARD, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS
_HONOURS_KNITTED, _KNITTED_STRAIGHT = Shape.HONOURS_KNITTED, Shape.KNITTED_STRAIGHT
_BY_PARTS = frozenset({_STANDARD, _SEVEN_PAIRS})
"""The shapes ``shanten_changed`` works out from the parts of the hand a change leaves alone."""


def knitted_presence(counts: tuple) -> list[int]:
    """How many of the nine kinds of each knitted set (in KNITTED_SETS order) the counts hold."""
    man, pin, sou = KNIT_HELD[counts[0:9]], KNIT_HELD[counts[9:18]], KNIT_HELD[counts[18:27]]
    return [man[a] + pin[b] + sou[c] for a, b, c in KNITTED_ORDERS]


def shanten_seven_pairs(counts, *, riichi: bool = False) -> int:
    """Seven pairs. MCR counts four of a kind as two pairs; riichi wants seven different kinds."""
    return _seven_pairs(counts.count, riichi)


def _seven_pairs(held, riichi: bool) -> int:
    """Seven pairs from ``held(n)``, how many kinds the hand holds n times."""
    if riichi:
        kinds = N_KINDS - held(0)
        pairs = kinds - held(1)
        return 6 - pairs + max(0, 7 - kinds)
    return 6 - held(2) - held(3) - 2 * held(4)


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
        raise _no_shape(n_melds, shapes)
    return best


def shanten_changed(counts, n_melds: int, shapes, kinds, step: int, *, riichi: bool = False) -> list[int]:
    """``shanten`` of the hand with one copy of each of ``kinds`` added (``step`` 1) or taken
    away (``step`` -1, held kinds only), in the order of ``kinds``: e.g. the shanten after each
    discard the hand could make, at a fraction of the cost of one ``shanten`` each."""
    found = _changed(tuple(counts), n_melds, shapes, kinds, step, riichi, riichi)
    if _NEVER in found:
        raise _no_shape(n_melds, shapes)
    return found


def _no_shape(n_melds: int, shapes) -> ValueError:
    asked = ", ".join(sorted(shape.value for shape in shapes))
    return ValueError(f"none of the shapes ({asked}) allows {n_melds} melds")


def _shanten(counts: tuple, n_melds: int, shapes, strict_copies: bool, distinct_pairs: bool,
             best: int = _NEVER) -> int:
    """The smallest shanten over ``shapes``, and ``best`` (found for shapes not asked)."""
    if _STANDARD in shapes:  # four sets and a pair, `n_melds` of the sets already declared
        best = min(best, hand_distance(counts, 4 - n_melds, strict_copies) - 1)
    if n_melds == 0:
        if _SEVEN_PAIRS in shapes:
            # Counts (0..4, 5 at most in a changed hand) as bytes count far faster than a tuple.
            best = min(best, _seven_pairs(bytes(counts).count, distinct_pairs))
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


def _changed(counts: tuple, n_melds: int, shapes, kinds, step: int, strict_copies: bool,
             distinct_pairs: bool) -> list[int]:
    """``_shanten`` of ``counts`` with one copy of each of ``kinds`` added (``step`` 1) or taken
    away (``step`` -1), in order.

    A change touches one kind: the standard shape's distances come from the three suits it
    leaves as they were (``hand_distances_changed``); seven pairs reads only how many kinds are
    held n times, which a change moves by one kind, so its value after a change depends only on
    how many copies of the kind were held; the other shapes are worked out on each changed hand.
    """
    kinds = list(kinds)
    best = [_NEVER] * len(kinds)
    if _STANDARD in shapes:
        best = [distance - 1 for distance in
                hand_distances_changed(counts, 4 - n_melds, strict_copies, kinds, step)]
    if n_melds == 0 and _SEVEN_PAIRS in shapes:
        # How many kinds are held n times, with room for a new most, and 0..4 (bytes: as above).
        tally = bytes(counts)
        by_count = _seven_pairs_by_count(tuple(map(tally.count, range(max(5, max(tally) + 2)))),
                                         step, distinct_pairs)
        # A comparison, not min(): this runs for every kind of every hand a player weighs.
        best = [pairs if pairs < value else value for value, pairs in
                zip(best, map(by_count.__getitem__, map(counts.__getitem__, kinds)))]
    rest = frozenset(shapes) - _BY_PARTS
    if rest:
        changed = list(counts)
        for index, kind in enumerate(kinds):
            changed[kind] += step
            best[index] = _shanten(tuple(changed), n_melds, rest, strict_copies, distinct_pairs,
                                   best[index])
            changed[kind] -= step
    return best


@lru_cache(maxsize=1 << 12)
def _seven_pairs_by_count(held: tuple, step: int, riichi: bool) -> tuple:
    """Seven pairs once a kind held n times is held n + ``step`` times, for each n (None where
    n + ``step`` < 0), from ``held[n]``, how many kinds are held n times; kept, as hands share
    few such tallies."""
    return tuple([None if before + step < 0 else _seven_pairs_moved(held, before, step, riichi)
                  for before in range(len(held) - 1)])


def _seven_pairs_moved(held: tuple, before: int, step: int, riichi: bool) -> int:
    """Seven pairs once a kind held ``before`` times is held ``before + step`` times, from
    ``held[n]``, how many kinds are held n times."""
    moved = list(held)
    moved[before] -= 1
    moved[before + step] += 1
    return _seven_pairs(moved.__getitem__, riichi)


def is_complete(closed_counts, n_melds: int, shapes, *, riichi: bool = False) -> bool:
    """True when the 14-3k closed tiles form one of the asked shapes."""
    return _shanten(tuple(closed_counts), n_melds, shapes, False, riichi) == -1


def waits(counts13, n_melds: int, shapes, *, riichi: bool = False) -> list[int]:
    """Kinds that would complete the hand, even where that needs a fifth copy."""
    counts = tuple(counts13)
    if _shanten(counts, n_melds, shapes, False, riichi) != 0:
        return []
    after = _changed(counts, n_melds, shapes, range(N_KINDS), 1, False, riichi)
    return [kind for kind, found in enumerate(after) if found == -1]
