"""The stacking-head RFID reader: a PN532 on a serial port that reads each tile as it is stacked.

Wiring: PN532 breakout in HSU mode (both mode switches low), TX/RX to the Pi's UART (or a
USB-serial adapter), 115200 baud; the antenna sits under the stacking head so exactly one
tile is in its field at a time.

Protocol: at start the reader puts the PN532 in normal SAM mode and limits its passive
activation retries, so every InListPassiveTarget is answered promptly (NbTg = 0 when no tag
was found). The reader then polls without pause: each answer with a tag becomes a
``TileRead(uid, reader)``; a tile under the head is polled several times while it dwells, so
a single missed detection is retried by the next poll. A corrupt answer is NACKed (the PN532
sends it again); an idle line is polled again, and ``fault_after`` silent tries in a row
become a ``ReaderFault``.

Example::

    reader = HeadReader.open("head", "/dev/ttyAMA0")
    reader.attach(controller.post)
    reader.start()
"""

from collections import Counter

from drivers.rfid import pn532
from drivers.rfid.serial_reader import SerialReader, open_port
from firmware.events import TileRead

MAX_RETRIES = 0x02
"""MxRtyPassiveActivation: activation retries per InListPassiveTarget before NbTg = 0."""
POLL = (pn532.IN_LIST_PASSIVE_TARGET, pn532.command(*pn532.IN_LIST_ONE_TYPE_A))
"""The poll as (command code, frame), encoded once: it goes out after every answer."""


class HeadReader(SerialReader):
    """PN532 poll loop; see the module docstring for wiring and protocol."""

    def __init__(self, name: str, port, fault_after: int = 5):
        super().__init__(name, port, fault_after)
        self.decoder = pn532.Pn532Decoder()
        self.stats: Counter[str] = Counter()
        self._setup = [(code, pn532.command(code, params)) for code, params in (
            (pn532.SAM_CONFIGURATION, bytes([0x01, 0x14, 0x01])),
            (pn532.RF_CONFIGURATION, bytes([0x05, 0xFF, 0x01, MAX_RETRIES])),
        )]
        """The setup commands still to send, each as (code, frame)."""
        self._pending = b""
        self._pending_code = 0

    @classmethod
    def open(cls, name: str, url: str, baudrate: int = 115200, timeout_s: float = 0.05,
             fault_after: int = 5) -> "HeadReader":
        return cls(name, open_port(name, url, baudrate, timeout_s), fault_after)

    def _first_command(self) -> bytes:
        return self._send_next()

    def _send_next(self) -> bytes:
        self._pending_code, self._pending = self._setup.pop(0) if self._setup else POLL
        return self._pending

    def _on_idle(self) -> bytes:
        self.stats["resent after silence"] += 1
        return self._pending

    def _on_frames(self, frames: list, rejected_now: bool) -> bytes:
        reply = b""
        for frame in frames:
            self._heard()
            if isinstance(frame, pn532.Nack):
                self.stats["nack received"] += 1
                reply = self._pending
            elif isinstance(frame, pn532.ErrorFrame):
                self.stats["error frames"] += 1
                reply = self._pending
            elif isinstance(frame, pn532.InfoFrame):
                reply = self._on_answer(frame) or reply
        if not reply and rejected_now:
            self.stats["nack sent"] += 1
            reply = pn532.NACK_BYTES
        return reply

    def _on_answer(self, frame: pn532.InfoFrame) -> bytes:
        """Handle an answer to the pending command; returns the next command to send."""
        if frame.tfi != pn532.PN532_TO_HOST or frame.command != self._pending_code + 1:
            self.stats["unexpected frames"] += 1
            return b""
        if frame.command == pn532.IN_LIST_PASSIVE_TARGET + 1:
            try:
                uid = pn532.listed_uid(frame)
            except pn532.FrameError:
                self.stats["malformed answers"] += 1
                return self._pending
            self._report(uid)
        return self._send_next()

    def _report(self, uid: bytes | None) -> None:
        if uid is None:
            self.stats["no tag"] += 1
            return
        self.stats["reads"] += 1
        self._emit(TileRead(uid.hex().upper(), self.name))
