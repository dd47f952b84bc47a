"""Named deadlines on the injected scheduler; an expiry comes back as a ``Timeout`` event.

The controller never uses transitions' threaded ``Timeout`` state: a deadline is a scheduler
timer that posts ``Timeout(name)`` onto the controller's one event queue, so it is ordered
with every other event and runs in virtual time under the simulator.
"""

from collections.abc import Callable
from dataclasses import dataclass

from firmware.events import Event, Timeout

FaultSpec = tuple[str, str] | Callable[[], tuple[str, str]]
"""(code, detail), or a function giving them when the deadline expires."""


@dataclass
class Expired:
    name: str
    fault: tuple[str, str] | None
    """None for a timed step (the controller fires the trigger of the same name)."""


@dataclass
class _Armed:
    due: float
    fault: FaultSpec | None
    timer: object


class Deadlines:
    """Each name is armed at most once; re-arming replaces it, ``cancel`` forgets it.

    A deadline with a ``fault`` is a motion bound; one without is a timed step.
    """

    def __init__(self, scheduler, post: Callable[[Event], None]):
        self._scheduler = scheduler
        self._post = post
        self._armed: dict[str, _Armed] = {}

    def arm(self, name: str, delay_s: float, fault: FaultSpec | None = None) -> None:
        self.arm_at(name, self._scheduler.now() + delay_s, fault)

    def arm_at(self, name: str, due: float, fault: FaultSpec | None = None) -> None:
        self.cancel(name)
        timer = self._scheduler.call_at(due, lambda: self._post(Timeout(name)))
        self._armed[name] = _Armed(due, fault, timer)

    def cancel(self, *names: str) -> None:
        for name in names:
            armed = self._armed.pop(name, None)
            if armed is not None:
                armed.timer.cancel()

    def cancel_all(self) -> None:
        self.cancel(*list(self._armed))

    def is_armed(self, name: str) -> bool:
        return name in self._armed

    def expire(self, name: str) -> Expired | None:
        """Take a ``Timeout(name)``: what expired, or None if the deadline was cancelled or
        re-armed after its timer had fired (a stale timeout)."""
        armed = self._armed.get(name)
        if armed is None or armed.due > self._scheduler.now():
            return None
        del self._armed[name]
        fault = armed.fault() if callable(armed.fault) else armed.fault
        return Expired(name, fault)
