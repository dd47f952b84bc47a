"""Everything about a declared win that is the same for every arrangement of the hand.

Win conditions from the record's context (winds, flowers, flags), corrected where the
tiles prove a flag impossible or certain, plus the fans that follow from them alone:
win-condition fans, concealment fans and the tile-trait fans of traits.py.
"""

from typing import NamedTuple

from firmware.rules.hand import Hand
from firmware.rules.melds import MeldType
from firmware.rules.mcr.fans import F
from firmware.rules.mcr.profiles import Profile
from firmware.rules.suit_table import Memo, splits
from firmware.rules.tiles import WIND_BY_LETTER

_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_KAN_CLOSED = MeldType.KAN_CLOSED


class ContextError(ValueError):
    """A record context that cannot be read; the message names the key."""


_FLAGS = ("last_of_kind", "kong_related", "last_wall_tile")


class WinContext(NamedTuple):
    """MCR record context: winds, flower count and the win-condition flags."""

    seat_wind: int
    round_wind: int
    flowers: int = 0
    last_of_kind: bool = False
    kong_related: bool = False
    last_wall_tile: bool = False

    @classmethod
    def from_record(cls, context) -> "WinContext":
        """Read a record's `context`, raising ContextError that names a bad key."""
        if not isinstance(context, dict):
            raise ContextError(f"context must be an object, got {context!r}")
        try:
            seat, prevalent = WIND_BY_LETTER[context["seat_wind"]], WIND_BY_LETTER[context["round_wind"]]
        except (KeyError, TypeError):  # missing, unknown or unhashable: say which and why
            seat, prevalent = _wind(context, "seat_wind"), _wind(context, "round_wind")
        flowers = context.get("flowers", 0)
        if type(flowers) is not int or not 0 <= flowers <= 8:
            raise ContextError(f"context flowers must be an integer 0..8, got {flowers!r}")
        get = context.get
        last_of_kind, kong_related, last_wall_tile = flags = (
            get("last_of_kind", False), get("kong_related", False), get("last_wall_tile", False))
        if type(last_of_kind) is not bool or type(kong_related) is not bool or type(last_wall_tile) is not bool:
            key, flag = next((key, flag) for key, flag in zip(_FLAGS, flags) if type(flag) is not bool)
            raise ContextError(f"context {key} must be true or false, got {flag!r}")
        # tuple.__new__ builds the same NamedTuple without a call to its Python-level __new__.
        return tuple.__new__(cls, (seat, prevalent, flowers, last_of_kind, kong_related, last_wall_tile))


def _wind(context: dict, key: str) -> int:
    letter = context.get(key)
    if not isinstance(letter, str) or letter not in WIND_BY_LETTER:
        raise ContextError(f"context {key} must be one of E, S, W, N, got {letter!r}")
    return WIND_BY_LETTER[letter]


class Situation:
    """A complete hand with its context and profile, and what is the same for every reading.

    `conditions` holds the win-condition fans, which is all the special shapes take;
    `concealment` adds 不求人 / 门前清 for a concealed hand, or 全求人 for four claimed sets
    won on a discard, which standard and knitted-straight readings start from; `tile_hogs`
    counts the kinds held four times outside a kong (四归一); `nine_gates` tells 九莲宝灯.
    """

    __slots__ = ("hand", "context", "profile", "closed", "conditions", "concealment", "tile_hogs",
                 "nine_gates", "_single_wait")

    def __init__(self, hand: Hand, context: WinContext, profile: Profile):
        self.hand, self.context, self.profile = hand, context, profile
        self.closed = hand.closed_tuple
        self.conditions = _win_conditions(hand, context)
        self.concealment = concealment = self.conditions.copy()
        claimed = kongs = 0
        for meld in hand.melds:
            claimed += meld.type is not _KAN_CLOSED
            kongs += len(meld.tiles) == 4
        if claimed == 0:
            concealment[F.FULLY_CONCEALED_HAND if hand.self_drawn else F.CONCEALED_HAND] = 1
        elif claimed == 4 and not hand.self_drawn:
            concealment[F.MELDED_HAND] = 1
        self.tile_hogs = hand.all_tuple.count(4) - kongs
        self.nine_gates = not hand.melds and _is_nine_gates(self.closed, hand.win_tile)
        self._single_wait = None

    @property
    def single_wait(self) -> bool:
        """True when the hand before the win waited on one kind only (seven pairs included).

        Kinds whose four copies are already held still count as waits ([S2] via mcr.md).
        """
        if self._single_wait is None:
            win = self.hand.win_tile
            before = list(self.closed)
            before[win] -= 1
            also = None if self.hand.melds else _single_of_six_pairs(before)
            self._single_wait = only_wait(before, win, also)
        return self._single_wait


def _is_nine_gates(closed: tuple[int, ...], win: int) -> bool:
    """九莲宝灯: the 13 concealed tiles before the win are 1112345678999 of one suit."""
    base = win - win % 9
    if win >= 27 or closed[base] < 3 or closed[base + 8] < 3:  # the quick refusal first
        return False
    before = list(closed[base:base + 9])
    before[win - base] -= 1
    return tuple(before) == _NINE_GATES


def _win_conditions(hand: Hand, ctx: WinContext) -> dict[int, int]:
    """A tally of 和绝张, 妙手回春/海底捞月, 杠上开花/抢杠和 and 自摸, after correcting the flags:
    the last copy is certain when the other three are melded, impossible when the hand holds
    one; a replacement-tile win needs a kong of the winner's, a robbed kong a tile nobody holds."""
    table = {}
    win, self_drawn = hand.win_tile, hand.self_drawn
    held = hand.closed_tuple[win]
    in_melds = hand.all_tuple[win] - held
    in_hand = held > 1
    if (ctx.last_of_kind and not in_hand) or in_melds == 3:
        table[F.LAST_TILE] = 1
    if ctx.last_wall_tile:
        table[F.LAST_TILE_DRAW if self_drawn else F.LAST_TILE_CLAIM] = 1
    if ctx.kong_related and (
            any(len(m.tiles) == 4 for m in hand.melds) if self_drawn else not (in_hand or in_melds)):
        table[F.OUT_WITH_REPLACEMENT_TILE if self_drawn else F.ROBBING_THE_KONG] = 1
    if self_drawn:
        table[F.SELF_DRAWN] = 1
    return table


def _single_of_six_pairs(before: list[int]) -> int | None:
    """The lone kind of 13 tiles that are six pairs and a single (which wait on seven pairs
    too), else None. More than seven kinds (fewer than 27 absent) rule it out: the cheap test first."""
    if before.count(0) < 27 or before.count(2) + before.count(3) + 2 * before.count(4) != 6:
        return None
    return before.index(1) if 1 in before else before.index(3)


def only_wait(before, win_tile: int, also: int | None = None) -> bool:
    """True when `win_tile` is the only kind completing the 34 counts `before` as sets and one
    pair (with `also`, if given, counted as a wait too). Works suit by suit: adding a tile
    changes one suit only, and what each suit pattern becomes with one more tile is memoised."""
    if also is not None and also != win_tile:
        return False
    before, suited = tuple(before), _SUITED_INFO
    fits, suit_waits = zip(suited[before[0:9]], suited[before[9:18]], suited[before[18:27]],
                           _HONOURS_INFO[before[27:34]])
    unsplit = fits.count(None)
    if unsplit > 1:
        return True  # one more tile mends one suit only: nothing completes the hand
    pairs = fits.count(1)
    for base, fit, waits in zip(_BASES, fits, suit_waits):
        others = pairs - (fit == 1)
        if unsplit - (fit is None) or others > 1:
            continue  # another suit cannot split, or holds pairs enough, whatever this one gets
        kinds = waits[1 - others]  # this suit must end with the pair if no other suit has it
        if kinds and (len(kinds) > 1 or base + kinds[0] != win_tile):
            return False
    return True


_BASES = (0, 9, 18, 27)


def _suit_info(pattern: tuple, runs: bool) -> tuple:
    """(fit, waits) of one suit's pattern: fit is 1 if it splits into sets and a pair, 0 into
    sets only, None if it cannot split; waits[f] lists the offsets of the kinds whose one
    extra copy makes it split with fit f."""
    grown = (pattern[:i] + (pattern[i] + 1,) + pattern[i + 1:] for i in range(len(pattern)))
    fits = [_fit(bigger, runs) for bigger in grown]
    return _fit(pattern, runs), tuple(tuple(i for i, fit in enumerate(fits) if fit == f) for f in (0, 1))


def _fit(pattern: tuple, runs: bool) -> int | None:
    return int(sum(pattern) % 3 == 2) if splits(pattern, runs) else None


_SUITED_INFO = Memo(lambda pattern: _suit_info(pattern, True))
_HONOURS_INFO = Memo(lambda pattern: _suit_info(pattern, False))
