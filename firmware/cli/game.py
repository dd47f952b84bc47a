"""`mjtable game`: the table's game ledger — start a game, show it, enter or correct a hand,
decide on a flag, correct the seats, end it, export it for tournament software.

Every change is one event in the data folder's log, written before anything is shown as
done. Changing what was recorded (record, correct, resolve, seats, end, and `new` while a
game is in play) needs the operator PIN (`mjtable pin set`; given as MJTABLE_PIN or at the
prompt). RESULT is a hand result as the referee gives it (docs/ledger.md): JSON text, @FILE
or - for standard input. Exit codes: 0 done, 1 the log is damaged or the PIN refused, 2 bad
input or a refused action (the message says why).
"""

import argparse
import json
import sys
import time
from pathlib import Path

from firmware import rulesets
from firmware.config import DEFAULT_PATH, ConfigError
from firmware.ledger import actions
from firmware.ledger.export import as_csv, as_json
from firmware.ledger.book import Book, LogDamaged
from firmware.ledger.mjai import mjai_lines
from firmware.ledger.operator import add_place_arguments, check_pin, settings_of
from firmware.ledger.view import ledger_view, render_text
from firmware.operator_pin import PinError
from firmware.store import StoreError

FORMATS = ("json", "csv", "mjai")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("game", help="the game ledger: new, show, record, correct, export",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    acts = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    new = acts.add_parser("new", help="start a game")
    new.add_argument("--rules", required=True, choices=rulesets.names())
    new.add_argument("--players", help="the four names, seat 0 (first dealer) to 3: A,B,C,D")
    new.add_argument("--profile", help="the scorer's profile (default: the rule set's first)")
    show = acts.add_parser("show", help="the game: position, scores, hands, standings")
    show.add_argument("--json", action="store_true", help="one JSON object")
    record = acts.add_parser("record", help="enter a hand's result by hand (PIN)")
    record.add_argument("result", metavar="RESULT")
    record.add_argument("--minutes", type=float, help="the game clock at the end of the hand")
    correct = acts.add_parser("correct", help="correct a recorded hand (PIN)")
    correct.add_argument("hand", type=int, metavar="HAND")
    what = correct.add_mutually_exclusive_group(required=True)
    what.add_argument("--result", metavar="RESULT", help="the hand's corrected result")
    what.add_argument("--void", action="store_true", help="the hand counts for nothing")
    resolve = acts.add_parser("resolve", help="a judge's decision on a referee's flag (PIN)")
    resolve.add_argument("flag", metavar="FLAG")
    decision = resolve.add_mutually_exclusive_group(required=True)
    decision.add_argument("--confirm", action="store_true")
    decision.add_argument("--dismiss", action="store_true")
    seats = acts.add_parser("seats", help="correct who sits where (PIN); scores stay with the seats")
    seats.add_argument("--players", required=True, help="A,B,C,D")
    end = acts.add_parser("end", help="end the game now, e.g. when time is called (PIN)")
    export = acts.add_parser("export", help="the game for tournament software")
    export.add_argument("--format", choices=FORMATS, default="json")
    export.add_argument("--output", metavar="FILE", help="write here instead of standard output")
    for action in (correct, resolve, seats, end):
        action.add_argument("--why", required=True, help="the reason, recorded with the event")
    for action in (correct, resolve):
        action.add_argument("--judge", help="who decided (recorded)")
    for action in (new, show, record, correct, resolve, seats, end, export):
        add_place_arguments(action, str(DEFAULT_PATH))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        settings = settings_of(args)
        book = Book(settings.data_dir, clock=time.time)
    except LogDamaged as exc:
        print(f"mjtable game: {exc}", file=sys.stderr)
        return 1
    except (ConfigError, StoreError) as exc:
        print(f"mjtable game: {exc}", file=sys.stderr)
        return 2
    try:
        return _ACTIONS[args.action](args, book, settings)
    except PinError as exc:
        print(f"mjtable game {args.action}: {exc}", file=sys.stderr)
        return 1
    except (actions.ActionError, StoreError, ValueError) as exc:
        print(f"mjtable game {args.action}: {exc}", file=sys.stderr)
        return 2
    finally:
        book.close()


def _new(args, book: Book, settings) -> int:
    game = book.ledger.game
    if game is not None and game.position.ended is None:
        check_pin(settings)
        actions.end_game(book, "a new game was started")
    players = _players(args.players) if args.players else None
    event = actions.start_game(book, settings, args.rules, players, args.profile)
    print(f"game {event.id} started: {args.rules}, players {players or 'unnamed'}, in {book.folder}")
    return 0


def _show(args, book: Book, settings) -> int:
    view = ledger_view(book.ledger)
    print(json.dumps(view, ensure_ascii=False) if args.json else render_text(view))
    return 0


def _record(args, book: Book, settings) -> int:
    result = read_result(args.result)
    check_pin(settings)
    minutes = None if args.minutes is None else args.minutes * 60
    event = actions.record_hand(book, result, "operator", minutes)
    return _done(book, event, book.ledger.game.records[-1])


def _correct(args, book: Book, settings) -> int:
    result = None if args.void else read_result(args.result)
    check_pin(settings)
    event = actions.correct_hand(book, args.hand, result, args.why, args.judge)
    return _done(book, event, book.ledger.game.records[args.hand - 1])


def _resolve(args, book: Book, settings) -> int:
    check_pin(settings)
    event = actions.resolve_flag(book, args.flag, args.confirm, args.judge, args.why)
    record = book.ledger.game.record_of_flag(args.flag) if book.ledger.game else None
    if record is None:
        print(f"event {event.id}: flag {args.flag} {'confirmed' if args.confirm else 'dismissed'}; "
              f"its hand is not recorded yet, the decision applies when it is")
        return 0
    return _done(book, event, record)


def _seats(args, book: Book, settings) -> int:
    check_pin(settings)
    event = actions.change_seats(book, _players(args.players), args.why)
    print(f"event {event.id}: seats now {list(book.ledger.game.players)}")
    return 0


def _end(args, book: Book, settings) -> int:
    check_pin(settings)
    event = actions.end_game(book, args.why)
    view = ledger_view(book.ledger)
    print(f"event {event.id}: {view['end_reason']}; final scores {view['scores']}")
    return 0


def _export(args, book: Book, settings) -> int:
    view = ledger_view(book.ledger)
    if view["game"] is None:
        raise actions.ActionError("no game on this log to export")
    if args.format == "mjai" and not book.ledger.game.rules.mjai:
        raise actions.ActionError(f"mjai is riichi's log format; this game is {view['rules']}: "
                                  f"use --format json or csv")
    if args.format == "json":
        text = json.dumps(as_json(view, book.events()), ensure_ascii=False, indent=1)
    elif args.format == "csv":
        text = as_csv(view)
    else:
        text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in mjai_lines(view))
    if args.output:
        Path(args.output).write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
    else:
        print(text, end="" if text.endswith("\n") else "\n")
    return 0


def _done(book: Book, event, record) -> int:
    state = record.void or record.problem
    print(f"event {event.id}: hand {record.hand} gains {list(_gains(record))} → scores "
          f"{list(record.after.scores)}" + (f" ({state})" if state else ""))
    return 0


def _gains(record):
    return [after - before for after, before in zip(record.after.scores, record.before.scores)]


def read_result(text: str):
    """RESULT: JSON text, @FILE or - (standard input); ValueError naming what is wrong."""
    try:
        if text == "-":
            raw, where = sys.stdin.read(), "standard input"
        elif text.startswith("@"):
            raw, where = Path(text[1:]).read_text(encoding="utf-8"), text[1:]
        else:
            raw, where = text, "RESULT"
    except OSError as exc:
        raise ValueError(f"cannot read {text[1:]}: {exc.strerror}") from None
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where} is not JSON: {exc}") from None


def _players(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if len(names) != 4 or not all(names):
        raise ValueError(f"--players needs four names separated by commas, got {text!r}")
    return names


_ACTIONS = {"new": _new, "show": _show, "record": _record, "correct": _correct, "resolve": _resolve,
            "seats": _seats, "end": _end, "export": _export}
