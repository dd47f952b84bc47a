"""Fans that depend only on which tiles a hand holds, not on how they are grouped.

Suits (无字, 缺一门, 混一色, 清一色, 五门齐), tile kinds (断幺, 推不倒, 绿一色, 字一色,
清幺九, 混幺九) and rank ranges (大于五, 小于五, 全大, 全中, 全小). They follow
from the OR and the AND of per-kind bit masks over the tiles held, so a reading that
visits its sets anyway gets them for a few bit operations; the fans of each pair of
masks are memoised. Three more bits, which a set or pair has or lacks as a whole, carry
全带幺, 全带五 and 全双刻 through the same AND (see `trait_fans`). 四归一, which needs the
counts, is the situation's `tile_hogs` (standard.add_tile_fans adds both).
"""

from functools import lru_cache, reduce
from itertools import compress
from operator import and_, or_

from firmware.rules.mcr.fans import F
from firmware.rules.suit_table import Memo
from firmware.rules.tiles import DRAGONS, GREEN, N_KINDS, WHITE, WINDS, is_terminal, is_terminal_or_honour

_SUITS = (1, 2, 4)
_WIND, _DRAGON, _TOH, _TERMINAL, _REVERSIBLE, _GREEN = 8, 16, 32, 64, 128, 256
_RANK_SHIFT = 9  # rank r (1..9) of a suited tile sets bit _RANK_SHIFT + r
_HONOUR = _WIND | _DRAGON
# Bits of a whole set or pair, above the tile bits: it holds a terminal or honour, it holds a 5,
# it is a pung or pair of an even rank. Kept through an AND over every set and the pair.
BLOCK_OUTSIDE, BLOCK_FIVE, BLOCK_EVEN = 1 << 20, 1 << 21, 1 << 22

# 推不倒: tiles that look the same upside down (seed 000 #40): 1234589 dots, 245689 bamboo, White.
_REVERSIBLE_KINDS = {9 + r - 1 for r in (1, 2, 3, 4, 5, 8, 9)} | {18 + r - 1 for r in (2, 4, 5, 6, 8, 9)} | {WHITE}
# 绿一色 (seed 000 #3): 23468 bamboo and Green.
_GREEN_KINDS = {18 + r - 1 for r in (2, 3, 4, 6, 8)} | {GREEN}


def _mask(k: int) -> int:
    bits = _TOH if is_terminal_or_honour(k) else 0
    bits |= _TERMINAL if is_terminal(k) else 0
    bits |= _REVERSIBLE if k in _REVERSIBLE_KINDS else 0
    bits |= _GREEN if k in _GREEN_KINDS else 0
    if k in WINDS:
        return bits | _WIND
    if k in DRAGONS:
        return bits | _DRAGON
    return bits | _SUITS[k // 9] | 1 << (_RANK_SHIFT + k % 9 + 1)


MASKS = tuple(_mask(k) for k in range(N_KINDS))


def _ranks(*ranks: int) -> int:
    return sum(1 << (_RANK_SHIFT + r) for r in ranks)


_RANK_FANS = (  # (allowed ranks, the rank that makes the wider fan, wider fan, narrower fan)
    (_ranks(1, 2, 3, 4), _ranks(4), F.LOWER_FOUR, F.LOWER_TILES),
    (_ranks(6, 7, 8, 9), _ranks(6), F.UPPER_FOUR, F.UPPER_TILES),
    (_ranks(4, 5, 6), 0, None, F.MIDDLE_TILES),
)
_ALL_RANKS = _ranks(*range(1, 10))


@lru_cache(maxsize=None)
def trait_fans(any_bits: int, all_bits: int) -> tuple[tuple[int, int], ...]:
    """(fan, count) pairs of the suit, kind and rank-range fans of the tiles whose masks OR to
    `any_bits` and AND to `all_bits`, and of the block bits in `all_bits` (全带幺 before
    全带五 before 全双刻: one hand cannot take two of them). Memoised by the two masks."""
    return tuple(_suit_fans(any_bits) + _kind_fans(any_bits, all_bits) + _rank_fans(any_bits)
                 + _block_fans(all_bits))


def _block_fans(all_bits: int) -> list[tuple[int, int]]:
    if all_bits & BLOCK_OUTSIDE:
        return [(F.OUTSIDE_HAND, 1)]
    if all_bits & BLOCK_FIVE:
        return [(F.ALL_FIVE, 1)]
    return [(F.ALL_EVEN_PUNGS, 1)] if all_bits & BLOCK_EVEN else []


def _suit_fans(any_bits: int) -> list[tuple[int, int]]:
    voids = sum(not any_bits & s for s in _SUITS)
    fans = [] if any_bits & _HONOUR else [(F.NO_HONORS, 1)]
    if voids == 2:
        fans.append((F.HALF_FLUSH if any_bits & _HONOUR else F.FULL_FLUSH, 1))
    elif voids:
        fans.append((F.ONE_VOIDED_SUIT, voids))  # 3 for all honours; 字一色 then excludes it
    elif any_bits & _WIND and any_bits & _DRAGON:
        fans.append((F.ALL_TYPES, 1))
    return fans


def kind_fans(counts) -> list[tuple[int, int]]:
    """Only the tile-kind fans (断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九), as 连七对 takes."""
    return _kind_fans(*tile_masks(counts))


def tile_masks(counts) -> tuple[int, int]:
    """OR and AND of the masks of the kinds present in the 34 `counts`, combined from
    memoised per-suit figures."""
    counts = tuple(counts)
    m, p, s, z = _MAN[counts[0:9]], _PIN[counts[9:18]], _SOU[counts[18:27]], _HONOURS[counts[27:34]]
    return m[0] | p[0] | s[0] | z[0], m[1] & p[1] & s[1] & z[1]


def _suit_masks(pattern: tuple, base: int) -> tuple[int, int]:
    """tile_masks for one suit's counts (its first kind `base`); AND of no kinds is all ones."""
    present = list(compress(MASKS[base:base + len(pattern)], pattern))
    return reduce(or_, present, 0), reduce(and_, present, -1)


_MAN, _PIN, _SOU, _HONOURS = (Memo(lambda pattern, base=base: _suit_masks(pattern, base)) for base in (0, 9, 18, 27))


def _kind_fans(any_bits: int, all_bits: int) -> list[tuple[int, int]]:
    fans = []
    simples = not any_bits & _TOH
    if simples:
        fans.append((F.ALL_SIMPLES, 1))
    if all_bits & _REVERSIBLE:
        fans.append((F.REVERSIBLE_TILES, 1))
    if all_bits & _GREEN:
        fans.append((F.ALL_GREEN, 1))
    if simples:
        return fans
    if not any_bits & (_SUITS[0] | _SUITS[1] | _SUITS[2]):
        fans.append((F.ALL_HONORS, 1))
    elif all_bits & _TERMINAL:
        fans.append((F.ALL_TERMINALS, 1))
    elif all_bits & _TOH:
        fans.append((F.ALL_TERMINALS_AND_HONORS, 1))
    return fans


def _rank_fans(any_bits: int) -> list[tuple[int, int]]:
    if any_bits & _HONOUR:
        return []
    ranks = any_bits & _ALL_RANKS
    for allowed, wide_rank, wide, narrow in _RANK_FANS:
        if not ranks & ~allowed:
            return [(wide if ranks & wide_rank else narrow, 1)]
    return []
