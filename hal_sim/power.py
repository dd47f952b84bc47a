"""The motor power relay in the simulator: on while the heartbeat output keeps toggling."""

from hal_sim.signals import MotorBank


class PowerRelay:
    """Power comes on at the first heartbeat edge and drops ``timeout_s`` after the last one
    (a retriggerable timer on the relay board). One timer at a time: when it fires early it
    re-arms for the latest deadline instead of being re-armed on every beat."""

    def __init__(self, scheduler, bank: MotorBank, timeout_s: float, record):
        self._scheduler = scheduler
        self._bank = bank
        self.timeout_s = timeout_s
        self._record = record
        self._last_beat = None
        self._timer = None
        self.cuts = 0

    def beat(self, _level: bool) -> None:
        self._last_beat = self._scheduler.now()
        if self._timer is None:
            self._timer = self._scheduler.call_later(self.timeout_s, self._check)
        if not self._bank.powered:
            self._record("power", True)
            self._bank.set_powered(True)

    def _check(self) -> None:
        self._timer = None
        deadline = self._last_beat + self.timeout_s
        if self._scheduler.now() < deadline:
            self._timer = self._scheduler.call_at(deadline, self._check)
            return
        self.cuts += 1
        self._record("power", False)
        self._bank.set_powered(False)
