"""Every fault kind on the real simulator, injected at several moments of a cycle.

Checked on the recorded pin history: the right code; detected within the bound the operator
is promised in docs/fault-detection.md (counted from the injection or from the moment the part
was last switched on, whichever is later) — not the firmware's own bounds; every motor output
off one tick after detection; no motor switched on from the e-stop press (the contact in the
pin history) to the simulated operator's reset (the world's own log); zero unsafe instants;
and the run goes on to complete its cycles after the reset. A cycle starts when the previous one's dice
were thrown: its set is shuffled from 0 s, stacked from about 4 s to 63 s, the hatch opens at
90 s, the walls rise from 96 s and come down by 116 s, the dice roll from 117 s.
"""

import re
from pathlib import Path

import pytest

from table_config import default_config
from hal_sim.faults import parse_fault_spec
from hal_sim.harness import SimRun

TICK_S = 0.2  # the controller tick the page below counts on top of each bound


def documented_bounds() -> dict[str, float]:
    """Code → seconds, from the table in docs/fault-detection.md (the operator's promise)."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "fault-detection.md").read_text()
    return {code: float(bound) for code, bound in
            re.findall(r"^\| (E\d{3}) \| [^|]+ \| ([\d.]+) \|", page, re.MULTILINE)}


BOUND = documented_bounds()
STACKING = ("ring.motor",)
LIFTS = tuple(f"lift{n}.motor.{d}" for n in range(4) for d in (0, 1))  # all four move together

# kind, code, the motor outputs whose switching-on starts the bound, moments (cycle, at)
CASES = [
    ("motor_stall:disc", "E201", STACKING, [(2, 10), (2, 30), (2, 50)]),
    ("motor_stall:ring", "E201", STACKING, [(2, 10), (2, 50)]),
    # At 0 the part is stalled before the first tile reaches the head: the belt is full of
    # tiles when the operator resets, and the resumed stacking has to take them.
    ("motor_stall:conveyor", "E202", STACKING, [(2, 0), (2, 10), (2, 40)]),
    ("motor_stall:head", "E202", STACKING, [(2, 0), (2, 20), (2, 50)]),
    ("head_jam", "E202", STACKING, [(2, 10), (2, 30), (2, 50)]),
    ("motor_stall:chain", "E205", STACKING, [(2, 10), (2, 40)]),
    ("chain_zero_blocked", "E205", STACKING, [(2, 10), (2, 40)]),
    # Found stuck when stacking is about to start: the bound runs from the shuffle start.
    ("belt_full_stuck", "E206", ("disc.motor", *STACKING), [(2, 0), (2, 20), (2, 80)]),
    ("tile_missing", "E511", STACKING, [(1, 0), (2, 0)]),
    ("tile_extra", "E512", STACKING, [(1, 0), (2, 50)]),
    ("motor_stall:hatch", "E403", ("hatch.motor.0", "hatch.motor.1"), [(2, 80), (2, 91), (2, 93)]),
    ("motor_stall:lift0", "E401", LIFTS, [(2, 80)]),
    ("motor_stall:lift1", "E401", LIFTS, [(2, 100)]),
    ("motor_stall:lift2", "E401", LIFTS, [(2, 110)]),
    ("limit_stuck:lift3", "E401", LIFTS, [(2, 0)]),
    ("limit_stuck:lift0:open", "E401", LIFTS, [(2, 100)]),
    ("limit_stuck:lift1:closed", "E402", LIFTS, [(2, 0)]),
    ("limit_stuck:lift2:closed", "E402", LIFTS, [(2, 50)]),
    ("lid_open", "E501", (), [(2, 10), (2, 93), (2, 100), (2, 118)]),
    ("estop", "E601", (), [(2, 10), (2, 91), (2, 108)]),
    ("dice_dead", "E701", ("dice.motor",), [(2, 0), (2, 117.5)]),
    ("motor_stall:dice", "E701", ("dice.motor",), [(2, 50), (3, 117.5)]),
]

CYCLES = 4


def _params() -> list:
    return [pytest.param(kind, code, motors, cycle, at, id=f"{kind}@{cycle},{at}")
            for kind, code, motors, moments in CASES for cycle, at in moments]


def _switched_on(history, labels, before: float) -> float | None:
    """The last time any of ``labels`` went on at or before ``before``."""
    times = [t for t, label, level in history if label in labels and level and t <= before]
    return max(times) if times else None


def test_every_fault_code_tested_has_a_documented_bound():
    assert {code for _, code, _, _ in CASES} <= set(BOUND)


@pytest.mark.parametrize("kind, code, motors, cycle, at", _params())
def test_fault_is_detected_stopped_and_recovered(kind, code, motors, cycle, at, tmp_path):
    spec = parse_fault_spec(f"{kind}@cycle={cycle},at={at}")
    run = SimRun(default_config(tmp_path), seed=1, faults=(spec,))
    try:
        summary = run.run(CYCLES)
        history = run.sim.recorder.history
        resets = run.venue.resets
    finally:
        run.close()
    bound, tick = BOUND[code], TICK_S
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
    _no_motor_on_while_latched(history, resets, run.sim.recorder.motors_on_at)


def _no_motor_on_while_latched(history, resets, motors_on_at):
    """From the pin history: from each e-stop press (its normally-closed contact opens) to
    the operator's first reset after the button is released, no motor output is on."""
    motor_names = {"motor", "motor.0", "motor.1"}
    presses = [t for t, label, level in history if label == "estop.contact" and level]
    releases = [t for t, label, level in history if label == "estop.contact" and not level]
    for start in presses:
        released = min((t for t in releases if t >= start), default=float("inf"))
        if released == start:
            continue  # the contact settling at power-on, not a press
        end = min((t for t in resets if t >= released), default=float("inf"))
        assert motors_on_at(start) == []
        switched = [(t, label) for t, label, level in history
                    if start < t < end and level and label.split(".", 1)[-1] in motor_names]
        assert switched == []
