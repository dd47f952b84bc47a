"""Every fault the controller raises, on fake parts: its code, its bound, motors off, recovery."""

import pytest
from fake_table import Bench

from firmware import events as ev
from firmware.controller import CheckFailure, Settings
from firmware.faults import FAULTS


def _stacking():
    bench = Bench()
    bench.prepare_first_set()
    bench.raise_and_throw()
    bench.run(4.5)
    assert bench.state == "playing.stacking"
    return bench


def _fault(bench):
    return bench.controller.faults[-1]


def test_lid_raised_stops_every_motor_at_once_and_waits_for_lid_and_reset():
    bench = _stacking()
    bench.feed_set(tiles=40)
    bench.post(ev.LidChanged(True))
    assert bench.state == "fault" and bench.motors_on() == []
    assert _fault(bench).code == "E501"
    bench.post(ev.OperatorReset(), 1)
    assert bench.state == "fault" and bench.recorder.beeps >= 4
    bench.post(ev.LidChanged(False))
    bench.post(ev.OperatorReset(), 0.1)
    assert bench.state == "playing.shuffling" and bench.controller.cycle.count.tiles_seen == 40
    bench.run(4)
    bench.feed_set(tiles=104)
    bench.run(5)
    assert bench.state == "playing.ready" and bench.controller.cycle.count.per_side == [18] * 4


def test_estop_latches_until_released_and_reset_and_nothing_moves_meanwhile():
    bench = _stacking()
    bench.post(ev.EStopPressed())
    assert bench.state == "estop" and bench.motors_on() == []
    assert bench.controller.latched() and _fault(bench).code == "E601"
    bench.press("hatch")
    bench.post(ev.OperatorReset(), 5)
    assert bench.state == "estop" and bench.motors_on() == []
    bench.post(ev.EStopReleased(), 1)
    assert bench.state == "estop"
    bench.post(ev.OperatorReset(), 0.1)
    assert not bench.controller.latched() and bench.state == "playing.shuffling"


def _to_raising(bench):
    bench.prepare_first_set()
    bench.press("hatch", 3)
    bench.press("raise", 2.0)
    return bench.controller.history[-1][0]


def test_lift_that_never_arrives_is_e401_after_its_bound_naming_the_lift():
    bench = Bench()
    bench.table.lifts[3].stalled = True
    start = _to_raising(bench)
    bench.run(20)
    fault = _fault(bench)
    assert (fault.code, fault.at - start) == ("E401", pytest.approx(15.0, abs=0.01))
    assert "[3]" in fault.detail and bench.motors_on() == []


def test_lift_arriving_far_too_soon_is_a_stuck_switch_e402():
    bench = Bench()
    bench.table.lifts[1].travel_s = 0.5
    _to_raising(bench)
    bench.run(1)
    assert _fault(bench).code == "E402" and bench.motors_on() == []


def test_hatch_that_does_not_open_is_e403():
    bench = Bench()
    bench.table.hatch.stalled = True
    bench.run(1)
    bench.press("hatch", 6)
    assert _fault(bench).code == "E403" and bench.motors_on() == []


@pytest.mark.parametrize("faces", [None, (0, 3)])
def test_dice_that_do_not_roll_or_read_badly_are_e701(faces):
    bench = Bench(faces=[faces] if faces else [])
    bench.table.dice.stalled = faces is None
    bench.prepare_first_set()
    bench.press("hatch", 3)
    bench.press("raise", 23)
    bench.press("dice", 5)
    assert _fault(bench).code == "E701" and bench.motors_on() == []


@pytest.mark.parametrize("tiles, code", [(0, "E201"), (60, "E201"), (143, "E302"), (145, "E301")])
def test_tile_flow_faults(tiles, code):
    bench = _stacking()
    bench.feed_set(tiles=tiles)
    bench.run(20)
    assert _fault(bench).code == code and bench.motors_on() == []


def test_extra_tile_removed_by_the_operator_lets_the_cycle_finish():
    bench = _stacking()
    bench.feed_set(tiles=145)
    bench.post(ev.OperatorReset(), 10)
    assert bench.state == "playing.ready"


def test_a_side_counting_more_than_its_layout_is_e204():
    bench = _stacking()
    for _ in range(19):
        bench.post(ev.StackDelivered(2))
    assert _fault(bench).code == "E204" and "side 2" in _fault(bench).detail


def test_chain_without_zero_pulses_is_e205():
    bench = _stacking()
    bench.table.chain.stalled = True
    bench.feed_set(tiles=40)
    assert _fault(bench).code == "E205"


def test_stack_that_never_lands_is_e203():
    bench = _stacking()
    bench.feed_set(tiles=40, deliver_s=100)
    assert _fault(bench).code == "E203"


@pytest.mark.parametrize("tiles_after, code", [(0, "E202"), (3, "E206")])
def test_belt_full_too_long_is_a_jam_or_a_stuck_sensor(tiles_after, code):
    bench = _stacking()
    bench.feed_set(tiles=20)
    if tiles_after == 0:
        bench.run(3)  # the head stopped taking tiles: the belt backs up
    bench.post(ev.BeltFull(True))
    assert not bench.table.disc.is_active and not bench.table.ring.is_active
    bench.feed_set(tiles=tiles_after)
    bench.run(5)
    assert _fault(bench).code == code


def test_belt_full_that_clears_restarts_the_feed():
    bench = _stacking()
    bench.feed_set(tiles=20)
    bench.post(ev.BeltFull(True), 1)
    bench.post(ev.BeltFull(False))
    assert bench.table.disc.is_active and bench.table.ring.is_active
    bench.feed_set(tiles=124)
    bench.run(5)
    assert bench.state == "playing.ready"


def test_belt_full_before_any_tile_moved_is_a_stuck_sensor():
    bench = Bench()
    bench.prepare_first_set()
    bench.raise_and_throw()
    bench.post(ev.BeltFull(True), 5)
    assert _fault(bench).code == "E206"


def test_a_crash_inside_a_transition_is_e901_with_every_motor_off():
    bench = _stacking()

    def broken():
        raise RuntimeError("hatch driver lost its pin")

    bench.table.hatch.open = broken
    bench.feed_set(tiles=144)
    bench.press("hatch", 4)
    assert _fault(bench).code == "E901" and "lost its pin" in _fault(bench).detail
    assert bench.state == "fault" and bench.motors_on() == []


def test_a_crash_in_a_counting_callback_is_e901_too():
    bench = _stacking()
    bench.post(ev.StackDelivered(7))
    assert _fault(bench).code == "E901" and bench.motors_on() == []


def test_self_test_faults():
    bench = Bench()
    bench.table.lifts[0].at_top = True
    bench.post(ev.EStopPressed())
    bench.post(ev.EStopReleased())
    bench.post(ev.OperatorReset(), 0.1)
    assert _fault(bench).code == "E102"
    bench.table.lifts[0].at_top, bench.table.lifts[0].at_bottom = False, False
    bench.table.lifts[0].stalled = True
    bench.post(ev.OperatorReset(), 25)
    assert _fault(bench).code == "E101" and "lift 0" in _fault(bench).detail


def test_every_code_the_controller_raises_is_in_the_fault_table():
    import re
    from pathlib import Path
    source = "".join(p.read_text() for p in Path("firmware/controller").glob("*.py"))
    used = set(re.findall(r'"(E\d{3})"', source))
    assert used and used <= set(FAULTS), used - set(FAULTS)


def test_bounds_come_from_settings():
    bench = Bench(Settings(bounds=Settings().bounds.__class__(hatch_travel_s=1.0)))
    bench.table.hatch.travel_s = 1.5
    bench.run(1)
    bench.press("hatch", 2)
    assert _fault(bench).code == "E403"


@pytest.mark.parametrize("tiles, count_code", [(143, "E302"), (145, "E301")])
def test_a_cycle_check_that_names_the_tile_replaces_the_count_fault(tiles, count_code):
    named = _stacking()
    named.controller.checks.register(lambda report: CheckFailure("missing 7p", "E511"))
    named.feed_set(tiles=tiles)
    named.run(20)
    assert (_fault(named).code, _fault(named).detail) == ("E511", "missing 7p")
    plain = _stacking()
    plain.controller.checks.register(lambda report: None)
    plain.feed_set(tiles=tiles)
    plain.run(20)
    assert _fault(plain).code == count_code
