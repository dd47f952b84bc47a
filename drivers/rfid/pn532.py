"""PN532 frames in UART/HSU mode (the stacking-head reader): encode, and decode a byte stream.

Normal information frame: preamble ``00``, start code ``00 FF``, LEN, LCS (LEN + LCS = 0 mod
256), TFI (``D4`` host to PN532, ``D5`` PN532 to host), data, DCS (TFI + data + DCS = 0 mod
256), postamble ``00``. LEN counts TFI plus data. Special frames: ACK ``00 00 FF 00 FF 00``,
NACK ``00 00 FF FF 00 00`` (asks the other side to send its last frame again), and the
application error frame (LEN 1, data ``7F``). The preamble is optional on the wire, so the
decoder keys on the start code; preamble and postamble zeros count as noise bytes.
"""

from dataclasses import dataclass

from drivers.rfid.framing import FrameDecoder

HOST_TO_PN532 = 0xD4
PN532_TO_HOST = 0xD5
START = b"\x00\xff"
ACK_BYTES = b"\x00\x00\xff\x00\xff\x00"
NACK_BYTES = b"\x00\x00\xff\xff\x00\x00"
ERROR_BYTES = b"\x00\x00\xff\x01\xff\x7f\x81\x00"
MAX_BODY = 254
"""TFI plus data in a normal frame (LEN 255 would collide with the NACK and extended forms)."""

IN_LIST_PASSIVE_TARGET = 0x4A
RF_CONFIGURATION = 0x32
SAM_CONFIGURATION = 0x14
BAUD_106K_TYPE_A = 0x00


@dataclass(frozen=True)
class Ack:
    """The PN532 took the command; its answer follows."""


@dataclass(frozen=True)
class Nack:
    """The other side saw a corrupt frame and asks for the last one again."""


@dataclass(frozen=True)
class ErrorFrame:
    """The PN532 rejected a command at the application level (syntax error)."""


@dataclass(frozen=True)
class InfoFrame:
    """A normal frame: ``tfi`` says the direction, ``data`` starts with the command code."""

    tfi: int
    data: bytes

    @property
    def command(self) -> int:
        return self.data[0]


class FrameError(ValueError):
    """A frame that cannot be encoded; the message says which field is out of range."""


def encode(tfi: int, data: bytes) -> bytes:
    """One normal information frame carrying ``data`` (which starts with the command code)."""
    if tfi not in (HOST_TO_PN532, PN532_TO_HOST):
        raise FrameError(f"PN532 TFI must be D4 or D5, got {tfi:#04x}")
    length = len(data) + 1
    if not 2 <= length <= MAX_BODY:
        raise FrameError(f"PN532 frame data must be 1..{MAX_BODY - 1} bytes, got {len(data)}")
    body = bytes([tfi]) + bytes(data)
    return (b"\x00" + START + bytes([length, -length & 0xFF]) + body
            + bytes([-sum(body) & 0xFF, 0x00]))


def command(code: int, params: bytes = b"") -> bytes:
    """A host command frame (TFI D4)."""
    return encode(HOST_TO_PN532, bytes([code]) + params)


def response(code: int, params: bytes = b"") -> bytes:
    """A PN532 answer frame (TFI D5); the answer code is the command code plus one."""
    return encode(PN532_TO_HOST, bytes([code + 1]) + params)


IN_LIST_ONE_TYPE_A = (IN_LIST_PASSIVE_TARGET, bytes([1, BAUD_106K_TYPE_A]))
"""InListPassiveTarget for one ISO14443A target at 106 kbps (the head reads one tile at a time)."""


def target_found(uid: bytes, target: int = 1) -> bytes:
    """The PN532's answer to InListPassiveTarget for one type-A tag: Tg, SENS_RES, SEL_RES, UID."""
    if not 4 <= len(uid) <= 10:
        raise FrameError(f"an ISO14443A UID is 4, 7 or 10 bytes, got {len(uid)}")
    target_data = bytes([target, 0x00, 0x44, 0x00, len(uid)]) + uid
    return response(IN_LIST_PASSIVE_TARGET, bytes([1]) + target_data)


def no_target() -> bytes:
    """The answer when the retries ran out with no tag in the field (NbTg = 0)."""
    return response(IN_LIST_PASSIVE_TARGET, bytes([0]))


def listed_uid(frame: InfoFrame) -> bytes | None:
    """The UID in an InListPassiveTarget answer, or None when no tag was found.

    Raises FrameError when the answer is malformed, so the caller can count it.
    """
    data = frame.data
    if frame.tfi != PN532_TO_HOST or data[:1] != bytes([IN_LIST_PASSIVE_TARGET + 1]):
        raise FrameError("not an InListPassiveTarget answer")
    if len(data) < 2 or data[1] > 1:
        raise FrameError("target count must be 0 or 1")
    if data[1] == 0:
        return None
    if len(data) < 7 or len(data) != 7 + data[6]:
        raise FrameError("target data does not match its UID length")
    return bytes(data[7:])


class Pn532Decoder(FrameDecoder):
    """Turns a PN532 byte stream (either direction) into Ack/Nack/ErrorFrame/InfoFrame."""

    HEADER = START

    def _parse_at(self, buf: bytes, pos: int):
        """Parse at the start code. A frame is consumed only up to its last checksum byte: the
        postamble is checked but left, so when noise just before a frame forms a bogus frame
        that borrows the next frame's first bytes as its postamble, the next frame's start
        code is still there to be found."""
        if len(buf) - pos < 4:
            return None, 0
        length, lcs = buf[pos + 2], buf[pos + 3]
        if (length, lcs) == (0x00, 0xFF) or (length, lcs) == (0xFF, 0x00):
            if len(buf) - pos < 5:
                return None, 0
            if buf[pos + 4] != 0x00:
                return "postamble", 0
            return (Ack() if length == 0 else Nack()), pos + 4
        if (length + lcs) & 0xFF:
            return "length checksum", 0
        if length < 1 or length > MAX_BODY:
            return "length", 0
        body_end = pos + 4 + length
        if len(buf) < body_end + 2:
            return None, 0
        body = buf[pos + 4:body_end]
        if (sum(body) + buf[body_end]) & 0xFF:
            return "checksum", 0
        if buf[body_end + 1] != 0x00:
            return "postamble", 0
        return self._frame(body), body_end + 1

    @staticmethod
    def _frame(body: bytes):
        if body == b"\x7f":
            return ErrorFrame()
        if body[0] not in (HOST_TO_PN532, PN532_TO_HOST):
            return "frame identifier"
        if len(body) < 2:
            return "length"
        return InfoFrame(body[0], body[1:])
