"""The hardware abstraction layer: what the controller may ask of the table, part by part.

Two backends implement it: ``drivers`` (gpiozero devices and pyserial readers on a real
table) and ``hal_sim`` (the same driver classes on a simulated pin factory, plus a physics
model). The backend is picked once at start-up through the ``mjtable.backends`` entry point
(see ``firmware.backend``); nothing in ``firmware`` knows which one it got.

Commands are plain method calls that return at once; results come back later as
``firmware.events`` on the sink given to ``Table.attach`` — a lift is told to ``raise_`` and
the controller waits for ``LiftAtTop`` under a timeout, it never polls or sleeps.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from firmware.events import Event

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


@dataclass
class Table:
    """Every part of one table, as the controller sees them."""

    disc: Motor
    ring: Motor
    conveyor: Motor
    head: Motor
    chain: Motor
    lifts: tuple[Lift, Lift, Lift, Lift]
    hatch: Hatch
    dice: DiceUnit
    annunciator: Annunciator
    display: Display
    heartbeat: Heartbeat
    set_layout: Callable[[tuple[int, int, int, int]], None]
    """Stacks each side unit takes in the next cycle (18 each for 144 tiles, 17 for 136,
    14/13/14/13 for 108): the mode selector a real table has under its cover."""
    attach: Callable[[EventSink], None]
    """Route every part's events to the sink (called once, before anything moves)."""
    close: Callable[[], None]
    """Release every device; outputs go to their safe values."""

    @property
    def shuffle_motors(self) -> tuple[Motor, ...]:
        return (self.disc, self.ring, self.conveyor, self.head, self.chain)

    def moving_parts(self) -> tuple:
        return (*self.shuffle_motors, *self.lifts, self.hatch, self.dice)

    def all_off(self) -> None:
        """Drive every motor to its safe (off) value; each part in its own try so one
        failing part cannot keep another running."""
        errors = []
        for part in self.moving_parts():
            try:
                (part.off if hasattr(part, "off") else part.stop)()
            except Exception as exc:  # noqa: BLE001 - keep stopping the rest, then report
                errors.append(exc)
        if errors:
            raise errors[0]

    def any_moving(self) -> bool:
        return any(part.is_active for part in self.moving_parts())
