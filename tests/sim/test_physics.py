"""The simulator's physics on the real drivers: the normal cycle, in virtual time."""

import gc
import tomllib
from collections import Counter

import pytest
from physics_bench import Bench

from firmware.clock import VirtualScheduler
from firmware.config import DEFAULT_PATH, Config, ConfigError
from firmware.events import (ButtonPressed, ChainAtZero, DiceRolled, HatchClosed, HatchOpened,
                             LiftAtBottom, LiftAtTop, StackDelivered, TileAtHead)
from firmware.hal import ReleaseError

from drivers.part import Part
from drivers.table import build_table
from hal_sim.backend import build


@pytest.fixture
def bench():
    b = Bench()
    yield b
    b.close()


@pytest.mark.parametrize("n_tiles, layout", [
    (144, (18, 18, 18, 18)), (136, (17, 17, 17, 17)), (108, (14, 13, 14, 13))])
def test_a_set_stacks_into_its_layout_in_about_a_minute(bench, n_tiles, layout):
    spent = bench.stack(n_tiles, layout)
    assert bench.backend.wall_stacks() == layout
    assert spent == pytest.approx(60 * n_tiles / 144, abs=3)
    assert len(bench.of(TileAtHead)) == n_tiles
    assert Counter(e.side for e in bench.of(StackDelivered)) == dict(enumerate(layout))
    revolutions = len(bench.of(ChainAtZero))
    assert revolutions == pytest.approx(spent / 3.0, abs=1)


def test_the_head_sees_every_tile_once_in_a_seeded_order():
    orders = []
    for seed in (1, 1, 2):
        bench = Bench(seed=seed)
        seen = []
        bench.backend.on_tile_at_head.append(seen.append)
        bench.stack(144, (18,) * 4)
        bench.close()
        assert len({t.uid for t in seen}) == 144 and {t.set_id for t in seen} == {"A"}
        orders.append([t.uid for t in seen])
    assert orders[0] == orders[1] != orders[2]
    assert orders[0] != sorted(orders[0])


def test_a_tile_meets_the_head_reader_before_k1_sees_it(bench):
    """The head module answers first, so its bytes cross the pty while K1's edges are handled
    (the host reads them ``poll_s`` later either way)."""
    history, edges_at_hook = bench.backend.recorder.history, []
    bench.backend.on_tile_at_head.append(lambda tile: edges_at_hook.append(
        sum(label == "head.sensor" for _, label, _ in history)))
    bench.stack(144, (18,) * 4)
    assert edges_at_hook == [2 * before for before in range(144)]


def test_tiles_move_only_while_their_motors_run(bench):
    bench.table.set_layout((18,) * 4)
    bench.backend.load_set(144)
    bench.run(30)
    assert bench.of(TileAtHead) == []
    bench.table.disc.on()
    bench.table.ring.on()
    bench.run(30)
    assert bench.of(TileAtHead) == [] and len(bench.backend.physics.flow.belt) == 12
    bench.table.conveyor.on()
    bench.table.head.on()
    bench.run(10)
    # two stacks wait on the stopped chain; the head takes no more until they leave
    assert len(bench.of(TileAtHead)) == 4 and bench.of(StackDelivered) == []
    bench.table.chain.on()
    bench.run(10)
    assert len(bench.of(StackDelivered)) > 10


def test_a_full_side_sends_stacks_on_and_a_raised_side_takes_none(bench):
    bench.lifts("raise_")
    bench.lifts("lower")
    bench.table.lifts[1].raise_()
    bench.run(12)
    bench.stack(108, (14, 13, 14, 13))
    assert bench.backend.wall_stacks() == (14, 0, 14, 13)
    assert sum(bench.backend.wall_stacks()) + len(bench.backend.physics.flow.chain) == 54 - 13 + 2


def test_walls_rise_in_ten_seconds_and_go_into_play_when_lowered(bench):
    bench.stack(144, (18,) * 4)
    start = bench.scheduler.now()
    bench.lifts("raise_")
    assert [t - start for t, e in bench.events if isinstance(e, LiftAtTop)] == [pytest.approx(10)] * 4
    assert bench.backend.wall_stacks() == (18,) * 4
    bench.lifts("lower")
    assert len(bench.of(LiftAtBottom)) == 4 and bench.backend.wall_stacks() == (0,) * 4
    assert len(bench.backend.physics.flow.in_play) == 144


def test_a_lift_reversed_half_way_returns_in_the_time_it_went(bench):
    lift = bench.table.lifts[0]
    lift.raise_()
    bench.run(4)
    lift.lower()
    start = bench.scheduler.now()
    bench.run(10)
    arrived = [t for t, e in bench.events if isinstance(e, LiftAtBottom)]
    assert arrived == [pytest.approx(start + 4)] and bench.of(LiftAtTop) == []


def test_the_used_set_drops_through_the_open_hatch(bench):
    bench.stack(144, (18,) * 4)
    bench.lifts("raise_")
    bench.lifts("lower")
    with pytest.raises(ValueError, match="hatch is not open"):
        bench.backend.drop_used_set()
    bench.table.hatch.open()
    bench.run(2.5)
    assert bench.of(HatchOpened)
    bench.backend.load_set(144)  # set B, the second time round
    bench.backend.drop_used_set()
    with pytest.raises(ValueError, match="no tiles are in play"):
        bench.backend.drop_used_set()
    with pytest.raises(ValueError, match="both tile sets"):
        bench.backend.load_set(144)
    bench.table.hatch.close()
    bench.run(2.5)
    assert bench.of(HatchClosed) and len(bench.backend.physics.flow.pool) == 288


def test_dice_faces_come_from_the_seeded_rng():
    faces = []
    for seed in (7, 7):
        bench = Bench(seed=seed)
        for _ in range(5):
            bench.table.dice.roll()
            bench.run(3)
        faces.append([e.faces for e in bench.of(DiceRolled)])
        bench.close()
    assert faces[0] == faces[1] and len(faces[0]) == 5
    assert all(1 <= f <= 6 for pair in faces[0] for f in pair)


def test_roll_takes_roll_time_plus_settling(bench):
    bench.table.dice.roll()
    bench.run(3)
    assert [t for t, e in bench.events if isinstance(e, DiceRolled)] == [pytest.approx(2.0)]


def test_buttons_lid_and_estop(bench):
    bench.backend.press(2, "dice")
    bench.backend.set_lid(True)
    bench.backend.set_estop(True)
    bench.backend.set_estop(False)
    bench.backend.set_lid(False)
    names = [type(e).__name__ for _, e in bench.events]
    assert names == ["LidChanged", "ButtonPressed", "LidChanged", "EStopPressed", "EStopReleased",
                     "LidChanged"]
    assert bench.of(ButtonPressed) == [ButtonPressed(2, "dice")]
    with pytest.raises(ValueError, match="seat must be one of"):
        bench.backend.press(4, "raise")


def test_no_heartbeat_no_motor_power():
    bench = Bench(beat_s=None)
    bench.backend.load_set(144)
    bench.table.set_layout((18,) * 4)
    bench.flow_on()
    bench.run(20)
    assert bench.of(TileAtHead) == []
    bench.table.heartbeat.beat()
    bench.run(5)
    got = len(bench.of(TileAtHead))
    assert got == 0 and bench.backend.physics.power.cuts == 1
    assert ("power", False) in [(label, level) for _, label, level in bench.backend.recorder.history]
    bench.close()


def test_motors_stop_when_the_heartbeat_stops(bench):
    bench.backend.load_set(144)
    bench.table.set_layout((18,) * 4)
    bench.flow_on()
    bench.run(10)
    bench.stop_beating()
    bench.run(0.45)
    before = len(bench.of(TileAtHead))
    bench.run(10)
    assert len(bench.of(TileAtHead)) <= before + 1 and bench.backend.physics.power.cuts == 1


def test_twenty_back_to_back_cycles_deliver_every_stack(bench):
    # What a cycle costs is a figure of benchmarks/bench_table.py, not a bound here.
    bench.table.set_layout((18,) * 4)
    bench.backend.load_set(144)
    for _ in range(20):
        bench.flow_on()
        bench.run(300, until=lambda: bench.backend.wall_stacks() == (18,) * 4)
        bench.flow_off()
        bench.lifts("raise_")
        bench.lifts("lower")
        bench.table.hatch.open()
        bench.run(3)
        bench.backend.drop_used_set()
        bench.table.hatch.close()
        bench.run(3)
    assert len(bench.of(StackDelivered)) == 20 * 72


def test_a_part_that_fails_to_let_go_does_not_keep_the_others(bench, caplog):
    """Table.close: every part goes safe and is released even when some fail; each failure
    is logged and named, not only the first."""
    table = bench.table
    table.disc.on()
    for part in (table.ring, table.lifts[2]):
        part.release = lambda part=part: (_ for _ in ()).throw(OSError(f"{part.name} stuck"))
    with pytest.raises(ReleaseError, match="ring: ring stuck; lift2: lift2 stuck|"
                                           "lift2: lift2 stuck; ring: ring stuck"):
        table.close()
    disc = [level for _, label, level in bench.backend.recorder.history if label == "disc.motor"]
    assert disc[-1] is False  # driven off before it was let go
    logged = [r.getMessage() for r in caplog.records if "failed" in r.getMessage()]
    assert len(logged) == 2
    outputs = [pin.info.name for pin in bench.backend.factory.pins.values()
               if pin.function == "output"]
    ring_and_lift2 = set(pin_names_of(table.ring)) | set(pin_names_of(table.lifts[2]))
    assert set(outputs) <= ring_and_lift2  # everything else let go
    for part in (table.ring, table.lifts[2]):
        del part.release  # unstuck: let them go too, so no other test finds their pins taken
        part.release()


def pin_names_of(part) -> list[str]:
    return list(part.pin_names().values())


def test_closing_the_table_leaves_every_output_safe_and_frees_the_pins(bench):
    table = bench.table
    for motor in table.shuffle_motors:
        motor.on()
    for lift in table.lifts:
        lift.raise_()
    table.hatch.open()
    table.dice.roll()
    table.annunciator.show("fault")
    table.annunciator.beep(3)
    bench.table.set_layout((17,) * 4)
    bench.stop_beating()
    table.close()
    table.close()  # idempotent
    outputs = [pin for pin in bench.backend.factory.pins.values() if pin.function == "output"]
    assert outputs == []  # every output released back to an input ...
    levels = {label: level for _, label, level in bench.backend.recorder.history}
    motors = bench.backend.physics.motor_labels()
    assert not any(levels.get(label) for label in motors)  # ... after going low
    bench.run(10)  # no timer left behind drives a released device
    rebuilt = build_table(Config.load(), bench.backend.factory, bench.scheduler)
    rebuilt.close()


def test_a_failing_rfid_section_releases_the_parts():
    scheduler = VirtualScheduler()
    with DEFAULT_PATH.open("rb") as fh:
        data = tomllib.load(fh)
    data["rfid"] = {"head": {"polls_per_tile": "many"}}
    with pytest.raises(ConfigError, match=r"\[rfid.head\]"):
        build(Config(data), scheduler)
    gc.collect()  # a leaked part would keep its pins reserved until collected; none may be left
    assert not [d for d in gc.get_objects() if isinstance(d, Part) and not d._closed]
