"""The M100 decoders and the zone reader against a plain reference written from the format.

The reference below is built from m100.py's frame format and framing.py's resync rules only:
it keeps a buffer, drops noise bytes one by one, parses one frame at the buffer's start and
cuts it off, exactly the per-frame approach the offset-walking decoders replaced. Hypothesis
draws streams of good frames, corrupted frames and noise, split at arbitrary points; the code
under test must give the same frames, the same counts and the same held bytes after every
chunk, and a zone reader the same stats and reports.
"""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.rfid import m100
from drivers.rfid.zone_reader import ZoneReader

HEADER, END = 0xBB, 0x7E
MAX_PARAMS = 512


def crc16_reference(data: bytes) -> int:
    """CRC-16 as EPC Gen2 tags compute it: polynomial 0x1021, preset 0xFFFF, MSB first,
    result inverted; bit by bit."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = (crc << 1 ^ 0x1021 if crc & 0x8000 else crc << 1) & 0xFFFF
    return crc ^ 0xFFFF


def frame_bytes(frame_type: int, command: int, params: bytes) -> bytes:
    body = bytes([frame_type, command]) + len(params).to_bytes(2, "big") + params
    return bytes([HEADER]) + body + bytes([sum(body) & 0xFF, END])


def tag_bytes(rssi: int, pc: int, epc: bytes, crc_error: int) -> bytes:
    """A tag notification; ``crc_error`` spoils its tag CRC (the frame checksum stays right)."""
    pc_epc = pc.to_bytes(2, "big") + epc
    crc = crc16_reference(pc_epc) ^ crc_error
    return frame_bytes(2, 0x22, bytes([rssi]) + pc_epc + crc.to_bytes(2, "big"))


class ReferenceDecoder:
    """The straightforward decoding: ``(type, command, params)`` per good frame, or, with
    ``tags``, ``(rssi, epc)`` for a tag notification whose length and tag CRC are right."""

    def __init__(self, tags: bool = False):
        self.tags = tags
        self.buffer = b""
        self.rejected: Counter[str] = Counter()
        self.noise_bytes = self.frames_ok = 0

    def feed(self, data: bytes, idle: bool = False) -> list:
        self.buffer += data
        frames = []
        while self.buffer:
            if self.buffer[0] != HEADER:
                self.noise_bytes += 1
                self.buffer = self.buffer[1:]
                continue
            outcome = self._parse()
            if outcome is None and not idle:
                break
            if outcome is None or isinstance(outcome, str):
                self.rejected[outcome or "truncated"] += 1
                self.noise_bytes += 1
                self.buffer = self.buffer[1:]
                continue
            frame, size = outcome
            self.buffer = self.buffer[size:]
            self.frames_ok += 1
            frames.append(frame)
        return frames

    def flush(self) -> list:
        return self.feed(b"", idle=True)

    def _parse(self):
        buf = self.buffer
        if len(buf) < 2:
            return None
        if buf[1] > 2:
            return "frame type"
        if len(buf) < 5:
            return None
        length = buf[3] << 8 | buf[4]
        if length > MAX_PARAMS:
            return "length"
        if len(buf) < 7 + length:
            return None
        if sum(buf[1:5 + length]) % 256 != buf[5 + length]:
            return "checksum"
        if buf[6 + length] != END:
            return "end marker"
        frame_type, command, params = buf[1], buf[2], buf[5:5 + length]
        if (self.tags and (frame_type, command) == (2, 0x22) and length == 17
                and crc16_reference(params[1:15]) == int.from_bytes(params[15:], "big")):
            return (params[0], params[3:15]), 7 + length
        return (frame_type, command, params), 7 + length


def reference_reader(chunks: list[bytes], min_rssi: int) -> tuple[Counter, list]:
    """A zone reader from zone_reader.py's description, for one poll's answers: per chunk the
    frames it completed, then the line goes quiet (the idle flush): after any good frame the
    inventory is reported, after none the poll is sent again."""
    decoder, stats, seen, reports = ReferenceDecoder(tags=True), Counter(), set(), []
    answered = []

    def handle(frames: list, rejected_now: bool) -> None:
        if rejected_now:
            stats["corrupt frames"] += 1
        answered.extend(frames)
        for frame in frames:
            if len(frame) == 2:
                rssi, epc = frame
                if rssi < min_rssi:
                    stats["weak reads dropped"] += 1
                else:
                    stats["tag reads"] += 1
                    held = epc.lstrip(b"\x00")
                    size = next(n for n in (4, 7, 10, 12) if len(held) <= n)
                    seen.add(epc[-size:].hex().upper())
            elif frame[:2] == (2, 0x22):
                stats["bad tag payloads"] += 1
            elif frame[1] == 0xFF:
                stats["empty rounds"] += 1
            else:
                stats["unexpected frames"] += 1

    for chunk in chunks:
        before = sum(decoder.rejected.values())
        handle(decoder.feed(chunk), sum(decoder.rejected.values()) > before)
    handle(decoder.flush(), False)
    if answered:
        stats["inventories"] += 1
        reports.append(frozenset(seen))
    else:
        stats["polls resent"] += 1
    return stats, reports


EPCS = st.sampled_from([bytes(8) + bytes.fromhex(uid) for uid in ("0A000001", "0A000002")]
                       + [bytes(5) + bytes.fromhex("04A1B2C3D4E5F6"), bytes(range(1, 13))])
TAG = st.builds(tag_bytes, st.integers(0, 255), st.sampled_from([0x3000, 0x3400]), EPCS,
                st.sampled_from([0, 0, 0, 1, 0x8000, 0x1D0F]))
OTHER = st.one_of(
    st.sampled_from([frame_bytes(1, 0xFF, b"\x15"), frame_bytes(1, 0x28, b"\x00"),
                     frame_bytes(0, 0x27, b"\x22\x00\x04")]),
    st.builds(frame_bytes, st.integers(0, 2), st.sampled_from([0x22, 0x27, 0x28, 0xFF, 0x07]),
              st.binary(max_size=24)))


@st.composite
def damaged(draw, frames) -> bytes:
    """A frame as the line delivers it: whole, with one byte changed, or cut short."""
    raw = bytearray(draw(frames))
    how = draw(st.sampled_from(["whole", "whole", "whole", "flip", "cut"]))
    if how == "flip":
        raw[draw(st.integers(0, len(raw) - 1))] ^= draw(st.integers(1, 255))
    elif how == "cut":
        raw = raw[:draw(st.integers(0, len(raw) - 1))]
    return bytes(raw)


NOISE = st.binary(min_size=1, max_size=12) | st.lists(
    st.sampled_from([HEADER, END, 0x02, 0x22, 0x00, 0x11]), min_size=1, max_size=6).map(bytes)
STREAM = st.lists(damaged(TAG) | damaged(OTHER) | NOISE, max_size=30).map(b"".join)
SIZES = st.lists(st.integers(1, 64), min_size=1, max_size=5)
PROPERTY = settings(max_examples=600, deadline=None, database=None)


def chunked(data: bytes, sizes: list[int]) -> list[bytes]:
    chunks, start, index = [], 0, 0
    while start < len(data):
        size = sizes[index % len(sizes)]
        chunks.append(data[start:start + size])
        start, index = start + size, index + 1
    return chunks


def _same_run(decoder, reference, chunks: list[bytes], as_tuple) -> None:
    for chunk in chunks + [None]:
        got = decoder.flush() if chunk is None else decoder.feed(chunk)
        want = reference.flush() if chunk is None else reference.feed(chunk)
        assert [as_tuple(frame) for frame in got] == want
        assert decoder.pending == len(reference.buffer)
        assert list(decoder.rejected.items()) == list(reference.rejected.items())
        assert (decoder.noise_bytes, decoder.frames_ok) == (reference.noise_bytes,
                                                          reference.frames_ok)


@PROPERTY
@given(data=STREAM, sizes=SIZES)
def test_m100_decoder_matches_the_reference(data, sizes):
    _same_run(m100.M100Decoder(), ReferenceDecoder(), chunked(data, sizes), tuple)


@PROPERTY
@given(data=STREAM, sizes=SIZES)
def test_inventory_decoder_matches_the_reference(data, sizes):
    _same_run(m100.InventoryDecoder(), ReferenceDecoder(tags=True), chunked(data, sizes), tuple)


@PROPERTY
@given(data=STREAM, sizes=SIZES, min_rssi=st.sampled_from([0, 0xA0, 0x100]))
def test_zone_reader_counts_match_the_reference(data, sizes, min_rssi):
    chunks = chunked(data, sizes)
    reports = []
    reader = ZoneReader("zone-pond", None, None, "pond", min_rssi=min_rssi)
    reader.attach(lambda event: reports.append(event.uids))
    for chunk in chunks:
        before = reader.decoder.rejected_total
        reader._on_frames(reader.decoder.feed(chunk), reader.decoder.rejected_total > before)
    reader._on_quiet(reader.decoder.flush())
    stats, want = reference_reader(chunks, min_rssi)
    assert (dict(reader.stats), reports) == (dict(stats), want)
