"""The dice dome in the simulator: tumbling while the motor turns, faces from the seeded dice RNG when it settles."""

import random

from hal_sim.signals import Contact, MotorBank


class DiceModel:
    """The roll sensor is closed while the dice tumble; ``settle_s`` after the motor stops the
    dice land: the face contacts take the new faces (3 bits per die, bit0 first), then the
    roll sensor opens. A stalled or dead motor never tumbles them."""

    def __init__(self, scheduler, bank: MotorBank, roll: Contact, bits: list[Contact],
                 settle_s: float, rng: random.Random):
        self._scheduler = scheduler
        self._bank = bank
        self._roll = roll
        self._bits = bits
        self._settle_s = settle_s
        self._rng = rng
        self._timer = None
        self.faces: tuple[int, int] | None = None

    def update(self) -> None:
        if self._bank.running("dice"):
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._roll.set(True)
        elif self._roll.closed and self._timer is None:
            self._timer = self._scheduler.call_later(self._settle_s, self._settle)

    def _settle(self) -> None:
        self._timer = None
        self.faces = (self._rng.randint(1, 6), self._rng.randint(1, 6))
        for die, face in enumerate(self.faces):
            for bit in range(3):
                self._bits[3 * die + bit].set(bool(face >> bit & 1))
        self._roll.set(False)
