"""A zone RFID reader: a UHF module (M100 / JRD-4035 family) that inventories all tags in an area.

Wiring: the module's UART to a USB-serial adapter (one per zone), 115200 baud; a small
antenna under each seat's hand area and meld area, and one under the discard pond (small
antennas keep a zone from seeing its neighbour's tiles).

Protocol: an inventory is a multi-poll of ``rounds`` rounds; every tag notification whose
tag CRC is good and whose RSSI reaches ``min_rssi`` joins the inventory (several rounds give
a tag several chances, and set semantics absorb duplicates; a weak read is usually a
neighbour zone's tile, so it is dropped and counted). A multi-poll ends by itself after its
rounds, so the line going quiet after the module's answers closes the inventory: a
``ZoneInventory`` goes to the sink and the next multi-poll goes out, one exchange per
inventory. Quiet with no answer at all is an answer owed: the poll is sent again (and
``fault_after`` such tries in a row raise a reader fault). ``close`` stops the module's
poll. Each tile's UHF tag has its EPC written at enrolment to the tile's head-reader UID,
right-aligned in the 12 EPC bytes, so both readers name a tile the same way.

Example::

    reader = ZoneReader.open("zone-E-hand", "/dev/ttyUSB0", seat=0, area="hand")
    reader.attach(controller.post)
    reader.start()
"""

import functools
from collections import Counter

from drivers.rfid import m100
from drivers.rfid.serial_reader import SerialReader, open_port
from firmware.events import ZoneInventory

AREAS = ("hand", "melds", "pond")


def epc_for_uid(uid: str) -> bytes:
    """The EPC an enrolled tile's UHF tag carries: its head UID, right-aligned in 12 bytes."""
    raw = bytes.fromhex(uid)
    if len(raw) > m100.EPC_BYTES:
        raise ValueError(f"UID {uid} is longer than an EPC ({m100.EPC_BYTES} bytes)")
    return raw.rjust(m100.EPC_BYTES, b"\x00")


@functools.lru_cache(maxsize=4096)
def uid_for_epc(epc: bytes) -> str:
    """Inverse of ``epc_for_uid`` for the 4/7/10-byte UIDs ISO14443A tags carry. Cached: a zone
    reader names every tag it hears in every round, and a table has a few hundred tiles; the
    bound keeps a flood of unknown tags (a stack of another table's tiles) from growing it."""
    held = len(epc.lstrip(b"\x00"))
    size = 4 if held <= 4 else 7 if held <= 7 else 10 if held <= 10 else m100.EPC_BYTES
    return epc[-size:].hex().upper()


class ZoneReader(SerialReader):
    """Inventories one zone over and over; see the module docstring."""

    def __init__(self, name: str, port, seat: int | None, area: str, rounds: int = 4,
                 min_rssi: int = 0, fault_after: int = 5):
        if area not in AREAS:
            raise ValueError(f"zone reader {name!r}: area must be one of {', '.join(AREAS)}, "
                             f"got {area!r}")
        super().__init__(name, port, fault_after)
        self.decoder = m100.InventoryDecoder()
        self.seat, self.area = seat, area
        self.min_rssi = min_rssi
        self._poll = m100.multi_poll(rounds)
        self.stats: Counter[str] = Counter()
        self._seen: set[str] = set()
        self._answered = False

    @classmethod
    def open(cls, name: str, url: str, seat: int | None, area: str, baudrate: int = 115200,
             timeout_s: float = 0.05, **options) -> "ZoneReader":
        return cls(name, open_port(name, url, baudrate, timeout_s), seat, area, **options)

    def _first_command(self) -> bytes:
        self._seen.clear()
        self._answered = False
        return self._poll

    def _on_idle(self) -> bytes:
        """Quiet with no answer since the poll: poll again."""
        self.stats["polls resent"] += 1
        return self._first_command()

    def _on_quiet(self, frames: list) -> bytes:
        """Quiet after the poll's answers: the inventory is whole (the poll's rounds are over)."""
        if frames:
            self._on_frames(frames, False)
        return self._finish() if self._answered else self._idle()

    def _on_frames(self, frames: list, rejected_now: bool) -> bytes:
        if rejected_now:
            self.stats["corrupt frames"] += 1
        if frames:
            self._heard()
            self._answered = True
        stats, keep, min_rssi = self.stats, self._seen.add, self.min_rssi
        reads = weak = 0  # counted here, added once: a round brings a frame per tag
        for frame in frames:
            if type(frame) is tuple:            # an intact tag notification: (rssi, epc)
                if frame[0] < min_rssi:
                    weak += 1
                else:
                    reads += 1
                    keep(uid_for_epc(frame[1]))
            elif frame.type == m100.NOTIFICATION and frame.command == m100.SINGLE_POLL:
                stats["bad tag payloads"] += 1  # one that tag_read rejects (InventoryDecoder)
            elif frame.command == m100.ERROR:
                stats["empty rounds"] += 1
            else:
                stats["unexpected frames"] += 1
        if reads:
            stats["tag reads"] += reads
        if weak:
            stats["weak reads dropped"] += weak
        return b""

    def _finish(self) -> bytes:
        """Report this inventory and start the next one."""
        self.stats["inventories"] += 1
        self._emit(ZoneInventory(self.seat, self.area, frozenset(self._seen)))
        return self._first_command()

    def close(self) -> None:
        """Stop the module's poll (its radio goes quiet), then the thread and the port."""
        if not self.faulted:
            self._write(m100.stop_poll())
        super().close()
