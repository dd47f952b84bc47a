"""Hand counts per seat from the zone readers: a wrong count (相公) is flagged with the seat.

A seat's hand area holds its concealed tiles, its meld area the exposed melds (concealed kongs
included: their tags read face down too) and the flowers set aside. Not counting flowers,
a seat holds 13 tiles, one more for each kong, and one more between its draw and its discard.
"""

from collections import Counter
from dataclasses import dataclass

from firmware.events import ZoneInventory
from firmware.tiles.kinds import FLOWERS
from firmware.tiles.registry import TileRegistry

SEAT_NAMES = "ESWN"


@dataclass(frozen=True)
class HandCount:
    seat: int
    concealed: int
    exposed: int
    kongs: int
    flowers: int
    expected: int
    unknown: tuple[str, ...]
    """Tags in the seat's zones the registry does not know (counted as tiles all the same)."""

    @property
    def held(self) -> int:
        return self.concealed + self.exposed

    @property
    def ok(self) -> bool:
        return self.held == self.expected

    def message(self) -> str:
        seat = SEAT_NAMES[self.seat]
        if self.ok:
            return f"seat {seat}: {self.held} tiles"
        return (f"seat {seat} holds {self.held} tiles ({self.concealed} concealed, "
                f"{self.exposed} in melds, {self.kongs} kong(s)), expects {self.expected}")


def count_hand(registry: TileRegistry, seat: int, hand: frozenset[str], melds: frozenset[str],
               drawn: bool) -> HandCount:
    """Count one seat: ``hand``/``melds`` are the two zone inventories, ``drawn`` whether the
    seat has drawn and not yet discarded. Kongs are the kinds with four tiles among the melds."""
    def kinds(uids):
        return [registry.lookup(uid).kind for uid in uids if registry.lookup(uid)]

    unknown = tuple(sorted(uid for uid in hand | melds if registry.lookup(uid) is None))
    flowers = sum(kind in FLOWERS for kind in kinds(hand | melds))
    concealed = len(hand) - sum(kind in FLOWERS for kind in kinds(hand))
    exposed = len(melds) - sum(kind in FLOWERS for kind in kinds(melds))
    kongs = sum(n == 4 for kind, n in Counter(kinds(melds)).items() if kind not in FLOWERS)
    return HandCount(seat, concealed, exposed, kongs, flowers, 13 + kongs + int(drawn), unknown)


class HandWatch:
    """Keeps each zone's latest inventory and flags a seat whose count stays wrong.

    A single inventory can miss a tag, so a seat is flagged only when ``confirm`` checks in a
    row find the same wrong count; one good check clears the streak.
    """

    def __init__(self, registry: TileRegistry, confirm: int = 2):
        if confirm < 1:
            raise ValueError(f"confirm must be at least 1, got {confirm}")
        self.registry = registry
        self.confirm = confirm
        self._zones: dict[tuple[int | None, str], frozenset[str]] = {}
        self._streaks: dict[int, tuple[int, int]] = {}

    def take(self, event) -> None:
        """A controller/referee listener input: ``ZoneInventory`` events, others ignored."""
        if isinstance(event, ZoneInventory):
            self._zones[(event.seat, event.area)] = event.uids

    def check(self, seat: int, drawn: bool) -> HandCount | None:
        """The seat's count when it is confirmed wrong, else None."""
        count = count_hand(self.registry, seat, self._zones.get((seat, "hand"), frozenset()),
                           self._zones.get((seat, "melds"), frozenset()), drawn)
        if count.ok:
            self._streaks.pop(seat, None)
            return None
        held, streak = self._streaks.get(seat, (count.held, 0))
        streak = streak + 1 if held == count.held else 1
        self._streaks[seat] = (count.held, streak)
        return count if streak >= self.confirm else None
