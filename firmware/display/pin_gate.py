"""The operator PIN as the display's actions ask for it: ``check(pin, who, remote)``.

Why a module: the PIN itself — its salted scrypt hash (``[ledger] operator_pin``, set with
``mjtable pin set``), the lockout after wrong tries that the page and the command line share
(a file in the ledger's data folder) and the log of each wrong one — is
firmware/operator_pin.py's; this is the one place the display calls it. Checks run one at a
time, so parallel requests cannot race the count of wrong tries. A table without a
``[ledger]`` has no PIN, so every action is refused: safe by default.
"""

import threading
import time

from firmware.display.actions import Refused
from firmware.operator_pin import ATTEMPTS_FILE, Attempts, OperatorPin, PinError, PinRefused


def _guard(service) -> OperatorPin:
    ledger = service.components.get("ledger")
    if ledger is None:
        return OperatorPin("", Attempts(None), time.time)
    settings = ledger.settings
    return OperatorPin(settings.operator_pin, Attempts(settings.data_dir / ATTEMPTS_FILE),
                       time.time)


def pin_checker(service):
    """``check(pin, who, remote)``: returns when the PIN is right, else raises Refused (403).
    The PIN is looked up at the first check, once every component is loaded."""
    lock = threading.Lock()
    guards: list[OperatorPin] = []

    def check(pin: str, who: str, remote: str) -> None:
        with lock:
            if not guards:
                guards.append(_guard(service))
            try:
                guards[0].check(pin)
            except PinRefused as exc:
                raise Refused("操作密码错误，或错误次数过多需等待", str(exc), 403) from None
            except PinError as exc:
                raise Refused("未设置操作密码（[ledger] operator_pin）", str(exc), 403) from None

    return check
