"""A simulated serial reader module: the module's end of a pty, with its line faults.

The firmware opens ``path`` (the pty's slave side) with pyserial exactly as it would open
``/dev/ttyUSB0``; the simulated module reads and writes the master side. ``LineFaults`` are
what goes wrong on a real line or antenna: missed reads, duplicate reads, corrupted frames,
noise bytes between frames, a neighbouring zone's tags, a reader unplugged.

The simulator runs the module and the firmware's reader in turn on one thread. So that a
reader's "the line went quiet" means what it means on a table — the module has nothing more
to say — each answer is written in one piece, and before the reader reads it the simulator
calls ``await_delivery``. The kernel moves pty bytes on a worker thread, so the reader's side
may not hold the answer yet: ``await_delivery`` asks the pty a few times how much it holds
(the hop takes microseconds, on a kernel worker thread), then blocks on the pty itself
(no clock) until the first bytes are there; a write arrives whole in the normal case.
An answer that is still not whole then — a late hand-over, seen only on a badly overloaded
machine — is counted in ``late_handovers`` (reported as ``rfid_late_handovers`` by
``mjtable sim --json``), never hidden: the reader takes what has arrived and the rest on its next
turn, as it would from a slow line. The simulator lets virtual time pass between an answer and
its reading (the module takes a few milliseconds to answer), so the kernel's hop overlaps the
simulator's other work.
"""

import array
import fcntl
import os
import random
import select
import termios
import tty
from dataclasses import dataclass

from firmware.config import Section

STUCK_BOUND_S = 10.0
"""A pty that holds nothing of an answer or a host frame this long is broken, not slow: the
wait gives up (and counts it) so a broken kernel line cannot hang the simulator."""
HANDOVER_LOOKS = 64
"""How many times ``await_delivery`` asks the pty for what its reader's side holds before it
blocks on it. The kernel's worker usually hands an answer over within a few of these asks
(one ``FIONREAD`` each, a microsecond or two); a sleep in ``select`` and the wake-up after it
cost more than the hop, and the simulator waits for a hand-over about once per exchange."""
KNOWN_READS = 64
"""How many distinct reads of host bytes a module keeps the frames of (``_frames_of``): a host
sends a handful of commands over and over."""


@dataclass
class LineFaults:
    miss_rate: float = 0.0
    """Chance that one read attempt misses a tag in the field."""
    duplicate_rate: float = 0.0
    """Chance that a tag already read is reported again."""
    checksum_error_rate: float = 0.0
    """Chance that a frame the module sends has one byte corrupted on the line."""
    noise_rate: float = 0.0
    """Chance that a burst of noise bytes precedes a frame."""
    crosstalk_rate: float = 0.0
    """Chance per poll round that a zone reader also hears each neighbouring zone's tag."""
    unplugged: bool = False

    @classmethod
    def from_config(cls, section: Section) -> "LineFaults":
        rates = {name: section.get_float(name, 0.0, minval=0.0, maxval=1.0)
                 for name in ("miss_rate", "duplicate_rate", "checksum_error_rate", "noise_rate",
                              "crosstalk_rate")}
        return cls(**rates, unplugged=section.get_bool("unplugged", False))


class SimReaderDevice:
    """Base: the pty, reading host frames with a decoder, writing answers through the faults.

    Subclasses implement ``_answer_frames(frames) -> list[bytes]``: the frames to send back.
    """

    def __init__(self, decoder, faults: LineFaults, rng: random.Random, in_step: bool = True):
        """``in_step``: the reader reads only after the module has answered, on the same
        thread (the simulator); False when a reader thread reads while the module writes
        (then nobody can wait for the whole answer to be queued: the reader takes it)."""
        self.in_step = in_step
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self._slave)
        self.decoder = decoder
        self.faults = faults
        self.rng = rng
        self.frames_sent = 0
        self.answers = 0
        """Answers written, one write each: the exchanges the module took part in."""
        self.frames_corrupted = 0
        self.last_corrupted = False
        """Whether the last answer had a frame corrupted on the line (the host will NACK it)."""
        self.clean = False
        """While set, answers cross the line untouched by noise and corruption."""
        self._owed = 0
        """Bytes the reader's side of the pty must hold once the last answer has arrived."""
        self.late_handovers = 0
        """Answers the reader's side did not hold whole when the reader came to read them."""
        self._straggling = False
        """The last answer came late, so part of it may still be on its way to the reader."""
        self._count = array.array("i", [0])
        """FIONREAD's answer, filled in place by every ``_queued`` (about once an exchange)."""
        self._known: dict[bytes, tuple] = {}
        """The frames of each read of host bytes seen whole (``_frames_of``)."""

    def serve_one(self, timeout_s: float = STUCK_BOUND_S) -> bool:
        """Answer the host's next frame(s), waiting up to ``timeout_s`` for them; False when
        none came (unplugged: the module never answers, so nobody waits for it)."""
        frames = self.receive(0.0 if self.faults.unplugged else timeout_s)
        if frames:
            self.answer(self._answer_frames(frames))
        return bool(frames)

    def receive(self, timeout_s: float) -> list:
        """Host frames, waiting up to ``timeout_s`` for the first one (unplugged: none)."""
        frames: list = []
        while not frames:
            try:
                data = os.read(self.master, 4096)
            except BlockingIOError:  # nothing there yet: wait for it
                ready, _, _ = select.select([self.master], [], [], timeout_s)
                if not ready:
                    return []
                continue
            frames = self._frames_of(data)
        return [] if self.faults.unplugged else frames

    def _frames_of(self, data: bytes) -> tuple | list:
        """The host's frames that ``data`` completes. A host sends the same command over and
        over (a zone reader its poll, the head reader its InListPassiveTarget), and each
        arrives whole in one read: the frames of a read that began and ended on a frame's
        boundary are kept by its bytes (they are immutable), so each command is parsed once
        (the module's decoder counts no frames then: nobody reads its counts)."""
        if self.decoder.pending:
            return self.decoder.feed(data)
        frames = self._known.get(data)
        if frames is None:
            frames = tuple(self.decoder.feed(data))
            if not self.decoder.pending and len(self._known) < KNOWN_READS:
                self._known[data] = frames
        return frames

    def answer(self, frames: list[bytes]) -> None:
        """Put frames on the line, through the configured noise and corruption, in one write."""
        self.last_corrupted = False
        if self.faults.unplugged or not frames:
            return
        self.frames_sent += len(frames)
        self.answers += 1
        if self.clean or not (self.faults.noise_rate or self.faults.checksum_error_rate):
            data = b"".join(frames)
        else:
            data = b"".join(map(self._through_line, frames))
        if self.in_step:  # the reader took the last answer whole unless it came late
            self._owed = (self._queued() if self._straggling else 0) + len(data)
        self._put(data)

    def _put(self, data: bytes) -> None:
        """Write all of ``data`` (the master is non-blocking: a reader that has stopped reading
        fills the line, and the module waits for room as a UART would). Slicing copies what is
        left, only after a part write: an answer is a few hundred bytes and normally goes at once."""
        while data:
            try:
                data = data[os.write(self.master, data):]
            except BlockingIOError:
                select.select([], [self.master], [], STUCK_BOUND_S)

    def _through_line(self, frame: bytes) -> bytes:
        data = bytearray(frame)
        if self.rng.random() < self.faults.noise_rate:
            data[:0] = self.rng.randbytes(self.rng.randrange(1, 9))
        if self.rng.random() < self.faults.checksum_error_rate:
            data[-2 - self.rng.randrange(len(frame) - 4)] ^= 1 << self.rng.randrange(8)
            self.frames_corrupted += 1
            self.last_corrupted = True
        return bytes(data)

    def _queued(self) -> int:
        """Bytes waiting to be read on the reader's side of the pty."""
        fcntl.ioctl(self._slave, termios.FIONREAD, self._count)
        return self._count[0]

    def _delivered(self) -> bool:
        """Whether the reader's side holds the last answer whole, asked ``HANDOVER_LOOKS`` times."""
        for _ in range(HANDOVER_LOOKS):
            if self._queued() >= self._owed:
                return True
        return False

    def await_delivery(self) -> None:
        """Wait until the reader's side holds the last answer (asked ``HANDOVER_LOOKS`` times,
        then blocked on the pty); one not whole by then is a late hand-over, counted (in step
        only: a reader thread takes bytes as they come, so there is nothing to wait for)."""
        if not self.in_step or not self._owed:
            return
        self._straggling = False
        if not self._delivered():
            select.select([self._slave], [], [], STUCK_BOUND_S)
            if self._queued() < self._owed:
                self.late_handovers += 1
                self._straggling = True
        self._owed = 0

    def close(self) -> None:
        for fd in (self.master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
