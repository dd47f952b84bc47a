"""A simulated serial reader module: the module's end of a pty, with its line faults.

The firmware opens ``path`` (the pty's slave side) with pyserial exactly as it would open
``/dev/ttyUSB0``; the simulated module reads and writes the master side. ``LineFaults`` are
what goes wrong on a real line or antenna: missed reads, duplicate reads, corrupted frames,
noise bytes between frames, a neighbouring zone's tags, a reader unplugged.
"""

import os
import random
import select
import tty
from dataclasses import dataclass

from firmware.config import Section


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
    """Base: the pty, reading host frames with a decoder, writing answers through the faults."""

    def __init__(self, decoder, faults: LineFaults, rng: random.Random):
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.path = os.ttyname(self._slave)
        self.decoder = decoder
        self.faults = faults
        self.rng = rng
        self.frames_sent = 0
        self.frames_corrupted = 0

    def receive(self, timeout_s: float = 1.0) -> list:
        """Host frames, waiting up to ``timeout_s`` for the first one (unplugged: none)."""
        frames: list = []
        while not frames:
            ready, _, _ = select.select([self.master], [], [], timeout_s)
            if not ready:
                return []
            frames = self.decoder.feed(os.read(self.master, 4096))
        return [] if self.faults.unplugged else frames

    def send(self, frame: bytes) -> None:
        """Put one frame on the line, through the configured noise and corruption."""
        if self.faults.unplugged:
            return
        data = bytearray(frame)
        if self.rng.random() < self.faults.noise_rate:
            data[:0] = self.rng.randbytes(self.rng.randrange(1, 9))
        if self.rng.random() < self.faults.checksum_error_rate:
            data[-2 - self.rng.randrange(len(frame) - 4)] ^= 1 << self.rng.randrange(8)
            self.frames_corrupted += 1
        self.frames_sent += 1
        os.write(self.master, bytes(data))

    def close(self) -> None:
        for fd in (self.master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
