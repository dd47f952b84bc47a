"""The seat displays: a TM1637 4-digit module in front of each seat, showing that seat's score
(and, while the table stands in a fault, the fault code), over gpiozero output devices.

Wiring: the four modules share one clock line (``clk_pin``) and each has its own data line
(``<side>_dio_pin``); both lines idle high (the modules' pull-ups). A TM1637 only listens
after a start condition on its own data line (data falling while the clock is high), so a
module ignores the clock pulses meant for the others. The protocol is bit-banged: a byte goes
least significant bit first, each bit set while the clock is low and taken on its rising
edge; the ninth clock is the chip's acknowledge, during which the data line is held low (the
chip pulls it low too, so nothing fights; the acknowledge is not read back). One update is
three frames: the data command (0x40, auto-increment), the address command (0xC0) with four
segment bytes, and the display control (0x88 | brightness). The seats whose digits change
take their frames together: a start on each of their data lines, then one run of clock
pulses that carries each line's own bits (a module reads only its own data line), so four
new scores cost the clock edges of one.

Numbers that fit four digits (-999..9999) are shown as they are; larger ones in hundreds
with the last digit's dot lit (25000 shows as ``250.``); beyond that ``----``. Safe and on
release: the modules are switched off and both lines left high.

Example::

    digits = SeatDigits("EXPC10", ("EXPC11", "EXPC12", "EXPC13", "EXPC14"), brightness=4,
                        pin_factory=factory)
    digits.show({"scores": [25000, 31000, 19000, 25000]})
"""

from firmware.config import Config

from drivers.display import LogDisplay
from drivers.part import Option, Part

SIDES = ("east", "south", "west", "north")
SEGMENTS = {" ": 0x00, "-": 0x40, "0": 0x3F, "1": 0x06, "2": 0x5B, "3": 0x4F, "4": 0x66,
            "5": 0x6D, "6": 0x7D, "7": 0x07, "8": 0x7F, "9": 0x6F, "E": 0x79}
"""Segment bits (a = bit 0 … g = bit 6) of each character the table shows."""
DOT = 0x80
DATA_AUTO, ADDRESS_0, DISPLAY_ON, DISPLAY_OFF = 0x40, 0xC0, 0x88, 0x80
BLANK = "    "


def digits_for(score: int) -> tuple[str, bool]:
    """Four characters for ``score`` and whether the last digit's dot (×100) is lit."""
    if -999 <= score <= 9999:
        return f"{score:>4d}", False
    hundreds = int(score / 100)
    if -999 <= hundreds <= 9999:
        return f"{hundreds:>4d}", True
    return "----", False


def encode(text: str, dot: bool = False) -> list[int]:
    """The four segment bytes of ``text`` (characters of SEGMENTS)."""
    try:
        data = [SEGMENTS[char] for char in text]
    except KeyError as exc:
        raise ValueError(f"seat display: cannot show {exc.args[0]!r} "
                         f"(it shows {''.join(SEGMENTS)})") from None
    if dot:
        data[-1] |= DOT
    return data


class SeatDigits(Part):
    """Four TM1637 modules on one clock line; also logs every view like ``LogDisplay``.

    ``show(view)`` takes the controller's views (a view with a fault ``code`` puts the code on
    every seat until a view without one) and the display component's ``{"scores": [...]}``.
    Only a module whose characters change is written.

    :param clk_pin: the shared clock line.
    :param dio_pins: the four data lines, east, south, west, north.
    :param brightness: 0 (dim) to 7.
    """

    PIN_KEYS = ("clk_pin", *(f"{side}_dio_pin" for side in SIDES))
    OPTIONS = (Option("brightness", 4, 0, 7),)

    def __init__(self, clk_pin, east_dio_pin, south_dio_pin, west_dio_pin, north_dio_pin, *,
                 brightness: int, pin_factory):
        super().__init__("seat_display", pin_factory)
        self.brightness = brightness
        self._log = LogDisplay()
        self._scores: list[int] | None = None
        self._code: str | None = None
        self._shown: list[list[int] | None] = [None] * 4
        with self.building():
            self._clk = self.output("clk", clk_pin, safe=True)
            self._dios = [self.output(f"dio{seat}", pin, safe=True) for seat, pin in
                          enumerate((east_dio_pin, south_dio_pin, west_dio_pin, north_dio_pin))]
            self.on_safe(self._switch_off)

    @property
    def last(self) -> dict | None:
        return self._log.last

    def show(self, view: dict) -> None:
        self._log.show(view)
        if "scores" in view:
            self._scores = list(view["scores"]) or None
        if "state" in view:
            self._code = view.get("code") if not view.get("notice") else self._code
        changed = {seat: segments for seat in range(4)
                   if (segments := self._segments(seat)) != self._shown[seat]}
        if changed:
            self._write(changed)

    def _segments(self, seat: int) -> list[int]:
        if self._code:
            return encode(f"{self._code[:4]:>4}")
        if self._scores is None or seat >= len(self._scores):
            return encode(BLANK)
        return encode(*digits_for(int(self._scores[seat])))

    def _write(self, segments: dict[int, list[int]]) -> None:
        """Show each seat's ``segments``: the three frames, to all those seats at once."""
        seats = list(segments)
        self._frame(seats, [[DATA_AUTO]] * len(seats))
        self._frame(seats, [[ADDRESS_0, *segments[seat]] for seat in seats])
        self._frame(seats, [[DISPLAY_ON | self.brightness]] * len(seats))
        for seat in seats:
            self._shown[seat] = segments[seat]

    def _switch_off(self) -> None:
        self._frame(list(range(4)), [[DISPLAY_OFF]] * 4)
        self._shown = [None] * 4

    def _frame(self, seats: list[int], data: list[list[int]]) -> None:
        """One frame to each of ``seats`` (``data``: its bytes, the same count for each) on one
        run of clock pulses: start, each byte with its acknowledge clock, stop; the lines end
        high (idle). A data line is written only when its bit changes level (the chip samples
        the level on the clock's rising edge; a rewrite of the same level is no edge), about
        half the writes of a frame."""
        clk, dios = self._clk, [self._dios[seat] for seat in seats]
        for dio in dios:
            dio.on()
        clk.on()
        for dio in dios:
            dio.off()
        high = [False] * len(dios)
        for index in range(len(data[0])):
            for bit in range(8):
                clk.off()
                for line, (dio, sent) in enumerate(zip(dios, data)):
                    level = bool(sent[index] >> bit & 1)
                    if level != high[line]:
                        high[line] = level
                        dio.value = level
                clk.on()
            clk.off()
            for line, dio in enumerate(dios):  # the acknowledge: every data line low
                if high[line]:
                    dio.off()
                    high[line] = False
            clk.on()
        clk.off()
        for dio in dios:
            dio.off()
        clk.on()
        for dio in dios:
            dio.on()


def display_from(config: Config, pin_factory):
    """The table's display: the seat digits when ``[seat_display]`` is configured, else the
    log line alone."""
    if not config.has_section("seat_display"):
        return LogDisplay()
    return SeatDigits.from_config(config.section("seat_display"), pin_factory)
