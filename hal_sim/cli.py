"""`mjtable sim`: run N table cycles, or play N hands, on the simulator in virtual time and print a summary.

The simulator adds this command to `mjtable` (entry point ``mjtable.commands:sim``).
A simulated venue plays along (hal_sim/world/venue.py): four players play each hand from the
walls the dice broke (hal_sim/world/players.py), press hatch, raise and dice; after a fault
the operator removes the cause and presses reset. ``--hands N`` plays N whole hands, machine
cycle included; ``--miscall-rate P`` has the players make a mistake in that share of hands,
``--miss-rate Q`` has the zone readers miss a tag with that chance per scan; the JSON summary
then sets the referee's flags, wins and reconstruction against the simulator's truth (all
null when no [referee] is configured). ``--fault`` injects a fault
cause on a schedule: ``KIND[:PART]@cycle=N[,at=SECONDS]``, KIND one of motor_stall:<motor>
(disc, ring, conveyor, head, chain, dice, hatch, lift0..lift3), head_jam, tile_missing,
tile_extra, limit_stuck:<lift>[:open|closed], lid_open, estop, dice_dead, belt_full_stuck,
chain_zero_blocked; and the players' hand_miscount:<seat>. Exit code: 0 when every cycle completed, 1 when not, 2 on bad input.
"""

import argparse
import json
import sys
import tempfile

from firmware import rulesets
from firmware.config import DEFAULT_PATH, Config, ConfigError
from firmware.controller.checks import CycleChecks, load_check
from firmware.ledger.settings import config_with_data

from hal_sim.faults import parse_fault_spec
from hal_sim.harness import SimRun
from hal_sim.world.ahead import PlayersStopped


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sim", help="run table cycles on the simulator in virtual time",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cycles", type=int, default=10, help="cycles to complete (default 10)")
    p.add_argument("--hands", type=int, help="instead of cycles, play this many whole hands")
    p.add_argument("--miscall-rate", type=float, metavar="P",
                   help="share of hands with one players' mistake (default: [venue] miscall_rate)")
    p.add_argument("--miss-rate", type=float, metavar="Q",
                   help="zone readers' chance to miss a tag per scan (default: [rfid.zones])")
    p.add_argument("--seed", type=int, help="simulator seed (default: [sim] seed)")
    p.add_argument("--rules", choices=rulesets.names(), help="rule set (default: [table] rules)")
    p.add_argument("--fault", action="append", default=[], metavar="SPEC",
                   help="KIND[:PART]@cycle=N[,at=SECONDS]; may repeat")
    p.add_argument("--check", action="append", default=[], metavar="MODULE:FUNCTION",
                   help="also run this cycle check when walls are ready; may repeat")
    p.add_argument("--maintenance", action="store_true",
                   help="instead of cycles, test every part from the maintenance menu")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--data", metavar="DIR",
                   help="keep the game ledger in DIR (resumes its game); default: a scratch "
                        "folder removed at the end, so that a run never continues an earlier one")
    p.add_argument("--config", default=str(DEFAULT_PATH), help="config file (default %(default)s)")
    p.set_defaults(func=run)


def _config(args: argparse.Namespace, scratch: str) -> Config:
    """The config with its ledger (if it has one) in ``--data DIR`` or in ``scratch``."""
    if args.data is not None:
        return config_with_data(args.config, args.data)
    config = Config.load(args.config)
    return config_with_data(args.config, scratch) if config.has_section("ledger") else config


def _print_play(summary: dict) -> None:
    ends = ", ".join(f"{n} {end}" for end, n in sorted(summary["hand_ends"].items()))
    print(f"hands played: {summary['hands_played']} ({ends or 'none'})")
    miscalls, wins = summary["miscalls"], summary["wins"]
    if summary["referee"] is None:
        print(f"no referee configured: {miscalls['injected']} mistakes made, "
              f"{wins['count']} wins, nothing flagged or scored by the table")
        return
    print(f"mistakes: {miscalls['injected']} made, {miscalls['flagged']} flagged, "
          f"{miscalls['missed']} missed, {miscalls['false_flags']} false flags")
    print(f"wins: {wins['count']}, {wins['agree']} scored as the engine scores the truth")
    rebuilt = summary["reconstruction"]
    print(f"discards reconstructed: {rebuilt['agree']} of {rebuilt['discards']}")
    game = summary["game"]
    if game is not None and game["rules"] is not None:
        print(f"ledger: {game['games']} game(s); {game['rules']} game "
              f"{'ended' if game['ended'] else 'in play'}, scores {game['scores']}, "
              "ranks " + ", ".join(f"seat {row['seat']} {row['rank']}" for row in game["standings"]))


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


def _check(args: argparse.Namespace) -> None:
    if args.cycles < 1:
        raise ValueError(f"--cycles must be at least 1, got {args.cycles}")
    if args.hands is not None and args.hands < 1:
        raise ValueError(f"--hands must be at least 1, got {args.hands}")
    for option, rate in (("--miscall-rate", args.miscall_rate), ("--miss-rate", args.miss_rate)):
        if rate is not None and not 0.0 <= rate <= 1.0:
            raise ValueError(f"{option} must be 0..1, got {rate}")


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="mjtable-sim-ledger-") as scratch:
        return _run(args, scratch)


def _run(args: argparse.Namespace, scratch: str) -> int:
    try:
        _check(args)
        faults = tuple(parse_fault_spec(spec) for spec in args.fault)
        checks = CycleChecks([load_check(spec) for spec in args.check])
        sim_run = SimRun(_config(args, scratch), args.seed, args.rules, faults, checks,
                         args.miscall_rate, args.miss_rate)
    except (ValueError, ConfigError) as exc:
        print(f"mjtable sim: {exc}", file=sys.stderr)
        return 2
    try:
        if args.maintenance:
            summary = sim_run.test_parts()
        elif args.hands is not None:
            summary = sim_run.run_hands(args.hands)
        else:
            summary = sim_run.run(args.cycles)
    except PlayersStopped as exc:  # the world cannot go on without its players
        print(f"mjtable sim: {exc}", file=sys.stderr)
        return 1
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
        _print_play(summary)
    if args.maintenance:
        return 0 if all(part["ok"] for part in summary["parts"]) else 1
    if args.hands is not None:
        return 0 if summary["hands_played"] >= args.hands else 1
    return 0 if summary["cycles_completed"] >= args.cycles else 1
