"""The events of one Sichuan hand that move points, as `settle` reads them.

Seats are 0..3 counter-clockwise from East (the order of play). A win carries its total fan
as the scorer gives it (`fan` of a result: base plus add-ons, 杠上炮 included); `settle`
applies the cap and the multiplier.
"""

from dataclasses import dataclass
from enum import Enum

from firmware.rules.melds import Meld

SEATS = 4


class KongKind(str, Enum):
    """How a kong was made, which decides what it collects (seed lines 21-29, 65-69)."""

    DIRECT = "direct"
    """直杠 (刮风): three in hand, the fourth claimed from a discard; 2 from the discarder."""
    ADDED = "added"
    """面下杠 (刮风): the fourth drawn and added to one's pon at once; 1 from each player still in."""
    CONCEALED = "concealed"
    """下雨: four in hand; 2 from each player still in."""
    LATE_ADDED = "late_added"
    """An added kong made later from the hand, or on a pon taken when a direct kong was
    possible: it collects nothing (seed lines 23, 25)."""


@dataclass(frozen=True)
class Kong:
    """`seat` makes a kong; `discarder` is whose discard a direct kong took (None otherwise)."""

    seat: int
    kind: KongKind
    discarder: int | None = None


@dataclass(frozen=True)
class Winner:
    """One winner of a discard or of a robbed kong, and the fan the hand scored."""

    seat: int
    fan: int


@dataclass(frozen=True)
class SelfDraw:
    """自摸 (杠上花 too): `seat` wins on its own draw; every other player still in pays."""

    seat: int
    fan: int


@dataclass(frozen=True)
class DiscardWin:
    """点炮: one discard won by one or more players (一炮多响, seed line 31).

    `after_kong`: the discarder had just made a kong (杠上炮), so that kong's income goes
    to the winner (呼叫转移, seed line 70).
    """

    discarder: int
    winners: tuple[Winner, ...]
    after_kong: bool = False


@dataclass(frozen=True)
class RobbedKong:
    """抢杠: the tile `kong_seat` added to a pon is won; the kong collects nothing and the
    kong maker pays each winner as a discarder would (seed line 25)."""

    kong_seat: int
    winners: tuple[Winner, ...]


@dataclass(frozen=True)
class StandingHand:
    """A hand still in play when the wall runs out: its concealed tiles (13 − 3 × melds),
    melds, declared void suit (0 m, 1 p, 2 s) and whether it is dead (停和: it cannot be ready)."""

    seat: int
    concealed: tuple[int, ...]
    void_suit: int
    melds: tuple[Meld, ...] = ()
    dead: bool = False


@dataclass(frozen=True)
class WallEmpty:
    """流局: the wall is used up with fewer than three winners; `hands` are the players still in."""

    hands: tuple[StandingHand, ...]


@dataclass(frozen=True)
class TimeUp:
    """The chief judge calls time: the hand in progress is void (seed line 158)."""
