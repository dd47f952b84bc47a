"""Inputs that only report: side count sensors (S1), belt-full (S6), lid interlock, e-stop, seat buttons."""

from firmware.config import Section
from firmware.events import (BUTTONS, BeltFull, ButtonPressed, EStopPressed, EStopReleased, LidChanged,
                             StackDelivered)

from drivers.part import Option, Part
from drivers.travel import side_of


class SideUnit(Part):
    """A side unit's stack-count sensor S1: one pulse (active low) per 2-high stack landed.

    Reports ``StackDelivered(side)``; part names ``side0``..``side3``.
    """

    PIN_KEYS = ("count_pin",)

    def __init__(self, side: int, count_pin, *, pin_factory):
        super().__init__(f"side{side}", pin_factory)
        self.side = side
        with self.building():
            self._s1 = self.input("count", count_pin)
            self._s1.when_activated = lambda: self.emit(StackDelivered(side))

    @classmethod
    def leading_args(cls, section: Section) -> tuple:
        return (side_of(section),)


class BeltFullSensor(Part):
    """S6 (active low): the conveyor is backed up. Reports ``BeltFull(active)`` on both edges."""

    PIN_KEYS = ("pin",)

    def __init__(self, pin, *, pin_factory):
        super().__init__("belt_full", pin_factory)
        with self.building():
            self._s6 = self.input("sensor", pin)
            self._s6.when_activated = lambda: self.emit(BeltFull(True))
            self._s6.when_deactivated = lambda: self.emit(BeltFull(False))

    @property
    def active(self) -> bool:
        return self._s6.is_active

    def attach(self, sink) -> None:
        super().attach(sink)
        if self.active:
            self.emit(BeltFull(True))


class LidSwitch(Part):
    """The lid / centre-raised interlock: a normally-closed contact, closed while the lid is down.

    Fail-safe wiring: a broken wire reads as "raised". Reports ``LidChanged(raised)`` on both
    edges, and the current state when attached.
    """

    PIN_KEYS = ("pin",)

    def __init__(self, pin, *, pin_factory):
        super().__init__("lid", pin_factory)
        with self.building():
            self._contact = self.input("contact", pin)
            self._contact.when_activated = lambda: self.emit(LidChanged(False))
            self._contact.when_deactivated = lambda: self.emit(LidChanged(True))

    @property
    def raised(self) -> bool:
        return not self._contact.is_active

    def attach(self, sink) -> None:
        super().attach(sink)
        self.emit(LidChanged(self.raised))


class EStopInput(Part):
    """The emergency-stop input: a normally-closed contact that opens when the mushroom is hit.

    The hardwired relay chain cuts motor power by itself; this input tells the controller,
    which latches it until an operator reset. Reports ``EStopPressed`` (also when attached
    while pressed) and ``EStopReleased`` when the contact closes again.
    """

    PIN_KEYS = ("pin",)

    def __init__(self, pin, *, pin_factory):
        super().__init__("estop", pin_factory)
        with self.building():
            self._contact = self.input("contact", pin)
            self._contact.when_deactivated = lambda: self.emit(EStopPressed())
            self._contact.when_activated = lambda: self.emit(EStopReleased())

    @property
    def pressed(self) -> bool:
        return not self._contact.is_active

    def attach(self, sink) -> None:
        super().attach(sink)
        if self.pressed:
            self.emit(EStopPressed())


class SeatButtons(Part):
    """One seat's buttons, each active low with debounce: the machine's (raise walls, dice,
    hatch) and the players' declarations (win, riichi, void_m / void_p / void_s), in the order
    of ``firmware.events.BUTTONS``.

    Reports ``ButtonPressed(seat, button)`` on press; part names ``buttons0``..``buttons3``.
    """

    PIN_KEYS = tuple(f"{button}_pin" for button in BUTTONS)

    OPTIONS = (Option("bounce_ms", 20, 0, 500),)

    def __init__(self, seat: int, *pins, bounce_ms: int, pin_factory):
        super().__init__(f"buttons{seat}", pin_factory)
        self.seat = seat
        with self.building():
            for button, pin in zip(BUTTONS, pins, strict=True):
                device = self.input(button, pin, bounce_ms / 1000 or None)
                device.when_activated = lambda b=button: self.emit(ButtonPressed(seat, b))

    @classmethod
    def leading_args(cls, section: Section) -> tuple:
        return (side_of(section),)

