"""Lift platforms and the centre hatch in the simulator: a position between two ends, moved by a motor."""

from collections.abc import Callable

from hal_sim.signals import Contact, MotorBank


class TravelModel:
    """Position 0 (bottom / closed) .. 1 (top / open), ``travel_s`` for the full way.

    On each motor change it settles the position reached so far and arms one timer for the
    arrival at the end it heads for; the end's contact closes on arrival and the other end's
    opens as soon as the motor drives away from it. A motor still driving against an end just stays there.
    """

    def __init__(self, scheduler, name: str, bank: MotorBank, ends: tuple[Contact, Contact],
                 travel_s: float, arrived: Callable[[bool], None]):
        self._scheduler = scheduler
        self.name = name
        self._bank = bank
        self.forward_end, self.backward_end = ends
        self.travel_s = travel_s
        self._arrived = arrived
        self.position = 0.0
        self._heading = 0
        self._since = 0.0
        self._timer = None
        self._sync()

    @property
    def at_backward_end(self) -> bool:
        return self.position <= 0.0

    def update(self) -> None:
        heading = self._bank.heading(self.name)
        if heading == self._heading:
            return
        self._settle()
        self._heading = heading
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        target = 1.0 if heading > 0 else 0.0
        if heading and self.position != target:
            remaining_s = abs(target - self.position) * self.travel_s
            self._timer = self._scheduler.call_later(remaining_s, self._arrive)
        self._sync()

    def _settle(self) -> None:
        now = self._scheduler.now()
        moved = self._heading * (now - self._since) / self.travel_s
        self.position = min(1.0, max(0.0, self.position + moved))
        self._since = now

    def _arrive(self) -> None:
        self._timer = None
        self._settle()
        self.position = 1.0 if self._heading > 0 else 0.0
        self._sync()
        self._arrived(self.position >= 1.0)

    def _sync(self) -> None:
        if self._heading:
            self._since = self._scheduler.now()
        self.forward_end.set(self.position >= 1.0 and self._heading >= 0)
        self.backward_end.set(self.position <= 0.0 and self._heading <= 0)
