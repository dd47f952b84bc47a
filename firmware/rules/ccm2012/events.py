"""What happens in a CCM 2012 hand that moves points, as small frozen records (payments.py settles them).

Seats are 0..3 in turn order (counter-clockwise), so a seat's next player (下家) is
seat + 1 mod 4 and its left player (上家) seat − 1 mod 4. Tiles are kinds 0..33
(firmware.rules.tiles). A record checks what it can on its own and raises ValueError.
"""

from dataclasses import dataclass
from enum import Enum

SEATS = 4


class CallKind(str, Enum):
    """A claimed discard that makes a meld (a kong off a discard is a `Kong`)."""

    CHOW = "chow"
    PUNG = "pung"


class KongKind(str, Enum):
    """How a kong was made: off a discard, by adding a drawn tile to an exposed pung, from
    four tiles of one's own, or from flowers (AMB-5)."""

    MELDED = "melded"
    ADDED = "added"
    CONCEALED = "concealed"
    FLOWER = "flower"


@dataclass(frozen=True)
class Call:
    """`caller` chows or pungs a discard of `feeder`; `tile` is the claimed tile."""

    caller: int
    feeder: int
    kind: CallKind
    tile: int

    def __post_init__(self):
        _seats(self.caller, self.feeder)
        _tile(self.tile)
        if self.kind is CallKind.CHOW and self.caller != (self.feeder + 1) % SEATS:
            raise ValueError(f"only the next player may chow: seat {self.caller} cannot chow seat {self.feeder}")


@dataclass(frozen=True)
class Kong:
    """A kong declared by `seat`; `discarder` fed it (melded kongs only)."""

    seat: int
    kind: KongKind
    discarder: int | None = None

    def __post_init__(self):
        if (self.kind is KongKind.MELDED) != (self.discarder is not None):
            raise ValueError("a melded kong names its discarder, and no other kong does")
        _seats(self.seat, *(() if self.discarder is None else (self.discarder,)))


@dataclass(frozen=True)
class ChaseDiscards:
    """追牌: the four players discarded the same tile in a row, `first` leading."""

    first: int

    def __post_init__(self):
        _seats(self.first)


@dataclass(frozen=True)
class HangTile:
    """全求独钓: `seat`, with four melds, waits on the single tile `tile`, hung on the wall."""

    seat: int
    tile: int

    def __post_init__(self):
        _seats(self.seat)
        _tile(self.tile)


@dataclass(frozen=True)
class SwapHungTile:
    """The hung tile's owner swapped it: its liability ends for the hand (seed line 133)."""

    seat: int

    def __post_init__(self):
        _seats(self.seat)


@dataclass(frozen=True)
class Penalty:
    """`offender` is penalised for `offence` (a penalties.OFFENCES code)."""

    offender: int
    offence: str

    def __post_init__(self):
        _seats(self.offender)


@dataclass(frozen=True)
class Win:
    """`winner` wins a hand worth `value` (V); self-drawn when `discarder` is None.

    `win_tile` is needed for the hung-tile rule; `robbed_kong`: the tile was robbed from
    `discarder`'s added kong; `after_kong`: the discard came right after the discarder's
    own kong (AMB-3); `full_flush`: every tile of the hand is of one suit (清一).
    """

    winner: int
    value: int
    discarder: int | None = None
    win_tile: int | None = None
    robbed_kong: bool = False
    after_kong: bool = False
    full_flush: bool = False

    def __post_init__(self):
        _seats(self.winner, *(() if self.discarder is None else (self.discarder,)))
        if type(self.value) is not int or self.value < 1:
            raise ValueError(f"a win is worth at least 1 point (one fan), got {self.value!r}")
        if self.discarder is None and (self.robbed_kong or self.after_kong):
            raise ValueError("a robbed kong or a discard after a kong needs the discarder")
        if self.win_tile is not None:
            _tile(self.win_tile)


def _seats(*seats: int) -> None:
    for seat in seats:
        if type(seat) is not int or not 0 <= seat < SEATS:
            raise ValueError(f"seat must be 0..{SEATS - 1}, got {seat!r}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"a player cannot pay or feed itself: seats {seats}")


def _tile(kind: int) -> None:
    if type(kind) is not int or not 0 <= kind < 34:
        raise ValueError(f"tile must be a kind 0..33, got {kind!r}")
