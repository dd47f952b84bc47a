"""`mjtable log`: check the event log's hash chain, and decide on a damaged log.

`verify` reads every event and checks each link end to end: exit 0 when the chain holds, 1
naming the first bad event (changed, missing, unreadable) — the table refuses to continue the
game on such a log. `accept --upto N` is the operator's decision (PIN): events 1..N are kept
exactly as they were in a new log, the damaged file is moved into the data folder's
damaged/ folder unchanged, and the decision is recorded as the new log's next event.
"""

import argparse
import json
import sys
import time

from firmware.config import DEFAULT_PATH, ConfigError
from firmware.ledger import events as kinds
from firmware.ledger.book import Book
from firmware.ledger.operator import add_place_arguments, check_pin, settings_of
from firmware.operator_pin import PinError
from firmware.store import StoreError, accept, verify


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("log", help="verify the event log; decide on a damaged one",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    acts = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = acts.add_parser("verify", help="check the hash chain end to end")
    check.add_argument("--json", action="store_true", help="one JSON object")
    keep = acts.add_parser("accept", help="keep events 1..N of a damaged log (PIN)")
    keep.add_argument("--upto", type=int, required=True, metavar="N")
    keep.add_argument("--why", required=True, help="the reason, recorded with the decision")
    for action in (check, keep):
        add_place_arguments(action, str(DEFAULT_PATH))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        settings = settings_of(args)
        return _verify(args, settings) if args.action == "verify" else _accept(args, settings)
    except PinError as exc:
        print(f"mjtable log {args.action}: {exc}", file=sys.stderr)
        return 1
    except (ConfigError, StoreError) as exc:
        print(f"mjtable log {args.action}: {exc}", file=sys.stderr)
        return 2


def _verify(args, settings) -> int:
    verdict = verify(settings.data_dir)
    if args.json:
        print(json.dumps({"ok": verdict.ok, "path": str(verdict.path), "events": len(verdict.good),
                          "last_good": verdict.last_good, "bad_event": verdict.bad_event,
                          "problem": verdict.problem}))
    else:
        print(verdict.message(), file=sys.stdout if verdict.ok else sys.stderr)
    return 0 if verdict.ok else 1


def _accept(args, settings) -> int:
    if not args.why.strip():
        raise StoreError("say why (--why \"...\"): the reason is recorded with the decision")
    check_pin(settings)
    verdict = verify(settings.data_dir)
    aside = accept(settings.data_dir, args.upto)
    book = Book(settings.data_dir, clock=time.time)
    try:
        event = book.write(kinds.LOG_ACCEPTED, {"upto": args.upto, "damaged_file": str(aside),
                                                   "problem": verdict.problem, "why": args.why})
    finally:
        book.close()
    print(f"kept events 1..{args.upto}; the damaged log is in {aside}; decision recorded as event {event.id}")
    return 0
