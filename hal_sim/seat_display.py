"""The simulated TM1637 seat displays: each module listens on its two wires of the simulated
pin factory and decodes the bit-banged protocol as the chip would, so what a seat's digits
show is read from the wire, not from the driver.

A module acts on a frame only after a start condition on its own data line (data falling
while the clock is high) and ends it on a stop (data rising while the clock is high); in
between each rising clock edge takes one bit, least significant first, the ninth being the
acknowledge. Commands: 0x40/0x44 data (auto-increment or fixed address), 0xC0|address then
segment bytes, 0x80|0x08|brightness display on, 0x80 display off.
"""

from hal_sim.factory import SimPinFactory

CHARACTERS = {0x00: " ", 0x40: "-", 0x3F: "0", 0x06: "1", 0x5B: "2", 0x4F: "3", 0x66: "4",
              0x6D: "5", 0x7D: "6", 0x07: "7", 0x7F: "8", 0x6F: "9", 0x79: "E"}
"""What a digit's segments read as (a = bit 0 … g = bit 6); others read as "?"."""


class TM1637Module:
    """One module on ``clk``/``dio``; ``text`` is what its four digits show ("" when off),
    a lit dot written after its digit."""

    DIGITS = 4

    def __init__(self, factory: SimPinFactory, clk: str, dio: str):
        self._factory = factory
        self._clk, self._dio = clk, dio
        self.segments = [0] * 6
        self.on = False
        self.brightness = 0
        self.frames: list[list[int]] = []
        """Every complete frame received, in order (the test of the protocol reads these)."""
        self._frame: list[int] | None = None
        self._bits: list[bool] = []
        self._auto = True
        factory.watch(clk, self._clock_edge)
        factory.watch(dio, self._data_edge)

    def _level(self, pin: str) -> bool:
        return bool(self._factory.pin(pin).state)

    def _data_edge(self, level: bool) -> None:
        if not self._level(self._clk):
            return
        if not level:
            self._frame, self._bits = [], []
        elif self._frame is not None:
            frame, self._frame = self._frame, None
            if frame:
                self.frames.append(frame)
                self._execute(frame)

    def _clock_edge(self, level: bool) -> None:
        if not level or self._frame is None:
            return
        self._bits.append(self._level(self._dio))
        if len(self._bits) == 9:
            self._frame.append(sum(bit << i for i, bit in enumerate(self._bits[:8])))
            self._bits = []

    def _execute(self, frame: list[int]) -> None:
        command = frame[0]
        if command & 0xC0 == 0x40:
            self._auto = not command & 0x04
        elif command & 0xC0 == 0xC0:
            address = command & 0x07
            for byte in frame[1:]:
                self.segments[address % len(self.segments)] = byte
                address += 1 if self._auto else 0
        elif command & 0xF0 == 0x80:
            self.on = bool(command & 0x08)
            self.brightness = command & 0x07

    @property
    def text(self) -> str:
        if not self.on:
            return ""
        return "".join(CHARACTERS.get(byte & 0x7F, "?") + ("." if byte & 0x80 else "")
                       for byte in self.segments[:self.DIGITS])


def seat_modules(factory: SimPinFactory, pins: dict[str, str]) -> list[TM1637Module]:
    """The four seats' modules from the driver's pin names (``SeatDigits.pin_names()``:
    ``seat_display.clk`` and ``seat_display.dio0`` … ``dio3``)."""
    clk = pins["seat_display.clk"]
    return [TM1637Module(factory, clk, pins[f"seat_display.dio{seat}"]) for seat in range(4)]
