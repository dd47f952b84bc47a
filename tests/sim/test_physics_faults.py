"""Every injectable fault, as the drivers' inputs show it, and its removal; the pin recorder."""

import pytest
from physics_bench import Bench

from firmware.events import (BeltFull, ChainAtZero, DiceRolled, EStopPressed, EStopReleased,
                             HatchOpened, LidChanged, LiftAtTop, StackDelivered, TileAtHead)

from hal_sim.faults import parse


@pytest.fixture
def bench():
    b = Bench()
    b.table.set_layout((18,) * 4)
    yield b
    b.close()


def stacking(bench, seconds):
    bench.backend.load_set(144)
    bench.flow_on()
    bench.run(seconds)


@pytest.mark.parametrize("motor, stops", [
    ("disc", TileAtHead), ("ring", TileAtHead), ("conveyor", TileAtHead), ("head", TileAtHead),
    ("chain", StackDelivered)])
def test_a_stalled_flow_motor_moves_no_tiles_until_cleared(bench, motor, stops):
    stacking(bench, 10)
    bench.backend.inject(f"motor_stall:{motor}")
    bench.run(1)
    before = len(bench.of(stops))
    bench.run(20)
    assert len(bench.of(stops)) == before
    assert getattr(bench.table, motor).is_active  # the output is still on: only the motor is stuck
    bench.backend.clear("motor_stall", motor)
    bench.run(5)
    assert len(bench.of(stops)) > before


def test_a_stalled_chain_gives_no_zero_pulse(bench):
    stacking(bench, 5)
    bench.backend.inject("motor_stall", "chain")
    bench.run(1)
    before = len(bench.of(ChainAtZero))
    bench.run(20)
    assert len(bench.of(ChainAtZero)) == before


@pytest.mark.parametrize("motor, act, arrives", [
    ("lift3", lambda t: t.lifts[3].raise_(), LiftAtTop(3)),
    ("hatch", lambda t: t.hatch.open(), HatchOpened()),
    ("dice", lambda t: t.dice.roll(), DiceRolled),
])
def test_a_stalled_mechanism_never_arrives_until_cleared(bench, motor, act, arrives):
    bench.backend.inject("motor_stall", motor)
    act(bench.table)
    bench.run(30)
    def arrived():
        return [e for _, e in bench.events if e == arrives or isinstance(arrives, type) and isinstance(e, arrives)]
    assert arrived() == []
    bench.backend.clear("motor_stall", motor)
    act(bench.table)
    bench.run(12)
    assert len(arrived()) == 1


def test_dice_dead(bench):
    bench.backend.inject("dice_dead")
    bench.table.dice.roll()
    bench.run(10)
    assert bench.of(DiceRolled) == []
    bench.backend.clear("dice_dead")
    bench.table.dice.roll()
    bench.run(3)
    assert len(bench.of(DiceRolled)) == 1


def test_head_jam_holds_k1_and_backs_the_belt_up(bench):
    stacking(bench, 10)
    bench.backend.inject("head_jam")
    bench.run(1)
    jammed_at = len(bench.of(TileAtHead))
    bench.run(30)
    assert len(bench.of(TileAtHead)) == jammed_at and bench.table.head.tile_present
    assert BeltFull(True) in bench.of(BeltFull)
    bench.backend.clear("head_jam")
    bench.run(120, until=lambda: bench.backend.wall_stacks() == (18,) * 4)
    assert len(bench.of(TileAtHead)) == 144 and bench.backend.wall_stacks() == (18,) * 4
    assert not bench.table.head.tile_present and bench.of(BeltFull)[-1] == BeltFull(False)


def test_a_missing_tile_leaves_a_stack_short_until_put_back(bench):
    bench.backend.inject("tile_missing")
    stacking(bench, 90)
    assert len(bench.of(TileAtHead)) == 143 and sum(bench.backend.wall_stacks()) == 71
    bench.backend.clear("tile_missing")
    bench.run(10)
    assert len(bench.of(TileAtHead)) == 144 and sum(bench.backend.wall_stacks()) == 72


def test_an_extra_tile_passes_the_head_and_is_taken_out(bench):
    bench.backend.inject("tile_extra")
    stacking(bench, 90)
    assert len(bench.of(TileAtHead)) == 145 and sum(bench.backend.wall_stacks()) == 72
    assert [t.uid[0] for t in bench.backend.tiles_in_machine].count("E") == 1
    bench.backend.clear("tile_extra")
    tiles = bench.backend.tiles_in_machine
    assert len(tiles) == 144 and {t.set_id for t in tiles} == {"A"}
    assert sum(bench.backend.wall_stacks()) == 72


def test_set_faults_wait_for_the_next_set(bench):
    stacking(bench, 90)
    bench.backend.inject("tile_missing")
    bench.backend.inject("tile_extra")
    assert len(bench.backend.tiles_in_machine) == 144
    bench.backend.load_set(144)
    assert len(bench.backend.tiles_in_machine) == 288


@pytest.mark.parametrize("mode", ["open", "closed"])
def test_a_stuck_top_limit(bench, mode):
    spec = "lift2" if mode == "open" else "lift2:closed"
    bench.backend.inject("limit_stuck", spec)
    bench.table.lifts[2].raise_()
    bench.run(15)
    lift = bench.table.lifts[2]
    if mode == "open":
        assert bench.of(LiftAtTop) == [] and lift.is_active and not lift.at_top
    else:  # reads "at the top" while still at the bottom: the controller sees both switches closed
        assert bench.of(LiftAtTop) == [LiftAtTop(2)] and lift.at_top and lift.at_bottom
    bench.backend.clear("limit_stuck", spec)
    bench.table.lifts[2].raise_()
    bench.run(15)
    assert bench.of(LiftAtTop)[-1] == LiftAtTop(2) and lift.at_top and not lift.at_bottom


def test_lid_estop_and_belt_sensor_faults(bench):
    for kind in ("lid_open", "estop", "belt_full_stuck"):
        bench.backend.inject(kind)
        bench.backend.clear(kind)
    assert [e for _, e in bench.events][1:] == [
        LidChanged(True), LidChanged(False), EStopPressed(), EStopReleased(),
        BeltFull(True), BeltFull(False)]


def test_a_blocked_zero_sensor_still_lets_stacks_through(bench):
    bench.backend.inject("chain_zero_blocked")
    stacking(bench, 30)
    assert bench.of(ChainAtZero) == [] and len(bench.of(StackDelivered)) > 20
    bench.backend.clear("chain_zero_blocked")
    bench.run(4)
    assert bench.of(ChainAtZero)


@pytest.mark.parametrize("kind, part, message", [
    ("smoke", None, "unknown fault kind 'smoke'"),
    ("motor_stall", None, "motor_stall needs a motor"),
    ("motor_stall:fan", None, "motor_stall needs a motor, one of disc, ring"),
    ("limit_stuck", "lift4", "limit_stuck needs <lift>"),
    ("limit_stuck", "lift1:ajar", "limit_stuck needs <lift>"),
    ("head_jam", "head", "fault head_jam takes no part"),
])
def test_a_bad_fault_spec_is_named(kind, part, message):
    with pytest.raises(ValueError, match=message):
        parse(kind, part)


def test_unsafe_instants_count_only_what_outlasts_its_instant(bench):
    recorder = bench.backend.recorder
    bench.table.disc.on()
    bench.backend.set_lid(True)
    bench.table.disc.off()  # the same instant: reacted in time
    bench.backend.set_lid(False)
    bench.run(1)
    assert recorder.unsafe_instants() == 0
    bench.table.ring.on()
    bench.run(1)
    bench.backend.set_estop(True)
    bench.run(1)
    bench.table.ring.off()
    assert recorder.unsafe_instants() == 1 and recorder.unsafe_times == [2.0]
    assert recorder.motors_on_at(2.0) == ["ring.motor"] and recorder.motors_on_at(0.0) == []
    assert recorder.motors_on_at(3.0) == []
    assert (0.0, "lid.contact", True) in recorder.history
