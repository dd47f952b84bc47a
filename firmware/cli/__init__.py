"""`mjtable` command line: one sub-command per module in this package, plus those installed
packages add through the ``mjtable.commands`` entry points (the simulator's ``sim``)."""

import argparse
import importlib
import sys
from importlib.metadata import entry_points

# Each module named here defines add_parser(subparsers) and sets `func` on its parser;
# func(args) returns the process exit code.
COMMANDS = ("score", "run", "diagram", "tiles")
ENTRY_POINTS = "mjtable.commands"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mjtable", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").add_parser(sub)
    for point in entry_points(group=ENTRY_POINTS):
        point.load()(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
