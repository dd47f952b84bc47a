"""The win conditions a Sichuan record states (`context`): the declared void suit and the flags, read and checked.

Besides the spec's keys (void_suit, kong_related, robbing_kong, last_wall_tile) a record
may say `heavenly_win` / `earthly_win`; they count only where the settings turn 天和/地和 on.
"""

from typing import NamedTuple

from firmware.rules.hand import Hand

SUIT_LETTERS = ("m", "p", "s")
FLAGS = ("kong_related", "robbing_kong", "last_wall_tile", "heavenly_win", "earthly_win")
_SUIT_INDEX = {letter: index for index, letter in enumerate(SUIT_LETTERS)}
_ALL_BOOL = (bool,) * len(FLAGS)


class ContextError(ValueError):
    """A context that cannot be scored (status `invalid_context`); the message names the key."""


class WinContext(NamedTuple):
    """`void_suit` is the declared suit as a suit index (0 m, 1 p, 2 s)."""

    void_suit: int
    kong_related: bool = False
    robbing_kong: bool = False
    last_wall_tile: bool = False
    heavenly_win: bool = False
    earthly_win: bool = False

    @classmethod
    def from_record(cls, record: dict, hand: Hand) -> "WinContext":
        """Read the record's `context`, checked against the hand it describes."""
        context = record.get("context")
        if not isinstance(context, dict):
            raise ContextError(f"context must be an object, got {context!r}")
        void = context.get("void_suit")
        suit = _SUIT_INDEX.get(void) if type(void) is str else None
        if suit is None:
            raise ContextError(f"context.void_suit (定缺) must be one of m, p, s, got {void!r}")
        get = context.get
        flags = (get("kong_related", False), get("robbing_kong", False), get("last_wall_tile", False),
                 get("heavenly_win", False), get("earthly_win", False))
        if tuple(map(type, flags)) != _ALL_BOOL:
            key, value = next((key, value) for key, value in zip(FLAGS, flags) if type(value) is not bool)
            raise ContextError(f"context.{key} must be true or false, got {value!r}")
        win = tuple.__new__(cls, (suit, *flags))  # the NamedTuple without its Python-level __new__
        if (hand.self_drawn and (flags[0] or flags[1])) or flags[3] or flags[4]:
            _check_plausible(win, hand)
        return win


def _check_plausible(win: WinContext, hand: Hand) -> None:
    """Refuse flags the hand itself shows to be impossible."""
    if hand.self_drawn and win.robbing_kong:
        raise ContextError("robbing_kong (抢杠和) is a win on another player's kong tile, not a self-draw")
    if hand.self_drawn and win.kong_related and not any(meld.is_kong for meld in hand.melds):
        raise ContextError("kong_related on a self-draw (杠上花) needs a kong among the melds")
    if win.heavenly_win and (not hand.self_drawn or hand.melds):
        raise ContextError("heavenly_win (天和) is the dealer's self-drawn first fourteen, with no melds")
    if win.earthly_win and hand.melds:
        raise ContextError("earthly_win (地和) comes before any meld is made")


NO_FLAGS = {suit: WinContext(suit) for suit in range(3)}
"""A plain win on a discard, by void suit: how the draw's 查大叫 values a ready hand."""
