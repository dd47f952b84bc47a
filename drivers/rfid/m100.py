"""UHF reader-module frames of the M100 / JRD-4035 family (the zone readers): encode and decode.

Frame: header ``BB``, type (``00`` command, ``01`` response, ``02`` notification), command
code, parameter length PL (2 bytes, big-endian), parameters, checksum = (type + command + PL
bytes + parameters) & 0xFF, end ``7E``. Inventory: single poll ``22``, multi-poll ``27``
(``22`` + count of polling rounds), stop ``28``. Each tag a poll finds comes back as a type-02
frame with command ``22``: RSSI, PC (2), EPC (12 here), CRC-16 (2). When a round finds
nothing, or a tag's CRC failed, the module sends an error frame (command ``FF``, code ``15``).
"""

import binascii
from typing import NamedTuple

from drivers.rfid.framing import FrameDecoder

HEADER = b"\xbb"
END = 0x7E
COMMAND, RESPONSE, NOTIFICATION = 0x00, 0x01, 0x02
SINGLE_POLL, MULTI_POLL, STOP_POLL, ERROR = 0x22, 0x27, 0x28, 0xFF
NO_TAG_OR_CRC = 0x15
MAX_PARAMS = 512
"""Longest parameter block accepted; a longer PL is taken for noise and rejected at once."""
EPC_BYTES = 12


class Frame(NamedTuple):
    """One decoded frame; ``params`` is the raw parameter block. (Named tuples: a zone reader
    decodes a frame per tag in every inventory, and tuples are the cheapest to build.)"""

    type: int
    command: int
    params: bytes


class TagRead(NamedTuple):
    """A tag notification's payload."""

    rssi: int
    pc: int
    epc: bytes
    crc: int


class FrameError(ValueError):
    """A frame that cannot be encoded or a payload that does not parse; says which field."""


def encode(frame_type: int, command: int, params: bytes = b"") -> bytes:
    if frame_type not in (COMMAND, RESPONSE, NOTIFICATION):
        raise FrameError(f"M100 frame type must be 0, 1 or 2, got {frame_type}")
    if not 0 <= command <= 0xFF:
        raise FrameError(f"M100 command code must be one byte, got {command}")
    if len(params) > MAX_PARAMS:
        raise FrameError(f"M100 parameters must be at most {MAX_PARAMS} bytes, got {len(params)}")
    body = bytes([frame_type, command]) + len(params).to_bytes(2, "big") + bytes(params)
    return HEADER + body + bytes([sum(body) & 0xFF, END])


def multi_poll(rounds: int) -> bytes:
    """Start an inventory of ``rounds`` polling rounds (1..65535)."""
    if not 1 <= rounds <= 0xFFFF:
        raise FrameError(f"multi-poll rounds must be 1..65535, got {rounds}")
    return encode(COMMAND, MULTI_POLL, bytes([0x22]) + rounds.to_bytes(2, "big"))


def stop_poll() -> bytes:
    return encode(COMMAND, STOP_POLL)


def stop_done() -> bytes:
    """The module's answer to a stop command (status 0 = stopped)."""
    return encode(RESPONSE, STOP_POLL, b"\x00")


def no_tag() -> bytes:
    return encode(RESPONSE, ERROR, bytes([NO_TAG_OR_CRC]))


def crc16(data: bytes) -> int:
    """CRC-16/CCITT (polynomial 0x1021, preset 0xFFFF, result inverted) as EPC Gen2 tags use;
    ``binascii.crc_hqx`` is that polynomial, unreflected, computed in C."""
    return binascii.crc_hqx(data, 0xFFFF) ^ 0xFFFF


def tag_notification(epc: bytes, rssi: int = 0xC8) -> bytes:
    """What the module sends for one tag found during a poll."""
    if len(epc) != EPC_BYTES:
        raise FrameError(f"EPC must be {EPC_BYTES} bytes, got {len(epc)}")
    pc = (EPC_BYTES // 2) << 11
    pc_epc = pc.to_bytes(2, "big") + epc
    return encode(NOTIFICATION, SINGLE_POLL,
                  bytes([rssi]) + pc_epc + crc16(pc_epc).to_bytes(2, "big"))


def tag_read(frame: Frame) -> TagRead:
    """Parse a tag notification; FrameError when its length or tag CRC is wrong."""
    params = frame.params
    if frame.type != NOTIFICATION or frame.command != SINGLE_POLL:
        raise FrameError("not a tag notification")
    if len(params) != 1 + 2 + EPC_BYTES + 2:
        raise FrameError(f"tag notification must carry {5 + EPC_BYTES} bytes, got {len(params)}")
    pc_epc, crc = params[1:-2], int.from_bytes(params[-2:], "big")
    if crc16(pc_epc) != crc:
        raise FrameError("tag CRC mismatch")
    return TagRead(params[0], int.from_bytes(pc_epc[:2], "big"), bytes(pc_epc[2:]), crc)


class M100Decoder(FrameDecoder):
    """Turns an M100-family byte stream (either direction) into ``Frame`` objects."""

    HEADER = HEADER

    def _parse_at_start(self):
        buf = self._buffer
        if len(buf) < 2:
            return None, 0
        if buf[1] not in (COMMAND, RESPONSE, NOTIFICATION):
            return "frame type", 0
        if len(buf) < 5:
            return None, 0
        length = int.from_bytes(buf[3:5], "big")
        if length > MAX_PARAMS:
            return "length", 0
        end = 5 + length + 2
        if len(buf) < end:
            return None, 0
        if sum(buf[1:5 + length]) & 0xFF != buf[5 + length]:
            return "checksum", 0
        if buf[end - 1] != END:
            return "end marker", 0
        return Frame(buf[1], buf[2], bytes(buf[5:5 + length])), end
