"""The operator PIN that guards corrections: a salted scrypt hash, wrong PINs slowed and logged.

The config holds only ``scrypt$n$r$p$salt$hash`` (``hash_pin``; ``mjtable pin set`` writes
it), never the PIN. Each wrong PIN is one warning in the log; after ``FREE_TRIES`` wrong
PINs in a row each further try must wait, 30 s doubling to 15 min, since the last wrong one
— a lockout that a table's command line and the display's web page share through the same
``Attempts`` file, and that a right PIN clears. The clock is injected.
"""

import hashlib
import hmac
import json
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path

from firmware.ledger.settings import SECTION, LedgerSettings

log = logging.getLogger(__name__)

N, R, P, KEY_BYTES, SALT_BYTES = 2 ** 14, 8, 1, 32, 16
MIN_LENGTH = 4
FREE_TRIES = 3
FIRST_WAIT_S, LONGEST_WAIT_S = 30.0, 900.0
ATTEMPTS_FILE = "pin-attempts.json"


class PinError(ValueError):
    """No PIN set, a malformed stored hash, or a PIN too short to set."""


class PinRefused(PinError):
    """A wrong PIN, or a try during the lockout; the message says which and for how long."""


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    """The stored form of ``pin``: scrypt with a fresh random salt."""
    if not isinstance(pin, str) or len(pin.strip()) < MIN_LENGTH:
        raise PinError(f"a PIN needs at least {MIN_LENGTH} characters")
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    key = hashlib.scrypt(pin.encode(), salt=salt, n=N, r=R, p=P, dklen=KEY_BYTES)
    return f"scrypt${N}${R}${P}${salt.hex()}${key.hex()}"


def matches(pin: str, stored: str) -> bool:
    """Whether ``pin`` is the one ``stored`` was made from (constant-time comparison)."""
    try:
        name, n, r, p, salt, key = stored.split("$")
        if name != "scrypt":
            raise ValueError(name)
        derived = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                                 p=int(p), dklen=len(bytes.fromhex(key)), maxmem=2 ** 26)
    except ValueError:
        raise PinError("the stored operator PIN is not a scrypt hash: set it again with "
                       "`mjtable pin set`") from None
    return hmac.compare_digest(derived, bytes.fromhex(key))


class Attempts:
    """Wrong PINs in a row and when the last was, kept in a small JSON file (None: memory)."""

    def __init__(self, path: str | Path | None = None):
        self.path = None if path is None else Path(path)
        self.failures, self.last_failure = 0, None
        if self.path is not None and self.path.exists():
            try:
                saved = json.loads(self.path.read_text())
                last = saved["last_failure"]
                self.failures, self.last_failure = int(saved["failures"]), None if last is None else float(last)
            except (ValueError, KeyError, TypeError, OSError):
                self.failures, self.last_failure = FREE_TRIES, None  # unreadable: count as tried out

    def save(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        spare = self.path.with_name(self.path.name + ".new")
        spare.write_text(json.dumps({"failures": self.failures, "last_failure": self.last_failure}))
        os.replace(spare, self.path)


def wait_after(failures: int) -> float:
    """Seconds to wait after ``failures`` wrong PINs in a row before the next try."""
    if failures < FREE_TRIES:
        return 0.0
    return min(LONGEST_WAIT_S, FIRST_WAIT_S * 2 ** (failures - FREE_TRIES))


class OperatorPin:
    """Checks PINs against ``stored`` (empty: no PIN set, every check refused)."""

    def __init__(self, stored: str, attempts: Attempts, clock: Callable[[], float]):
        self.stored, self.attempts, self.clock = stored, attempts, clock
        self._lock = threading.Lock()  # the display checks PINs on worker threads

    def check(self, pin: str) -> None:
        """Return when ``pin`` is right; PinRefused (or PinError) saying why otherwise."""
        with self._lock:
            self._check(pin)

    def _check(self, pin: str) -> None:
        if not self.stored:
            raise PinError("no operator PIN is set: set one with `mjtable pin set` first")
        now, attempts = self.clock(), self.attempts
        if attempts.last_failure is not None:
            left = wait_after(attempts.failures) - (now - attempts.last_failure)
            if left > 0:
                raise PinRefused(f"{attempts.failures} wrong PINs in a row: try again in {left:.0f} s")
        if matches(pin if isinstance(pin, str) else "", self.stored):
            attempts.failures, attempts.last_failure = 0, None
            attempts.save()
            return
        attempts.failures, attempts.last_failure = attempts.failures + 1, now
        attempts.save()
        log.warning("wrong operator PIN (%d in a row)", attempts.failures)
        wait = wait_after(attempts.failures)
        raise PinRefused("wrong PIN" + (f"; the next try in {wait:.0f} s" if wait else ""))


def checker(config, clock: Callable[[], float] = time.time) -> Callable[[str, str, str], bool]:
    """``check(pin, who, remote) -> bool`` for the PIN in ``config``'s ``[ledger]`` section, the
    lockout shared with the command line through the ledger's data folder (the display's
    actions use this); each refusal is one log line naming who asked and from where."""
    settings = LedgerSettings.from_section(config.section(SECTION, required=False))
    guard = OperatorPin(settings.operator_pin, Attempts(settings.data_dir / ATTEMPTS_FILE), clock)

    def check(pin: str, who: str, remote: str) -> bool:
        try:
            guard.check(pin)
        except PinError as exc:
            log.warning("operator PIN refused for %s from %s: %s", who, remote, exc)
            return False
        return True

    return check
