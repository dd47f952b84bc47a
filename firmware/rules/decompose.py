"""Every way a complete hand splits into blocks, per shape, and the wait each winning-tile placement implies."""

from enum import Enum
from typing import NamedTuple

from firmware.rules.melds import Meld
from firmware.rules.shanten import ORPHANS, is_complete, knitted_presence
from firmware.rules.shapes import KNITTED_SETS, Shape
from firmware.rules.suit_table import CHOW, PAIR, PUNG, Memo, splits
from firmware.rules.tiles import rank

__all__ = ["Arrangement", "Block", "BlockKind", "Shape", "Wait", "arrangements", "is_complete", "win_placements"]


class BlockKind(Enum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"


_SIZE = {BlockKind.PUNG: 3, BlockKind.KONG: 4, BlockKind.PAIR: 2}


class Block(NamedTuple):
    """A set or the pair. `concealed` is False for claimed melds; `meld` is the declared meld, if any.

    A NamedTuple rather than a frozen dataclass: just as immutable, and twice as quick to
    build, which counts because every scored hand builds several.
    """

    kind: BlockKind
    first: int
    concealed: bool
    meld: Meld | None = None

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.kind is BlockKind.CHOW:
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * _SIZE[self.kind]

    def contains(self, k: int) -> bool:
        if self.kind is BlockKind.CHOW:
            return self.first <= k <= self.first + 2
        return k == self.first


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
_KIND_OF_CODE = {CHOW: BlockKind.CHOW, PUNG: BlockKind.PUNG, PAIR: BlockKind.PAIR}


def _part_table(base: int, runs: bool) -> Memo:
    """pattern -> (1 if its splits hold the pair else 0, its splits as tuples of concealed Blocks)."""

    def build(pattern: tuple) -> tuple:
        blocks = tuple(
            tuple(Block(_KIND_OF_CODE[code], base + offset, True) for code, offset in split)
            for split in splits(pattern, runs)
        )
        return (1 if sum(pattern) % 3 == 2 else 0), blocks

    return Memo(build)


_MAN, _PIN, _SOU, _HONOURS = (_part_table(0, True), _part_table(9, True), _part_table(18, True), _part_table(27, False))


_PAIR_BLOCKS = tuple(Block(BlockKind.PAIR, k, True) for k in range(34))


def _meld_block(meld: Meld) -> Block:
    kind = BlockKind.CHOW if meld.is_chow else BlockKind.KONG if meld.is_kong else BlockKind.PUNG
    return Block(kind, meld.first, meld.is_concealed, meld)


def _standard_splits(counts: tuple) -> list:
    """All splits of the counts into sets and exactly one pair, as tuples of Blocks."""
    pair_m, man = _MAN[counts[0:9]]
    pair_p, pin = _PIN[counts[9:18]]
    pair_s, sou = _SOU[counts[18:27]]
    pair_z, honours = _HONOURS[counts[27:34]]
    if pair_m + pair_p + pair_s + pair_z != 1:
        return []
    return [a + b + c + d for a in man for b in pin for c in sou for d in honours]


def arrangements(closed_counts, melds: tuple[Meld, ...], shapes, *, riichi: bool = False) -> list[Arrangement]:
    """Every distinct arrangement of the 14-3k closed tiles plus the melds, for the asked shapes.

    `riichi=True` rejects seven pairs that repeat a kind (four of a kind is two pairs in MCR).
    """
    counts = tuple(closed_counts)
    expected = 14 - 3 * len(melds)
    if sum(counts) != expected:
        raise ValueError(f"{sum(counts)} closed tiles with {len(melds)} melds; expected {expected}")
    meld_blocks = tuple(map(_meld_block, melds))
    found = []
    if _STANDARD in shapes:
        found = [Arrangement(_STANDARD, blocks + meld_blocks) for blocks in _standard_splits(counts)]
    if not melds:
        found.extend(_closed_only(counts, shapes, riichi))
    # A knitted straight holds nine different suited kinds: a cheap test before the real one.
    if _KNITTED_STRAIGHT in shapes and len(melds) <= 1 and counts[:27].count(0) <= 18:
        found.extend(_knitted_straight(counts, meld_blocks))
    return found


def _closed_only(counts: tuple, shapes, riichi: bool) -> list[Arrangement]:
    """Seven pairs, thirteen orphans and honours-knitted, which allow no melds."""
    found = []
    pairs = counts.count(2) + (0 if riichi else 2 * counts.count(4))
    if _SEVEN_PAIRS in shapes and pairs == 7:
        blocks = tuple(_PAIR_BLOCKS[k] for k, n in enumerate(counts) for _ in range(n // 2))
        found.append(Arrangement(_SEVEN_PAIRS, blocks))
    if _THIRTEEN_ORPHANS in shapes:
        held = ORPHANS(counts)
        if 0 not in held and sum(held) == 14:
            found.append(Arrangement(_THIRTEEN_ORPHANS, ()))
    if max(counts) == 1 and _HONOURS_KNITTED in shapes:
        held_suited = 14 - 7 + counts[27:].count(0)
        if held_suited in knitted_presence(counts):
            found.append(Arrangement(_HONOURS_KNITTED, ()))
    return found


def _knitted_straight(counts: tuple, meld_blocks: tuple) -> list[Arrangement]:
    """组合龙: the nine knitted tiles, then the rest split as a set (unless melded) and a pair."""
    for kinds, present in zip(KNITTED_SETS, knitted_presence(counts)):
        if present == 9:
            rest = list(counts)
            for k in kinds:
                rest[k] -= 1
            return [Arrangement(_KNITTED_STRAIGHT, blocks + meld_blocks, kinds)
                    for blocks in _standard_splits(tuple(rest))]
    return []


def win_placements(arr: Arrangement, win_tile: int) -> list[tuple[int, Wait]]:
    """Each distinct concealed block that may hold the winning tile, with the wait it implies."""
    found = []
    seen = []
    for index, block in enumerate(arr.blocks):
        if block.meld is None and block.contains(win_tile) and block not in seen:
            seen.append(block)
            found.append((index, _wait(block, win_tile)))
    return found


def _wait(block: Block, win_tile: int) -> Wait:
    if block.kind is BlockKind.PAIR:
        return Wait.TANKI
    if block.kind is not BlockKind.CHOW:
        return Wait.SHANPON
    position = win_tile - block.first
    if position == 1:
        return Wait.KANCHAN
    edge = (position == 2 and rank(block.first) == 1) or (position == 0 and rank(block.first) == 7)
    return Wait.PENCHAN if edge else Wait.RYANMEN
