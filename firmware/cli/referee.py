"""`mjtable referee`: run play scenarios (JSON lines, ../shared/spec/play-scenarios.md)
through the table's referee and print what it concluded, one line per scenario.

It prints the runner's line of the spec, one JSON object per scenario (``id``, ``flags``,
``wins``, ``end``, ``ready``, ``flower_pigs``; ``--json`` says so explicitly); ``--text`` a
short summary line for people instead. A line that is not a
scenario gets a line with ``error`` and the run goes on; only input that cannot be read at
all exits non-zero (2).
"""

import argparse
import json
import sys

from firmware.referee import scenario


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("referee", help="run play scenarios (JSON lines) through the referee")
    p.add_argument("file", help="scenarios file, or - for standard input")
    style = p.add_mutually_exclusive_group()
    style.add_argument("--json", action="store_true",
                       help="one JSON line per scenario, the spec's runner output (the default)")
    style.add_argument("--text", action="store_true", help="a summary line per scenario for people")
    p.set_defaults(func=run)


def lines(stream):
    """One runner line per non-blank input line."""
    for lineno, line in enumerate(stream, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError as exc:
            yield scenario.failed(None, f"line {lineno}: not JSON: {exc}")
            continue
        yield scenario.run(data)


def summary(out: dict) -> str:
    """One line a judge can read: the end, each flag and each win."""
    if "error" in out:
        return f"{out['id']}: not refereed: {out['error']}"
    parts = [f"{out['id']}: {out['end']}"]
    parts += [f"flag seat {f['seat']} {f['offence']} ({f['rule']})" for f in out["flags"]]
    for win in out["wins"]:
        how = "self-drawn" if win["from"] is None else f"on seat {win['from']}'s discard"
        parts.append(f"win seat {win['seat']} {how}: {_score(win['result'])}")
    for key in ("ready", "flower_pigs"):
        if out[key] is not None:
            parts.append(f"{key} {out[key]}")
    return "; ".join(parts)


def _score(result: dict) -> str:
    for key in ("total", "fan", "han"):
        if result.get(key) is not None:
            return f"{result['status']}, {key} {result[key]}"
    return result.get("status", "?")


def run(args: argparse.Namespace) -> int:
    try:
        stream = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")
    except OSError as exc:
        print(f"mjtable referee: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    with stream:
        try:
            for out in lines(stream):
                text = summary(out) if args.text else json.dumps(out, ensure_ascii=False)
                sys.stdout.write(text + "\n")
        except BrokenPipeError:
            raise  # our reader left (`| head`): mjtable's main ends quietly
        except (OSError, UnicodeDecodeError) as exc:
            print(f"mjtable referee: cannot read {args.file}: {exc}", file=sys.stderr)
            return 2
    return 0
