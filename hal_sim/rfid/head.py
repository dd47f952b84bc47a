"""The simulated stacking-head reader, wired end to end: SimPn532 on a pty, the real HeadReader.

``SimHeadRfid`` subscribes to the simulator's ``on_tile_at_head``: each tile that passes puts
its UID in the simulated PN532's field and gives the host ``polls_per_tile`` poll exchanges
(the tile's dwell under the head), each one real bytes through the pty, decoded by the same
``drivers.rfid.HeadReader`` a table runs. The exchanges run in step with the virtual clock,
so the reads reach the controller in the instant the tile passes.
"""

import random

from firmware.config import Config, Section

from drivers.rfid.config import head_reader_from_config
from drivers.rfid.head_reader import HeadReader
from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.pn532_device import SimPn532

SIM_TIMEOUT_S = 0.5
"""The simulated module answers at once; a quiet pty for this long means it is unplugged
(a table's 50 ms would take a busy test machine's scheduling delay for a dead reader)."""


class SimHeadRfid:
    """One head reader and its simulated module. ``attach(sink)`` routes TileRead/ReaderFault."""

    def __init__(self, device: SimPn532, reader: HeadReader, polls_per_tile: int = 3):
        self.device, self.reader, self.polls_per_tile = device, reader, polls_per_tile
        self.reader.begin()
        for _ in range(2):
            self._exchange()

    @classmethod
    def create(cls, faults: LineFaults, rng: random.Random, polls_per_tile: int = 3,
               **reader_options) -> "SimHeadRfid":
        device = SimPn532(faults, rng)
        reader_options.setdefault("timeout_s", SIM_TIMEOUT_S)
        return cls(device, HeadReader.open("head", device.path, **reader_options), polls_per_tile)

    @classmethod
    def from_config(cls, section: Section, rng: random.Random) -> "SimHeadRfid":
        """``[rfid.head]`` on the simulator: the reader's options (``port`` is the pty) plus
        ``polls_per_tile`` and the line faults (``miss_rate``, ``duplicate_rate``,
        ``checksum_error_rate``, ``noise_rate``, ``unplugged``)."""
        polls = section.get_int("polls_per_tile", 3, minval=1, maxval=50)
        device = SimPn532(LineFaults.from_config(section), rng)
        return cls(device, head_reader_from_config(section, device.path, SIM_TIMEOUT_S), polls)

    def attach(self, sink) -> None:
        self.reader.attach(sink)

    def tile_passes(self, uid: str) -> None:
        """A tile with tag ``uid`` dwells under the head for ``polls_per_tile`` exchanges."""
        self.device.tile_enters(bytes.fromhex(uid))
        for _ in range(self.polls_per_tile):
            if self.device.faults.unplugged and self.reader.faulted:
                return
            self._exchange()

    def hook(self, tile) -> None:
        """The ``on_tile_at_head`` callback: the simulator passes its SimTile."""
        self.tile_passes(tile.uid)

    def _exchange(self) -> None:
        self.device.serve_one(timeout_s=0 if self.device.faults.unplugged else 1.0)
        self.reader.pump()

    def close(self) -> None:
        self.reader.close()
        self.device.close()


def install(config: Config, backend) -> SimHeadRfid | None:
    """On the simulator backend, when ``[rfid.head]`` is configured: build the head reader,
    subscribe it to ``on_tile_at_head`` and route its events wherever ``table.attach`` sends
    the parts' events. Returns it (for ``close``), or None when no head reader is configured."""
    if not config.has_section("rfid.head"):
        return None
    rfid = SimHeadRfid.from_config(config.section("rfid.head"),
                                   random.Random(f"rfid:{backend.seed}"))
    backend.on_tile_at_head.append(rfid.hook)
    attach_parts = backend.table.attach

    def attach(sink) -> None:
        attach_parts(sink)
        rfid.attach(sink)

    backend.table.attach = attach
    return rfid
