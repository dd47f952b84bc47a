"""`mjtable replay`: a recorded hand turn by turn, as a judge reads it when a dispute comes up.

The hands come from the ledger's event log (``[ledger] data_dir``, or the folder or
``events.sqlite`` named): each hand result holds the referee's moves, every zone's tiles
after each discard and the flags with their evidence. The text shows, per hand, the
position it started from, each move with its time from the hand's first move, each seat's
hand, melds and the pond after every discard, each flag where it was raised (with the
judge's decision, if any), and the conclusion with its scoring and payments; ``--sensed``
adds what the table sensed, in time among the moves: each zone report (its tag count, the
tags it gained with their kinds and the tags it lost) and each button press. A hand a judge
corrected is shown as corrected, with the correction listed. ``--format mjai`` writes a
riichi game's hands as mjai events (``firmware/ledger/mjai.py``); ``--format json`` the
hands as the ledger holds them. A damaged log is named with its first bad event; the hands
before it are still shown, and the exit code is 1. The flags of a hand cut short before its
result was recorded (each flag is written as it is raised) follow the game's hands, with
their table hand, and so do the sensed reports of such a hand (each is written as it comes):
their count, and with ``--sensed`` each of them.
"""

import argparse
import json
import sys
from pathlib import Path

from firmware.config import DEFAULT_PATH, ConfigError
from firmware.display.views import score_view
from firmware.ledger.ledger import Ledger
from firmware.ledger.mjai import mjai_lines
from firmware.ledger.operator import settings_of
from firmware.ledger.results import DISCARD
from firmware.ledger.view import game_view
from firmware.referee import pictures
from firmware.store import LOG_FILE, verify

FORMATS = ("text", "json", "mjai")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="show recorded hands turn by turn (moves, tiles, flags)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("log", nargs="?", metavar="LOG",
                   help="the ledger's data folder or its events.sqlite (default: [ledger] data_dir)")
    p.add_argument("--game", type=int, metavar="G", help="the game (its number in the log, 1 = first; default the last)")
    p.add_argument("--hand", type=int, metavar="N", help="only hand N of that game")
    p.add_argument("--format", choices=FORMATS, default="text")
    p.add_argument("--sensed", action="store_true",
                   help="text: also each zone report and button press, as the table sensed them")
    p.add_argument("--config", default=str(DEFAULT_PATH), help="config file (default %(default)s)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        folder = _folder(args)
        verdict = verify(folder)
        ledger = Ledger.replay(verdict.good)
        game = _game(ledger, args.game)
        view = game_view(game)
        hands = _hands(view, args.hand)
        if args.format == "mjai" and not game.rules.mjai:
            raise ValueError(f"mjai is riichi's log format; game {_number(ledger, game)} is {view['rules']}")
    except (ValueError, ConfigError) as exc:
        print(f"mjtable replay: {exc}", file=sys.stderr)
        return 2
    if not verdict.ok:
        print(f"mjtable replay: {verdict.message()}; showing the events before it", file=sys.stderr)
    cut_short = [] if args.hand is not None else game.unrecorded_flags()
    unsensed = [] if args.hand is not None else game.unrecorded_sensed()
    if args.format == "json":
        print(json.dumps({"game": _number(ledger, game), "rules": view["rules"], "hands": hands,
                          "unrecorded_flags": cut_short, "unrecorded_sensed": unsensed},
                         ensure_ascii=False))
    elif args.format == "mjai":
        for line in mjai_lines(view | {"hands": hands}):
            print(json.dumps(line, ensure_ascii=False))
    else:
        print(f"game {_number(ledger, game)} of {len(ledger.games)} ({view['rules']}, "
              f"profile {view['profile']}), {len(view['hands'])} hands recorded")
        for hand in hands:
            print()
            print("\n".join(hand_text(hand, game.resolutions, args.sensed)))
        if cut_short:
            print()
            print("\n".join(cut_short_text(cut_short, game.resolutions)))
        if unsensed:
            print()
            print("\n".join(unsensed_text(unsensed, args.sensed)))
    return 0 if verdict.ok else 1


def _folder(args) -> Path:
    if args.log is None:
        return settings_of(args).data_dir
    path = Path(args.log)
    if path.name == LOG_FILE and path.is_file():
        return path.parent
    if not (path / LOG_FILE).is_file():
        raise ValueError(f"{path}: no event log here (a ledger data folder holds {LOG_FILE})")
    return path


def _game(ledger: Ledger, number: int | None):
    if not ledger.games:
        raise ValueError("the log holds no game")
    if number is None:
        return ledger.games[-1]
    if not 1 <= number <= len(ledger.games):
        raise ValueError(f"there is no game {number}: the log holds {len(ledger.games)}")
    return ledger.games[number - 1]


def _number(ledger: Ledger, game) -> int:
    return ledger.games.index(game) + 1


def _hands(view: dict, number: int | None) -> list[dict]:
    if number is None:
        return view["hands"]
    if not 1 <= number <= len(view["hands"]):
        raise ValueError(f"there is no hand {number}: the game has {len(view['hands'])} recorded hands")
    return [view["hands"][number - 1]]


# --- one hand as text ---------------------------------------------------------------------

def cut_short_text(raised: list[dict], resolutions: dict) -> list[str]:
    """The flags of hands that were never recorded (a power cut or a restart mid-hand), each
    with its table hand and the event that wrote it as it was raised."""
    lines = [f"flags of hands cut short before their result was recorded ({len(raised)}):"]
    for entry in raised:
        lines.append(f"  table hand {entry.get('table_hand')}, event {entry['event']}:")
        lines += _flag_text(entry["flag"], 0.0, resolutions)
    return lines


def unsensed_text(groups: list[dict], each: bool) -> list[str]:
    """What was sensed of hands never recorded: per table hand, the count of its reports and
    presses, and each of them when ``each`` (timed from the first)."""
    lines = [f"sensed in hands not recorded (cut short, or in play when the log was read) ({len(groups)}):"]
    for group in groups:
        reports = group["reports"]
        lines.append(f"  table hand {group['table_hand']}: {len(reports)} reports and presses"
                     + ("" if each else " (--sensed shows them)"))
        if each:
            start, kinds = next((r["t"] for r in reports if isinstance(r.get("t"), (int, float))), 0.0), {}
            lines += [_sensed_line(report, start, kinds) for report in reports]
    return lines


def hand_text(hand: dict, resolutions: dict, sensed: bool = False) -> list[str]:
    result = hand["result"] if isinstance(hand["result"], dict) else {}
    lines = [f"hand {hand['hand']} ({hand['round']} round, dealer seat {hand['dealer']}, honba "
             f"{hand['honba']}, sticks {hand['sticks']}; table hand {hand['table_hand']}, event "
             f"{hand['id']}, from the {hand['source']})"]
    lines += [f"  corrected by event {event}" for event in hand["corrections"]]
    if hand["void"] or hand["problem"]:
        lines.append(f"  note: {hand['void'] or hand['problem']}")
    moves, discards = result.get("moves") or [], pictures.whole(result.get("discards"))
    flags = sorted(result.get("flags") or [], key=lambda flag: _time(flag.get("evidence")))
    reports, kinds = sorted(result.get("sensed") or [] if sensed else [], key=_time), {}
    start = moves[0]["t"] if moves and isinstance(moves[0].get("t"), (int, float)) else 0.0
    for move in moves:
        while reports and _time(reports[0]) <= _time(move):
            lines.append(_sensed_line(reports.pop(0), start, kinds))
        while flags and _time(flags[0].get("evidence")) <= _time(move):
            lines += _flag_text(flags.pop(0), start, resolutions)
        lines.append(f"  {_clock(move.get('t'), start)}  {_move_text(move)}")
        if move.get("move") == DISCARD:
            zones = next(discards, None)
            if zones is not None:
                lines += _zones_text(zones.get("zones") or {})
    lines += [_sensed_line(report, start, kinds) for report in reports]
    for flag in flags:
        lines += _flag_text(flag, start, resolutions)
    lines.append(f"  end: {result.get('end')}" + (f", ready {result['ready']}" if result.get("ready") else ""))
    for win in result.get("wins") or []:
        lines += _win_text(win)
    lines.append(f"  payments {hand['gains']} -> scores {hand['scores']}")
    for penalty in hand["penalties"]:
        lines.append(f"  penalty: {json.dumps(penalty, ensure_ascii=False)}")
    return lines


def _time(item) -> float:
    t = item.get("t") if isinstance(item, dict) else None
    return t if isinstance(t, (int, float)) else float("inf")


def _clock(t, start: float) -> str:
    return f"{t - start:+8.1f} s" if isinstance(t, (int, float)) else "       ? s"


def _move_text(move: dict) -> str:
    text = f"seat {move.get('seat')} {move.get('move')}"
    if move.get("tile"):
        text += f" {move['tile']}"
    if move.get("tiles"):
        text += f" ({move['tiles']})"
    if move.get("from") is not None:
        text += f" from seat {move['from']}"
    return text


def _sensed_line(report, start: float, kinds: dict) -> str:
    """One sensed report, ``read hand.2: 14 tags, +3m(04A1B2C3) -7p(04D4E5F6)``, or a press;
    ``kinds`` names each tag by the kind it came in with, for the report that loses it."""
    if not isinstance(report, dict):
        return f"  {_clock(None, start)}  sensed: {report!r:.60}"
    return f"  {_clock(report.get('t'), start)}  {_sensed_text(report, kinds)}"


def _sensed_text(report: dict, kinds: dict) -> str:
    if "button" in report:
        return f"pressed: seat {report.get('seat')} {report.get('button')}"
    gained = [pair for pair in report.get("in") or () if isinstance(pair, list) and len(pair) == 2]
    kinds.update((str(uid), kind) for uid, kind in gained)
    change = [f"+{kind or '?'}({uid})" for uid, kind in gained]
    change += [f"-{kinds.get(str(uid)) or '?'}({uid})" for uid in report.get("out") or ()]
    return f"read {report.get('zone')}: {report.get('tags')} tags, {' '.join(change) or 'no change'}"


def _zones_text(zones: dict) -> list[str]:
    out = []
    for seat in range(4):
        melds = zones.get(f"melds.{seat}")
        out.append(f"               seat {seat}: {zones.get(f'hand.{seat}') or '-'}"
                   + (f" | melds {melds}" if melds else ""))
    out.append(f"               pond: {zones.get('pond') or '-'}")
    return out


def _flag_text(flag: dict, start: float, resolutions: dict) -> list[str]:
    evidence = flag.get("evidence") if isinstance(flag.get("evidence"), dict) else {}
    decided = resolutions.get(flag.get("id"))
    decision = "not yet decided" if decided is None else (
        f"{'confirmed' if decided.get('confirmed') else 'dismissed'} by {decided.get('judge')}"
        + (f": {decided['why']}" if decided.get("why") else ""))
    penalty = flag.get("penalty") if isinstance(flag.get("penalty"), dict) else {}
    lines = [f"  {_clock(evidence.get('t'), start)}  FLAG {flag.get('id')}: seat {flag.get('seat')} "
             f"{flag.get('offence')} ({flag.get('rule')}); {decision}"]
    shown = {key: value for key, value in evidence.items() if key != "t"}
    lines.append(f"               evidence: {json.dumps(shown, ensure_ascii=False)}")
    if penalty:
        lines.append(f"               penalty: {json.dumps(penalty, ensure_ascii=False)}")
    return lines


def _win_text(win: dict) -> list[str]:
    score = score_view(win.get("result") or {})
    how = "self-drawn" if win.get("win_by") == "self_draw" else f"on seat {win.get('from')}'s discard"
    total = score["total"]
    lines = [f"  win: seat {win.get('seat')}, {how}: {score['status']}"
             + (f", {total['value']} {total['unit']}" if total else "")
             + (f", {score['fu']} fu" if score["fu"] else "")
             + (f", {score['cost']} points" if score["cost"] is not None else "")]
    for line in score["lines"]:
        count = f" x{line['count']}" if line["count"] > 1 else ""
        lines.append(f"       {line['name']['en']}{count}: {line['value']} {line['unit']}")
    return lines
