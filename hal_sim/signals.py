"""How the physics touches pins: contacts it opens and closes on inputs, motors it reads from outputs."""

from collections.abc import Callable


class Contact:
    """A switch or sensor output on an input pin: closed pulls the line low (the drivers read
    active low). A fault may force it: ``forced`` overrides the physical state until cleared."""

    def __init__(self, pin):
        self._pin = pin
        self._closed = False
        self.forced: bool | None = None

    def set(self, closed: bool) -> None:
        if closed != self._closed:
            self._closed = closed
            self._apply()

    def force(self, closed: bool | None) -> None:
        self.forced = closed
        self._apply()

    @property
    def closed(self) -> bool:
        return self._closed if self.forced is None else self.forced

    def pulse(self) -> None:
        """Close and open again at the same instant (a tile or stack passing a sensor)."""
        if self.forced is None:
            self._pin.drive_low()
            self._pin.drive_high()

    def _apply(self) -> None:
        """Drive the line; called only on a change (so a run of ``update()`` calls is cheap)."""
        (self._pin.drive_low if self.closed else self._pin.drive_high)()


MOTORS = ("disc", "ring", "conveyor", "head", "chain", "dice", "hatch",
          "lift0", "lift1", "lift2", "lift3")
"""Motor names, as fault specs use them (``motor_stall:<motor>``)."""


class MotorBank:
    """Which motors really turn: output on, motor power on (heartbeat relay), not stalled.

    ``pins[name]`` is one output for a one-way motor or (forward, backward) for a reversible one.
    """

    def __init__(self, pins: dict[str, tuple]):
        self._pins = pins
        self._levels = {name: tuple(bool(p.state) for p in group) for name, group in pins.items()}
        self.powered = False
        self.stalled: set[str] = set()
        self.on_change: list[Callable[[], None]] = []

    def running(self, name: str) -> bool:
        return self.powered and name not in self.stalled and any(self._levels[name])

    def heading(self, name: str) -> int:
        """+1 forward (up/open), -1 backward, 0 stopped (or both on: the H-bridge brakes)."""
        if not self.powered or name in self.stalled:
            return 0
        forward, backward = self._levels[name]
        return int(forward) - int(backward)

    def output_changed(self, name: str) -> None:
        """One of motor ``name``'s outputs changed: re-read its levels, re-evaluate the physics."""
        self._levels[name] = tuple(bool(p.state) for p in self._pins[name])
        self.changed()

    def changed(self) -> None:
        for fn in self.on_change:
            fn()

    def set_powered(self, powered: bool) -> None:
        self.powered = powered
        self.changed()

    def stall(self, name: str, stalled: bool) -> None:
        (self.stalled.add if stalled else self.stalled.discard)(name)
        self.changed()
