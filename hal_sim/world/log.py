"""The world's own log of the hands played: what only the simulator knows.

Each injected mistake (hand, seat, offence), the true zones at each discard, every win with
its record and the rules engine's result on it, and how each hand ended. The harness reads it
to check the referee (``mjtable sim --json``); nothing in ``firmware/`` may.
"""

from collections import Counter
from dataclasses import dataclass, field

from hal_sim.world.tabletop import zone_text


@dataclass(frozen=True)
class Mistake:
    hand: int
    seat: int
    offence: str
    detail: str


@dataclass(frozen=True)
class Discard:
    hand: int
    seat: int
    tile: str
    kinds: dict
    """Every zone's tile kinds right after the discard (``hand.S``, ``melds.S``, ``pond``)."""
    census: tuple[int, int]
    """(tiles placed, distinct tiles: distinct tags) in the walls and the zones at that moment
    (``census_of``): both are the set's size when every tile was in exactly one place."""

    @property
    def zones(self) -> dict[str, str]:
        """The zones in the spec's notation (``"hand.0": "123m456p11z"``, ...)."""
        return {zone: zone_text(kinds) for zone, kinds in self.kinds.items()}


def census_of(placed) -> tuple[int, int]:
    """``Discard.census`` of the tiles ``placed`` (wall by wall and zone by zone)."""
    uids = [tile.uid for where in placed for tile in where]
    return len(uids), len(set(uids))


@dataclass(frozen=True)
class Win:
    hand: int
    seat: int
    win_by: str
    discarder: int | None
    record: dict
    result: dict


@dataclass
class HandEnd:
    hand: int
    rules: str
    dealer: int
    end: str
    """``win``, ``draw`` (the wall ran out; Sichuan also after some wins) or ``cut`` (a
    mistake: the players stop there)."""
    set_size: int


@dataclass
class WorldLog:
    mistakes: list[Mistake] = field(default_factory=list)
    discards: list[Discard] = field(default_factory=list)
    wins: list[Win] = field(default_factory=list)
    hands: list[HandEnd] = field(default_factory=list)
    unplayable: list[int] = field(default_factory=list)
    """Hands whose walls were not a whole set in whole stacks (a fault left them so): the
    players did not play them."""

    def take_discards(self, upto: int) -> list[Discard]:
        """The discards of hands up to ``upto``, taken out of the log: the harness checks them
        once, when the hand's result comes, and a long run keeps only the hand in play's."""
        count = next((i for i, d in enumerate(self.discards) if d.hand > upto), len(self.discards))
        taken, self.discards = self.discards[:count], self.discards[count:]
        return taken

    def ends(self) -> dict[str, int]:
        return dict(Counter(hand.end for hand in self.hands))
