"""What a complete Sichuan hand is worth: its base fan (the single highest over every reading),
its add-ons, the capped total and the points each payer pays; and a ready hand's best value.

Seed line 49: base fans do not add up, only the highest counts; line 51: the add-ons
(杠上花, 杠上炮, 金钩钓, 自摸, 根 once per four alike) each add one fan; line 63: a hand of
n fan is worth 2^(n−1) base points.
"""

from operator import itemgetter
from typing import NamedTuple

from firmware.rules.decompose import BlockKind, Shape, arrangements
from firmware.rules.hand import Hand
from firmware.rules.melds import Meld
from firmware.rules.shanten import waits
from firmware.rules.sichuan import fans as F
from firmware.rules.sichuan.context import NO_FLAGS, WinContext
from firmware.rules.sichuan.settings import SichuanSettings
from firmware.rules.sichuan.void_suit import suit_count, void_problem
from firmware.rules.tiles import to_counts

SHAPES = frozenset({Shape.STANDARD, Shape.SEVEN_PAIRS})
"""Four sets and a pair, or (without melds) seven pairs, four alike counting as two."""
_RANK = {fan: index for index, fan in enumerate(F.BASE_FANS)}
_NOT_258 = itemgetter(*(k for k in range(27) if k % 9 not in (1, 4, 7)))
_NONE_NOT_258 = (0,) * 18
_CHOW, _SEVEN_PAIRS = BlockKind.CHOW, Shape.SEVEN_PAIRS


class Value(NamedTuple):
    """A win's worth: `addons` holds (add-on, how many) in the order a result lists them."""

    base: F.Fan
    addons: tuple[tuple[F.Fan, int], ...]
    fan: int
    capped_fan: int
    points: int


def value_of(hand: Hand, win: WinContext, settings: SichuanSettings) -> Value | None:
    """The value of `hand` won under `win`, or None if its tiles form no winning shape."""
    found = arrangements(hand.closed_tuple, hand.melds, SHAPES)
    if not found:
        return None
    base = _base_fan(found, hand.all_tuple, win, settings)
    addons = _addons(hand, win, settings)
    fan = base.fan + sum(addon.fan * count for addon, count in addons)
    return Value(base, addons, fan, settings.capped(fan), settings.points(fan))


def _base_fan(found, counts: tuple, win: WinContext, settings: SichuanSettings) -> F.Fan:
    """The highest base row any reading reaches; of equal fan, the row listed first."""
    if settings.heavenly_earthly and (win.heavenly_win or win.earthly_win):
        return F.HEAVENLY_WIN if win.heavenly_win else F.EARTHLY_WIN
    one_suit = suit_count(counts) == 1
    only_258 = _NOT_258(counts) == _NONE_NOT_258
    if len(found) == 1:  # most hands read one way only
        return _reading_fan(found[0], one_suit, only_258)
    return min((_reading_fan(arr, one_suit, only_258) for arr in found), key=_RANK.__getitem__)


def _reading_fan(arr, one_suit: bool, only_258: bool) -> F.Fan:
    """The highest base row of one reading."""
    if arr.shape is _SEVEN_PAIRS:
        return F.PURE_SEVEN_PAIRS if one_suit else F.SEVEN_PAIRS
    blocks = arr.blocks
    pungs = all(block.kind is not _CHOW for block in blocks)
    if pungs and one_suit:
        return F.PURE_ALL_PUNGS
    if pungs and only_258:
        return F.PUNGS_258
    if one_suit:
        return F.FULL_FLUSH
    if all(block.first % 9 in ((0, 6) if block.kind is _CHOW else (0, 8)) for block in blocks):
        return F.OUTSIDE_HAND
    return F.ALL_PUNGS if pungs else F.BASIC_WIN


def _addons(hand: Hand, win: WinContext, settings: SichuanSettings) -> tuple[tuple[F.Fan, int], ...]:
    """The add-ons that hold: the kong flag, four melds (金钩钓: the fourteenth tile completes the
    pair), self-draw (杠上花 too), one 根 per kind held four times, then the optional ones."""
    found = []
    if win.kong_related:
        found.append((F.WIN_AFTER_KONG if hand.self_drawn else F.DISCARD_AFTER_KONG, 1))
    if len(hand.melds) == 4:
        found.append((F.GOLDEN_SINGLE_WAIT, 1))
    if hand.self_drawn:
        found.append((F.SELF_DRAWN, 1))
    roots = hand.all_tuple.count(4)
    if roots:
        found.append((F.ROOT, roots))
    if settings.robbing_kong_fan and win.robbing_kong:
        found.append((F.ROBBING_THE_KONG, 1))
    if settings.last_tile_fan and win.last_wall_tile:
        found.append((F.LAST_TILE, 1))
    return tuple(found)


def ready_value(concealed: tuple[int, ...], melds: tuple[Meld, ...], void_suit: int,
                settings: SichuanSettings) -> Value | None:
    """The most a standing hand could win on a discard (查大叫, seed line 43: 可能的最大番):
    over every waited tile (not breaking the void suit), with 根 but no 自摸 and no kong flag.
    None when the hand is not ready.

    A tile the concealed hand holds all four of is no wait; one whose other copies lie in the
    hand's own melds still is (形式听牌: ../shared/spec/play-scenarios.md, ``ready``, as the
    referee reads a draw), valued as if it came (its five copies make no 根)."""
    best = None
    held = to_counts(concealed)
    for tile in waits(held, len(melds), SHAPES):
        hand = Hand(concealed, melds, tile, False)
        if held[tile] == 4 or void_problem(hand.all_tuple, void_suit, settings.void_suit_binding):
            continue
        value = value_of(hand, NO_FLAGS[void_suit], settings)
        if best is None or value.fan > best.fan:
            best = value
    return best
