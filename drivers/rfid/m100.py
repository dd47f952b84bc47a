"""UHF reader-module frames of the M100 / JRD-4035 family (the zone readers): encode and decode.

Frame: header ``BB``, type (``00`` command, ``01`` response, ``02`` notification), command
code, parameter length PL (2 bytes, big-endian), parameters, checksum = (type + command + PL
bytes + parameters) & 0xFF, end ``7E``. Inventory: single poll ``22``, multi-poll ``27``
(``22`` + count of polling rounds), stop ``28``. Each tag a poll finds comes back as a type-02
frame with command ``22``: RSSI, PC (2), EPC (12 here), CRC-16 (2). When a round finds
nothing, or a tag's CRC failed, the module sends an error frame (command ``FF``, code ``15``).
"""

import binascii
import functools
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
TAG_PARAMS = 1 + 2 + EPC_BYTES + 2
"""A tag notification's parameters: RSSI, PC, EPC, CRC-16."""


class Frame(NamedTuple):
    """One decoded frame; ``params`` is the raw parameter block."""

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
    if len(params) != TAG_PARAMS:
        raise FrameError(f"tag notification must carry {TAG_PARAMS} bytes, got {len(params)}")
    pc_epc, crc = params[1:-2], int.from_bytes(params[-2:], "big")
    if crc16(pc_epc) != crc:
        raise FrameError("tag CRC mismatch")
    return TagRead(params[0], int.from_bytes(pc_epc[:2], "big"), bytes(pc_epc[2:]), crc)


class M100Decoder(FrameDecoder):
    """Turns an M100-family byte stream (either direction) into ``Frame`` objects."""

    HEADER = HEADER

    def _parse_at(self, buf: bytes, pos: int):
        size = len(buf) - pos
        if size < 2:
            return None, 0
        if buf[pos + 1] not in (COMMAND, RESPONSE, NOTIFICATION):
            return "frame type", 0
        if size < 5:
            return None, 0
        length = int.from_bytes(buf[pos + 3:pos + 5], "big")
        if length > MAX_PARAMS:
            return "length", 0
        check = pos + 5 + length
        if len(buf) < check + 2:
            return None, 0
        if sum(buf[pos + 1:check]) & 0xFF != buf[check]:
            return "checksum", 0
        if buf[check + 1] != END:
            return "end marker", 0
        return Frame(buf[pos + 1], buf[pos + 2], buf[pos + 5:check]), check + 2


TAG_HEAD = bytes([NOTIFICATION, SINGLE_POLL]) + TAG_PARAMS.to_bytes(2, "big")
"""Type, command and PL of a tag notification."""
TAG_START = HEADER + TAG_HEAD
TAG_FRAME_BYTES = len(TAG_START) + TAG_PARAMS + 2
TAG_BODY_BYTES = TAG_FRAME_BYTES - len(TAG_START)
"""What follows a tag notification's ``TAG_START``: its parameters, checksum and end."""
CRC_RESIDUE = 0x1D0F
"""``crc_hqx`` from preset 0xFFFF over PC and EPC followed by their (inverted) CRC-16 gives this
constant exactly when the CRC is right (the Gen2 residue): one C call checks a tag."""


@functools.lru_cache(maxsize=8192)
def intact_tag(body: bytes) -> tuple[int, bytes] | None:
    """``(rssi, epc)`` of a tag notification from the bytes after its ``TAG_START``
    (``TAG_BODY_BYTES``: RSSI at 0, PC at 1, EPC at 3, CRC at 15, checksum, end) when they are
    all there and its checksum, end marker and tag CRC are good; None otherwise. Cached: a
    module sends the same frames over and over (one per tag and RSSI, some 7 000 for two sets of
    tiles), so a zone reader checks most of them once; the bound keeps a flood of noise or
    unknown tags from growing it."""
    if (len(body) == TAG_BODY_BYTES and sum(TAG_HEAD + body[:-2]) & 0xFF == body[-2]
            and body[-1] == END and binascii.crc_hqx(body[1:-2], 0xFFFF) == CRC_RESIDUE):
        return body[0], body[3:-4]
    return None


class InventoryDecoder(M100Decoder):
    """What a zone reader hears: a whole, intact tag notification (``intact_tag``) comes out as
    a plain ``(rssi, epc)`` tuple, with no ``Frame`` and no ``TagRead`` built, since a reader
    decodes one per tag per round and little else. Every other frame comes out as
    ``M100Decoder`` gives it, a tag notification included exactly when ``tag_read`` would
    reject it (wrong length or tag CRC).

    A module's answer is mostly tag notifications back to back: ``_decode`` takes the run of
    them at the start of the bytes (``_tag_run``), and the generic walk takes the rest from the
    first byte that is not such a frame. The walk would find the same frames, so nothing else
    changes."""

    def _decode(self, buf: bytes, idle: bool) -> list:
        tags = self._tag_run(buf)
        if not tags:
            return super()._decode(buf, idle)
        self.frames_ok += len(tags)
        return tags + super()._decode(buf[len(tags) * TAG_FRAME_BYTES:], idle)

    @staticmethod
    def _tag_run(buf: bytes) -> list:
        """The intact tag notifications back to back at the start of ``buf``.

        ``bytes.split`` cuts ``buf`` at every ``TAG_START`` in one C call: a run of tags is an
        empty first piece, then pieces that are each exactly a tag's body, each checked by one
        cached ``intact_tag``: half the instructions of a walk at a tag's stride, which slices and
        looks up each frame from Python. The first piece that is not an intact body ends the
        run: another frame or noise after a tag, a tag cut short or damaged, or one whose EPC
        happens to hold ``TAG_START`` (cut in two here; the generic walk still finds it)."""
        pieces = buf.split(TAG_START)
        if pieces[0]:  # buf does not start with a tag notification
            return []
        tags = list(map(intact_tag, pieces[1:]))
        if None in tags:
            del tags[tags.index(None):]
        return tags

    def _parse_at(self, buf: bytes, pos: int):
        end = pos + TAG_FRAME_BYTES
        if buf[pos + 1:pos + 5] == TAG_HEAD and len(buf) >= end:
            tag = intact_tag(buf[pos + len(TAG_START):end])
            if tag is not None:
                return tag, end
        return super()._parse_at(buf, pos)
