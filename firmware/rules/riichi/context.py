"""The win conditions of a riichi hand record (winds, riichi, last tile, dora, sticks), read and checked."""

from typing import NamedTuple

from firmware.rules.hand import Hand
from firmware.rules.suit_table import Memo
from firmware.rules.tiles import DRAGONS, EAST, NORTH, WHITE, WIND_BY_LETTER, NotationError, parse_tiles

FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")
# Optional furiten evidence (not in the oracle-checked corpora): tiles the winner discarded
# this hand, tiles let pass since the winner's last discard, tiles let pass after riichi.
FURITEN_KEYS = ("own_discards", "passed_since_discard", "passed_after_riichi")
_NO_EVIDENCE = ((), (), ())
_BOOL = {bool}


class ContextError(ValueError):
    """A context that cannot be scored; `status` is the record status it maps to."""

    def __init__(self, status: str, message: str):
        super().__init__(message)
        self.status = status


class WinContext(NamedTuple):
    """The record's `context`, parsed; derived facts (`is_dealer`, `any_flag`, `riichi_declared`) are fields too.

    A NamedTuple rather than a frozen dataclass: the scorer reads these fields on every
    hand and builds one per record, and tuples are the cheapest immutable record for both.
    """

    seat_wind: int
    round_wind: int
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    honba: int
    riichi_sticks: int
    furiten_evidence: tuple[tuple[int, ...], ...]
    is_dealer: bool
    any_flag: bool
    riichi_declared: bool

    @classmethod
    def from_record(cls, record: dict) -> "WinContext":
        """Read `context`; wrong types or winds are invalid_context, bad tile text invalid_tiles."""
        ctx = record.get("context")
        if not isinstance(ctx, dict):
            raise ContextError("invalid_context", f"context must be an object, got {ctx!r}")
        values = [ctx.get(name, False) for name in FLAGS]
        if set(map(type, values)) != _BOOL:
            bad = next(name for name, value in zip(FLAGS, values) if not isinstance(value, bool))
            raise ContextError("invalid_context", f"context.{bad} must be true or false, got {ctx[bad]!r}")
        seat = _wind(ctx, "seat_wind")
        held = {name for name, value in zip(FLAGS, values) if value} if True in values else ()
        evidence = (tuple(_tiles(ctx, key) if key in ctx else () for key in FURITEN_KEYS)
                    if not ctx.keys().isdisjoint(FURITEN_KEYS) else _NO_EVIDENCE)
        return cls._make((seat, _wind(ctx, "round_wind"), *values,
                          _tiles(ctx, "dora_indicators"), _tiles(ctx, "ura_dora_indicators"),
                          _count(ctx, "honba"), _count(ctx, "riichi_sticks"), evidence, *_derived(seat, held)))


def _derived(seat_wind: int, flags) -> tuple[bool, bool, bool]:
    """is_dealer, any_flag, riichi_declared from the seat and the set of flags that hold."""
    return seat_wind == EAST, bool(flags), "riichi" in flags or "double_riichi" in flags


def _wind(ctx: dict, key: str) -> int:
    value = ctx.get(key)
    if not isinstance(value, str) or value not in WIND_BY_LETTER:
        raise ContextError("invalid_context", f"context.{key} must be one of E, S, W, N, got {value!r}")
    return WIND_BY_LETTER[value]


def _count(ctx: dict, key: str) -> int:
    value = ctx.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ContextError("invalid_context", f"context.{key} must be a whole number >= 0, got {value!r}")
    return value


def _tiles(ctx: dict, key: str) -> tuple[int, ...]:
    try:
        return tuple(parse_tiles(ctx.get(key) or ""))
    except NotationError as error:
        raise ContextError("invalid_tiles", f"context.{key}: {error}") from None


# (flag, condition, refusal), checked in this order: the same refusals, in the same order, as
# the oracle (mahjong 2.1.0), so a record it rejects as contradictory is rejected here too.
# Each refusal needs its flag set, so only the set flags' conditions are evaluated.
_REFUSALS = (
    # `h.melds and`: a hand with no melds is concealed, without asking every meld (most riichi hands).
    ("riichi", lambda c, h: not c.double_riichi and h.melds and not h.is_concealed_hand, "riichi with an open hand"),
    ("double_riichi", lambda c, h: h.melds and not h.is_concealed_hand, "double riichi with an open hand"),
    ("ippatsu", lambda c, h: not c.riichi_declared, "ippatsu without riichi"),
    ("chankan", lambda c, h: h.self_drawn, "chankan (robbing a kong) on a self-draw"),
    ("rinshan", lambda c, h: not h.self_drawn, "rinshan (win on a kong replacement) on a discard"),
    ("haitei", lambda c, h: not h.self_drawn, "haitei (last wall tile) on a discard"),
    ("houtei", lambda c, h: h.self_drawn, "houtei (last discard) on a self-draw"),
    ("haitei", lambda c, h: c.rinshan, "haitei together with rinshan"),
    ("houtei", lambda c, h: c.chankan, "houtei together with chankan"),
    ("tenhou", lambda c, h: not c.is_dealer, "tenhou for a non-dealer"),
    ("tenhou", lambda c, h: not h.self_drawn, "tenhou on a discard"),
    ("tenhou", lambda c, h: bool(h.melds), "tenhou with a declared meld"),
    ("chiihou", lambda c, h: c.is_dealer, "chiihou for the dealer"),
    ("chiihou", lambda c, h: not h.self_drawn, "chiihou on a discard"),
    ("chiihou", lambda c, h: bool(h.melds), "chiihou with a declared meld"),
)
# The same, with each flag as its index in WinContext (a tuple index is the cheapest read).
_INDEXED_REFUSALS = tuple((WinContext._fields.index(flag), broken, reason) for flag, broken, reason in _REFUSALS)
# Where a WinContext holds the nine flags, and those flags (a tuple of booleans) -> one bit per
# flag, in FLAGS order: the scorer reads `FLAG_BITS[win[FLAGS_AT]]` once per hand (at most 2^9 keys).
FLAGS_AT = slice(WinContext._fields.index(FLAGS[0]), WinContext._fields.index(FLAGS[-1]) + 1)
FLAG_BITS = Memo(lambda flags: sum(held << bit for bit, held in enumerate(flags)))
# The flags' bits -> the refusals whose flag is among them, in order.
_REFUSALS_FOR: dict[int, tuple] = {}


def refusal(ctx: WinContext, hand: Hand, flags: int) -> str | None:
    """Why these win conditions contradict each other or the hand, or None when they fit.

    `flags` is FLAG_BITS[ctx[FLAGS_AT]]; every refusal needs a flag, so 0 fits.
    """
    if not flags:
        return None
    checks = _REFUSALS_FOR.get(flags)
    if checks is None:  # at most 2^9 combinations of flags
        checks = _REFUSALS_FOR[flags] = tuple((broken, reason) for flag, broken, reason in _INDEXED_REFUSALS
                                              if ctx[flag])
    for broken, reason in checks:
        if broken(ctx, hand):
            return reason
    return None


def dora_of(indicator: int) -> int:
    """The tile an indicator points at: next rank in a suit (9 -> 1), winds E->S->W->N->E, dragons cycle."""
    if indicator < EAST:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator <= NORTH:
        return EAST if indicator == NORTH else indicator + 1
    return WHITE if indicator == DRAGONS[-1] else indicator + 1


_DORA_OF = tuple(dora_of(k) for k in range(34))


def count_dora(indicators: tuple[int, ...], closed_counts: tuple[int, ...], melds=()) -> int:
    """Han from dora indicators: one per matching tile per indicator, in the hand and its melds (a kong's four count)."""
    held = 0
    for indicator in indicators:
        dora = _DORA_OF[indicator]
        held += closed_counts[dora]
        for meld in melds:
            held += meld.tiles.count(dora)
    return held
