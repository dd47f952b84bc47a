"""The simulator's enrolment station: a set fed through the simulated head in canonical order.

``python -m hal_sim.rfid.enrolment --set A [--tiles 144]`` prints the head reads, one UID per
line, for ``mjtable tiles enroll --set A --registry FILE -``. The tiles pass the same
simulated PN532 and the same firmware reader as in a cycle; the simulator only sorts its set
the way an operator lays the tiles out for enrolment.
"""

import argparse
import random
import sys

from firmware.tiles.kinds import KINDS, set_sizes
from firmware.tiles.reads import format_reads

from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.head import SimHeadRfid
from hal_sim.tiles import make_set


def enrolment_reads(set_id: str, n_tiles: int, faults: LineFaults | None = None,
                    seed: int = 1) -> list[str | None]:
    """The UIDs the head reads, in canonical order (None where a tile went unread)."""
    tiles = sorted(make_set(n_tiles, set_id), key=lambda tile: KINDS.index(tile.kind))
    head = SimHeadRfid.create(faults or LineFaults(), random.Random(seed))
    reads: list = []
    head.attach(lambda event: reads.append(event.uid))
    try:
        uids = []
        for tile in tiles:
            before = len(reads)
            head.hook(tile)
            uids.append(reads[before] if len(reads) > before else None)
    finally:
        head.close()
    return uids


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hal_sim.rfid.enrolment", description=__doc__)
    parser.add_argument("--set", required=True, choices=("A", "B"), dest="set_id")
    parser.add_argument("--tiles", type=int, default=144, choices=set_sizes())
    parser.add_argument("--miss-rate", type=float, default=0.0,
                        help="chance a read attempt misses (default 0)")
    args = parser.parse_args(argv)
    sys.stdout.write(format_reads(enrolment_reads(args.set_id, args.tiles,
                                                  LineFaults(miss_rate=args.miss_rate))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
