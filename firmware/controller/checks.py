"""Cycle checks: functions the controller calls when a set's walls are ready.

Other parts of the firmware (e.g. RFID set verification) register a check; each receives the
cycle's ``CycleReport`` and returns None when the walls are fine or a ``CheckFailure``. A
failure puts the table in fault E801 with the check's detail before the walls can be raised.
"""

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class CycleReport:
    """What one cycle's preparation produced, as the controller saw it."""

    cycle: int
    rules: str
    tiles_seen: int
    stacks_per_side: tuple[int, int, int, int]


@dataclass(frozen=True)
class CheckFailure:
    detail: str
    code: str = "E801"


CycleCheck = Callable[[CycleReport], CheckFailure | None]


@dataclass
class CycleChecks:
    """The registry: ``register`` a check, ``run`` them all in registration order."""

    checks: list[CycleCheck] = field(default_factory=list)

    def register(self, check: CycleCheck) -> CycleCheck:
        """Add ``check``; returns it, so this also works as a decorator."""
        self.checks.append(check)
        return check

    def run(self, report: CycleReport) -> CheckFailure | None:
        """The first failure, or None; a check that raises is a controller error (E901)."""
        for check in self.checks:
            failure = check(report)
            if failure is not None:
                return failure
        return None


def load_check(spec: str) -> CycleCheck:
    """Import ``module:function`` (e.g. a site's own check, given on the command line)."""
    module_name, sep, name = spec.partition(":")
    if not sep or not module_name or not name:
        raise ValueError(f"bad check {spec!r}: expected MODULE:FUNCTION")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"bad check {spec!r}: cannot import {module_name}: {exc}") from None
    check = getattr(module, name, None)
    if not callable(check):
        raise ValueError(f"bad check {spec!r}: {module_name} has no function {name}")
    return check
