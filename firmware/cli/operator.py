"""`mjtable operator ACTION`: the operator's and judge's actions on a running table, the same
ones the page offers, through the running service's display (its actions API).

Actions: reset-fault; confirm-result --hand N; correct-score --hand N (--void | --result
RESULT); confirm-flag FLAG, dismiss-flag FLAG; change-rules --rules R (from the next hand);
new-game [--rules R]. Each needs --who and --why (recorded with the action) and the operator
PIN, read from MJTABLE_PIN or, at a terminal, a prompt that does not echo it; wrong PINs are
slowed down by the table, as on the page. The table is found at [display] bind/port of the
config (or --url). Exit codes: 0 done, 1 refused (the message says why), 2 bad input or no
table answering.
"""

import argparse
import json
import sys
import urllib.error
import urllib.request

from firmware import rulesets
from firmware.cli.game import read_result
from firmware.config import DEFAULT_PATH, Config, ConfigError
from firmware.ledger.operator import read_pin
from firmware.operator_pin import PinError

ANSWER_S = 30.0


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("operator", help="act on the running table: reset, results, flags, rules",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    acts = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    acts.add_parser("reset-fault", help="reset the fault the table stands in")
    confirm = acts.add_parser("confirm-result", help="confirm a recorded hand as it stands")
    confirm.add_argument("--hand", type=int, required=True)
    correct = acts.add_parser("correct-score", help="correct a recorded hand's result")
    correct.add_argument("--hand", type=int, required=True)
    what = correct.add_mutually_exclusive_group(required=True)
    what.add_argument("--void", action="store_true", help="the hand counts for nothing")
    what.add_argument("--result", metavar="RESULT", help="the corrected result: JSON, @FILE or -")
    for name in ("confirm-flag", "dismiss-flag"):
        acts.add_parser(name, help=f"a judge's decision: {name.split('-')[0]} a referee's flag"
                        ).add_argument("flag", metavar="FLAG")
    acts.add_parser("change-rules", help="the rule set from the next hand").add_argument(
        "--rules", required=True, choices=rulesets.names())
    acts.add_parser("new-game", help="end the game in play and start a new one").add_argument(
        "--rules", choices=rulesets.names(), help="default: the table's rule set")
    for action in acts.choices.values():
        action.add_argument("--who", required=True, help="who acts (recorded)")
        action.add_argument("--why", required=True, help="the reason (recorded)")
        action.add_argument("--url", help="the table's page (default: [display] of the config)")
        action.add_argument("--config", default=str(DEFAULT_PATH),
                            help="config file (default %(default)s)")
        action.add_argument("--lang", choices=("zh", "en"), default="en", help="answer language")
    p.set_defaults(func=run)


def request_body(args: argparse.Namespace) -> dict:
    """The action's arguments as the actions API takes them (without the PIN)."""
    body = {"who": args.who, "why": args.why}
    if args.action in ("confirm-result", "correct-score"):
        body["hand"] = args.hand
    if args.action == "correct-score":
        body |= {"void": True} if args.void else {"result": read_result(args.result)}
    if args.action in ("confirm-flag", "dismiss-flag"):
        body["flag_id"] = args.flag
    if args.action in ("change-rules", "new-game"):
        body["rules"] = args.rules
    return body


def table_url(args: argparse.Namespace) -> str:
    if args.url:
        return args.url.rstrip("/") + "/"
    section = Config.load(args.config).section("display", required=False)
    bind = section.get_str("bind", "127.0.0.1")
    host = "127.0.0.1" if bind in ("0.0.0.0", "::") else bind
    return f"http://{host}:{section.get_int('port', 8080)}/"


def post(url: str, body: dict) -> tuple[int, dict]:
    """POST ``body`` as JSON; (HTTP status, answer). OSError when nothing answers."""
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=ANSWER_S) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.load(error)


def run(args: argparse.Namespace) -> int:
    name = args.action.replace("-", "_")
    try:
        body = request_body(args)
        url = table_url(args) + f"api/actions/{name}"
        body["pin"] = read_pin()
    except (ValueError, ConfigError, PinError) as exc:
        print(f"mjtable operator {args.action}: {exc}", file=sys.stderr)
        return 2
    try:
        status, answer = post(url, body)
    except (OSError, json.JSONDecodeError) as exc:
        print(f"mjtable operator {args.action}: no table answers at {url}: {exc}", file=sys.stderr)
        return 2
    message = (answer.get("message") or {}).get(args.lang, "")
    if answer.get("ok"):
        where = answer.get("recorded_in")
        print(message + (f" (event {answer['event_id']})" if answer.get("event_id") else "")
              + (f"; recorded in the {where}" if where else ""))
        return 0
    print(f"mjtable operator {args.action}: refused ({status}): {message}", file=sys.stderr)
    return 2 if status == 400 else 1
