"""`mjtable score`: score hand records (JSON lines, ../shared/spec/hand-records.md) by a rule set.

Each rule set module ``firmware.rules.<name>`` provides ``PROFILES`` (the first is the
default) and ``score_record(record: dict, profile: str | None) -> dict`` returning the
``result`` object. Bad input becomes a result with a message; the run goes on to the next line.

Which profile scores a record: ``--profile P`` is the operator's choice and overrides
whatever the record says. Without it the profile passed is None, which means the record's
own ``rules.profile`` if it names one (the hand was played under those rules), else the
rule set's default.
"""

import argparse
import importlib
import json
import sys

from firmware.rulesets import RULE_SETS


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("score", help="score hand records (JSON lines) by a rule set")
    p.add_argument("--rules", required=True, choices=RULE_SETS)
    p.add_argument("--profile", help="rule profile (default: the rule set's own)")
    p.add_argument("file", nargs="?", default="-", help="records file, or - for standard input")
    p.set_defaults(func=run)


def _rules_module(name: str):
    return importlib.import_module(f"firmware.rules.{name}")


def score_lines(lines, rules: str, profile: str | None):
    """Yield one output object per non-blank input line."""
    module = _rules_module(rules)
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            if not isinstance(record, dict):
                raise ValueError("a record must be a JSON object")
        except ValueError as exc:
            yield {"id": None, "result": {"status": "invalid_tiles",
                                          "message": f"line {lineno}: not a JSON record: {exc}"}}
            continue
        yield {"id": record.get("id"), "result": module.score_record(record, profile)}


def run(args: argparse.Namespace) -> int:
    module = _rules_module(args.rules)
    if args.profile and args.profile not in module.PROFILES:
        print(f"mjtable score: unknown profile {args.profile!r} for {args.rules}; "
              f"choose one of {', '.join(module.PROFILES)}", file=sys.stderr)
        return 2
    try:
        stream = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")
    except OSError as exc:
        print(f"mjtable score: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    with stream:
        for out in score_lines(stream, args.rules, args.profile):
            sys.stdout.write(json.dumps(out, ensure_ascii=False, sort_keys=True) + "\n")
    return 0
