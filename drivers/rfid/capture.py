"""Capture head reads from a real reader for enrolment: ``python -m drivers.rfid.capture``.

``--port`` is a device path or pyserial URL; the tool prints each newly read UID on its own
line until ``--count`` tiles were read or ``--timeout-s`` passed with no new tile (exit 1).
Feed the set under the head in canonical order, then pipe the output into
``mjtable tiles enroll --set A --registry FILE -``.
"""

import argparse
import sys
import time

from drivers.rfid.head_reader import HeadReader
from drivers.rfid.serial_reader import ReaderPortError


def capture(reader: HeadReader, count: int, timeout_s: float, out) -> int:
    """Pump ``reader`` until ``count`` distinct consecutive reads; returns how many were read."""
    uids: list[str] = []
    reader.attach(lambda event: uids.append(event.uid) if not uids or uids[-1] != event.uid
                  else None)
    reader.begin()
    printed, last_new = 0, time.monotonic()
    while printed < count and time.monotonic() - last_new < timeout_s:
        reader.pump()
        for uid in uids[printed:]:
            out.write(uid + "\n")
            out.flush()
            last_new = time.monotonic()
        printed = len(uids)
    return printed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m drivers.rfid.capture", description=__doc__)
    parser.add_argument("--port", required=True, help="device path or pyserial URL")
    parser.add_argument("--count", type=int, default=144, help="tiles to read (default 144)")
    parser.add_argument("--timeout-s", type=float, default=30.0,
                        help="give up after this long without a new tile (default 30)")
    args = parser.parse_args(argv)
    try:
        reader = HeadReader.open("head", args.port)
    except ReaderPortError as exc:
        print(f"capture: {exc}", file=sys.stderr)
        return 2
    try:
        got = capture(reader, args.count, args.timeout_s, sys.stdout)
    finally:
        reader.close()
    if got < args.count:
        print(f"capture: only {got} of {args.count} tiles read", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
