"""Property/fuzz tests of both RFID frame decoders (PN532 and M100-family UHF).

Hypothesis draws the shape of each case (how many frames, which are corrupted, noise
lengths, how the port splits the stream) and a seed for the bulk bytes, and each example
decodes a batch of streams; every test asserts how many inputs it really decoded, and the
run totals more than 100 000. The properties: no input makes a decoder raise, every
corrupted frame is counted as a reject, every good frame embedded in noise and split at
arbitrary points comes out, in order.
"""

import random
from dataclasses import dataclass
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drivers.rfid import m100, pn532

BATCH = 10
"""Streams decoded per Hypothesis example (drawing every byte through Hypothesis is ~50x slower)."""
EXAMPLES = 2_500
NOISE_BYTES = (0x00, 0xFF, 0xBB, 0x7E, 0xD4, 0xD5)
"""Noise is biased towards header, end and identifier bytes, the ones that fool a parser."""

FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))


def _random_bytes(rng: random.Random, size: int) -> bytes:
    data = bytearray(rng.randbytes(size))
    for _ in range(size * 3 // 10):
        data[rng.randrange(size)] = rng.choice(NOISE_BYTES)
    return bytes(data)


def _pn532_frame(rng: random.Random):
    pick = rng.randrange(5)
    if pick == 0:
        return pn532.ACK_BYTES, pn532.Ack()
    if pick == 1:
        return pn532.NACK_BYTES, pn532.Nack()
    if pick == 2:
        return pn532.ERROR_BYTES, pn532.ErrorFrame()
    tfi = rng.choice([pn532.HOST_TO_PN532, pn532.PN532_TO_HOST])
    data = _random_bytes(rng, rng.randrange(1, 40))
    return pn532.encode(tfi, data), pn532.InfoFrame(tfi, data)


def _m100_frame(rng: random.Random):
    kind = rng.choice([m100.COMMAND, m100.RESPONSE, m100.NOTIFICATION])
    code, params = rng.randrange(256), _random_bytes(rng, rng.randrange(40))
    return m100.encode(kind, code, params), m100.Frame(kind, code, params)


@dataclass(frozen=True)
class Codec:
    name: str
    decoder: Callable
    frame: Callable[[random.Random], tuple]
    header_size: int


CODECS = [Codec("pn532", pn532.Pn532Decoder, _pn532_frame, 3),
          Codec("m100", m100.M100Decoder, _m100_frame, 1)]


@dataclass
class Case:
    stream: bytes
    good: list
    corrupted: int


def _build(codec: Codec, rng: random.Random, frames: int, corrupt_every: int,
           max_noise: int) -> Case:
    """Frames with noise runs between them; every ``corrupt_every``-th frame gets one byte
    after its header flipped (a checksum, length or end check must catch that byte)."""
    stream, good, corrupted = bytearray(), [], 0
    for index in range(frames):
        stream += _random_bytes(rng, rng.randrange(max_noise + 1))
        raw, frame = codec.frame(rng)
        if corrupt_every and index % corrupt_every == corrupt_every - 1:
            raw = bytearray(raw)
            raw[rng.randrange(codec.header_size, len(raw))] ^= rng.randrange(1, 256)
            corrupted += 1
        else:
            good.append(frame)
        stream += raw
    stream += _random_bytes(rng, rng.randrange(max_noise + 1))
    return Case(bytes(stream), good, corrupted)


def _decode(decoder, data: bytes, sizes: list[int]) -> list:
    """Feed ``data`` in chunks of the given sizes (cycled), as a port delivers it, then flush."""
    frames, start, index = [], 0, 0
    while start < len(data):
        size = sizes[index % len(sizes)]
        frames += decoder.feed(data[start:start + size])
        start, index = start + size, index + 1
    return frames + decoder.flush()


def _is_subsequence(wanted: list, got: list) -> bool:
    remaining = iter(got)
    return all(any(frame == candidate for candidate in remaining) for frame in wanted)


SHAPE = {
    "seed": st.integers(0, 2**32 - 1),
    "frames": st.integers(0, 8),
    "corrupt_every": st.integers(0, 3),
    "max_noise": st.integers(0, 24),
    "sizes": st.lists(st.integers(1, 48), min_size=1, max_size=6),
}


@pytest.mark.parametrize("codec", CODECS, ids=lambda c: c.name)
def test_noisy_corrupted_split_streams(codec):
    """No exception escapes; good frames all recovered in order; every corruption counted."""
    decoded = 0

    @FUZZ
    @given(**SHAPE)
    def check(seed, frames, corrupt_every, max_noise, sizes):
        nonlocal decoded
        rng = random.Random(seed)
        for _ in range(BATCH):
            case = _build(codec, rng, frames, corrupt_every, max_noise)
            decoder = codec.decoder()
            out = _decode(decoder, case.stream, sizes)
            decoded += 1
            assert _is_subsequence(case.good, out), case
            assert decoder.rejected_total >= case.corrupted, case
            assert decoder.frames_ok == len(out)
            assert decoder.pending == 0, "flush must leave nothing behind"

    check()
    assert decoded >= EXAMPLES * BATCH


@pytest.mark.parametrize("codec", CODECS, ids=lambda c: c.name)
def test_clean_streams_decode_exactly_with_no_rejects(codec):
    decoded = 0

    @FUZZ
    @given(seed=SHAPE["seed"], frames=SHAPE["frames"], sizes=SHAPE["sizes"])
    def check(seed, frames, sizes):
        nonlocal decoded
        rng = random.Random(seed)
        for _ in range(BATCH):
            case = _build(codec, rng, frames, 0, 0)
            decoder = codec.decoder()
            assert _decode(decoder, case.stream, sizes) == case.good
            assert decoder.rejected_total == 0
            decoded += 1

    check()
    assert decoded >= EXAMPLES * BATCH


@pytest.mark.parametrize("codec", CODECS, ids=lambda c: c.name)
def test_arbitrary_bytes_never_raise(codec):
    """Bytes straight from Hypothesis (shrinkable), split arbitrarily."""
    decoded = 0

    @settings(FUZZ, max_examples=EXAMPLES // 4)
    @given(data=st.binary(max_size=200), sizes=SHAPE["sizes"])
    def check(data, sizes):
        nonlocal decoded
        decoder = codec.decoder()
        out = _decode(decoder, data, sizes)
        assert decoder.frames_ok == len(out)
        decoded += 1

    check()
    assert decoded >= EXAMPLES // 4


def test_corrupted_single_frames_are_each_counted_once_or_more():
    """A frame with one flipped byte after its header never decodes and is always counted."""
    rng = random.Random(7)
    for codec in CODECS:
        for _ in range(2_000):
            case = _build(codec, rng, 1, 1, 0)
            decoder = codec.decoder()
            assert _decode(decoder, case.stream, [len(case.stream)]) == []
            assert decoder.rejected_total >= 1
