"""The players' hands on the simulator: dealt into the seat zones and read by the zone readers.

After the dice the players deal from the wall: 13 tiles to each seat and a 14th to the dealer
(the dealer's draw); a flower drawn is set aside in the seat's meld area and replaced. The
hands stay as dealt (the simulator plays no turns). The zone readers — a hand area and a meld
area per seat and the discard pond, each a simulated M100 on its own pty read by the
firmware's ``ZoneReader`` — inventory their zones every ``inventory_s`` while a hand is on the
table. The ``hand_miscount:<seat>`` irregularity has that seat draw one tile too many.
"""

import random

from firmware.config import Config, Section
from firmware.tiles.kinds import FLOWERS

from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.head import POLL_S
from hal_sim.rfid.zones import INVENTORY_TURNS, SimZoneRfid

IRREGULARITY = "hand_miscount"
SEATS = range(4)


def miscount_seat(kind: str, part: str | None) -> int | None:
    """The seat of a ``hand_miscount:<seat>`` spec (either form), None for any other kind;
    ValueError naming the spec when the seat is not 0..3."""
    if ":" in kind and part is None:
        kind, part = kind.split(":", 1)
    if kind != IRREGULARITY:
        return None
    if part not in ("0", "1", "2", "3"):
        raise ValueError(f"{IRREGULARITY} needs a seat 0..3 (E S W N); got {part!r}")
    return int(part)


class SimHands:
    """The hands on the table and the zone readers that see them."""

    def __init__(self, zones: SimZoneRfid, scheduler, inventory_s: float = 40.0):
        self.zones = zones
        self.scheduler = scheduler
        self.inventory_s = inventory_s
        self.wall: list = []
        self.hands: dict[int, list] = {seat: [] for seat in SEATS}
        self.set_aside: dict[int, list] = {seat: [] for seat in SEATS}
        self._timer = None

    @classmethod
    def from_config(cls, section: Section, rng: random.Random, scheduler) -> "SimHands":
        """``[rfid.zones]`` on the simulator: ``inventory_s`` (40), ``rounds`` (2),
        ``min_rssi`` (160) and the line faults of every zone reader."""
        zones = SimZoneRfid(LineFaults.from_config(section), rng,
                            min_rssi=section.get_int("min_rssi", 0xA0, minval=0, maxval=255),
                            rounds=section.get_int("rounds", 2, minval=1, maxval=100))
        return cls(zones, scheduler,
                   section.get_float("inventory_s", 40.0, minval=0.1, maxval=3600.0))

    def attach(self, sink) -> None:
        self.zones.attach(sink)

    def deal(self, wall: list, dealer: int) -> None:
        """Deal from ``wall`` (the tiles in play, in drawing order) and start the readers."""
        self.wall = list(wall)
        self.hands = {seat: [] for seat in SEATS}
        self.set_aside = {seat: [] for seat in SEATS}
        for seat in SEATS:
            for _ in range(14 if seat == dealer else 13):
                self._draw(seat)
        self._place()
        self._schedule()

    def draw_extra(self, seat: int) -> None:
        """``hand_miscount``: the seat draws one tile it should not have (with no hand on the
        table — before the deal, after the hatch took it — there is nothing to draw)."""
        if self.wall:
            self._draw(seat)
            self._place()

    def collect(self) -> None:
        """The hand is over: every tile goes into the hatch, the zones are empty."""
        self.wall, self.hands = [], {seat: [] for seat in SEATS}
        self.set_aside = {seat: [] for seat in SEATS}
        self._place()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _draw(self, seat: int) -> None:
        while True:
            if not self.wall:
                raise ValueError(f"seat {seat} cannot draw: no tiles left in the wall")
            tile = self.wall.pop(0)
            if tile.kind not in FLOWERS:
                self.hands[seat].append(tile)
                return
            self.set_aside[seat].append(tile)

    def _place(self) -> None:
        for seat in SEATS:
            self.zones.place(seat, "hand", [tile.uid for tile in self.hands[seat]])
            self.zones.place(seat, "melds", [tile.uid for tile in self.set_aside[seat]])

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self.scheduler.call_later(self.inventory_s, self._scan)

    def _scan(self, turns_left: int = INVENTORY_TURNS) -> None:
        """One inventory of every zone at once (each turn: the modules answer, their readers
        read ``POLL_S`` later), then the next inventory ``inventory_s`` later."""
        self.zones.answer_all()
        self._timer = self.scheduler.call_later(POLL_S, lambda: self._read(turns_left))

    def _read(self, turns_left: int) -> None:
        self.zones.read_all()
        if turns_left > 1:
            self._scan(turns_left - 1)
        else:
            self._timer = self.scheduler.call_later(self.inventory_s, self._scan)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self.zones.close()


def install(config: Config, backend, scheduler) -> SimHands | None:
    """On the simulator backend, when ``[rfid.zones]`` is configured: the zone readers (the
    backend attaches and closes them). None otherwise."""
    if not config.has_section("rfid.zones"):
        return None
    return SimHands.from_config(config.section("rfid.zones"),
                                random.Random(f"zones:{backend.seed}"), scheduler)
