"""`mjtable` command line: one sub-command per module in this package, plus those installed
packages add through the ``mjtable.commands`` entry points (the simulator's ``sim``).

Each command module defines ``add_parser(subparsers)`` and sets ``func`` on its parser;
``func(args)`` returns the process exit code. A new command is one new module here.
"""

import argparse
import importlib
import os
import pkgutil
import sys
from importlib.metadata import entry_points

ENTRY_POINTS = "mjtable.commands"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mjtable", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in pkgutil.iter_modules(__path__):
        if not module.name.startswith("_"):
            importlib.import_module(f"{__name__}.{module.name}").add_parser(sub)
    for point in entry_points(group=ENTRY_POINTS):
        point.load()(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        # The reader went away (`mjtable replay LOG | head`): nothing more to say to it.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
