"""Hand counts per seat from the zone readers: a wrong count (相公) is flagged with the seat.

A seat's hand area holds its concealed tiles, its meld area the exposed melds (concealed kongs
included: their tags read face down too) and the flowers set aside. Not counting flowers,
a seat holds 13 tiles, one more for each kong, and one more between its draw and its discard.
"""

from dataclasses import dataclass, replace

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
    seat has drawn and not yet discarded. Kongs follow from the meld area's count: k melds of
    which j are kongs lay 3k + j tiles (j <= k), so j is that count mod 3, except for 12
    tiles: four pungs beside one or two standing tiles, or three kongs beside four or five.
    (Four of a kind among the melds is no proof: a pung and a chow may share a kind.)"""
    tiles = {uid: registry.lookup(uid) for uid in hand | melds}
    unknown = tuple(sorted(uid for uid, tile in tiles.items() if tile is None))
    flowers = {uid for uid, tile in tiles.items() if tile is not None and tile.kind in FLOWERS}
    concealed, exposed = len(hand - flowers), len(melds - flowers)
    kongs = exposed % 3 if exposed != 12 else 3 * (concealed >= 4)
    return HandCount(seat, concealed, exposed, kongs, len(flowers), 13 + kongs + int(drawn),
                     unknown)


class HandWatch:
    """Each zone's latest inventory, which seat holds the drawn tile, and the seats whose count
    stays wrong.

    Whose turn it is follows from the counts: the dealer starts a hand holding the drawn tile;
    when the holder is back to its base count (it discarded) and another seat shows one tile
    more than its base, that seat drew. A seat one over its base while another seat still holds
    the drawn tile has one too many. A single inventory can miss a tag, so a seat is flagged
    only when ``confirm`` checks in a row find the same wrong count; one good check clears it.
    """

    def __init__(self, registry: TileRegistry, confirm: int = 2):
        if confirm < 1:
            raise ValueError(f"confirm must be at least 1, got {confirm}")
        self.registry = registry
        self.confirm = confirm
        self._zones: dict[tuple[int | None, str], frozenset[str]] = {}
        self._streaks: dict[int, tuple[int, int]] = {}
        self._holder: int | None = None
        self._counted: dict[tuple[int, frozenset[str], frozenset[str]], HandCount] = {}
        """Each seat's count (before its draw) for each pair of inventories met in this hand:
        a seat is counted again at every report, mostly for the inventories it had."""

    def new_hand(self, dealer: int) -> None:
        """A hand is dealt: the zones fill anew and ``dealer`` holds the drawn tile."""
        self._zones.clear()
        self._streaks.clear()
        self._counted.clear()
        self._holder = dealer

    def take(self, event) -> HandCount | None:
        """A ``ZoneInventory`` (others are ignored): the seat's count when it is confirmed
        wrong, else None. Before ``new_hand`` every seat is expected to hold its base count."""
        if not isinstance(event, ZoneInventory):
            return None
        self._zones[(event.seat, event.area)] = event.uids
        return None if event.seat is None else self.check(event.seat, self._drawn(event.seat))

    def _count(self, seat: int, drawn: bool) -> HandCount:
        key = (seat, self._zones.get((seat, "hand"), frozenset()),
               self._zones.get((seat, "melds"), frozenset()))
        count = self._counted.get(key)
        if count is None:
            count = self._counted[key] = count_hand(self.registry, *key, drawn=False)
        return replace(count, expected=count.expected + 1) if drawn else count

    def _over(self, seat: int) -> int:
        """Tiles the seat holds beyond its base count (13, one more per kong)."""
        base = self._count(seat, drawn=False)
        return base.held - base.expected

    def _drawn(self, seat: int) -> bool:
        """Whether ``seat`` should hold the drawn tile now (the turn may pass to it here)."""
        over = self._over(seat)
        if seat == self._holder:
            return over > 0
        if over == 1 and (self._holder is None or self._over(self._holder) <= 0):
            self._holder = seat
            return True
        return False

    def seat_counts(self) -> list[int]:
        """The tiles each seat holds now by its latest inventories (E S W N, flowers aside)."""
        return [self._count(seat, drawn=False).held for seat in range(4)]

    def check(self, seat: int, drawn: bool) -> HandCount | None:
        """The seat's count when it is confirmed wrong, else None."""
        count = self._count(seat, drawn)
        if count.ok:
            self._streaks.pop(seat, None)
            return None
        held, streak = self._streaks.get(seat, (count.held, 0))
        streak = streak + 1 if held == count.held else 1
        self._streaks[seat] = (count.held, streak)
        return count if streak >= self.confirm else None
