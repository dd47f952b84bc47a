"""The simulated zone readers, wired end to end: one SimM100 per zone on a pty, the real ZoneReader.

The simulator (or a test playing a hand) puts tags in zones with ``place``; ``inventory``
runs one inventory of a zone through real bytes at once, ``answer`` and ``read`` one turn of
the inventories of several zones in step with the virtual clock, and each reader hands its
``ZoneInventory`` to the sink. ``last_report`` keeps what each zone's reader last reported,
so the simulator knows a report that left a tag out (``lossy``). A zone's neighbours (the
same seat's other area, and the pond for a hand area) leak into its reads with
``crosstalk_rate``, weakly.
"""

import random
from dataclasses import dataclass

from firmware.events import ZoneInventory

from drivers.rfid.zone_reader import ZoneReader
from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.head import SIM_TIMEOUT_S
from hal_sim.rfid.m100_device import SimM100


@dataclass
class SimZone:
    device: SimM100
    reader: ZoneReader

    @property
    def key(self) -> tuple[int | None, str]:
        return self.reader.seat, self.reader.area


def _neighbours(key: tuple[int | None, str], other: tuple[int | None, str]) -> bool:
    (seat, area), (other_seat, other_area) = key, other
    if key == other:
        return False
    return seat == other_seat or {area, other_area} == {"hand", "pond"}


class SimZoneRfid:
    """Every zone reader of the table. ``attach(sink)`` routes ZoneInventory/ReaderFault."""

    def __init__(self, faults: LineFaults, rng: random.Random, min_rssi: int = 0xA0,
                 timeout_s: float = SIM_TIMEOUT_S, rounds: int = 4):
        zones = [(seat, area) for seat in range(4) for area in ("hand", "melds")]
        zones.append((None, "pond"))
        self.faults = faults
        self.zones: dict[tuple[int | None, str], SimZone] = {}
        self.last_report: dict[tuple[int | None, str], frozenset[str]] = {}
        for seat, area in zones:
            device = SimM100(faults, rng)
            name = f"zone-{'pond' if seat is None else 'ESWN'[seat] + '-' + area}"
            reader = ZoneReader.open(name, device.path, seat, area, timeout_s=timeout_s,
                                     rounds=rounds, min_rssi=min_rssi)
            self.zones[(seat, area)] = SimZone(device, reader)
            reader.begin()

    def attach(self, sink) -> None:
        for key, zone in self.zones.items():
            zone.reader.attach(lambda event, key=key: self._heard(key, event, sink))

    def _heard(self, key, event, sink) -> None:
        if isinstance(event, ZoneInventory):
            self.last_report[key] = event.uids
        sink(event)

    def lossy(self, key: tuple[int | None, str]) -> bool:
        """The zone's last report lacks a tag that lies there."""
        return not self.zones[key].device.tags <= self.last_report.get(key, frozenset())

    def place(self, seat: int | None, area: str, uids) -> None:
        """The tags now lying in a zone (replaces what was there)."""
        self.zones[(seat, area)].device.tags = set(uids)
        if not self.faults.crosstalk_rate:
            return
        for key, zone in self.zones.items():
            zone.device.neighbour_tags = set().union(
                *(other.device.tags for other_key, other in self.zones.items()
                  if _neighbours(key, other_key)))

    def inventory(self, seat: int | None, area: str) -> None:
        """One inventory of a zone, at once: the multi-poll answered by the tags, the line
        quiet after them (the reader reports and polls again)."""
        zone = self.zones[(seat, area)]
        zone.device.serve_one()
        zone.device.await_delivery()
        zone.reader.pump()

    def answer(self, keys) -> None:
        """The modules of ``keys`` answer their readers' pending commands (one turn each)."""
        for key in keys:
            self.zones[key].device.serve_one()

    def read(self, key) -> bool:
        """The zone's reader reads its module's answer and sends its next command; whether
        that finished its inventory (the reader has reported)."""
        zone = self.zones[key]
        done = zone.reader.stats["inventories"]
        zone.device.await_delivery()
        zone.reader.pump()
        return zone.reader.stats["inventories"] > done

    def rescan(self, key) -> None:
        """The zone's next scan at once, missing nothing (after a report that left a tag out)."""
        device = self.zones[key].device
        device.clean = True
        try:
            self.inventory(*key)
        finally:
            device.clean = False

    def close(self) -> None:
        for zone in self.zones.values():
            zone.reader.close()
            zone.device.close()
