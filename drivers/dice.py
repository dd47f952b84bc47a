"""The internal dice unit: a spin motor, a roll sensor, and three face bits per die."""

from firmware.events import DiceRolled

from drivers.part import Option, Part

FACE_KEYS = tuple(f"die{d}_bit{b}_pin" for d in (1, 2) for b in range(3))


class DiceUnit(Part):
    """Two dice under a dome, spun by a small motor; a reader under each die reports its face.

    Wiring and encoding: the roll sensor (an IR beam across the dome, active low) is active
    while the dice tumble. Each die's face is three input bits, active low, bit0 first:
    face = bit0 + 2·bit1 + 4·bit2, so 1..6 are valid and 0 or 7 means the reader could not see
    the die. ``roll()`` runs the motor for ``roll_s``; when the sensor sees the dice settle the
    unit reads the bits and reports ``DiceRolled(faces)`` — as read, so the controller checks
    1..6. A dead motor never tumbles the dice, so no event comes (the controller's time bound).

    :param roll_s: seconds the motor spins per roll.
    :param settle_s: nominal seconds the dice take to settle after the motor stops.
    """

    PIN_KEYS = ("motor_pin", "roll_pin", *FACE_KEYS)
    OPTIONS = (Option("roll_s", 1.5, 0.1, 10.0), Option("settle_s", 0.5, 0.0, 5.0))
    TIMED = True

    def __init__(self, motor_pin, roll_pin, *face_pins, roll_s: float, settle_s: float,
                 scheduler, pin_factory):
        super().__init__("dice", pin_factory)
        self.roll_s = roll_s
        self.settle_s = settle_s
        self._scheduler = scheduler
        self._timer = None
        self._rolling = False
        with self.building():
            self.on_safe(self._cancel)
            self._motor = self.output("motor", motor_pin, safe=False)
            self._sensor = self.input("roll", roll_pin)
            self._bits = [self.input(f"face{i}", pin) for i, pin in enumerate(face_pins)]
            self._sensor.when_deactivated = self._settled

    def roll(self) -> None:
        self.stop()
        self._rolling = True
        self._motor.on()
        self._timer = self._scheduler.call_later(self.roll_s, self._motor.off)

    def stop(self) -> None:
        self._cancel()
        self._motor.off()

    def _cancel(self) -> None:
        """Forget the pending motor stop (its output goes safe by itself)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    @property
    def is_active(self) -> bool:
        return bool(self._motor.value)

    def faces(self) -> tuple[int, int]:
        """The faces as the bits read now."""
        bits = [int(b.is_active) for b in self._bits]
        return (bits[0] + 2 * bits[1] + 4 * bits[2], bits[3] + 2 * bits[4] + 4 * bits[5])

    def _settled(self) -> None:
        if self._rolling and not self._motor.value:
            self._rolling = False
            self.emit(DiceRolled(self.faces()))
