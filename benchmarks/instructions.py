"""Instructions per scored corpus hand, counted by valgrind: a figure the machine's load cannot move.

Usage: .venv/bin/python benchmarks/instructions.py [mcr|riichi ...]   (needs valgrind; default both)
       .venv/bin/python benchmarks/instructions.py --play [--machine [--without SECTION]...]
                                                   [--warm W] [--hands N] [RULES ...]
Runs `score_record` over the public corpus under valgrind (cachegrind without its cache
model) twice: one pass, then one pass plus N more. Imports and the first pass, which fills
the memo tables, cancel out in the difference, which is divided by N times the hands. Not
a bench_ script, so `make bench` does not need valgrind.

With ``--play``: table-top hands (``hal_sim.play_bench``, as ``bench_play.py`` plays them),
W hands then W + N, so the figure is the instructions of hands W+1..W+N each, in this process
(the kernel's share of the ptys is not counted: ``strace -c`` counts its calls).
``--machine``: whole hands as ``mjtable sim --hands`` plays them (``SimRun.run_hands`` with the
default config: the machine cycle between hands, the head reader, the referee, the ledger on
a real SQLite file, the display). ``--without``: each config section given (a component:
``referee``, ``ledger``, ``display``, ``tiles.hands``; join two with ``+`` to leave both
out) is left out in turn, and what the hand costs without it is printed beside the whole: the
difference is that component's share of a hand, what follows from it included (the referee's
results feed the ledger, the ledger's scores the display).
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
PASSES = 4
_SCORE = """
import json, sys
sys.path.insert(0, {root!r})
from firmware.rules.{rules} import score_record
records = [json.loads(line) for line in open({corpus!r}, encoding="utf-8") if line.strip()]
for _ in range(1 + {passes}):
    for record in records:
        score_record(record, {profile!r})
print(len(records))
"""
_PROFILE = {"mcr": "mil", "riichi": None}
_PLAY = """
import sys
sys.path[:0] = [{root!r}, {tests!r}]
from hal_sim.play_bench import PlayBench
bench = PlayBench({rules!r}, seed=1)
bench.play({hands})
bench.close()
"""
_MACHINE = """
import sys, tempfile, tomllib
from pathlib import Path
sys.path[:0] = [{root!r}, {tests!r}]
from firmware.config import DEFAULT_PATH, Config
from hal_sim.harness import SimRun
from table_config import config_text
with tempfile.TemporaryDirectory() as data:
    config = tomllib.loads(config_text(Path(data)))
    for name in {without!r}:
        *outer, last = name.split(".")
        section = config
        for part in outer:
            section = section[part]
        del section[last]
    run = SimRun(Config(config, str(DEFAULT_PATH)), seed=1, rules={rules!r})
    run.run_hands({hands})
    run.close()
"""


def _instructions(code: str) -> tuple[int, str]:
    """(instructions, stdout) of ``code`` run under valgrind."""
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           sys.executable, "-c", code], capture_output=True, text=True, check=True)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    return int(refs.group(1).replace(",", "")), done.stdout


def _count(rules: str, passes: int) -> tuple[int, int]:
    """(instructions, hands) of one valgrind run with 1 + `passes` passes."""
    code = _SCORE.format(root=str(ROOT), rules=rules, corpus=str(CORPUS / f"{rules}_public.jsonl"),
                         passes=passes, profile=_PROFILE[rules])
    refs, out = _instructions(code)
    return refs, int(out)


def _play(rules: str, hands: int, machine: bool, without: tuple[str, ...] = ()) -> int:
    code = _MACHINE if machine else _PLAY
    return _instructions(code.format(root=str(ROOT), tests=str(ROOT / "tests"), rules=rules,
                                     hands=hands, without=without))[0]


def _per_hand(rules: str, warm: int, hands: int, machine: bool,
              without: tuple[str, ...] = ()) -> float:
    """Instructions of each of hands ``warm + 1 .. warm + hands``."""
    more, base = (_play(rules, played, machine, without) for played in (warm + hands, warm))
    return (more - base) / hands


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="*", help="mcr, riichi (default: both); with --play, "
                        "any rule set (default: all)")
    parser.add_argument("--play", action="store_true", help="table-top hands, not scoring")
    parser.add_argument("--machine", action="store_true",
                        help="--play: whole hands with the machine cycle (mjtable sim --hands)")
    parser.add_argument("--warm", type=int, default=30, help="--play: hands before the counted ones")
    parser.add_argument("--hands", type=int, default=20, help="--play: hands counted")
    parser.add_argument("--without", action="append", default=[], metavar="SECTION",
                        help="--play --machine: also count the hands without this config "
                             "section (a component; a+b leaves out both); may be repeated")
    args = parser.parse_args(argv)
    if args.without and not args.machine:
        parser.error("--without needs --play --machine: the components run with the machine")
    if args.play:
        sys.path.insert(0, str(ROOT))
        from firmware import rulesets
        unknown = set(args.rules) - set(rulesets.names())
        if unknown:
            parser.error(f"no rule set {', '.join(sorted(unknown))}; choose from "
                         f"{', '.join(rulesets.names())}")
        from firmware.config import Config
        config = Config.load()
        missing = sorted({name for left_out in args.without for name in left_out.split("+")
                          if not config.has_section(name)})
        if missing:
            parser.error(f"config/table.toml has no section {', '.join(missing)}")
        what = "hand with the machine cycle" if args.machine else "table-top hand"
        for rules in args.rules or rulesets.names():
            whole = _per_hand(rules, args.warm, args.hands, args.machine)
            print(f"{rules}: {whole:,.0f} instructions per {what} "
                  f"(hands {args.warm + 1}..{args.warm + args.hands})", flush=True)
            for left_out in args.without:
                sections = tuple(left_out.split("+"))
                less = _per_hand(rules, args.warm, args.hands, True, sections)
                names = " and ".join(f"[{name}]" for name in sections)
                whose = "its" if len(sections) == 1 else "their"
                print(f"{rules} without {names}: {less:,.0f}; {whose} share of a hand "
                      f"{whole - less:,.0f} ({(whole - less) / whole:.0%})", flush=True)
        return 0
    unknown = set(args.rules) - set(_PROFILE)
    if unknown:
        parser.error(f"no corpus for {', '.join(sorted(unknown))}; choose from {', '.join(sorted(_PROFILE))}")
    for rules in args.rules or sorted(_PROFILE):
        base, hands = _count(rules, 0)
        more = _count(rules, PASSES)[0]
        print(f"{rules}: {(more - base) / (PASSES * hands):,.0f} instructions per hand "
              f"({hands} records of {rules}_public.jsonl, {PASSES} passes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
