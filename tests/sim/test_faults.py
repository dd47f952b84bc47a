"""Every fault kind on the real simulator, injected at several moments of a cycle.

Checked on the recorded pin history: the right code; detected within the controller's bound
for that motion (counted from the injection or from the moment the part was last switched on,
whichever is later); every motor output off one tick after detection; no motor switched on
while the e-stop latch was set; zero unsafe instants; and the run goes on to complete its
cycles after the simulated operator's reset. A cycle starts when the previous one's dice
were thrown: its set is shuffled from 0 s, stacked from about 4 s to 63 s, the hatch opens at
90 s, the walls rise from 96 s and come down by 116 s, the dice roll from 117 s.
"""

import pytest

from firmware.config import Config
from firmware.controller import Bounds
from firmware.fault_spec import parse_fault_spec
from firmware.sim_run import SimRun

B = Bounds()
SET_S = 80.0  # a whole set stacked: the domain's "slower than 80 s is a fault"
STACKING = ("ring.motor",)
LIFTS = tuple(f"lift{n}.motor.{d}" for n in range(4) for d in (0, 1))  # all four move together

# kind, code, bound (s), the motor outputs whose switching-on starts the bound, moments (cycle, at)
CASES = [
    ("motor_stall:disc", "E201", B.tile_gap_s, STACKING, [(2, 10), (2, 30), (2, 50)]),
    ("motor_stall:ring", "E201", B.tile_gap_s, STACKING, [(2, 10), (2, 50)]),
    ("motor_stall:conveyor", "E202", B.tile_gap_s + B.belt_full_s, STACKING, [(2, 10), (2, 40)]),
    ("motor_stall:head", "E202", B.tile_gap_s + B.belt_full_s, STACKING, [(2, 20), (2, 50)]),
    ("head_jam", "E202", B.tile_gap_s + B.belt_full_s, STACKING, [(2, 10), (2, 30), (2, 50)]),
    ("motor_stall:chain", "E205", B.chain_rev_s, STACKING, [(2, 10), (2, 40)]),
    ("chain_zero_blocked", "E205", B.chain_rev_s, STACKING, [(2, 10), (2, 40)]),
    # Found stuck when stacking is about to start: the bound runs from the shuffle start.
    ("belt_full_stuck", "E206", max(B.belt_full_s, B.shuffle_s), ("disc.motor", *STACKING),
     [(2, 0), (2, 20), (2, 80)]),
    ("tile_missing", "E511", SET_S, STACKING, [(1, 0), (2, 0)]),
    ("tile_extra", "E512", SET_S, STACKING, [(1, 0), (2, 50)]),
    ("motor_stall:hatch", "E403", B.hatch_travel_s, ("hatch.motor.0", "hatch.motor.1"),
     [(2, 80), (2, 91), (2, 93)]),
    ("motor_stall:lift0", "E401", B.lift_travel_s, LIFTS, [(2, 80)]),
    ("motor_stall:lift1", "E401", B.lift_travel_s, LIFTS, [(2, 100)]),
    ("motor_stall:lift2", "E401", B.lift_travel_s, LIFTS, [(2, 110)]),
    ("limit_stuck:lift3", "E401", B.lift_travel_s, LIFTS, [(2, 0)]),
    ("limit_stuck:lift0:open", "E401", B.lift_travel_s, LIFTS, [(2, 100)]),
    ("limit_stuck:lift1:closed", "E402", B.lift_min_travel_s, LIFTS, [(2, 0)]),
    ("limit_stuck:lift2:closed", "E402", B.lift_min_travel_s, LIFTS, [(2, 50)]),
    ("lid_open", "E501", 0.0, (), [(2, 10), (2, 93), (2, 100), (2, 118)]),
    ("estop", "E601", 0.0, (), [(2, 10), (2, 91), (2, 108)]),
    ("dice_dead", "E701", B.dice_roll_s, ("dice.motor",), [(2, 0), (2, 117.5)]),
    ("motor_stall:dice", "E701", B.dice_roll_s, ("dice.motor",), [(2, 50), (3, 117.5)]),
]

CYCLES = 4


def _params() -> list:
    return [pytest.param(kind, code, bound, motors, cycle, at, id=f"{kind}@{cycle},{at}")
            for kind, code, bound, motors, moments in CASES for cycle, at in moments]


def _switched_on(history, labels, before: float) -> float | None:
    """The last time any of ``labels`` went on at or before ``before``."""
    times = [t for t, label, level in history if label in labels and level and t <= before]
    return max(times) if times else None


@pytest.mark.parametrize("kind, code, bound, motors, cycle, at", _params())
def test_fault_is_detected_stopped_and_recovered(kind, code, bound, motors, cycle, at):
    spec = parse_fault_spec(f"{kind}@cycle={cycle},at={at}")
    run = SimRun(Config.load(), seed=1, faults=(spec,))
    try:
        summary = run.run(CYCLES)
        history = run.sim.recorder.history
        latches = run.controller.latch_log
    finally:
        run.close()
    tick = B.tick_s
    first = summary["faults"][0]
    assert (first["kind"], first["code"]) == (kind, code), summary["faults"]
    detected_at = first["at"] + first["detected_after_s"]
    started = _switched_on(history, set(motors), detected_at)
    reference = max(first["at"], started if started is not None else first["at"])
    assert detected_at - reference <= bound + tick + 1e-6, (detected_at, reference, bound)
    assert all(f["motors_on_one_tick_after"] == [] for f in summary["faults"])
    assert first["recovered"] and summary["cycles_completed"] == CYCLES
    assert summary["unsafe_instants"] == 0
    assert summary["wall_mismatches"] == []
    _no_motor_on_while_latched(history, latches, run.sim.recorder.motors_on_at)


def _no_motor_on_while_latched(history, latches, motors_on_at):
    """From the controller's own log: between latch set and latch reset no motor output is on."""
    motor_names = {"motor", "motor.0", "motor.1"}
    for (start, on), (end, _) in zip(latches[::2], latches[1::2]):
        assert on
        assert motors_on_at(start) == []
        switched = [(t, label) for t, label, level in history
                    if start < t < end and level and label.split(".", 1)[-1] in motor_names]
        assert switched == []
