"""Outputs that signal rather than move: status LEDs and buzzer, the heartbeat, the side layout selector."""

from firmware.config import Section

from drivers.part import Option, Part

PATTERNS = {
    "off": (0, 0, 0), "self_test": (1, 1, 1), "ready": (1, 0, 0), "busy": (0, 1, 0),
    "maintenance": (1, 1, 0), "fault": (0, 0, 1), "estop": (0, 1, 1),
}
"""Annunciator patterns as (ready LED, busy LED, fault LED)."""

LAYOUTS = {1: (18, 18, 18, 18), 2: (17, 17, 17, 17), 3: (14, 13, 14, 13)}
"""Side layout selector codes (bit1 bit0) → stacks per side; code 0 (both off) = none chosen."""


class Annunciator(Part):
    """Three status LEDs and a buzzer. Safe: all off.

    ``show(pattern)`` takes a name from ``PATTERNS``; ``beep(count)`` sounds ``count`` beeps of
    ``beep_s`` each, timed on the scheduler (gpiozero's own blink thread would sleep in wall time).
    """

    PIN_KEYS = ("ready_pin", "busy_pin", "fault_pin", "buzzer_pin")
    OPTIONS = (Option("beep_s", 0.15, 0.02, 2.0),)
    TIMED = True

    def __init__(self, ready_pin, busy_pin, fault_pin, buzzer_pin, *, beep_s: float, scheduler,
                 pin_factory):
        super().__init__("annunciator", pin_factory)
        self.beep_s = beep_s
        self._scheduler = scheduler
        self._timers: list = []
        with self.building():
            self.on_safe(self._cancel_beeps)
            self._leds = [self.output(f"led_{name}", pin) for name, pin in
                          (("ready", ready_pin), ("busy", busy_pin), ("fault", fault_pin))]
            self._buzzer = self.output("buzzer", buzzer_pin)

    def show(self, pattern: str) -> None:
        if pattern not in PATTERNS:
            raise ValueError(f"annunciator: unknown pattern {pattern!r}; use one of {', '.join(PATTERNS)}")
        for led, lit in zip(self._leds, PATTERNS[pattern]):
            led.value = lit

    @property
    def pattern(self) -> str:
        lit = tuple(int(led.value) for led in self._leds)
        return next(name for name, bits in PATTERNS.items() if bits == lit)

    def beep(self, count: int = 1) -> None:
        if count < 1:
            raise ValueError(f"annunciator: beep count must be at least 1, got {count}")
        self._cancel_beeps()
        self._buzzer.on()
        edges = [(self.beep_s * (2 * i + 1), self._buzzer.off) for i in range(count)]
        edges += [(self.beep_s * 2 * i, self._buzzer.on) for i in range(1, count)]
        self._timers = [self._scheduler.call_later(t, fn) for t, fn in edges]


    def _cancel_beeps(self) -> None:
        for timer in self._timers:
            timer.cancel()
        self._timers = []


class Heartbeat(Part):
    """Keep-alive to the motor power relay: a retriggerable timer on the relay board holds
    motor power on while this output keeps toggling; silent for ``timeout_s`` = power off.
    Safe: low (no edges)."""

    PIN_KEYS = ("pin",)

    def __init__(self, pin, *, timeout_s: float, pin_factory):
        super().__init__("heartbeat", pin_factory)
        self.timeout_s = timeout_s
        with self.building():
            self._out = self.output("out", pin)

    @classmethod
    def options(cls, section: Section, scheduler) -> dict:
        """The timeout is the relay board's, but the whole table shares it: ``[safety]``."""
        safety = section.config.section("safety")
        timeout_ms = safety.get_int("heartbeat_timeout_ms", 500, minval=50, maxval=10000)
        return {"timeout_s": timeout_ms / 1000}

    def beat(self) -> None:
        """One edge for the relay's timer, flipping the pin itself: the relay counts edges, not
        levels, and the device's ``toggle`` takes a lock and reads the level back through its
        value layers, several calls more on every controller tick."""
        pin = self._out.pin
        pin.state = not pin.state


class LayoutSelector(Part):
    """Two outputs telling the side units how many stacks each takes (see ``LAYOUTS``). Safe: 0."""

    PIN_KEYS = ("bit0_pin", "bit1_pin")

    def __init__(self, bit0_pin, bit1_pin, *, pin_factory):
        super().__init__("layout", pin_factory)
        with self.building():
            self._bits = (self.output("bit0", bit0_pin), self.output("bit1", bit1_pin))

    def set_layout(self, stacks_per_side: tuple[int, int, int, int]) -> None:
        code = next((c for c, s in LAYOUTS.items() if s == tuple(stacks_per_side)), None)
        if code is None:
            raise ValueError(f"layout: no side layout {tuple(stacks_per_side)}; "
                             f"known: {', '.join(map(str, LAYOUTS.values()))}")
        self._bits[0].value = code & 1
        self._bits[1].value = code >> 1

    @property
    def stacks_per_side(self) -> tuple[int, int, int, int]:
        """The layout the outputs select now; (0, 0, 0, 0) when none is chosen."""
        code = int(self._bits[0].value) + 2 * int(self._bits[1].value)
        return LAYOUTS.get(code, (0, 0, 0, 0))
