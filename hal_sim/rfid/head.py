"""The simulated stacking-head reader, wired end to end: SimPn532 on a pty, the real HeadReader.

``SimHeadRfid`` subscribes to the simulator's ``on_tile_at_head``: each tile that passes puts
its UID in the simulated PN532's field and gives the host up to ``polls_per_tile`` polls (the
tile's dwell under the head), each one real bytes through the pty, decoded by the same
``drivers.rfid.HeadReader`` a table runs. On the machine (``scheduler`` given) a poll takes
``poll_s`` of virtual time — the module answers, the host reads the answer a moment later —
well inside the time a tile needs to reach the head, so each read reaches the controller
after its own K1 pulse and before the next. Without a scheduler (the enrolment station, tests
of the head line alone) the polls run at once.
"""

import random

from firmware.config import Config, Section

from drivers.rfid.config import head_reader_from_config
from drivers.rfid.head_reader import HeadReader
from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.pn532_device import SimPn532

SIM_TIMEOUT_S = 0.0
"""The simulated module's answer is on the reader's side of the pty, whole, before the reader
reads (``SimReaderDevice.await_delivery``), so a line with nothing more to read has nothing
more to say: the reader need not wait a table's 50 ms to find that out (no ``timeout_s`` in
``[rfid.head]`` on the simulator)."""
POLL_S = 0.01
"""Virtual time per poll: an InListPassiveTarget exchange at 115200 baud takes a few ms."""


class SimHeadRfid:
    """One head reader and its simulated module. ``attach(sink)`` routes TileRead/ReaderFault."""

    def __init__(self, device: SimPn532, reader: HeadReader, polls_per_tile: int = 3,
                 scheduler=None):
        self.device, self.reader, self.polls_per_tile = device, reader, polls_per_tile
        self.scheduler = scheduler
        self._polls_left = 0
        self._answer_due = None
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
    def from_config(cls, section: Section, rng: random.Random, scheduler) -> "SimHeadRfid":
        """``[rfid.head]`` on the simulator: the reader's options (``port`` is the pty and the
        reader does not wait for silence) plus ``polls_per_tile`` and the line faults (``miss_rate``, ``duplicate_rate``,
        ``checksum_error_rate``, ``noise_rate``, ``unplugged``)."""
        polls = section.get_int("polls_per_tile", 3, minval=1, maxval=20)
        device = SimPn532(LineFaults.from_config(section), rng)
        return cls(device, head_reader_from_config(section, device.path, SIM_TIMEOUT_S), polls,
                   scheduler)

    def attach(self, sink) -> None:
        self.reader.attach(sink)

    def tile_passes(self, uid: str) -> None:
        """A tile with tag ``uid`` dwells under the head for ``polls_per_tile`` polls, run at
        once. Once it has been read, a poll that would only answer "no tag" again changes
        nothing for the reader, so it is not run (that saves most of the pty traffic)."""
        self.device.tile_enters(bytes.fromhex(uid))
        for _ in range(self.polls_per_tile):
            if not self._poll_needed():
                return
            self._exchange()

    def hook(self, tile) -> None:
        """The ``on_tile_at_head`` callback: the simulator passes its SimTile."""
        if self.scheduler is None:
            self.tile_passes(tile.uid)
            return
        if self._answer_due is not None:
            self._answer_due.cancel()
            self._read_answer(poll_again=False)
        self.device.tile_enters(bytes.fromhex(tile.uid))
        self._polls_left = self.polls_per_tile
        self._poll()

    def _poll_needed(self) -> bool:
        return not (self.device.faults.unplugged and self.reader.faulted
                    or self.device.settled())

    def _poll(self) -> None:
        """The module answers the host's pending poll; the host reads it ``POLL_S`` later."""
        if self._polls_left == 0 or not self._poll_needed():
            return
        self._polls_left -= 1
        self.device.serve_one()
        self._answer_due = self.scheduler.call_later(POLL_S, self._read_answer)

    def _read_answer(self, poll_again: bool = True) -> None:
        self._answer_due = None
        self.device.await_delivery()
        self.reader.pump()
        if poll_again:
            self._poll()

    def _exchange(self) -> None:
        self.device.serve_one()
        self.device.await_delivery()
        self.reader.pump()

    def close(self) -> None:
        if self._answer_due is not None:
            self._answer_due.cancel()
        self.reader.close()
        self.device.close()


def install(config: Config, backend, scheduler) -> SimHeadRfid | None:
    """On the simulator backend, when ``[rfid.head]`` is configured: build the head reader and
    subscribe it to ``on_tile_at_head``. Returns it (the backend attaches and closes it), or
    None when no head reader is configured."""
    if not config.has_section("rfid.head"):
        return None
    rfid = SimHeadRfid.from_config(config.section("rfid.head"),
                                   random.Random(f"rfid:{backend.seed}"), scheduler)
    backend.on_tile_at_head.append(rfid.hook)
    return rfid
