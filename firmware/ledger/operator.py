"""What the ledger's commands share: the data folder, the book, and the operator's PIN.

The PIN comes from ``MJTABLE_PIN`` or, at a terminal, a prompt that does not echo it; it is
checked against ``[ledger] operator_pin`` with the wrong-PIN lockout kept in the data folder.
"""

import getpass
import logging
import os
import sys
import time

from firmware.ledger.settings import LedgerSettings, load_settings
from firmware.operator_pin import ATTEMPTS_FILE, Attempts, OperatorPin, PinError

PIN_VARIABLE = "MJTABLE_PIN"


def add_place_arguments(parser, default_config: str) -> None:
    parser.add_argument("--data", metavar="DIR",
                        help="the ledger's data folder (default: [ledger] data_dir of the config)")
    parser.add_argument("--config", default=default_config, help="config file (default %(default)s)")


def settings_of(args) -> LedgerSettings:
    logging.basicConfig(level=logging.WARNING, format="mjtable: %(message)s")
    return load_settings(args.config, args.data)


def read_pin(prompt: str = "operator PIN: ") -> str:
    if PIN_VARIABLE in os.environ:
        return os.environ[PIN_VARIABLE]
    if sys.stdin.isatty():
        return getpass.getpass(prompt)
    raise PinError(f"the operator PIN is needed: set {PIN_VARIABLE} or run at a terminal")


def check_pin(settings: LedgerSettings) -> None:
    """Return when the operator's PIN is right; PinError (or PinRefused) otherwise."""
    guard = OperatorPin(settings.operator_pin, Attempts(settings.data_dir / ATTEMPTS_FILE), time.time)
    if not guard.stored:
        guard.check("")  # refused, saying that no PIN is set and how to set one
    guard.check(read_pin())
