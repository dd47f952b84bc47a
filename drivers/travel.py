"""Reversible motors between two limit switches: the four lift platforms and the centre hatch."""

import threading
from collections.abc import Callable

from gpiozero import Motor

from firmware.config import ConfigError, Section
from firmware.events import Event, HatchClosed, HatchOpened, LiftAtBottom, LiftAtTop

from drivers.part import Option, Part

SIDE_NAMES = ("east", "south", "west", "north")
"""Config section suffixes for sides 0..3 (firmware.events.SIDES order)."""


def side_of(section: Section) -> int:
    """The side number a ``[<prefix>.<side name>]`` section is for."""
    suffix = section.name.rsplit(".", 1)[-1]
    if suffix not in SIDE_NAMES:
        raise ConfigError(f"{section.config.source}: [{section.name}] is not a side; "
                          f"use one of {', '.join(SIDE_NAMES)}")
    return SIDE_NAMES.index(suffix)


class TravelUnit(Part):
    """A reversible motor (H-bridge: forward/backward outputs) between two limit switches.

    Why the part stops itself: the limit switch is the end of travel; stopping there in the
    driver (in the edge callback) does not wait for the controller's queue. If the switch of
    the asked direction is already closed the unit does not move and reports arrival at once.
    Safe state: both outputs off.
    """

    OPTIONS = (Option("travel_s", 10.0, 0.5, 120.0),)

    def __init__(self, name: str, forward_pin, backward_pin, forward_limit_pin, backward_limit_pin,
                 *, travel_s: float, arrived: tuple[Callable[[], Event], Callable[[], Event]],
                 pin_factory):
        super().__init__(name, pin_factory)
        self.travel_s = travel_s
        self._arrived_forward, self._arrived_backward = arrived
        self._heading = 0
        self._lock = threading.RLock()
        with self.building():
            self._motor = self.own("motor", Motor(forward_pin, backward_pin, pwm=False,
                                                  pin_factory=pin_factory), self._halt)
            self._forward_limit = self.input("forward_limit", forward_limit_pin)
            self._backward_limit = self.input("backward_limit", backward_limit_pin)
            self._forward_limit.when_activated = lambda: self._limit_reached(+1)
            self._backward_limit.when_activated = lambda: self._limit_reached(-1)

    def _halt(self) -> None:
        with self._lock:
            self._heading = 0
            self._motor.stop()

    def _arrived(self, heading: int) -> None:
        self._halt()
        self.emit((self._arrived_forward if heading > 0 else self._arrived_backward)())

    def _go(self, heading: int) -> None:
        with self._lock:
            if (self._forward_limit if heading > 0 else self._backward_limit).is_active:
                self._arrived(heading)
                return
            self._heading = heading
            (self._motor.forward if heading > 0 else self._motor.backward)()

    def _limit_reached(self, heading: int) -> None:
        """Edge callback (gpiozero's thread on a real Pi): the lock keeps it and a command
        from the controller's thread from interleaving."""
        with self._lock:
            if self._heading == heading:
                self._arrived(heading)

    def stop(self) -> None:
        self._halt()

    @property
    def is_active(self) -> bool:
        return bool(self._motor.is_active)


class LiftPlatform(TravelUnit):
    """A side's lift platform: up/down motor outputs, top/bottom limit switches (active low).

    Reports ``LiftAtTop(side)`` / ``LiftAtBottom(side)``; part names ``lift0``..``lift3``.

    :param side: 0..3 (east, south, west, north).
    :param travel_s: nominal seconds for a full travel.
    """

    PIN_KEYS = ("up_pin", "down_pin", "top_pin", "bottom_pin")

    def __init__(self, side: int, up_pin, down_pin, top_pin, bottom_pin, *, travel_s: float,
                 pin_factory):
        self.side = side
        super().__init__(f"lift{side}", up_pin, down_pin, top_pin, bottom_pin, travel_s=travel_s,
                         arrived=(lambda: LiftAtTop(side), lambda: LiftAtBottom(side)),
                         pin_factory=pin_factory)

    @classmethod
    def leading_args(cls, section: Section) -> tuple:
        return (side_of(section),)

    def raise_(self) -> None:
        self._go(+1)

    def lower(self) -> None:
        self._go(-1)

    @property
    def at_top(self) -> bool:
        return self._forward_limit.is_active

    @property
    def at_bottom(self) -> bool:
        return self._backward_limit.is_active


class CentreHatch(TravelUnit):
    """The centre hatch: open/close motor outputs, opened/closed switches (active low).

    Reports ``HatchOpened`` / ``HatchClosed``; part name ``hatch``.
    """

    PIN_KEYS = ("open_pin", "close_pin", "opened_pin", "closed_pin")
    OPTIONS = (Option("travel_s", 2.0, 0.2, 60.0),)

    def __init__(self, open_pin, close_pin, opened_pin, closed_pin, *, travel_s: float,
                 pin_factory):
        super().__init__("hatch", open_pin, close_pin, opened_pin, closed_pin, travel_s=travel_s,
                         arrived=(HatchOpened, HatchClosed), pin_factory=pin_factory)

    def open(self) -> None:
        self._go(+1)

    def close(self) -> None:
        """Close the hatch (its devices are freed by ``release``)."""
        self._go(-1)

    @property
    def is_open(self) -> bool:
        return self._forward_limit.is_active

    @property
    def is_closed(self) -> bool:
        return self._backward_limit.is_active
