"""`mjtable tiles`: enrol a tile set from its head reads, and verify a wall of reads against it.

Enrolment: feed the set through the stacking head in canonical order (each kind's copies
together: 1m..9m, 1p..9p, 1s..9s, 1z..7z, then the flowers 1f..8f) and save the reads, one
UID per line (on the simulator: ``python -m hal_sim.rfid.enrolment --set A``; on a table:
``python -m drivers.rfid.capture --port /dev/ttyAMA0 --count 144``); lines may also carry the
kind ("UID 7p"). Verify: a cycle's reads in stacking order ("-" for a tile counted but not
read) against the registry. Exit codes: 0 fine, 1 the check found a problem, 2 bad input.
"""

import argparse
import json
import sys
from pathlib import Path

from firmware.tiles.enrolment import pairs_in_order
from firmware.tiles.kinds import set_sizes
from firmware.tiles.reads import ReadsError, parse_reads
from firmware.tiles.registry import SET_IDS, EnrolmentError, TileRegistry
from firmware.tiles.verify import verify_wall
from firmware.tiles.wall import WallReads


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tiles", help="enrol tile sets and verify walls by RFID",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    enroll = actions.add_parser("enroll", help="enrol a set from a file of head reads")
    enroll.add_argument("--set", required=True, choices=SET_IDS, dest="set_id")
    verify = actions.add_parser("verify", help="verify a wall of head reads against the registry")
    verify.add_argument("--tiles", type=int, required=True, choices=set_sizes())
    verify.add_argument("--set", choices=SET_IDS, dest="set_id",
                        help="the set expected (default: the set most reads belong to)")
    verify.add_argument("--json", action="store_true", help="print one JSON object")
    for action in (enroll, verify):
        action.add_argument("--registry", required=True, help="tile registry (SQLite file)")
        action.add_argument("reads", help="reads file, one UID per line, or - for standard input")
    p.set_defaults(func=run)


def _read_file(path: str):
    if path == "-":
        return parse_reads(sys.stdin, "<stdin>")
    try:
        with open(path, encoding="utf-8") as fh:
            return parse_reads(fh, path)
    except OSError as exc:
        raise ReadsError(f"cannot read {path}: {exc.strerror}") from None


def _enroll(args, registry: TileRegistry, reads) -> int:
    if any(read.uid is None for read in reads):
        raise ReadsError(f"{args.reads}: enrolment needs every tile read; re-feed the set")
    if all(read.kind is None for read in reads):
        if len(reads) not in set_sizes():
            raise ReadsError(f"{args.reads}: {len(reads)} reads; a set has "
                             f"{', '.join(map(str, set_sizes()))} tiles")
        pairs = pairs_in_order([read.uid for read in reads], args.reads)
    elif any(read.kind is None for read in reads):
        raise ReadsError(f"{args.reads}: give a kind on every line or on none")
    else:
        pairs = [(read.uid, read.kind) for read in reads]
    registry.enroll(args.set_id, pairs)
    print(f"set {args.set_id}: {len(reads)} tiles enrolled in {registry.path}")
    return 0


def _verify(args, registry: TileRegistry, reads) -> int:
    check = verify_wall(registry, WallReads(tuple(read.uid for read in reads)), args.tiles,
                        args.set_id)
    if args.json:
        print(json.dumps({"ok": check.ok, "set": check.set_id, "tiles_counted": check.tiles_counted,
                          "tiles_read": check.tiles_read, "unconfirmed": check.unconfirmed,
                          "missing_named": list(check.missing_named),
                          "issues": [{"kind": i.kind, "text": i.text} for i in check.issues]}))
    else:
        print(check.summary())
    return 0 if check.ok else 1


def run(args: argparse.Namespace) -> int:
    try:
        if args.action == "verify" and not Path(args.registry).is_file():
            raise EnrolmentError(f"no tile registry at {args.registry}; enrol a set first")
        reads = _read_file(args.reads)
        with TileRegistry(args.registry) as registry:
            action = _enroll if args.action == "enroll" else _verify
            return action(args, registry, reads)
    except (ReadsError, EnrolmentError) as exc:
        print(f"mjtable tiles {args.action}: {exc}", file=sys.stderr)
        return 2
