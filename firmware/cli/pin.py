"""`mjtable pin set`: set the operator PIN that guards corrections.

The PIN is read twice without echo at a terminal (or from MJTABLE_NEW_PIN), and only its
salted scrypt hash is written, as `[ledger] operator_pin` in the config file (the section is
added when the file has none). Changing a PIN already set needs the current one (MJTABLE_PIN
or the prompt). Exit codes: 0 set, 1 the current PIN refused, 2 bad input.
"""

import argparse
import getpass
import os
import re
import sys
from pathlib import Path

from firmware.config import DEFAULT_PATH, Config, ConfigError
from firmware.ledger.operator import check_pin, settings_of
from firmware.ledger.settings import SECTION
from firmware.operator_pin import PinError, PinRefused, hash_pin

NEW_PIN_VARIABLE = "MJTABLE_NEW_PIN"
_HEADER = re.compile(r"^\s*\[([^\]]+)\]")
_KEY = re.compile(r"^\s*operator_pin\s*=")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("pin", help="set the operator PIN", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    acts = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    set_pin = acts.add_parser("set", help="set (or change) the operator PIN")
    set_pin.add_argument("--config", default=str(DEFAULT_PATH), help="config file (default %(default)s)")
    p.set_defaults(func=run, data=None)


def run(args: argparse.Namespace) -> int:
    try:
        settings = settings_of(args)
        if settings.operator_pin:
            check_pin(settings)
        write_pin(Path(args.config), hash_pin(_new_pin()))
    except PinRefused as exc:
        print(f"mjtable pin set: the current PIN: {exc}", file=sys.stderr)
        return 1
    except (PinError, ConfigError, OSError) as exc:
        print(f"mjtable pin set: {exc}", file=sys.stderr)
        return 2
    print(f"operator PIN set in {args.config} ([{SECTION}] operator_pin)")
    return 0


def _new_pin() -> str:
    if NEW_PIN_VARIABLE in os.environ:
        return os.environ[NEW_PIN_VARIABLE]
    if not sys.stdin.isatty():
        raise PinError(f"the new PIN is needed: set {NEW_PIN_VARIABLE} or run at a terminal")
    first = getpass.getpass("new operator PIN: ")
    if getpass.getpass("again: ") != first:
        raise PinError("the two PINs differ: nothing was changed")
    return first


def write_pin(path: Path, hashed: str) -> None:
    """Put ``operator_pin = "<hash>"`` into the file's [ledger] section, keeping every other
    line as it is; the file is replaced only once the new text parses."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    entry = f'operator_pin = "{hashed}"   # salted scrypt hash, written by `mjtable pin set`\n'
    start = next((i for i, line in enumerate(lines) if (m := _HEADER.match(line)) and m.group(1).strip() == SECTION),
                 None)
    if start is None:
        lines += ["\n" if lines and not lines[-1].endswith("\n\n") else "", f"[{SECTION}]\n", entry]
    else:
        end = next((i for i in range(start + 1, len(lines)) if _HEADER.match(lines[i])), len(lines))
        found = next((i for i in range(start + 1, end) if _KEY.match(lines[i])), None)
        if found is None:
            lines.insert(start + 1, entry)
        else:
            lines[found] = entry
    spare = path.with_name(path.name + ".new")
    spare.write_text("".join(lines), encoding="utf-8")
    try:
        Config.load(spare)
    except ConfigError:
        spare.unlink()
        raise
    os.replace(spare, path)
