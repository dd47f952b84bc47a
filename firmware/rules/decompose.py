"""Every way a complete hand splits into blocks, per shape, and the wait each winning-tile placement implies."""

from enum import Enum
from typing import NamedTuple

from firmware.rules.melds import Meld, MeldType
from firmware.rules.shanten import ORPHANS, is_complete, knitted_presence
from firmware.rules.shapes import KNITTED_SETS, Shape
from firmware.rules.suit_table import CHOW, PAIR, PUNG, Memo, splits
from firmware.rules.tiles import rank

__all__ = ["Arrangement", "Block", "BlockKind", "Shape", "Wait", "arrangements", "is_complete", "meld_blocks",
           "special_arrangements", "suit_splits", "win_placements"]


class BlockKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"


class Block(NamedTuple):
    """A set or the pair. `concealed` is False for claimed melds; `meld` is the declared meld, if any.

    A NamedTuple rather than a frozen dataclass: just as immutable, and twice as quick to
    build, which counts because every scored hand builds several.
    """

    kind: BlockKind
    first: int
    concealed: bool
    meld: Meld | None = None


class Arrangement(NamedTuple):
    """One reading of a complete hand: concealed blocks first, then one block per meld."""

    shape: Shape
    blocks: tuple[Block, ...]
    knitted: tuple[int, ...] = ()


class Wait(str, Enum):
    RYANMEN = "ryanmen"
    KANCHAN = "kanchan"
    PENCHAN = "penchan"
    TANKI = "tanki"
    SHANPON = "shanpon"


# Bound once: looking members up on the Enum class is slow on the hot path.
_STANDARD, _SEVEN_PAIRS, _THIRTEEN_ORPHANS = Shape.STANDARD, Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS
_HONOURS_KNITTED, _KNITTED_STRAIGHT = Shape.HONOURS_KNITTED, Shape.KNITTED_STRAIGHT
_CHOW_KIND, _PUNG_KIND, _KONG_KIND, _PAIR_KIND = BlockKind.CHOW, BlockKind.PUNG, BlockKind.KONG, BlockKind.PAIR
_KIND_OF_CODE = {CHOW: _CHOW_KIND, PUNG: _PUNG_KIND, PAIR: _PAIR_KIND}
_CHI, _KAN_CLOSED = MeldType.CHI, MeldType.KAN_CLOSED


def _part_table(base: int, runs: bool) -> Memo:
    """pattern -> (its number of tiles, 1 if its splits hold the pair else 0, its splits as
    tuples of concealed Blocks)."""

    def build(pattern: tuple) -> tuple:
        blocks = tuple(
            tuple(Block(_KIND_OF_CODE[code], base + offset, True) for code, offset in split)
            for split in splits(pattern, runs)
        )
        tiles = sum(pattern)
        return tiles, (1 if tiles % 3 == 2 else 0), blocks

    return Memo(build)


_MAN, _PIN, _SOU, _HONOURS = (_part_table(0, True), _part_table(9, True), _part_table(18, True), _part_table(27, False))
_get_man, _get_pin, _get_sou, _get_honours = _MAN.get, _PIN.get, _SOU.get, _HONOURS.get
_SUIT_TABLES = (_MAN, _PIN, _SOU, _HONOURS)


_PAIR_BLOCKS = tuple(Block(BlockKind.PAIR, k, True) for k in range(34))
# NamedTuple's own constructor is a Python function; the tuple constructor builds the same object.
_new = tuple.__new__


def _meld_block(meld: Meld) -> Block:
    meld_type, tiles = meld.type, meld.tiles
    kind = _CHOW_KIND if meld_type is _CHI else _KONG_KIND if len(tiles) == 4 else _PUNG_KIND
    return _new(Block, (kind, tiles[0], meld_type is _KAN_CLOSED, meld))


def _standard(counts: tuple, tail: tuple, shape: Shape, knitted: tuple) -> tuple[int, list[Arrangement]]:
    """(number of tiles in `counts`, every split of them into sets and exactly one pair as an arrangement
    of `shape` ending with the blocks `tail`). The tile number comes from the per-suit tables for free."""
    # .get on the Memo's own dict (the exact-dict path; a subclass's [] is slower) before filling a miss.
    tiles_m, pair_m, man = _get_man(counts[0:9]) or _MAN[counts[0:9]]
    tiles_p, pair_p, pin = _get_pin(counts[9:18]) or _PIN[counts[9:18]]
    tiles_s, pair_s, sou = _get_sou(counts[18:27]) or _SOU[counts[18:27]]
    tiles_z, pair_z, honours = _get_honours(counts[27:34]) or _HONOURS[counts[27:34]]
    tiles = tiles_m + tiles_p + tiles_s + tiles_z
    if pair_m + pair_p + pair_s + pair_z != 1 or not (man and pin and sou and honours):
        return tiles, []
    if len(man) == len(pin) == len(sou) == len(honours) == 1:  # most hands: one split per suit
        return tiles, [_new(Arrangement, (shape, man[0] + pin[0] + sou[0] + honours[0] + tail, knitted))]
    return tiles, [_new(Arrangement, (shape, a + b + c + d + tail, knitted))
                   for a in man for b in pin for c in sou for d in honours]


def arrangements(closed_counts, melds: tuple[Meld, ...], shapes, *, riichi: bool = False) -> list[Arrangement]:
    """Every distinct arrangement of the 14-3k closed tiles plus the melds, for the asked shapes.

    `riichi=True` rejects seven pairs that repeat a kind (four of a kind is two pairs in MCR).
    """
    counts = tuple(closed_counts)
    blocks = meld_blocks(melds) if melds else ()
    tiles, found = _standard(counts, blocks, _STANDARD, ())
    expected = 14 - 3 * len(melds)
    if tiles != expected:
        raise ValueError(f"{tiles} closed tiles with {len(melds)} melds; expected {expected}")
    if _STANDARD not in shapes:
        found = []
    if not melds or _KNITTED_STRAIGHT in shapes:  # else no other shape is possible
        found.extend(special_arrangements(counts, blocks, shapes, riichi=riichi))
    return found


def special_arrangements(counts: tuple, blocks: tuple[Block, ...], shapes, *,
                         riichi: bool = False) -> list[Arrangement]:
    """The arrangements other than four sets and a pair, for the asked shapes: seven pairs,
    thirteen orphans, honours-knitted, knitted straight; `blocks` are the melds' blocks."""
    found = []
    if not blocks:
        # The closed-only shapes hold a fixed number of different kinds (see _closed_only):
        # counting the absent kinds rules them out for almost every standard hand.
        absent = counts.count(0)
        if absent >= _PAIRS_ABSENT or _KNITTED_ABSENT <= absent <= _ORPHANS_ABSENT:
            found = _closed_only(counts, absent, shapes, riichi)
    # A knitted straight holds nine different suited kinds: a cheap test before the real one.
    if _KNITTED_STRAIGHT in shapes and len(blocks) <= 1 and counts[:27].count(0) <= 18:
        found.extend(_knitted_straight(counts, blocks))
    return found


def meld_blocks(melds: tuple[Meld, ...]) -> tuple[Block, ...]:
    """One block per declared meld, in meld order."""
    return tuple(map(_meld_block, melds))


def suit_splits(suit_index: int, pattern: tuple) -> tuple[int, int, tuple[tuple[Block, ...], ...]]:
    """The memoised table `arrangements` reads, for one suit's counts (`suit_index` 0-3 for
    m, p, s, honours): (its number of tiles, 1 if its splits hold the pair else 0, every
    split of it into concealed blocks)."""
    return _SUIT_TABLES[suit_index][pattern]


# Kinds absent from 14 closed tiles in each closed-only shape: seven pairs hold 7 different
# kinds (MCR: 4-7, four of a kind counting twice), thirteen orphans 13, honours-knitted 14.
_PAIRS_ABSENT, _ORPHANS_ABSENT, _KNITTED_ABSENT = 34 - 7, 34 - 13, 34 - 14


def _closed_only(counts: tuple, absent: int, shapes, riichi: bool) -> list[Arrangement]:
    """Seven pairs, thirteen orphans and honours-knitted, which allow no melds; `absent` = kinds not held."""
    if absent >= _PAIRS_ABSENT:
        if _SEVEN_PAIRS not in shapes or (riichi and absent != _PAIRS_ABSENT):
            return []
        pairs = counts.count(2) + (0 if riichi else 2 * counts.count(4))
        if pairs != 7:
            return []
        blocks = tuple(_PAIR_BLOCKS[k] for k, n in enumerate(counts) for _ in range(n // 2))
        return [Arrangement(_SEVEN_PAIRS, blocks)]
    if absent == _ORPHANS_ABSENT:
        held = ORPHANS(counts)
        if _THIRTEEN_ORPHANS in shapes and 0 not in held:
            return [Arrangement(_THIRTEEN_ORPHANS, ())]
        return []
    if absent == _KNITTED_ABSENT and _HONOURS_KNITTED in shapes:
        held_suited = 14 - 7 + counts[27:].count(0)
        if held_suited in knitted_presence(counts):
            return [Arrangement(_HONOURS_KNITTED, ())]
    return []


def _knitted_straight(counts: tuple, blocks: tuple) -> list[Arrangement]:
    """组合龙: the nine knitted tiles, then the rest split as a set (unless melded) and a pair."""
    for kinds, present in zip(KNITTED_SETS, knitted_presence(counts)):
        if present == 9:
            rest = list(counts)
            for k in kinds:
                rest[k] -= 1
            return _standard(tuple(rest), blocks, _KNITTED_STRAIGHT, kinds)[1]
    return []


def _chow_wait(first: int, position: int) -> Wait:
    """The wait a chow starting at `first` implies when the winning tile is its `position`-th (0-2) tile."""
    if position == 1:
        return Wait.KANCHAN
    edge = (position == 2 and rank(first) == 1) or (position == 0 and rank(first) == 7)
    return Wait.PENCHAN if edge else Wait.RYANMEN


# _CHOW_WAITS[first][win_tile - first] for every chow start (suited kinds; 7-9 of a suit start none).
_CHOW_WAITS = tuple(tuple(_chow_wait(first, position) for position in range(3)) for first in range(27))
_TANKI, _SHANPON = Wait.TANKI, Wait.SHANPON


def win_placements(arr: Arrangement, win_tile: int) -> list[tuple[int, Wait]]:
    """Each distinct concealed block that may hold the winning tile, with the wait it implies.

    Written out inline (no per-block method calls): every scored hand runs it per arrangement.
    """
    found = []
    seen = []
    index = -1
    for block in arr.blocks:
        index += 1
        kind, first = block[0], block[1]
        if kind is _CHOW_KIND:
            position = win_tile - first
            if position < 0 or position > 2:
                continue
            wait = _CHOW_WAITS[first][position]
        elif first != win_tile:
            continue
        else:
            wait = _TANKI if kind is _PAIR_KIND else _SHANPON
        if block[3] is None and block not in seen:
            seen.append(block)
            found.append((index, wait))
    return found
