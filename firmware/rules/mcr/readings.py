"""The standard readings (four sets and a pair) of an MCR hand, from memoised per-suit parts.

A reading's fans need only what `read_blocks` collects from its blocks. The concealed
blocks come suit by suit, so each split of a suit's counts is read once, for every kind
of the suit the winning tile could be, and kept (`Part`); a hand's readings then join
one part per suit with its melds instead of visiting every block again.
"""

from itertools import product

from firmware.rules.decompose import suit_splits
from firmware.rules.hand import Hand
from firmware.rules.mcr.groups import reference_order
from firmware.rules.mcr.standard import Blocks, read_blocks
from firmware.rules.suit_table import Memo

_NO_WIN = -9  # a winning kind outside the suit: no block of the suit can hold it


# A part: one split of one suit's counts into concealed sets (and the pair, if it holds it),
# as a plain tuple (chows, pungs, pair, any_bits, all_bits, spots): the first five as in
# `Blocks`; spots, by the winning kind's offset in the suit: (the wait fan its place implies,
# or None; True when, won on a discard, one of the part's pungs counts as exposed). A plain
# tuple, not a NamedTuple: unpacking a tuple subclass takes Python's slow path, four times a
# reading.
Part = tuple


def _part(blocks: tuple, base: int) -> Part:
    """The part of one split (`blocks`) of the suit whose first kind is `base`."""
    away = Blocks(*read_blocks(blocks, _NO_WIN, True))
    spots = []
    for k in range(base, base + (9 if base < 27 else 7)):
        on_discard = Blocks(*read_blocks(blocks, k, False))
        spots.append((on_discard.wait, on_discard.concealed < away.concealed))
    return tuple(away.chows), tuple(away.pungs), away.pair, away.any_bits, away.all_bits, tuple(spots)


# What a suit's counts allow of the other shapes; a hand may take a shape only if all four
# suits allow it (so almost every hand is cleared without looking further): seven pairs
# (every count even), thirteen orphans (suited kinds 1 and 9 only), honours-knitted (no kind
# twice), knitted straight (one of 147 / 258 / 369 held whole; honours always allow it).
_EVEN, _ORPHANS, _SINGLES, _KNITTED = 1, 2, 4, 8


def _allows(pattern: tuple, suited: bool) -> int:
    """The bits above of the shapes one suit's counts allow."""
    allows = _EVEN if all(n % 2 == 0 for n in pattern) else 0
    allows |= _SINGLES if max(pattern) <= 1 else 0
    if not suited:
        return allows | _ORPHANS | _KNITTED
    allows |= _ORPHANS if not any(pattern[1:8]) else 0
    return allows | (_KNITTED if any(all(pattern[r::3]) for r in range(3)) else 0)


def _suit_parts(suit_index: int) -> Memo:
    """pattern -> (1 if it holds the pair else 0, its Parts, the shapes it allows), for one suit."""
    base = 9 * suit_index

    def build(pattern: tuple) -> tuple[int, tuple[Part, ...], int]:
        _tiles, pair, splits = suit_splits(suit_index, pattern)
        return pair, tuple(_part(blocks, base) for blocks in splits), _allows(pattern, suit_index < 3)

    return Memo(build)


_MAN, _PIN, _SOU, _HONOURS = (_suit_parts(index) for index in range(4))
_get_man, _get_pin, _get_sou, _get_honours = _MAN.get, _PIN.get, _SOU.get, _HONOURS.get


def read_hand(hand: Hand, blocks: tuple) -> tuple[list[tuple[tuple, tuple[Part, ...]]], bool]:
    """Every four-sets-and-a-pair reading of `hand` (its melds' `blocks` given), as (what its
    blocks hold: the fields of a `Blocks` in a plain tuple, its parts), and whether the hand
    may also take another shape (seven pairs, thirteen orphans, honours-knitted, knitted
    straight: False rules them out, True asks for the real test)."""
    closed = hand.closed_tuple
    # .get on the Memo's own dict (the exact-dict path; a subclass's [] is slower) before filling a miss.
    pair_m, man, allows_m = _get_man(closed[0:9]) or _MAN[closed[0:9]]
    pair_p, pin, allows_p = _get_pin(closed[9:18]) or _PIN[closed[9:18]]
    pair_s, sou, allows_s = _get_sou(closed[18:27]) or _SOU[closed[18:27]]
    pair_z, honours, allows_z = _get_honours(closed[27:34]) or _HONOURS[closed[27:34]]
    allows = allows_m & allows_p & allows_s & allows_z
    other_shapes = bool(allows & _KNITTED if blocks else allows) and len(blocks) <= 1
    if pair_m + pair_p + pair_s + pair_z != 1 or not (man and pin and sou and honours):
        return [], other_shapes
    melds = read_blocks(blocks, _NO_WIN, True) if blocks else None
    win = hand.win_tile
    suit, offset = (win // 9, win % 9) if win < 27 else (3, win - 27)
    if len(man) == len(pin) == len(sou) == len(honours) == 1:  # most hands: one split per suit
        return [_join((man[0], pin[0], sou[0], honours[0]), suit, offset, melds, hand.self_drawn)], other_shapes
    return [_join(parts, suit, offset, melds, hand.self_drawn)
            for parts in product(man, pin, sou, honours)], other_shapes


def _join(parts: tuple[Part, ...], suit: int, offset: int, melds: tuple | None,
          self_drawn: bool) -> tuple[tuple, tuple[Part, ...]]:
    """One reading: a part per suit (the winning kind in `suit`, at `offset`) and the melds."""
    m_chows, m_pungs, m_pair, m_any, m_all, m_spots = parts[0]
    p_chows, p_pungs, p_pair, p_any, p_all, p_spots = parts[1]
    s_chows, s_pungs, s_pair, s_any, s_all, s_spots = parts[2]
    z_chows, z_pungs, z_pair, z_any, z_all, z_spots = parts[3]
    wait, claimed = (m_spots, p_spots, s_spots, z_spots)[suit][offset]
    pungs = m_pungs + p_pungs + s_pungs + z_pungs
    concealed = len(pungs) - (claimed and not self_drawn)
    pair = m_pair if m_pair is not None else p_pair if p_pair is not None else s_pair if s_pair is not None else z_pair
    chows = m_chows + p_chows + s_chows + z_chows
    any_bits = m_any | p_any | s_any | z_any
    all_bits = m_all & p_all & s_all & z_all
    if melds is None:
        return (chows, pungs, pair, wait, any_bits, all_bits, 0, 0, concealed), parts
    meld_chows, meld_pungs, _pair, _wait, meld_any, meld_all, melded_kongs, concealed_kongs, concealed_melds = melds
    return (chows + tuple(meld_chows), pungs + tuple(meld_pungs), pair, wait, any_bits | meld_any,
            all_bits & meld_all, melded_kongs, concealed_kongs, concealed + concealed_melds), parts


def tie_order(reading: tuple) -> list[tuple[int, bool]]:
    """(reference order, is a chow) of the concealed sets of a reading (as `read_hand` gives
    it), sorted: pymahjonggb meets readings in this order (its concealed sets sorted by
    tile, pung before chow) and keeps the first of equal totals, so sorting alike makes ties
    agree."""
    parts = reading[1]
    return sorted([(reference_order(k), True) for part in parts for k in part[0]]
                  + [(reference_order(k), False) for part in parts for k in part[1]])
