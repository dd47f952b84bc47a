"""The driver classes, unchanged, on a pin factory: one suite, run on the simulator's mock factory
and (marked ``hw``) on a real Pi wired to a loopback jig."""

import os
import platform

import pytest
from gpiozero import DigitalInputDevice, DigitalOutputDevice, GPIOPinInUse

from firmware.clock import VirtualScheduler
from firmware.events import (BeltFull, ButtonPressed, ChainAtZero, DiceRolled, EStopPressed,
                             EStopReleased, HatchClosed, HatchOpened, LidChanged, LiftAtBottom,
                             LiftAtTop, StackDelivered, TileAtHead)

from gpiozero.pins.mock import MockFactory

from drivers.dice import DiceUnit
from drivers.expander import ExpanderFactory
from drivers.motors import Chain, OnOffMotor, StackingHead
from drivers.sensors import BeltFullSensor, EStopInput, LidSwitch, SeatButtons, SideUnit
from drivers.signals import Annunciator, Heartbeat, LayoutSelector
from drivers.travel import CentreHatch, LiftPlatform
from hal_sim.factory import SimPinFactory

from fake_mcp23017 import FakeMcp23017Bus


class MockJig:
    """The far end of each wire, on the mock factory: close/open contacts, read outputs."""

    def __init__(self, factory):
        self._factory = factory
        self.pins = [f"GPIO{n}" for n in range(4, 26)]

    def contact(self, pin: str, closed: bool) -> None:
        p = self._factory.pin(pin)
        (p.drive_low if closed else p.drive_high)()

    def level(self, pin: str) -> bool:
        return bool(self._factory.pin(pin).state)


class ExpanderJig:
    """The far end of each wire on MCP23017 pins: the fake chips' inputs and latches; each
    change is followed by one poll of the chips (the poll thread's job on a table)."""

    ADDRESSES = (0x20, 0x21, 0x22, 0x23)

    def __init__(self, factory, bus: FakeMcp23017Bus):
        self._factory = factory
        self._bus = bus
        self.pins = [f"EXPD{n}" for n in range(16)] + [f"EXPC{n}" for n in range(6)]

    def _where(self, pin: str) -> tuple[int, int]:
        return self.ADDRESSES["ABCD".index(pin[3])], int(pin[4:])

    def contact(self, pin: str, closed: bool) -> None:
        self._bus.drive(*self._where(pin), not closed)
        self._factory.poll()

    def level(self, pin: str) -> bool:
        address, bit = self._where(pin)
        port = self._bus.read_registers(address, 0x12, 2)
        return bool(port[bit >> 3] >> (bit & 7) & 1)


class LoopbackJig:
    """On a real Pi: ``MJTABLE_HW_JIG="GPIO4=GPIO5,..."`` wires each pin under test to a jig pin
    (12 pairs: the suite uses up to 12 pins at once); the jig drives a pin under test that is an
    input, and reads one that is an output."""

    def __init__(self, factory, wiring: str):
        self._factory = factory
        self._peer = dict(pair.split("=") for pair in wiring.split(","))
        self.pins = list(self._peer)
        self._devices = {}

    def contact(self, pin: str, closed: bool) -> None:
        device = self._devices.get(pin) or DigitalOutputDevice(self._peer[pin], pin_factory=self._factory)
        self._devices[pin] = device
        device.value = not closed

    def level(self, pin: str) -> bool:
        device = self._devices.get(pin) or DigitalInputDevice(self._peer[pin], pin_factory=self._factory)
        self._devices[pin] = device
        return bool(device.value)


class DriverSuite:
    """Behaviour every backend's pins must give the drivers. Subclasses provide ``rig``:
    (pin_factory, jig)."""

    @pytest.fixture
    def scheduler(self):
        return VirtualScheduler()

    @pytest.fixture
    def events(self):
        return []

    def attach(self, part, events):
        part.attach(events.append)
        return part

    def test_motor_starts_off_and_switches(self, rig):
        factory, jig = rig
        with OnOffMotor("disc", jig.pins[0], pin_factory=factory) as motor:
            assert not motor.is_active and not jig.level(jig.pins[0])
            motor.on()
            assert motor.is_active and jig.level(jig.pins[0])
            motor.off()
            assert not jig.level(jig.pins[0])

    def test_release_leaves_output_off_and_pin_free(self, rig):
        factory, jig = rig
        motor = OnOffMotor("disc", jig.pins[0], pin_factory=factory)
        motor.on()
        motor.release()
        motor.release()  # idempotent
        again = OnOffMotor("disc", jig.pins[0], pin_factory=factory)
        assert not again.is_active
        again.release()

    def test_head_reports_each_tile(self, rig, events):
        factory, jig = rig
        with self.attach(StackingHead("head", jig.pins[0], jig.pins[1], push_s=0.25,
                                      pin_factory=factory), events) as head:
            for _ in range(3):
                jig.contact(jig.pins[1], True)
                jig.contact(jig.pins[1], False)
            assert events == [TileAtHead()] * 3 and not head.tile_present

    def test_chain_reports_zero(self, rig, events):
        factory, jig = rig
        with self.attach(Chain("chain", jig.pins[0], jig.pins[1], step_s=0.5, revolution_s=3,
                               pin_factory=factory), events):
            jig.contact(jig.pins[1], True)
            assert events == [ChainAtZero()]

    def lift(self, rig, events):
        factory, jig = rig
        up, down, top, bottom = jig.pins[:4]
        lift = LiftPlatform(2, up, down, top, bottom, travel_s=10, pin_factory=factory)
        jig.contact(bottom, True)
        return self.attach(lift, events), jig

    def test_lift_stops_itself_at_the_top(self, rig, events):
        lift, jig = self.lift(rig, events)
        up, down, top, bottom = jig.pins[:4]
        with lift:
            lift.raise_()
            assert jig.level(up) and not jig.level(down) and lift.is_active
            jig.contact(bottom, False)
            jig.contact(top, True)
            assert not jig.level(up) and not lift.is_active
            assert events == [LiftAtTop(2)] and lift.at_top
            lift.lower()
            assert jig.level(down)
            jig.contact(top, False)
            jig.contact(bottom, True)
            assert events == [LiftAtTop(2), LiftAtBottom(2)] and not lift.is_active

    def test_lift_already_at_its_end_reports_without_moving(self, rig, events):
        lift, jig = self.lift(rig, events)
        with lift:
            lift.lower()
            assert events == [LiftAtBottom(2)] and not jig.level(jig.pins[1])

    def test_limit_closing_while_moving_the_other_way_is_not_arrival(self, rig, events):
        lift, jig = self.lift(rig, events)
        with lift:
            jig.contact(jig.pins[3], False)
            lift.raise_()
            jig.contact(jig.pins[3], True)
            assert events == [] and lift.is_active

    def test_hatch_opens_and_closes(self, rig, events):
        factory, jig = rig
        opening, closing, opened, closed = jig.pins[:4]
        hatch = CentreHatch(opening, closing, opened, closed, travel_s=2, pin_factory=factory)
        jig.contact(closed, True)
        with self.attach(hatch, events):
            hatch.open()
            jig.contact(closed, False)
            jig.contact(opened, True)
            hatch.close()
            jig.contact(opened, False)
            jig.contact(closed, True)
            assert events == [HatchOpened(), HatchClosed()] and hatch.is_closed

    def test_dice_spin_for_roll_s_and_report_faces(self, rig, events, scheduler):
        factory, jig = rig
        motor, roll, *bits = jig.pins[:8]
        with self.attach(DiceUnit(motor, roll, *bits, roll_s=1.5, settle_s=0.5,
                                  scheduler=scheduler, pin_factory=factory), events) as dice:
            dice.roll()
            jig.contact(roll, True)
            scheduler.advance(1.49)
            assert jig.level(motor)
            scheduler.advance(0.02)
            assert not jig.level(motor)
            for bit, closed in zip(bits, [1, 0, 1, 0, 1, 1]):  # 5 and 6
                jig.contact(bit, bool(closed))
            jig.contact(roll, False)
            assert events == [DiceRolled((5, 6))]

    def test_release_mid_roll_or_mid_beep_leaves_no_timer_behind(self, rig, scheduler):
        factory, jig = rig
        dice = DiceUnit(*jig.pins[:8], roll_s=1.5, settle_s=0.5, scheduler=scheduler,
                        pin_factory=factory)
        annunciator = Annunciator(*jig.pins[8:12], beep_s=0.1, scheduler=scheduler,
                                  pin_factory=factory)
        dice.roll()
        annunciator.beep(3)
        dice.release()
        annunciator.release()
        scheduler.advance(5)  # a pending timer would now drive a closed device and raise
        assert not jig.level(jig.pins[0]) and not jig.level(jig.pins[11])

    def test_dice_settling_without_a_roll_reports_nothing(self, rig, events, scheduler):
        factory, jig = rig
        motor, roll, *bits = jig.pins[:8]
        with self.attach(DiceUnit(motor, roll, *bits, roll_s=1.5, settle_s=0.5,
                                  scheduler=scheduler, pin_factory=factory), events):
            jig.contact(roll, True)
            jig.contact(roll, False)
            assert events == []

    def test_sensors_report_their_events(self, rig, events):
        factory, jig = rig
        p = jig.pins
        parts = [SideUnit(3, p[0], pin_factory=factory), BeltFullSensor(p[1], pin_factory=factory),
                 LidSwitch(p[2], pin_factory=factory), EStopInput(p[3], pin_factory=factory)]
        jig.contact(p[2], True)  # lid down (normally-closed contact closed)
        jig.contact(p[3], True)  # e-stop released
        for part in parts:
            self.attach(part, events)
        assert events == [LidChanged(False)]
        jig.contact(p[0], True)
        jig.contact(p[1], True)
        jig.contact(p[1], False)
        jig.contact(p[2], False)
        jig.contact(p[3], False)
        jig.contact(p[3], True)
        assert events[1:] == [StackDelivered(3), BeltFull(True), BeltFull(False), LidChanged(True),
                              EStopPressed(), EStopReleased()]
        for part in parts:
            part.release()

    def test_safety_inputs_report_a_bad_state_when_attached(self, rig, events):
        factory, jig = rig
        p = jig.pins
        parts = [BeltFullSensor(p[0], pin_factory=factory), LidSwitch(p[1], pin_factory=factory),
                 EStopInput(p[2], pin_factory=factory)]
        jig.contact(p[0], True)  # belt full; lid and e-stop contacts open (wires cut)
        for part in parts:
            self.attach(part, events)
            part.release()
        assert events == [BeltFull(True), LidChanged(True), EStopPressed()]

    def test_seat_buttons(self, rig, events):
        """All eight buttons of a panel, each pressed once, last one first: raise, dice, hatch
        for the machine; win, riichi and the three void suits for the players."""
        factory, jig = rig
        with self.attach(SeatButtons(1, *jig.pins[:8], bounce_ms=0, pin_factory=factory), events):
            for pin in jig.pins[7::-1]:
                jig.contact(pin, True)
                jig.contact(pin, False)
        assert events == [ButtonPressed(1, b) for b in (
            "void_s", "void_p", "void_m", "riichi", "win", "hatch", "dice", "raise")]

    def test_annunciator_patterns_and_timed_beeps(self, rig, scheduler):
        factory, jig = rig
        leds, buzzer = jig.pins[:3], jig.pins[3]
        with Annunciator(*leds, buzzer, beep_s=0.1, scheduler=scheduler, pin_factory=factory) as ann:
            ann.show("fault")
            assert [jig.level(p) for p in leds] == [False, False, True] and ann.pattern == "fault"
            with pytest.raises(ValueError, match="unknown pattern 'party'"):
                ann.show("party")
            ann.beep(2)
            levels = []
            for _ in range(5):
                levels.append(jig.level(buzzer))
                scheduler.advance(0.1)
            assert levels == [True, False, True, False, False]
            with pytest.raises(ValueError, match="at least 1"):
                ann.beep(0)

    def test_heartbeat_toggles(self, rig):
        factory, jig = rig
        with Heartbeat(jig.pins[0], timeout_s=0.5, pin_factory=factory) as heartbeat:
            seen = []
            for _ in range(3):
                heartbeat.beat()
                seen.append(jig.level(jig.pins[0]))
            assert seen == [True, False, True]

    def test_layout_selector(self, rig):
        factory, jig = rig
        with LayoutSelector(jig.pins[0], jig.pins[1], pin_factory=factory) as layout:
            assert layout.stacks_per_side == (0, 0, 0, 0)
            layout.set_layout((14, 13, 14, 13))
            assert (jig.level(jig.pins[0]), jig.level(jig.pins[1])) == (True, True)
            layout.set_layout((17, 17, 17, 17))
            assert layout.stacks_per_side == (17, 17, 17, 17)
            with pytest.raises(ValueError, match=r"no side layout \(18, 18, 18, 17\)"):
                layout.set_layout((18, 18, 18, 17))

    def test_failed_constructor_releases_what_it_built(self, rig):
        factory, jig = rig
        up, down, top = jig.pins[:3]
        with pytest.raises(GPIOPinInUse):
            LiftPlatform(0, up, down, top, up, travel_s=10, pin_factory=factory)
        with LiftPlatform(0, up, down, top, jig.pins[3], travel_s=10, pin_factory=factory):
            pass


class TestDriversOnSimFactory(DriverSuite):
    @pytest.fixture
    def rig(self, scheduler):
        factory = SimPinFactory(scheduler)
        yield factory, MockJig(factory)
        factory.close()


class TestDriversOnExpanders(DriverSuite):
    @pytest.fixture
    def rig(self):
        bus = FakeMcp23017Bus(*ExpanderJig.ADDRESSES)
        factory = ExpanderFactory(MockFactory(), bus, ExpanderJig.ADDRESSES, poll_s=None)
        yield factory, ExpanderJig(factory, bus)
        factory.close()


ON_PI = platform.machine() in ("armv7l", "aarch64") and "MJTABLE_HW_JIG" in os.environ


@pytest.mark.hw
@pytest.mark.skipif(not ON_PI, reason="needs a Raspberry Pi with the loopback jig (MJTABLE_HW_JIG)")
class TestDriversOnPi(DriverSuite):
    @pytest.fixture
    def rig(self):
        from gpiozero.pins.lgpio import LGPIOFactory
        factory = LGPIOFactory()
        yield factory, LoopbackJig(factory, os.environ["MJTABLE_HW_JIG"])
        factory.close()
