"""The table top during a hand: where every tile of the set in play lies, and the moves that
change it, each shown to the zone readers in the order the players' hands make it.

This is the world's truth (only the simulator knows it): the walls (``PlayWall``), each seat's
standing tiles, melds and flowers set aside, and the one discard pond. A move changes the
truth first, then tells the zone readers (``SimHands``) which zones changed, in the order of
the spec's table (../shared/spec/play-scenarios.md): a discard changes the hand, then the pond;
a call the pond, the hand, then the melds. Without zone readers the moves happen all the same
and nobody sees them.
"""

from collections import Counter
from dataclasses import dataclass, field

from firmware.rules.tiles import N_KINDS, format_tiles
from firmware.tiles.kinds import FLOWERS, KINDS

from hal_sim.rfid.hands import ZONES
from hal_sim.world.wall import PlayWall

KIND_INDEX = {kind: index for index, kind in enumerate(KINDS)}
"""Tile kind text → the rules core's kind number (0..33); flowers follow (34..41)."""
ZONE_NAMES = {(seat, area): f"{area}.{seat}" for seat in range(4) for area in ("hand", "melds")}
ZONE_NAMES[None, "pond"] = "pond"
"""Each zone's name in the world's log, in the log's order (seat by seat, then the pond)."""


def kind_of(tile) -> int:
    return KIND_INDEX[tile.kind]


def _kinds(tiles) -> tuple[str, ...]:
    # A comprehension reads the attribute faster than map(attrgetter("kind"), ...) calls it.
    return tuple([tile.kind for tile in tiles])


def zone_text(tiles) -> str:
    """A zone's tiles (or their kinds) in the spec's notation: mpsz in canonical order, then the
    flowers (``f``)."""
    kinds = Counter(getattr(tile, "kind", tile) for tile in tiles)
    flowers = "".join(kind[0] for kind in FLOWERS if kinds[kind])
    rest = [KIND_INDEX[kind] for kind, n in kinds.items() if kind not in FLOWERS for _ in range(n)]
    return format_tiles(rest) + (f"{flowers}f" if flowers else "")


@dataclass
class TableMeld:
    """A meld laid out: ``type`` as hand records name it (chi, pon, kan_open, kan_added,
    kan_closed; ``wrong`` for tiles a player mis-called together), its tiles, the claimed tile
    and the seat that gave it (None when concealed)."""

    type: str
    tiles: list
    called: object | None = None
    giver: int | None = None


@dataclass
class SeatTiles:
    """A seat's standing tiles (``hand``, with their ``counts`` per kind 0..33), melds and
    flowers set aside; the standing tiles change through ``stand`` and ``lift`` only."""

    hand: list = field(default_factory=list)
    melds: list[TableMeld] = field(default_factory=list)
    flowers: list = field(default_factory=list)
    counts: list[int] = field(default_factory=lambda: [0] * N_KINDS)

    def stand(self, tiles) -> None:
        for tile in tiles:
            self.hand.append(tile)
            if (kind := kind_of(tile)) < N_KINDS:
                self.counts[kind] += 1

    def lift(self, tile) -> None:
        """Take ``tile`` (that very tile) out of the standing tiles."""
        del self.hand[next(i for i, t in enumerate(self.hand) if t is tile)]
        if (kind := kind_of(tile)) < N_KINDS:
            self.counts[kind] -= 1

    def meld_area(self) -> list:
        """What lies in the meld area: the melds' tiles (concealed kongs too) and the flowers."""
        return [tile for meld in self.melds for tile in meld.tiles] + self.flowers


class TableTop:
    """The truth of one hand's tiles, and the physical moves."""

    def __init__(self, wall: PlayWall, readers=None):
        self.wall = wall
        self.seats = [SeatTiles() for _ in range(4)]
        self.pond: list = []
        self._readers = readers
        self._seen: dict[tuple, tuple[tuple, tuple]] = {zone: ((), ()) for zone in ZONES}
        """Each zone's (tiles, kinds), read once after each move that changes it (``_show``):
        from one discard to the next most zones stay as they were."""

    # -- what lies where ------------------------------------------------------------------------

    def zone_tiles(self, zone: tuple[int | None, str]) -> list:
        seat, area = zone
        if seat is None:
            return self.pond
        return self.seats[seat].hand if area == "hand" else self.seats[seat].meld_area()

    def zone_kinds(self) -> dict[str, tuple[str, ...]]:
        """Every zone's tile kinds (in no particular order): ``hand.S``, ``melds.S`` and
        ``pond`` (``zone_text`` writes them in the spec's notation)."""
        seen = self._seen
        return {name: seen[zone][1] for zone, name in ZONE_NAMES.items()}

    def counts(self, seat: int) -> list[int]:
        """The seat's standing tiles per kind (a copy to work on)."""
        return list(self.seats[seat].counts)

    def placed_tiles(self) -> tuple:
        """Every tile placed, wall by wall and zone by zone: the walls' remaining tiles, then
        each zone's (``log.Discard`` keeps their census)."""
        seen = self._seen
        return self.wall.remaining(), *[seen[zone][0] for zone in ZONES]

    # -- moves ------------------------------------------------------------------------------------

    def deal(self, dealer: int, flowers: bool) -> None:
        """The deal (dealer 14, others 13); with flowers in the set, each seat from the dealer
        sets its flowers aside and replaces them (a replacement may be a flower again). Then
        every zone is inventoried."""
        for seat, tiles in self.wall.deal(dealer).items():
            self.seats[seat].stand(tiles)
        for offset in range(4 if flowers else 0):
            seat = self.seats[(dealer + offset) % 4]
            while found := [tile for tile in seat.hand if tile.kind in FLOWERS]:
                for tile in found:
                    seat.lift(tile)
                    seat.flowers.append(tile)
                    seat.stand([self.wall.replacement()])
        self._show(*ZONES)

    def take(self, seat: int, tiles: list) -> None:
        """Tiles from the wall into a seat's hand (a draw; two at once is a miscount)."""
        self.seats[seat].stand(tiles)
        self._show((seat, "hand"))

    def set_aside(self, seat: int, flower) -> None:
        """A flower from the hand to the meld area."""
        self.seats[seat].lift(flower)
        self.seats[seat].flowers.append(flower)
        self._show((seat, "hand"), (seat, "melds"))

    def discard(self, seat: int, tile) -> None:
        self.seats[seat].lift(tile)
        self.pond.append(tile)
        self._show((seat, "hand"), (None, "pond"))

    def claim(self, seat: int, giver: int, called, own: list, meld_type: str) -> TableMeld:
        """The last discard from the pond, with ``own`` tiles from the hand, into a meld."""
        self.pond.remove(called)
        for tile in own:
            self.seats[seat].lift(tile)
        meld = TableMeld(meld_type, [*own, called], called, giver)
        self.seats[seat].melds.append(meld)
        self._show((None, "pond"), (seat, "hand"), (seat, "melds"))
        return meld

    def concealed_kong(self, seat: int, tiles: list) -> None:
        for tile in tiles:
            self.seats[seat].lift(tile)
        self.seats[seat].melds.append(TableMeld("kan_closed", list(tiles)))
        self._show((seat, "hand"), (seat, "melds"))

    def added_kong(self, seat: int, meld: TableMeld, tile) -> None:
        """The fourth tile from the hand onto an exposed pung."""
        self.seats[seat].lift(tile)
        meld.type = "kan_added"
        meld.tiles.append(tile)
        self._show((seat, "hand"), (seat, "melds"))

    def inventory(self) -> None:
        """Every zone is inventoried once more (the table takes stock for the judge)."""
        if self._readers is not None:
            self._readers.show_all()

    def _show(self, *zones) -> None:
        """The zones a move changed: each read once, kept, and shown to the zone readers."""
        for zone in zones:
            tiles = tuple(self.zone_tiles(zone))
            self._seen[zone] = tiles, _kinds(tiles)
            if self._readers is not None:
                self._readers.show(zone, [tile.uid for tile in tiles])
