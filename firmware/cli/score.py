"""`mjtable score`: score hand records (JSON lines, ../shared/spec/hand-records.md) by a rule set.

The rule set's declaration (``firmware.rulesets``) names its scorer: a module with
``PROFILES`` (the first is the default) and ``score_record(record: dict, profile: str | None)
-> dict``, which returns the ``result`` object and never raises. Bad input becomes a result
with a message; the run goes on to the next line. A rule set whose scorer has not landed is
refused in one line (exit 2).

Which profile scores a record: ``--profile P`` is the operator's choice and overrides
whatever the record says. Without it the profile passed is None, which means the record's
own ``rules.profile`` if it names one (the hand was played under those rules), else the
rule set's default.
"""

import argparse
import json
import sys

from firmware import rulesets


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("score", help="score hand records (JSON lines) by a rule set")
    p.add_argument("--rules", required=True, metavar="R",
                   help=f"rule set: {', '.join(rulesets.scorable())}")
    p.add_argument("--profile", help="rule profile (default: the rule set's own)")
    p.add_argument("file", nargs="?", default="-", help="records file, or - for standard input")
    p.set_defaults(func=run)


def score_lines(lines, rule_set: rulesets.RuleSet, profile: str | None):
    """Yield one output object per non-blank input line."""
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
        yield {"id": record.get("id"), "result": rule_set.score(record, profile)}


def _rule_set(args: argparse.Namespace) -> rulesets.RuleSet:
    """The chosen rule set, with a scorer and the profile it was asked for; ValueError says why not."""
    try:
        rule_set = rulesets.get(args.rules)
    except ValueError:
        raise ValueError(f"unknown rule set {args.rules!r}; scorable: "
                         f"{', '.join(rulesets.scorable())}") from None
    if not rule_set.scorer:
        raise ValueError(f"rule set {args.rules} has no scorer yet; scorable: "
                         f"{', '.join(rulesets.scorable())}")
    if args.profile and args.profile not in rule_set.profiles:
        raise ValueError(f"unknown profile {args.profile!r} for {args.rules}; "
                         f"choose one of {', '.join(rule_set.profiles)}")
    return rule_set


def run(args: argparse.Namespace) -> int:
    try:
        rule_set = _rule_set(args)
    except ValueError as exc:
        print(f"mjtable score: {exc}", file=sys.stderr)
        return 2
    try:
        stream = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")
    except OSError as exc:
        print(f"mjtable score: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    with stream:
        for out in score_lines(stream, rule_set, args.profile):
            sys.stdout.write(json.dumps(out, ensure_ascii=False, sort_keys=True) + "\n")
    return 0
