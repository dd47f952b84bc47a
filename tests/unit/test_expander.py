"""MCP23017 expander pins under gpiozero, on a register-level fake of the chips; the pi backend's config checks."""

import threading

import pytest
from gpiozero import DigitalInputDevice, DigitalOutputDevice, GPIOPinInUse, PinInvalidPull

from firmware.clock import VirtualScheduler
from firmware.config import Config, ConfigError

from drivers.backend import build
from drivers.expander import ExpanderFactory
from hal_sim.factory import SimPinFactory

from fake_mcp23017 import FakeMcp23017Bus

ADDRESSES = (0x20, 0x21, 0x22)


@pytest.fixture
def scheduler():
    return VirtualScheduler()


@pytest.fixture
def bus():
    return FakeMcp23017Bus(*ADDRESSES)


@pytest.fixture
def factory(bus, scheduler):
    f = ExpanderFactory(SimPinFactory(scheduler), bus, ADDRESSES, poll_s=None)
    yield f
    f.close()


def test_an_output_latches_its_level_before_it_drives(factory, bus):
    bus.log.clear()
    with DigitalOutputDevice("EXPB9", initial_value=True, pin_factory=factory) as out:
        # port B of the chip at 0x21: OLATB (0x15) bit 1 first, then IODIRB (0x01) bit 1 cleared
        assert bus.log == [(0x21, 0x15, 0b10), (0x21, 0x01, 0xFD)]
        out.off()
        assert bus.registers[0x21][0x15] == 0


def test_inputs_have_pull_ups_only(factory):
    with pytest.raises(PinInvalidPull, match="pull-ups only"):
        DigitalInputDevice("EXPA3", pull_up=False, pin_factory=factory)


def test_edges_are_found_by_polling_and_debounced(factory, bus, scheduler):
    events = []
    device = DigitalInputDevice("EXPC7", pull_up=True, bounce_time=0.05, pin_factory=factory)
    device.when_activated = lambda: events.append(("on", scheduler.now()))
    device.when_deactivated = lambda: events.append(("off", scheduler.now()))
    for level, advance_s in ((False, 0.1), (True, 0.01), (False, 0.1), (False, 0.0)):
        bus.drive(0x22, 7, level)
        factory.poll()
        scheduler.advance(advance_s)
    # the change at 0.11 is inside the bounce window; the poll at 0.21 reports where it settled
    assert events == [("on", 0.0), ("off", 0.1), ("on", pytest.approx(0.21))]
    device.close()


def test_header_pins_come_from_the_pi_and_reservation_covers_both(factory):
    with DigitalOutputDevice("GPIO17", pin_factory=factory), \
            DigitalOutputDevice("EXPA0", pin_factory=factory):
        with pytest.raises(GPIOPinInUse, match="GPIO17"):
            DigitalInputDevice("BOARD11", pin_factory=factory)
        with pytest.raises(GPIOPinInUse, match="EXPA0"):
            DigitalInputDevice("EXPA0", pin_factory=factory)


def test_a_chip_that_does_not_answer_stops_start_up(scheduler):
    with pytest.raises(OSError, match="Remote I/O"):
        ExpanderFactory(SimPinFactory(scheduler), FakeMcp23017Bus(0x20, 0x21), ADDRESSES, poll_s=None)


def test_the_poll_thread_reports_edges(bus, scheduler):
    factory = ExpanderFactory(SimPinFactory(scheduler), bus, ADDRESSES, poll_s=0.001)
    pressed = threading.Event()
    device = DigitalInputDevice("EXPA5", pull_up=True, pin_factory=factory)
    device.when_activated = pressed.set
    bus.drive(0x20, 5, False)
    assert pressed.wait(timeout=2.0)
    device.close()
    factory.close()


@pytest.mark.parametrize("pi, message", [
    ({"pin_factory": "pigpio"}, r"\[pi\] pin_factory: must be one of lgpio, rpigpio"),
    ({"expanders": 5}, r"\[pi\] expanders: must be at most 4"),
    ({"expd_address": 0x19}, r"\[pi\] expd_address: must be at least 32"),
    ({"expb_address": 0x30}, r"\[pi\] expb_address: must be at most 39"),
    ({"poll_ms": 0}, r"\[pi\] poll_ms: must be at least 1"),
    ({}, r"\[pi\] pin_factory: lgpio cannot drive GPIO here"),
])
def test_the_pi_backend_checks_its_section_before_touching_hardware(pi, message, scheduler):
    with pytest.raises(ConfigError, match=message):
        build(Config({"pi": pi}), scheduler)
