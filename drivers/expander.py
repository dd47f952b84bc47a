"""I2C port expanders (MCP23017) as gpiozero pins, so the parts use them like header GPIOs."""

import threading

from gpiozero import PinFixedPull, PinInvalidFunction, PinInvalidPull, PinPWMUnsupported, PinSetInput
from gpiozero.pins import Factory, HeaderInfo, PinInfo
from gpiozero.pins.pi import PiPin

EXPANDERS = ("EXPA", "EXPB", "EXPC", "EXPD")
"""Expander names; their pins are EXPA0..EXPA15 (port A = 0..7, port B = 8..15), and so on.
EXPD carries most of the seat buttons for play (win, riichi, void suit)."""

IODIR, GPPU, GPIO, OLAT = 0x00, 0x0C, 0x12, 0x14  # MCP23017 registers, IOCON.BANK = 0, port A


def expander_header(name: str) -> HeaderInfo:
    """The board description of one expander, so gpiozero's reservation bookkeeping covers it."""
    pins = {n: PinInfo(number=n, name=f"{name}{n}", names=frozenset({f"{name}{n}"}), pull="",
                       row=n + 1, col=1, interfaces=frozenset({"gpio"}))
            for n in range(16)}
    return HeaderInfo(name=name, rows=16, columns=1, pins=pins)


class Mcp23017:
    """One chip: shadows of its direction, pull-up and output latch registers (16 bits each).

    At power-up every pin is an input, so outputs float until configured: the external
    pull-downs hold the drivers off meanwhile.
    """

    def __init__(self, bus, address: int, lock: threading.RLock):
        self._bus = bus
        self._lock = lock
        self.address = address
        self.iodir, self.gppu, self.olat = 0xFFFF, 0x0000, 0x0000
        for register, value in ((IODIR, self.iodir), (GPPU, self.gppu), (OLAT, self.olat)):
            self._write16(register, value)

    def _write16(self, register: int, value: int) -> None:
        self._bus.write_register(self.address, register, value & 0xFF)
        self._bus.write_register(self.address, register + 1, value >> 8)

    def update(self, register: int, bit: int, on: bool) -> None:
        """Set one bit of a register (both the shadow and the chip's port A/B byte)."""
        name = {IODIR: "iodir", GPPU: "gppu", OLAT: "olat"}[register]
        with self._lock:
            value = getattr(self, name) & ~(1 << bit) | (int(on) << bit)
            setattr(self, name, value)
            port = bit >> 3
            self._bus.write_register(self.address, register + port, value >> (8 * port) & 0xFF)

    def read(self) -> int:
        """Both ports' levels, port A in the low byte."""
        with self._lock:
            low, high = self._bus.read_registers(self.address, GPIO, 2)
        return low | high << 8


class ExpanderPin(PiPin):
    """A pin of an MCP23017. Inputs report edges through the factory's poll of the chip."""

    def __init__(self, factory: "ExpanderFactory", info: PinInfo, chip: Mcp23017):
        super().__init__(factory, info)
        self._chip = chip
        self._bit = info.number
        self._function = "input"
        self._pull = "floating"
        self._edges = "both"
        self._bounce = None
        self._last_edge = None
        self._resample()

    def close(self) -> None:
        self.when_changed = None
        self.function = "input"

    def output_with_state(self, state) -> None:
        """Latch the level first, then turn the pin to an output: no glitch to the other level."""
        self._chip.update(OLAT, self._bit, bool(state))
        self.function = "output"

    def _get_function(self) -> str:
        return self._function

    def _set_function(self, value: str) -> None:
        if value not in ("input", "output"):
            raise PinInvalidFunction(f"{self!r}: function must be input or output")
        self._chip.update(IODIR, self._bit, value == "input")
        self._function = value
        self._resample()

    def _get_state(self) -> bool:
        if self._function == "output":
            return bool(self._chip.olat >> self._bit & 1)
        return self.level

    def _set_state(self, value) -> None:
        if self._function == "input":
            raise PinSetInput(f"cannot set state of pin {self!r}")
        self._chip.update(OLAT, self._bit, bool(value))

    def _get_pull(self) -> str:
        return self._pull

    def _set_pull(self, value: str) -> None:
        if self._function != "input":
            raise PinFixedPull(f"cannot set pull on non-input pin {self!r}")
        if value not in ("floating", "up"):
            raise PinInvalidPull(f"{self!r}: an MCP23017 has pull-ups only, not {value!r}")
        self._chip.update(GPPU, self._bit, value == "up")
        self._pull = value
        self._resample()

    def _resample(self) -> None:
        """Take the level as it is now (after a pull or direction change), without an edge."""
        self.level = bool(self._chip.read() >> self._bit & 1)

    def _get_frequency(self):
        return None

    def _set_frequency(self, value) -> None:
        if value is not None:
            raise PinPWMUnsupported(f"{self!r}: expander pins cannot do PWM")

    def _get_bounce(self):
        return self._bounce

    def _set_bounce(self, value) -> None:
        self._bounce = None if value is None else float(value)

    def _get_edges(self) -> str:
        return self._edges

    def _set_edges(self, value: str) -> None:
        self._edges = value

    def _enable_event_detect(self) -> None:
        """Edges come from ``ExpanderFactory.poll``; nothing to arm on the chip."""

    def _disable_event_detect(self) -> None:
        """See ``_enable_event_detect``."""

    def sampled(self, level: bool, ticks: float) -> None:
        """The factory read this pin's level; report an edge if it is one we watch. Within
        ``bounce`` of the last edge a change waits: the next poll after it reports the level
        then standing, so a swallowed bounce can never leave the device in the wrong state."""
        if level == self.level:
            return
        if self._bounce is not None and self._last_edge is not None \
                and ticks - self._last_edge < self._bounce:
            return
        self.level = level
        self._last_edge = ticks
        if self._when_changed is not None and self._edges in ("both", "rising" if level else "falling"):
            self._call_when_changed(ticks, level)


class ExpanderFactory(Factory):
    """The Pi's own factory (header GPIOs) plus expander chips, as one gpiozero factory.

    Reservation and naming are gpiozero's: the board description is the Pi's plus one header
    per chip. Input edges on the chips are found by ``poll()``, which a thread calls every
    ``poll_s`` (or a test calls directly when ``poll_s`` is None).

    :param base: the Pi's pin factory (lgpio, rpigpio, or a mock one in tests).
    :param bus: the I2C bus (``write_register``/``read_registers``).
    :param addresses: the I2C address of each chip in ``EXPANDERS`` order.
    """

    def __init__(self, base, bus, addresses: tuple[int, ...], poll_s: float | None = 0.002):
        super().__init__()
        self._base = base
        self._bus = bus
        self._lock = threading.RLock()
        self._chips = {name: Mcp23017(bus, address, self._lock)
                       for name, address in zip(EXPANDERS, addresses)}
        board = base.board_info
        headers = dict(board.headers) | {name: expander_header(name) for name in self._chips}
        self._board = board._replace(headers=headers)
        self._pins: dict[str, ExpanderPin] = {}
        self._stop = threading.Event()
        self._thread = None
        if poll_s is not None:
            self._thread = threading.Thread(target=self._poll_loop, args=(poll_s,), daemon=True,
                                            name="expander-poll")
            self._thread.start()

    def _get_board_info(self):
        return self._board

    def ticks(self):
        return self._base.ticks()

    def ticks_diff(self, later, earlier):
        return self._base.ticks_diff(later, earlier)

    def pin(self, name):
        chip_name = next((c for c in self._chips if str(name).startswith(c)), None)
        if chip_name is None:
            return self._base.pin(name)
        for _header, info in self._board.find_pin(name):
            with self._lock:
                if info.name not in self._pins:
                    self._pins[info.name] = ExpanderPin(self, info, self._chips[chip_name])
                return self._pins[info.name]
        return self._base.pin(name)  # raises gpiozero's own "not a valid pin name"

    def poll(self) -> None:
        """Read every chip once and report the input edges found."""
        ticks = self.ticks()
        with self._lock:
            levels = {name: chip.read() for name, chip in self._chips.items()}
            pins = list(self._pins.values())
        for pin in pins:
            if pin.function == "input":
                pin.sampled(bool(levels[pin.info.name[:4]] >> pin.info.number & 1), ticks)

    def _poll_loop(self, poll_s: float) -> None:
        while not self._stop.wait(poll_s):
            self.poll()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        for pin in self._pins.values():
            pin.close()
        self._base.close()
