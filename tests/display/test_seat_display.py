"""The seat displays: the TM1637 driver on the simulated pin factory, read back by the
simulated modules that decode the bit-banged protocol from the wires (start and stop
conditions, bits on rising clock edges, least significant first, the ninth the acknowledge).

Expected segments come from the seven-segment letters (a..g) of each character, written here;
expected texts from the display's rule: four digits as they are, in hundreds with a dot
beyond, ``----`` past that."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.clock import VirtualScheduler
from table_config import default_config

from drivers.seat_display import SeatDigits
from hal_sim.backend import SimBackend
from hal_sim.factory import SimPinFactory
from hal_sim.seat_display import seat_modules

PINS = ("GPIO5", "GPIO6", "GPIO13", "GPIO19", "GPIO26")
LETTERS = {"0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg",
           "6": "acdefg", "7": "abc", "8": "abcdefg", "9": "abcdfg", "-": "g", " ": "",
           "E": "adefg"}


def segments(char: str) -> int:
    return sum(1 << "abcdefg".index(letter) for letter in LETTERS[char])


def expected_text(score: int) -> str:
    if -999 <= score <= 9999:
        return str(score).rjust(4)
    hundreds = int(score / 100)
    return str(hundreds).rjust(4) + "." if -999 <= hundreds <= 9999 else "----"


@pytest.fixture
def wired():
    factory = SimPinFactory(VirtualScheduler())
    digits = SeatDigits(*PINS, brightness=4, pin_factory=factory)
    modules = seat_modules(factory, digits.pin_names())
    yield digits, modules
    digits.release()
    factory.close()


def test_a_score_goes_over_the_wire_as_three_frames(wired):
    digits, modules = wired
    digits.show({"scores": [2501, 0, 0, 0]})
    assert modules[0].frames == [[0x40], [0xC0, *(segments(c) for c in "2501")], [0x88 | 4]]
    assert modules[0].text == "2501" and modules[0].brightness == 4


@pytest.mark.parametrize("scores, texts", [
    ([25000, 31000, 19000, 25000], [" 250.", " 310.", " 190.", " 250."]),
    ([-120, 9999, 0, 12345], ["-120", "9999", "   0", " 123."]),
    ([-99999, 1_000_000, -1000, 10000], ["-999.", "----", " -10.", " 100."]),
])
def test_each_seat_shows_its_own_score(wired, scores, texts):
    digits, modules = wired
    digits.show({"scores": scores})
    assert [module.text for module in modules] == texts


def test_only_a_seat_whose_digits_change_is_written(wired):
    digits, modules = wired
    digits.show({"scores": [1, 2, 3, 4]})
    before = [len(module.frames) for module in modules]
    digits.show({"scores": [1, 2, 3, 5]})
    assert [len(m.frames) - b for m, b in zip(modules, before)] == [0, 0, 0, 3]


def test_the_seats_that_change_take_their_frames_on_one_run_of_clock_pulses():
    """Each module reads only its own data line, so four new scores need the clock pulses of
    one: 7 bytes (0x40; 0xC0 and four digits; 0x88|brightness) of 9 clocks each, plus the
    clock's return to high at each of the three stops, whether one seat changes or four."""
    factory = SimPinFactory(VirtualScheduler())
    digits = SeatDigits(*PINS, brightness=4, pin_factory=factory)
    modules = seat_modules(factory, digits.pin_names())
    rising = []
    factory.watch(PINS[0], lambda level: level and rising.append(level))
    try:
        digits.show({"scores": [1, 2, 3, 4]})
        four = len(rising)
        digits.show({"scores": [1, 2, 3, 50]})
        one = len(rising) - four
        assert four == one == 7 * 9 + 3
        assert [module.text for module in modules] == ["   1", "   2", "   3", "  50"]
        assert [len(module.frames) for module in modules] == [3, 3, 3, 6]
    finally:
        digits.release()
        factory.close()


def test_a_fault_code_shows_on_every_seat_until_the_table_moves_on(wired):
    digits, modules = wired
    digits.show({"scores": [100, 200, 300, 400]})
    digits.show({"state": "fault", "code": "E601", "message": "Emergency stop"})
    assert [module.text for module in modules] == ["E601"] * 4
    digits.show({"state": "self_test", "message": "self test"})
    assert [module.text for module in modules] == [" 100", " 200", " 300", " 400"]


def test_a_players_notice_leaves_the_scores(wired):
    digits, modules = wired
    digits.show({"scores": [100, 200, 300, 400]})
    digits.show({"state": "playing.shuffling", "code": "E515", "notice": True, "message": "seat 2"})
    assert modules[2].text == " 300"


def test_released_the_modules_are_off_and_the_lines_idle_high(wired):
    digits, modules = wired
    digits.show({"scores": [1, 2, 3, 4]})
    factory = digits._pin_factory
    digits.release()
    assert [module.text for module in modules] == [""] * 4
    assert all(factory.pin(pin).state for pin in PINS)


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.lists(st.integers(-200_000, 2_000_000), min_size=4, max_size=4))
def test_any_scores_read_back_from_the_wire(scores):
    factory = SimPinFactory(VirtualScheduler())
    digits = SeatDigits(*PINS, brightness=7, pin_factory=factory)
    modules = seat_modules(factory, digits.pin_names())
    try:
        digits.show({"scores": scores})
        assert [module.text for module in modules] == [expected_text(s) for s in scores]
    finally:
        digits.release()
        factory.close()


def test_the_default_config_wires_the_seat_displays_on_the_simulator(tmp_path):
    sim = SimBackend(default_config(tmp_path), VirtualScheduler())
    try:
        modules = seat_modules(sim.factory, sim.table.display.pin_names())
        sim.table.display.show({"scores": [25000, 24000, 26000, 25000]})
        assert [module.text for module in modules] == [" 250.", " 240.", " 260.", " 250."]
    finally:
        sim.close()
