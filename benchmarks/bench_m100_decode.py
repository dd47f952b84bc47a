"""A zone reader's decoding of recorded M100 bytes: the previous per-frame algorithm against
the current one, in one run, on the same bytes.

Usage: .venv/bin/python benchmarks/bench_m100_decode.py [--hands N] [--repeat N] [--damage P]
Records what the nine simulated zone modules answer over ``--hands`` hands of MCR on the
table top (``hal_sim.play_bench``), one chunk per answer as the reader reads it; ``--damage``
flips a byte in that share of the frames (seeded) so the reject paths run too. Then, taking
turns ``--repeat`` times and keeping each one's fastest pass, decodes the chunks into a zone
reader's counts and reports with ``PerFrameReference`` (a buffer cut after every frame, a
header search per frame, a ``Frame`` and a ``TagRead`` per tag, an uncached UID) and with the
current ``ZoneReader`` on ``InventoryDecoder``, checks both came to the same counts and
reports, and prints microseconds per frame and the ratio.
"""

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from drivers.rfid import m100  # noqa: E402
from drivers.rfid.zone_reader import ZoneReader, uid_for_epc  # noqa: E402
from hal_sim.play_bench import PlayBench  # noqa: E402
from hal_sim.rfid.m100_device import SimM100  # noqa: E402


def record(hands: int) -> list[bytes]:
    """Every answer the zone modules sent over ``hands`` hands, one chunk per answer."""
    chunks: list[bytes] = []
    answer = SimM100.answer

    def recording(device, frames):
        chunks.append(b"".join(frames))
        answer(device, frames)
    SimM100.answer = recording
    bench = PlayBench("mcr", seed=1)
    try:
        bench.play(hands)
    finally:
        bench.close()
        SimM100.answer = answer
    return [chunk for chunk in chunks if chunk]


def damage(chunks: list[bytes], share: float, rng: random.Random) -> list[bytes]:
    """Flip a bit in ``share`` of the bytes' tag-frame-sized stretches, as a noisy line would."""
    out = []
    for chunk in chunks:
        data = bytearray(chunk)
        for start in range(0, len(data), m100.TAG_FRAME_BYTES):
            if rng.random() < share:
                data[rng.randrange(start, min(len(data), start + m100.TAG_FRAME_BYTES))] ^= 0x10
        out.append(bytes(data))
    return out


class PerFrameReference:
    """The previous algorithm, kept as a plain reference: the buffer starts at a header
    candidate, each frame parsed at its start becomes a ``Frame`` and is cut off the buffer,
    each tag notification is parsed by ``tag_read`` and named by an uncached ``uid_for_epc``;
    the quiet line after an answer reports the inventory, as in ``ZoneReader``."""

    def __init__(self, min_rssi: int):
        self.min_rssi = min_rssi
        self.buffer = bytearray()
        self.rejected: Counter[str] = Counter()
        self.noise_bytes = self.frames_ok = self.silent_turns = 0
        self.faulted = False
        self.stats: Counter[str] = Counter()
        self.seen: set[str] = set()
        self.reports: list[frozenset[str]] = []

    def read(self, chunk: bytes) -> None:
        """One answer, then the quiet line: the inventory is reported (polled again if no
        frame came)."""
        before = sum(self.rejected.values())
        frames = self.feed(chunk)
        answered = bool(frames)
        self.handle(frames, sum(self.rejected.values()) > before)
        frames = self.flush()
        self.handle(frames, False)
        if answered or frames:
            self.stats["inventories"] += 1
            self.reports.append(frozenset(self.seen))
            self.seen.clear()
        else:
            self.stats["polls resent"] += 1

    def handle(self, frames: list, rejected_now: bool) -> None:
        if rejected_now:
            self.stats["corrupt frames"] += 1
        for frame in frames:
            self.heard()
            if frame.type == m100.NOTIFICATION and frame.command == m100.SINGLE_POLL:
                self.on_tag(frame)
            elif frame.command == m100.ERROR:
                self.stats["empty rounds"] += 1
            else:
                self.stats["unexpected frames"] += 1

    def flush(self) -> list:
        """The line went quiet: a pending candidate is truncated; rescan what followed it."""
        frames = []
        while self.seek_header():
            frames += self.feed(b"")
            if self.seek_header():
                self.rejected["truncated"] += 1
                del self.buffer[:1]
                self.noise_bytes += 1
        self.noise_bytes += len(self.buffer)
        self.buffer.clear()
        return frames

    def heard(self) -> None:
        self.silent_turns = 0
        self.faulted = False

    def on_tag(self, frame: m100.Frame) -> None:
        try:
            tag = m100.tag_read(frame)
        except m100.FrameError:
            self.stats["bad tag payloads"] += 1
            return
        if tag.rssi < self.min_rssi:
            self.stats["weak reads dropped"] += 1
            return
        self.stats["tag reads"] += 1
        self.seen.add(uid_for_epc.__wrapped__(tag.epc))

    def feed(self, data: bytes) -> list:
        self.buffer += data
        frames = []
        while self.seek_header():
            outcome, consumed = self.parse_at_start()
            if isinstance(outcome, str):
                self.rejected[outcome] += 1
                del self.buffer[:1]
                self.noise_bytes += 1
            elif outcome is None:
                break
            else:
                del self.buffer[:consumed]
                self.frames_ok += 1
                frames.append(outcome)
        return frames

    def seek_header(self) -> bool:
        index = self.buffer.find(m100.HEADER)
        if index < 0:
            keep = next((n for n in range(len(m100.HEADER) - 1, 0, -1)
                         if self.buffer.endswith(m100.HEADER[:n])), 0)
            skipped = len(self.buffer) - keep
            self.noise_bytes += skipped
            del self.buffer[:skipped]
            return False
        self.noise_bytes += index
        del self.buffer[:index]
        return True

    def parse_at_start(self):
        buf = self.buffer
        if len(buf) < 2:
            return None, 0
        if buf[1] not in (m100.COMMAND, m100.RESPONSE, m100.NOTIFICATION):
            return "frame type", 0
        if len(buf) < 5:
            return None, 0
        length = int.from_bytes(buf[3:5], "big")
        if length > m100.MAX_PARAMS:
            return "length", 0
        end = 5 + length + 2
        if len(buf) < end:
            return None, 0
        if sum(buf[1:5 + length]) & 0xFF != buf[5 + length]:
            return "checksum", 0
        if buf[end - 1] != m100.END:
            return "end marker", 0
        return m100.Frame(buf[1], buf[2], bytes(buf[5:5 + length])), end


def current(chunks: list[bytes], min_rssi: int):
    reports: list[frozenset[str]] = []
    reader = ZoneReader("bench", None, 0, "pond", min_rssi=min_rssi)
    reader.attach(lambda event: reports.append(event.uids))
    decoder = reader.decoder
    start = time.process_time()
    for chunk in chunks:
        before = decoder.rejected_total
        reader._on_frames(decoder.feed(chunk), decoder.rejected_total > before)
        reader._on_quiet(decoder.flush())
    return time.process_time() - start, reader.stats, reports


def previous(chunks: list[bytes], min_rssi: int):
    reference = PerFrameReference(min_rssi)
    start = time.process_time()
    for chunk in chunks:
        reference.read(chunk)
    return time.process_time() - start, reference.stats, reference.reports


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=10, help="hands of MCR recorded")
    parser.add_argument("--repeat", type=int, default=7, help="timed passes of each, in turn")
    parser.add_argument("--damage", type=float, default=0.0, help="share of frames damaged")
    args = parser.parse_args()
    print(f"rerun: .venv/bin/python benchmarks/bench_m100_decode.py --hands {args.hands} "
          f"--repeat {args.repeat} --damage {args.damage}")
    chunks = damage(record(args.hands), args.damage, random.Random(1))
    size = sum(map(len, chunks))
    best = {previous: float("inf"), current: float("inf")}
    outcomes = {}
    for _ in range(args.repeat):
        for decode in best:
            seconds, stats, reports = decode(chunks, 0xA0)
            best[decode] = min(best[decode], seconds)
            outcomes[decode] = (dict(stats), reports)
    if outcomes[previous] != outcomes[current]:
        print("the two decodings disagree:", outcomes[previous][0], outcomes[current][0])
        return 1
    frames = len(m100.M100Decoder().feed(b"".join(chunks)))
    print(f"{len(chunks)} answers, {size:,} bytes, {frames:,} frames, "
          f"counts {dict(sorted(outcomes[current][0].items()))}")
    for decode, name in ((previous, "previous (per frame)"), (current, "current (by offset)")):
        print(f"{name:>21}: {best[decode] * 1e3:7.1f} ms CPU, "
              f"{best[decode] / frames * 1e6:5.2f} us/frame")
    print(f"previous / current: {best[previous] / best[current]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
