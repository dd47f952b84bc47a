"""One-way motors: shuffle disc, magnet ring, conveyor, and the two with a sensor — stacking head (K1) and chain (S4)."""

from firmware.config import Section
from firmware.events import ChainAtZero, TileAtHead

from drivers.part import Option, Part


class OnOffMotor(Part):
    """A motor switched by one relay/MOSFET output; safe value: off.

    Wiring: ``pin`` drives the motor's relay or driver input, active high; an external
    pull-down keeps the motor off while the Pi boots and after ``release()``.

    >>> disc = OnOffMotor("disc", "GPIO5", pin_factory=factory)  # doctest: +SKIP
    >>> disc.on(); disc.is_active  # doctest: +SKIP
    True

    :param name: the part's name (``disc``, ``ring``, ``conveyor``, ``head``, ``chain``).
    :param pin: the output pin.
    :param pin_factory: the gpiozero pin factory to take the pin from.
    """

    PIN_KEYS = ("pin",)

    def __init__(self, name: str, pin, *, pin_factory):
        super().__init__(name, pin_factory)
        with self.building():
            self._motor = self.output("motor", pin, safe=False)

    @classmethod
    def leading_args(cls, section: Section) -> tuple:
        return (section.name,)

    def on(self) -> None:
        self._motor.on()

    def off(self) -> None:
        self._motor.off()

    @property
    def is_active(self) -> bool:
        return bool(self._motor.value)


class MagnetRing(OnOffMotor):
    """The magnet ring: lifts back-up tiles off the disc onto the conveyor.

    :param pickup_s: nominal seconds between two tiles caught (sets the stacking rate).
    """

    OPTIONS = (Option("pickup_s", 0.4, 0.05, 5.0),)

    def __init__(self, name: str, pin, *, pickup_s: float, pin_factory):
        super().__init__(name, pin, pin_factory=pin_factory)
        self.pickup_s = pickup_s



class Conveyor(OnOffMotor):
    """The conveyor from the ring to the stacking head.

    :param capacity_tiles: tiles the belt holds before the belt-full sensor (S6) sees it backed up.
    """

    OPTIONS = (Option("capacity_tiles", 12, 2, 40),)

    def __init__(self, name: str, pin, *, capacity_tiles: int, pin_factory):
        super().__init__(name, pin, pin_factory=pin_factory)
        self.capacity_tiles = capacity_tiles



class StackingHead(OnOffMotor):
    """The stack-push motor plus the head sensor K1, which pulses once per tile arriving.

    Two tiles make one 2-high stack (墩), pushed onto the chain. Reports ``TileAtHead``.

    :param push_pin: the stack-push motor output.
    :param sensor_pin: K1 (active low: the opto's transistor pulls the line down on a tile).
    :param push_s: nominal seconds the head needs per tile.
    """

    PIN_KEYS = ("push_pin", "sensor_pin")
    OPTIONS = (Option("push_s", 0.25, 0.05, 5.0),)

    def __init__(self, name: str, push_pin, sensor_pin, *, push_s: float, pin_factory):
        super().__init__(name, push_pin, pin_factory=pin_factory)
        self.push_s = push_s
        with self.building():
            self._k1 = self.input("sensor", sensor_pin)
            self._k1.when_activated = lambda: self.emit(TileAtHead())

    @property
    def tile_present(self) -> bool:
        """K1 sees a tile right now (held for long = a jam)."""
        return self._k1.is_active


class Chain(OnOffMotor):
    """The distribution chain plus its zero sensor S4 (one pulse per revolution).

    Reports ``ChainAtZero``. The chain carries each stack to the next side with room.

    :param step_s: nominal seconds to carry one stack to a side.
    :param revolution_s: seconds per chain revolution (time between S4 pulses).
    """

    PIN_KEYS = ("pin", "zero_pin")
    OPTIONS = (Option("step_s", 0.5, 0.05, 5.0), Option("revolution_s", 3.0, 0.5, 60.0))

    def __init__(self, name: str, pin, zero_pin, *, step_s: float, revolution_s: float,
                 pin_factory):
        super().__init__(name, pin, pin_factory=pin_factory)
        self.step_s = step_s
        self.revolution_s = revolution_s
        with self.building():
            self._s4 = self.input("zero", zero_pin)
            self._s4.when_activated = lambda: self.emit(ChainAtZero())
