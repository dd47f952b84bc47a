"""The zones of the table top as the zone readers see them: a report when a zone's tiles change.

Nine zone readers — a hand area and a meld area per seat and the discard pond, each a
simulated M100 on its own pty read by the firmware's ``ZoneReader`` — watch the table top.
On a table a reader inventories its zone over and over, one scan every ``scan_s``; an
inventory like the last one tells nobody anything, so on the simulator a module answers its
reader only when the world has changed its zone, at the next scan (``scan_s`` later): the
firmware gets one report per change, in the order the zones changed, through the same M100
bytes (the zones that changed together are scanned together, so the kernel's hand-over of
one module's bytes overlaps the others'). A report that left a tag out (a missed read,
``miss_rate``, or a corrupted frame) is followed at once by the zone's next scan, which
misses nothing: the next report of that zone is complete and comes next, before any other
report or button press (../shared/spec/play-scenarios.md promises it within two events).
``show`` is how the world (the simulated players) puts tiles in a zone.
"""

import random

from firmware.config import Config, Section

from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.head import POLL_S
from hal_sim.rfid.zones import SimZoneRfid

MAX_TURNS = 8
"""Exchanges an inventory may take (one when the line is good, more after an answer lost
whole, which the reader polls again for) before the simulator stops waiting for that reader
(an unplugged module)."""

Zone = tuple[int | None, str]
ZONES: tuple[Zone, ...] = tuple((seat, area) for area in ("hand", "melds") for seat in range(4)) + (
    (None, "pond"),)
"""Every zone in the order a full inventory reports them: the hands, the melds, the pond."""


class SimHands:
    """The zones' tags and the readers' reports, in step with the scheduler."""

    def __init__(self, zones: SimZoneRfid, scheduler, scan_s: float = 0.1):
        self.zones = zones
        self.scheduler = scheduler
        self.scan_s = scan_s
        self._waiting: list[Zone] = []
        """Zones changed since their last scan, in the order they changed."""
        self._busy: set[Zone] = set()
        """Zones whose inventory is still going back and forth on the line."""
        self._scan_timer = None
        self._turns: set = set()

    @classmethod
    def from_config(cls, section: Section, rng: random.Random, scheduler) -> "SimHands":
        """``[rfid.zones]`` on the simulator: ``scan_s`` (0.1), ``rounds`` (1), ``min_rssi``
        (160) and the line faults of every zone reader."""
        zones = SimZoneRfid(LineFaults.from_config(section), rng,
                            min_rssi=section.get_int("min_rssi", 0xA0, minval=0, maxval=255),
                            rounds=section.get_int("rounds", 1, minval=1, maxval=100))
        return cls(zones, scheduler, section.get_float("scan_s", 0.1, minval=0.02, maxval=1.0))

    def attach(self, sink) -> None:
        self.zones.attach(sink)

    def set_miss_rate(self, rate: float) -> None:
        """Every zone reader's chance to miss a tag in a scan (``mjtable sim --miss-rate``)."""
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"a miss rate is 0..1, got {rate}")
        self.zones.faults.miss_rate = rate

    def show(self, zone: Zone, uids) -> None:
        """The tags now lying in ``zone``; its reader reports them at its next scan."""
        self.zones.place(*zone, uids)
        self._wait(zone)

    def show_all(self) -> None:
        """Every zone is scanned (a full inventory, reported zone by zone as ``ZONES``)."""
        for zone in ZONES:
            self._wait(zone)

    def collect(self) -> None:
        """The hand is over: every tile goes into the hatch, the zones are empty."""
        for zone in ZONES:
            self.show(zone, ())

    def _wait(self, zone: Zone) -> None:
        if zone not in self._waiting:
            self._waiting.append(zone)
        if self._scan_timer is None:
            self._scan_timer = self.scheduler.call_later(self.scan_s, self._scan)

    def _scan(self) -> None:
        """The scan of every zone that changed: each module answers; its reader reads POLL_S
        later (the kernel's hand-over of the bytes overlaps the simulator's other work)."""
        self._scan_timer = None
        zones = [zone for zone in self._waiting if zone not in self._busy]
        self._waiting = [zone for zone in self._waiting if zone in self._busy]
        if self._waiting:
            self._scan_timer = self.scheduler.call_later(self.scan_s, self._scan)
        self._busy.update(zones)
        self._turn(zones, MAX_TURNS)

    def _turn(self, zones: list[Zone], turns_left: int) -> None:
        self.zones.answer(zones)
        timer = self.scheduler.call_later(POLL_S, lambda: self._read(timer, zones, turns_left))
        self._turns.add(timer)

    def _read(self, timer, zones: list[Zone], turns_left: int) -> None:
        """Each reader of the scan reads, in the order the zones changed; a finished report
        that left a tag out is followed at once by the zone's complete one."""
        self._turns.discard(timer)
        going = []
        for zone in zones:
            if not self.zones.read(zone):
                going.append(zone)
                continue
            self._busy.discard(zone)
            if self.zones.lossy(zone):
                self.zones.rescan(zone)
        if going and turns_left > 1:
            self._turn(going, turns_left - 1)
        else:
            self._busy.difference_update(going)  # a reader that never hears back: given up

    def close(self) -> None:
        for timer in [self._scan_timer, *self._turns]:
            if timer is not None:
                timer.cancel()
        self.zones.close()


def install(config: Config, backend, scheduler) -> SimHands | None:
    """On the simulator backend, when ``[rfid.zones]`` is configured: the zone readers (the
    backend attaches and closes them). None otherwise."""
    if not config.has_section("rfid.zones"):
        return None
    return SimHands.from_config(config.section("rfid.zones"),
                                random.Random(f"zones:{backend.seed}"), scheduler)
