"""`mjtable sim`: run N table cycles on the simulator in virtual time and print a summary.

The simulator adds this command to `mjtable` (entry point ``mjtable.commands:sim``).
A simulated venue plays along (hal_sim/world/venue.py): players play, press hatch, raise and dice;
after a fault the operator removes the cause and presses reset. ``--fault`` injects a fault
cause on a schedule: ``KIND[:PART]@cycle=N[,at=SECONDS]``, KIND one of motor_stall:<motor>
(disc, ring, conveyor, head, chain, dice, hatch, lift0..lift3), head_jam, tile_missing,
tile_extra, limit_stuck:<lift>[:open|closed], lid_open, estop, dice_dead, belt_full_stuck,
chain_zero_blocked; and the players' hand_miscount:<seat>. Exit code: 0 when every cycle completed, 1 when not, 2 on bad input.
"""

import argparse
import json
import sys

from firmware import rulesets
from firmware.config import DEFAULT_PATH, Config, ConfigError
from firmware.controller.checks import CycleChecks, load_check

from hal_sim.faults import parse_fault_spec
from hal_sim.harness import SimRun


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sim", help="run table cycles on the simulator in virtual time",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cycles", type=int, default=10, help="cycles to complete (default 10)")
    p.add_argument("--seed", type=int, help="simulator seed (default: [sim] seed)")
    p.add_argument("--rules", choices=rulesets.names(), help="rule set (default: [table] rules)")
    p.add_argument("--fault", action="append", default=[], metavar="SPEC",
                   help="KIND[:PART]@cycle=N[,at=SECONDS]; may repeat")
    p.add_argument("--check", action="append", default=[], metavar="MODULE:FUNCTION",
                   help="also run this cycle check when walls are ready; may repeat")
    p.add_argument("--maintenance", action="store_true",
                   help="instead of cycles, test every part from the maintenance menu")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--config", default=str(DEFAULT_PATH), help="config file (default %(default)s)")
    p.set_defaults(func=run)


def _print_text(summary: dict) -> None:
    print(f"cycles completed: {summary['cycles_completed']} ({summary['rules']}, "
          f"stacks per side {summary['stacks_per_side']})")
    print(f"mean cycle: {summary['cycle_seconds_mean']} s (virtual)")
    for fault in summary["faults"]:
        state = "recovered" if fault["recovered"] else "not recovered"
        print(f"fault {fault['kind']} at {fault['at']} s: {fault['code']} after "
              f"{fault['detected_after_s']} s, {state}")
    print(f"wall mismatches: {len(summary['wall_mismatches'])}; "
          f"unsafe instants: {summary['unsafe_instants']}; final state: {summary['final_state']}")


def run(args: argparse.Namespace) -> int:
    try:
        if args.cycles < 1:
            raise ValueError(f"--cycles must be at least 1, got {args.cycles}")
        faults = tuple(parse_fault_spec(spec) for spec in args.fault)
        checks = CycleChecks([load_check(spec) for spec in args.check])
        sim_run = SimRun(Config.load(args.config), args.seed, args.rules, faults, checks)
    except (ValueError, ConfigError) as exc:
        print(f"mjtable sim: {exc}", file=sys.stderr)
        return 2
    try:
        summary = sim_run.test_parts() if args.maintenance else sim_run.run(args.cycles)
    finally:
        sim_run.close()
    if args.json:
        print(json.dumps(summary))
    elif args.maintenance:
        for part in summary["parts"]:
            verdict = (f"{part['code']} {part['detail']}" if not part["ok"] else
                       "ok" if part["verified"] else part["detail"])
            print(f"{part['part']:>8}: {verdict} ({part['seconds']} s)")
    else:
        _print_text(summary)
    if args.maintenance:
        return 0 if all(part["ok"] for part in summary["parts"]) else 1
    return 0 if summary["cycles_completed"] >= args.cycles else 1
