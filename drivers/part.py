"""The base every part shares: owned gpiozero devices, declared safe values, events, cascading close."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from gpiozero import DigitalInputDevice, GPIOPinInUse, OutputDevice, PinInvalidPin

from firmware.config import ConfigError, Section
from firmware.events import Event


@dataclass(frozen=True)
class Option:
    """A numeric option of a part's section: its default and allowed range. A float default
    makes it a number option, an int default a whole-number option."""

    key: str
    default: float | int
    minval: float | int
    maxval: float | int

    def read(self, section: Section) -> float | int:
        getter = section.get_int if isinstance(self.default, int) else section.get_float
        return getter(self.key, self.default, minval=self.minval, maxval=self.maxval)


class Part:
    """One physical part: it owns its gpiozero devices and reports events to one sink.

    Why a base class: every part must (a) drive its outputs to their declared safe value
    when stopped or closed, (b) release what it built if its constructor fails half-way, and
    (c) name its pins by role so the simulator and the pin-history recorder can find them.
    Closing is idempotent; a part is a context manager.
    """

    PIN_KEYS: tuple[str, ...] = ()
    """The config keys of this part's pins, in the order the constructor takes them."""
    OPTIONS: tuple[Option, ...] = ()
    """The section's other options, passed to the constructor as keywords."""
    TIMED = False
    """True for parts that time their own actions: they get ``scheduler=``."""

    def __init__(self, name: str, pin_factory):
        self.name = name
        self._pin_factory = pin_factory
        self._devices: list = []
        self._safe: list[Callable[[], None]] = []
        self._roles: dict[str, object] = {}
        self._sink: Callable[[Event], None] | None = None
        self._closed = False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    @classmethod
    def from_config(cls, section: Section, pin_factory, scheduler=None) -> "Part":
        """Build the part from its config section: pins (checked against the factory's board),
        then its options, then the constructor; a pin clash becomes a ConfigError."""
        pins = pins_from(section, pin_factory, *cls.PIN_KEYS)
        leading = cls.leading_args(section)
        options = cls.options(section, scheduler)
        return construct(section, lambda: cls(*leading, *pins.values(), pin_factory=pin_factory,
                                              **options))

    @classmethod
    def leading_args(cls, section: Section) -> tuple:
        """Constructor arguments before the pins (a name, a side number)."""
        return ()

    @classmethod
    def options(cls, section: Section, scheduler) -> dict:
        """Keyword arguments read from the section besides the pins (timings, limits)."""
        options = {option.key: option.read(section) for option in cls.OPTIONS}
        return options | {"scheduler": scheduler} if cls.TIMED else options

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.release()

    @contextmanager
    def building(self) -> Iterator[None]:
        """Wrap a constructor body: if anything fails, close what was built, then re-raise."""
        try:
            yield
        except BaseException:
            self.release()
            raise

    def output(self, role: str, pin, safe: bool = False) -> OutputDevice:
        """An active-high output that starts at, and returns to, its ``safe`` value (a plain
        OutputDevice: no blink thread to stop on every write)."""
        device = OutputDevice(pin, initial_value=safe, pin_factory=self._pin_factory)
        self._own(role, device)
        self._safe.append(lambda: setattr(device, "value", safe))
        return device

    def input(self, role: str, pin, bounce_s: float | None = None) -> DigitalInputDevice:
        """An input with the pull-up on: active while its contact pulls the line low."""
        device = DigitalInputDevice(pin, pull_up=True, bounce_time=bounce_s,
                                    pin_factory=self._pin_factory)
        return self._own(role, device)

    def own(self, role: str, device, safe: Callable[[], None]):
        """Take ownership of a composite device (e.g. a gpiozero Motor); ``safe`` stops it."""
        self.on_safe(safe)
        return self._own(role, device)

    def on_safe(self, action: Callable[[], None]) -> None:
        """Run ``action`` whenever the part goes safe (e.g. cancel a pending timed output)."""
        self._safe.append(action)

    def _own(self, role: str, device):
        self._devices.append(device)
        self._roles[role] = device
        return device

    def pin_names(self) -> dict[str, str]:
        """``{"<part>.<role>": "<pin>"}`` for every single-pin device of this part."""
        names = {}
        for role, device in self._roles.items():
            pins = [device.pin] if hasattr(device, "pin") else [d.pin for d in device.all]
            for index, pin in enumerate(pins):
                suffix = f".{index}" if len(pins) > 1 else ""
                names[f"{self.name}.{role}{suffix}"] = pin.info.name
        return names

    def attach(self, sink: Callable[[Event], None]) -> None:
        """Route this part's events to ``sink``; parts with a state worth knowing report it now."""
        self._sink = sink

    def emit(self, event: Event) -> None:
        if self._sink is not None:
            self._sink(event)

    def safe(self) -> None:
        """Drive every output to its declared safe value (nothing to do once released)."""
        if self._closed:
            return
        for action in self._safe:
            action()

    def close(self) -> None:
        """gpiozero's name for ``release`` (the centre hatch uses ``close`` for its motion)."""
        self.release()

    def release(self) -> None:
        """Outputs to safe, then release every device (newest first); idempotent."""
        if self._closed:
            return
        self._closed = True
        errors = []
        for step in [*self._safe, *(d.close for d in reversed(self._devices))]:
            try:
                step()
            except Exception as exc:  # noqa: BLE001 - release the rest, then report
                errors.append(exc)
        self._sink = None
        if errors:
            raise errors[0]


def pins_from(section: Section, pin_factory, *keys: str) -> dict[str, str]:
    """Read pin options and check each names a pin of this factory's board."""
    pins = {}
    for key in keys:
        pin = section.get_pin(key)
        if not any(pin_factory.board_info.find_pin(pin)):
            raise section.error(key, f"{pin} is not a pin of this board ({pin_factory.board_info.description})")
        pins[key] = pin
    return pins


def construct(section: Section, build: Callable[[], Part]) -> Part:
    """Run a part constructor, turning a pin clash gpiozero detects into a config error."""
    try:
        return build()
    except (GPIOPinInUse, PinInvalidPin) as exc:
        raise ConfigError(f"{section.config.source}: [{section.name}] {exc}") from None
