"""The hardware abstraction layer: what the controller may ask of the table, part by part.

Two backends implement it: ``drivers`` (gpiozero devices and pyserial readers on a real
table) and ``hal_sim`` (the same driver classes on a simulated pin factory, plus a physics
model). The backend is picked once at start-up through the ``mjtable.backends`` entry point
(see ``firmware.backend``); nothing in ``firmware`` knows which one it got.

Commands are plain method calls that return at once; results come back later as
``firmware.events`` on the sink given to ``Table.attach`` — a lift is told to ``raise_`` and
the controller waits for ``LiftAtTop`` under a timeout, it never polls or sleeps.
"""

import logging
from collections.abc import Callable
from typing import Protocol

from firmware.events import Event

log = logging.getLogger(__name__)

EventSink = Callable[[Event], None]
"""Thread-safe, non-blocking: parts may call it from any thread."""


class Motor(Protocol):
    """A motor that only runs one way (disc, ring, conveyor, stack-push, chain)."""

    name: str

    def on(self) -> None: ...
    def off(self) -> None: ...
    @property
    def is_active(self) -> bool: ...


class Lift(Protocol):
    """A lift platform: a reversible motor between an up and a down limit switch.

    ``raise_``/``lower`` start travel; the part stops its own motor when the matching limit
    switch closes and reports ``LiftAtTop``/``LiftAtBottom``. ``stop`` is the safe state.
    """

    name: str

    def raise_(self) -> None: ...
    def lower(self) -> None: ...
    def stop(self) -> None: ...
    @property
    def at_top(self) -> bool: ...
    @property
    def at_bottom(self) -> bool: ...
    @property
    def is_active(self) -> bool: ...


class Hatch(Protocol):
    """The centre hatch: a reversible motor between open and closed switches."""

    name: str

    def open(self) -> None: ...
    def close(self) -> None: ...
    def stop(self) -> None: ...
    @property
    def is_open(self) -> bool: ...
    @property
    def is_closed(self) -> bool: ...
    @property
    def is_active(self) -> bool: ...


class DiceUnit(Protocol):
    """The internal dice: ``roll`` spins the motor for its configured time; the unit reports
    ``DiceRolled(faces)`` when the roll sensor sees the dice settle."""

    name: str

    def roll(self) -> None: ...
    def stop(self) -> None: ...
    @property
    def is_active(self) -> bool: ...


class Annunciator(Protocol):
    """Status LEDs and buzzer: ``show`` a named pattern (e.g. "ready", "busy", "fault")."""

    def show(self, pattern: str) -> None: ...
    def beep(self, count: int = 1) -> None: ...


class Display(Protocol):
    """The table's built-in display; ``show`` takes a plain dict view model."""

    def show(self, view: dict) -> None: ...


class Heartbeat(Protocol):
    """Keep-alive to the motor power relay: unless ``beat`` is called within the configured
    window, hardware cuts motor power (a crashed or hung controller leaves every motor off)."""

    def beat(self) -> None: ...


class Part(Protocol):
    """What the table asks of every part, whatever it is: route its events, go safe, let go."""

    name: str

    def attach(self, sink: EventSink) -> None: ...
    def safe(self) -> None: ...
    def release(self) -> None: ...


class LayoutSelector(Protocol):
    """The side units' mode selector: stacks each side takes in the next cycle (18 each for
    144 tiles, 17 for 136, 14/13/14/13 for 108), the switch a real table has under its cover."""

    def set_layout(self, stacks_per_side: tuple[int, int, int, int]) -> None: ...


class ReleaseError(RuntimeError):
    """Some parts failed to go safe or to be released; every one of them is named."""


class Table:
    """Every part of one table, named as the controller sees them, and owned as one composite:
    ``attach`` routes every part's events to one sink, ``close`` drives every output to its
    safe value and then releases every device (idempotent). ``inputs`` are the parts the
    controller only hears from (sensors, buttons)."""

    def __init__(self, *, disc: Motor, ring: Motor, conveyor: Motor, head: Motor, chain: Motor,
                 lifts: tuple[Lift, Lift, Lift, Lift], hatch: Hatch, dice: DiceUnit,
                 annunciator: Annunciator, display: Display, heartbeat: Heartbeat,
                 layout: LayoutSelector, inputs: tuple = ()):
        self.disc, self.ring, self.conveyor, self.head, self.chain = disc, ring, conveyor, head, chain
        self.lifts, self.hatch, self.dice = tuple(lifts), hatch, dice
        self.annunciator, self.display, self.heartbeat, self.layout = (annunciator, display,
                                                                        heartbeat, layout)
        self.inputs = tuple(inputs)
        self._closed = False

    def parts(self) -> list:
        """Every part once, in the order they were given."""
        found = []
        for part in (*self.shuffle_motors, *self.lifts, self.hatch, self.dice, self.annunciator,
                     self.display, self.heartbeat, self.layout, *self.inputs):
            if not any(part is seen for seen in found):
                found.append(part)
        return found

    @property
    def shuffle_motors(self) -> tuple[Motor, ...]:
        return (self.disc, self.ring, self.conveyor, self.head, self.chain)

    def moving_parts(self) -> tuple:
        return (*self.shuffle_motors, *self.lifts, self.hatch, self.dice)

    def set_layout(self, stacks_per_side: tuple[int, int, int, int]) -> None:
        self.layout.set_layout(stacks_per_side)

    def attach(self, sink: EventSink) -> None:
        """Route every part's events to ``sink`` (called once, before anything moves)."""
        for part in self.parts():
            part.attach(sink)

    def all_off(self) -> None:
        """Drive every motor to its safe (off) value; each part in its own try so one
        failing part cannot keep another running."""
        _each(self.moving_parts(), lambda part: (part.off if hasattr(part, "off") else part.stop)())

    def any_moving(self) -> bool:
        return any(part.is_active for part in self.moving_parts())

    def close(self) -> None:
        """Every output safe first, then every device released, each part in its own try;
        every failure is logged and a ReleaseError names them all after the rest are done."""
        if self._closed:
            return
        self._closed = True
        errors = release_parts(self.parts())
        if errors:
            raise ReleaseError("; ".join(errors))


def release_parts(parts) -> list[str]:
    """Every part's outputs to safe first, then every part released, newest first; each in
    its own try. Returns the failures ("part: error"), each already logged."""
    parts = list(parts)
    return (_each(parts, lambda part: part.safe(), raise_first=False)
            + _each(reversed(parts), lambda part: part.release(), raise_first=False))


def _each(parts, action, raise_first: bool = True) -> list[str]:
    """Run ``action`` on every part even when some fail; log each failure. Returns the
    failures, or (``raise_first``) raises the first after trying the rest."""
    failures: list[tuple[object, Exception]] = []
    for part in parts:
        try:
            action(part)
        except Exception as exc:  # noqa: BLE001 - keep going with the rest, then report
            log.error("part %s failed: %s", getattr(part, "name", part), exc)
            failures.append((part, exc))
    if failures and raise_first:
        raise failures[0][1]
    return [f"{getattr(part, 'name', part)}: {exc}" for part, exc in failures]
