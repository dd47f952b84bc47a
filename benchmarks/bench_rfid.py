"""RFID speed: frames parsed per second by both decoders, and the time to verify a full wall.

Usage: .venv/bin/python benchmarks/bench_rfid.py [--frames N] [--rounds N]
Prints, for the PN532 (head) and M100 (zone) decoders, frames per second over a stream of
answer frames with 2 % noise bytes, fed in 64-byte chunks as a serial port delivers them;
the time to build and verify a 144-tile wall map against a registry of two enrolled sets
(best and median of the rounds); and tiles per second through the simulated head end to end
(real bytes over a pty, three polls per tile, 2 % missed reads, 0.5 % corrupted frames).
"""

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from drivers.rfid import m100, pn532  # noqa: E402
from drivers.rfid.zone_reader import epc_for_uid  # noqa: E402
from firmware.events import TileAtHead, TileRead  # noqa: E402
from firmware.tiles.kinds import canonical_order  # noqa: E402
from firmware.tiles.registry import TileRegistry  # noqa: E402
from firmware.tiles.verify import verify_wall  # noqa: E402
from firmware.tiles.wall import WallCollector  # noqa: E402
from hal_sim.rfid.device import LineFaults  # noqa: E402
from hal_sim.rfid.head import SimHeadRfid  # noqa: E402

CHUNK = 64


def _stream(frames: list[bytes], rng: random.Random) -> bytes:
    out = bytearray()
    for frame in frames:
        if rng.random() < 0.02:
            out += rng.randbytes(rng.randrange(1, 8))
        out += frame
    return bytes(out)


def frames_per_second(decoder_class, frames: list[bytes], rng: random.Random) -> float:
    data = _stream(frames, rng)
    decoder = decoder_class()
    start = time.perf_counter()
    parsed = 0
    for offset in range(0, len(data), CHUNK):
        parsed += len(decoder.feed(data[offset:offset + CHUNK]))
    parsed += len(decoder.flush())
    return parsed / (time.perf_counter() - start)


def wall_verify_ms(rounds: int, rng: random.Random) -> list[float]:
    with tempfile.TemporaryDirectory() as folder:
        registry = TileRegistry(Path(folder) / "tiles.sqlite")
        for set_id, prefix in (("A", "0A"), ("B", "0B")):
            registry.enroll(set_id, [(f"{prefix}{i:06X}", kind)
                                     for i, kind in enumerate(canonical_order(144))])
        uids = [f"0A{i:06X}" for i in range(144)]
        times = []
        for _ in range(rounds):
            rng.shuffle(uids)
            start = time.perf_counter()
            collector = WallCollector()
            for uid in uids:
                collector.take(TileAtHead())
                collector.take(TileRead(uid, "head"))
            check = verify_wall(registry, collector.wall(), 144)
            times.append((time.perf_counter() - start) * 1000)
            assert check.ok, check.summary()
        registry.close()
    return times


def head_tiles_per_second(tiles: int, rng: random.Random) -> float:
    head = SimHeadRfid.create(LineFaults(miss_rate=0.02, checksum_error_rate=0.005), rng)
    start = time.perf_counter()
    for i in range(tiles):
        head.tile_passes(f"0A{i:06X}")
    elapsed = time.perf_counter() - start
    head.close()
    return tiles / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(1)
    head_frames = [pn532.target_found(rng.randbytes(7)) for _ in range(args.frames)]
    zone_frames = [m100.tag_notification(epc_for_uid(f"0A{i % 144:06X}"))
                   for i in range(args.frames)]
    print(f"PN532 decoder: {frames_per_second(pn532.Pn532Decoder, head_frames, rng):,.0f} "
          f"frames/s ({args.frames} answer frames, 64-byte chunks, 2 % noise bursts)")
    print(f"M100 decoder:  {frames_per_second(m100.M100Decoder, zone_frames, rng):,.0f} "
          f"frames/s ({args.frames} tag notifications)")
    times = wall_verify_ms(args.rounds, rng)
    print(f"wall map + set check, 144 tiles: best {min(times):.2f} ms, "
          f"median {statistics.median(times):.2f} ms ({args.rounds} rounds)")
    print(f"simulated head over a pty: {head_tiles_per_second(1440, rng):,.0f} tiles/s "
          "(3 polls per tile, 2 % missed reads, 0.5 % corrupted frames)")


if __name__ == "__main__":
    main()
