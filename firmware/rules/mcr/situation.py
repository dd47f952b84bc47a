"""Everything about a declared win that is the same for every arrangement of the hand.

Win conditions from the record's context (winds, flowers, flags), corrected where the
tiles prove a flag impossible or certain, plus the fans that follow from them alone:
win-condition fans, concealment fans and the tile-trait fans of traits.py.
"""

from dataclasses import dataclass, field
from functools import cached_property

from firmware.rules.hand import Hand
from firmware.rules.mcr.fans import F
from firmware.rules.mcr.profiles import Profile
from firmware.rules.mcr.traits import tile_fans
from firmware.rules.suit_table import splits
from firmware.rules.tiles import WIND_BY_LETTER

_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


class ContextError(ValueError):
    """A record context that cannot be read; the message names the key."""


@dataclass(frozen=True)
class WinContext:
    """MCR record context: winds, flower count and the four win-condition flags."""

    seat_wind: int
    round_wind: int
    flowers: int = 0
    last_of_kind: bool = False
    kong_related: bool = False
    last_wall_tile: bool = False

    @classmethod
    def from_record(cls, context) -> "WinContext":
        if not isinstance(context, dict):
            raise ContextError(f"context must be an object, got {context!r}")
        winds = [WIND_BY_LETTER.get(context.get(key)) for key in ("seat_wind", "round_wind")]
        for key, wind in zip(("seat_wind", "round_wind"), winds):
            if wind is None:
                raise ContextError(f"context {key} must be one of E, S, W, N, got {context.get(key)!r}")
        flowers = context.get("flowers", 0)
        if type(flowers) is not int or not 0 <= flowers <= 8:
            raise ContextError(f"context flowers must be an integer 0..8, got {flowers!r}")
        flags = {key: context.get(key, False) for key in ("last_of_kind", "kong_related", "last_wall_tile")}
        for key, value in flags.items():
            if not isinstance(value, bool):
                raise ContextError(f"context {key} must be true or false, got {value!r}")
        return cls(winds[0], winds[1], flowers, **flags)


@dataclass
class Situation:
    """A complete hand with its context, profile and the per-hand fans worked out once."""

    hand: Hand
    context: WinContext
    profile: Profile
    closed: list[int] = field(init=False)
    condition_fans: list[tuple[int, int]] = field(init=False)
    concealment_fans: list[tuple[int, int]] = field(init=False)

    def __post_init__(self):
        self.closed = self.hand.closed_counts
        self.condition_fans = self._win_condition_fans()
        self.concealment_fans = self._concealment_fans()

    @cached_property
    def tile_fans(self) -> list[tuple[int, int]]:
        """Suit, kind, rank-range and 四归一 fans over all tiles, melds included."""
        return tile_fans(self.hand.all_counts, sum(m.is_kong for m in self.hand.melds))

    @cached_property
    def nine_gates(self) -> bool:
        """九莲宝灯: no melds and the 13 tiles before the win are 1112345678999 of one suit."""
        if self.hand.melds:
            return False
        before = list(self.closed)
        before[self.hand.win_tile] -= 1
        return any(tuple(before[base:base + 9]) == _NINE_GATES for base in (0, 9, 18))

    @cached_property
    def single_wait(self) -> bool:
        """True when the hand before the win waited on one kind only (seven pairs included).

        Kinds whose four copies are already held still count as waits ([S2] via mcr.md).
        """
        before = list(self.closed)
        before[self.hand.win_tile] -= 1
        extra = set()
        if not self.hand.melds and before.count(2) + before.count(3) + 2 * before.count(4) == 6:
            extra.add(next(k for k, n in enumerate(before) if n in (1, 3)))
        return only_wait(before, self.hand.win_tile, extra)

    def _win_condition_fans(self) -> list[tuple[int, int]]:
        """和绝张, 妙手回春/海底捞月, 杠上开花/抢杠和, 自摸 after correcting the flags."""
        hand, ctx = self.hand, self.context
        in_hand = self.closed[hand.win_tile] > 1
        in_melds = sum(meld.tiles.count(hand.win_tile) for meld in hand.melds)
        last_of_kind = (ctx.last_of_kind and not in_hand) or in_melds == 3
        kong_related = ctx.kong_related and (
            any(m.is_kong for m in hand.melds) if hand.self_drawn else not (in_hand or in_melds))
        fans = [(F.LAST_TILE, 1)] if last_of_kind else []
        if ctx.last_wall_tile:
            fans.append((F.LAST_TILE_DRAW if hand.self_drawn else F.LAST_TILE_CLAIM, 1))
        if kong_related:
            fans.append((F.OUT_WITH_REPLACEMENT_TILE if hand.self_drawn else F.ROBBING_THE_KONG, 1))
        if hand.self_drawn:
            fans.append((F.SELF_DRAWN, 1))
        return fans

    def _concealment_fans(self) -> list[tuple[int, int]]:
        """不求人 / 门前清 for a concealed hand, 全求人 for four claimed sets won on a discard."""
        claimed = sum(not meld.is_concealed for meld in self.hand.melds)
        if claimed == 0:
            return [(F.FULLY_CONCEALED_HAND if self.hand.self_drawn else F.CONCEALED_HAND, 1)]
        if claimed == 4 and not self.hand.self_drawn:
            return [(F.MELDED_HAND, 1)]
        return []


def only_wait(before: list[int], win_tile: int, extra: set[int] = frozenset()) -> bool:
    """True when `win_tile` is the only kind completing `before` as sets and one pair (with
    the kinds in `extra` also counted as waits). Works suit by suit: adding a tile changes
    one suit only, and the per-suit splits are memoised by the core."""
    parts = [(base, tuple(before[base:base + size]), runs) for base, size, runs in _PARTS]
    fits = [_fits(pattern, runs) for _base, pattern, runs in parts]
    waits = set(extra) - {win_tile}
    for index, (base, pattern, runs) in enumerate(parts):
        others = fits[:index] + fits[index + 1:]
        if None in others:
            continue
        pairs = sum(others)
        for offset in range(len(pattern)):
            if base + offset == win_tile or base + offset in waits:
                continue
            grown = pattern[:offset] + (pattern[offset] + 1,) + pattern[offset + 1:]
            fit = _fits(grown, runs)
            if fit is not None and fit + pairs == 1:
                waits.add(base + offset)
                break
        if waits:
            return False
    return not waits


_PARTS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))


def _fits(pattern: tuple, runs: bool) -> int | None:
    """1 if the suit splits into sets and a pair, 0 into sets only, None if it cannot split."""
    return (sum(pattern) % 3 == 2) if splits(pattern, runs) else None
