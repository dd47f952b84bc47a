"""The controller's cycle on fake parts: phases, wall break, settings, heartbeat, maintenance."""

import pytest
from fake_table import Bench

from firmware import events as ev
from firmware.controller import Settings
from firmware.controller.checks import CheckFailure, CycleChecks
from firmware.notifications import DiceThrown, PartTested


def test_power_on_self_test_then_idle():
    bench = Bench()
    bench.run(0.1)
    assert bench.state == "idle"
    assert [s for _, s in bench.controller.history] == ["off", "self_test", "idle"]


def test_self_test_lowers_a_raised_lift_before_idle():
    bench = Bench()  # then lift 2 is found up, and the self test runs again after an e-stop
    lift = bench.table.lifts[2]
    lift.at_top, lift.at_bottom = True, False
    bench.post(ev.EStopPressed())
    bench.post(ev.EStopReleased())
    bench.post(ev.OperatorReset(), 0.1)
    assert bench.state == "self_test" and lift.is_active
    bench.run(10)
    assert bench.state == "idle" and lift.at_bottom


def test_first_set_is_prepared_with_the_layout_then_walls_ready():
    bench = Bench()
    bench.prepare_first_set()
    assert bench.state == "preparing.ready"
    assert bench.layouts == [(18, 18, 18, 18)]
    assert bench.controller.cycle.count.per_side == [18, 18, 18, 18]
    assert bench.motors_on() == []


def test_full_cycle_raises_walls_reports_the_break_and_prepares_the_dropped_set():
    bench = Bench(faces=[(2, 1), (4, 4)])
    thrown = []
    bench.controller.notifier.subscribe(DiceThrown, thrown.append)
    bench.prepare_first_set()
    bench.raise_and_throw()
    assert bench.state == "playing.shuffling"
    assert len(thrown) == 1 and thrown[0].wall_break.count == 11 and thrown[0].cycle == 1
    assert bench.recorder.views[-1]["wall_break"]["wall"] == 2
    assert bench.recorder.views[-1]["wall_break"]["text"].startswith("dice 2+1, 4+4: wall W")
    bench.run(4.5)
    assert bench.state == "playing.stacking"
    assert set(bench.motors_on()) == {"disc", "ring", "conveyor", "head", "chain"}


def test_riichi_needs_one_throw_only():
    bench = Bench(Settings(rules="riichi"), faces=[(5, 2)])
    bench.prepare_first_set()
    assert bench.layouts == [(17, 17, 17, 17)]
    bench.raise_and_throw()
    assert bench.controller.cycle.cycles == 1
    assert bench.controller.cycle.last_break.count == 7


def test_settings_change_applies_from_the_next_set_not_the_one_in_progress():
    bench = Bench()
    bench.run(1)
    bench.press("hatch", 3)
    bench.press("raise", 8)
    bench.controller.update_settings(Settings(rules="sichuan"))
    bench.feed_set()  # the set under way stays 144 tiles
    bench.run(5)
    assert bench.state == "preparing.ready"
    assert bench.controller.cycle.ready.settings.rules == "mcr"
    bench.raise_and_throw()  # two throws: the walls raised were prepared under mcr
    assert bench.controller.cycle.last_break.throws == ((3, 4), (2, 5))
    assert bench.layouts == [(18, 18, 18, 18), (14, 13, 14, 13)]
    assert bench.controller.cycle.count.layout.tiles == 108


def test_hatch_pressed_before_the_walls_are_ready_opens_it_when_they_are():
    bench = Bench()
    bench.prepare_first_set()
    bench.raise_and_throw()
    bench.run(4.5)
    bench.press("hatch", 0.5)
    assert bench.state == "playing.stacking" and not bench.table.hatch.is_active
    bench.feed_set()
    bench.run(4)
    assert bench.state.startswith("collecting")


def test_heartbeat_beats_every_tick_in_every_state():
    bench = Bench()
    bench.run(10)
    tick = bench.controller.settings.bounds.tick_s
    assert bench.recorder.beats == pytest.approx(10 / tick, abs=2)
    bench.post(ev.EStopPressed(), 10)
    assert bench.recorder.beats == pytest.approx(20 / tick, abs=2)


def test_a_second_start_is_refused_and_the_one_tick_goes_on():
    bench = Bench()
    bench.run(10)
    with pytest.raises(RuntimeError, match="already started"):
        bench.controller.start()
    bench.run(10)
    tick = bench.controller.settings.bounds.tick_s
    assert bench.recorder.beats == pytest.approx(20 / tick, abs=2)


def test_cycle_check_failure_is_fault_e801_with_its_detail():
    checks = CycleChecks()
    reports = []

    @checks.register
    def wrong_tiles(report):
        reports.append(report)
        return CheckFailure("tile 5m read twice")

    bench = Bench(checks=checks)
    bench.prepare_first_set()
    assert bench.state == "fault"
    assert (bench.controller.faults[-1].code, bench.controller.faults[-1].detail) == \
        ("E801", "tile 5m read twice")
    assert reports[0].stacks_per_side == (18, 18, 18, 18) and reports[0].tiles_seen == 144


def test_no_auto_transitions_and_unknown_events_are_ignored():
    bench = Bench()
    assert not hasattr(bench.controller, "to_idle")
    bench.run(1)
    bench.post(ev.LiftAtTop(1))
    bench.post(ev.ButtonPressed(0, "dice"), 1)
    assert bench.state == "idle"


def test_maintenance_tests_one_part_at_a_time():
    bench = Bench()
    tested = []
    bench.controller.notifier.subscribe(PartTested, lambda n: tested.append((n.part, n.verified)))
    bench.run(1)
    bench.post(ev.MaintenanceCommand("enter"))
    bench.post(ev.MaintenanceCommand("disc"), 0.5)
    assert bench.state == "maintenance.testing" and bench.motors_on() == ["disc"]
    bench.run(2)
    assert bench.state == "maintenance.menu" and bench.motors_on() == []
    bench.post(ev.MaintenanceCommand("lift1"), 25)
    assert bench.table.lifts[1].at_bottom and tested == [("disc", False), ("lift1", True)]
    beeps = bench.recorder.beeps
    bench.post(ev.MaintenanceCommand("turbo"), 1)
    assert bench.state == "maintenance.menu" and bench.recorder.beeps == beeps + 1
    bench.post(ev.MaintenanceCommand("exit"), 1)
    assert bench.state == "idle"


def test_after_a_resumed_fault_a_later_self_test_ends_in_idle():
    bench = Bench()
    bench.run(1)
    bench.post(ev.MaintenanceCommand("enter"))
    bench.post(ev.LidChanged(True))
    bench.post(ev.LidChanged(False))
    bench.post(ev.OperatorReset(), 0.1)
    assert bench.state == "maintenance.menu"
    bench.post(ev.MaintenanceCommand("exit"), 0.1)
    assert bench.state == "idle"
