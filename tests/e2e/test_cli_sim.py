"""`mjtable sim` end to end: 100 cycles per tile set, faults, a crash, bad input."""

import json

import pytest
from cli_runner import config_with, mjtable


@pytest.mark.parametrize("rules, stacks", [
    ("mcr", [18, 18, 18, 18]), ("riichi", [17, 17, 17, 17]), ("sichuan", [14, 13, 14, 13]),
])
def test_hundred_cycles_for_each_tile_set(rules, stacks):
    # The wall time of this run is a benchmark figure (benchmarks/bench_table.py), not a test bound.
    result = mjtable("sim", "--cycles", "100", "--seed", "1", "--json", "--rules", rules)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["cycles_completed"] == 100 and len(summary["cycle_seconds"]) == 100
    assert summary["stacks_per_side"] == stacks and summary["wall_mismatches"] == []
    assert summary["faults"] == [] and summary["unsafe_instants"] == 0
    assert summary["final_state"].startswith("playing")
    checks = summary["tile_checks"]
    assert checks["sets_verified"] == 100 and checks["failures"] == 0, checks
    assert checks["missing_named"] == [] and checks["hand_count_flags"] == []


def test_injected_fault_is_reported_with_its_code_and_recovery():
    result = mjtable("sim", "--cycles", "3", "--json", "--fault", "head_jam@cycle=2,at=20",
                     "--fault", "lid_open@cycle=3,at=10")
    assert result.returncode == 0, result.stderr
    faults = json.loads(result.stdout)["faults"]
    assert [(f["kind"], f["code"], f["recovered"]) for f in faults] == [
        ("head_jam", "E202", True), ("lid_open", "E501", True)]
    assert 0 < faults[0]["detected_after_s"] <= 12.2 and faults[1]["detected_after_s"] == 0
    assert all(f["motors_on_one_tick_after"] == [] for f in faults)


def test_two_causes_in_place_at_once_are_each_found_and_reported_with_their_own_code():
    """A tile lost from the set prepared in cycle 10 (found when its count comes short) and the
    belt-full sensor stuck while that set stacks: the operator clears what the first fault
    shows (the sensor), the set check then finds the tile missing, and each fault is reported
    against its own cause."""
    result = mjtable("sim", "--cycles", "11", "--json", "--fault", "tile_missing@cycle=9",
                     "--fault", "belt_full_stuck@cycle=10,at=30")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert [(f["kind"], f["code"], f["recovered"]) for f in summary["faults"]] == [
        ("tile_missing", "E511", True), ("belt_full_stuck", "E206", True)]
    assert summary["tile_checks"]["failures"] == 1


def test_a_fault_early_in_a_long_run_is_still_reported_at_its_end():
    """The pin history is a window (hal_sim/recorder.py): 60 cycles push a fault of cycle 2 out
    of it, and its line still says which motors were on one tick after it was detected."""
    result = mjtable("sim", "--cycles", "60", "--json", "--fault", "head_jam@cycle=2,at=20")
    assert result.returncode == 0, result.stderr
    faults = json.loads(result.stdout)["faults"]
    assert [(f["code"], f["recovered"], f["motors_on_one_tick_after"]) for f in faults] == [
        ("E202", True, [])]


def test_crash_inside_a_transition_lands_in_fault_with_outputs_safe():
    result = mjtable("sim", "--cycles", "2", "--json", "--check", "crashing_check:crash_once")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert [(f["code"], f["motors_on_one_tick_after"], f["recovered"])
            for f in summary["faults"]] == [("E901", [], True)]
    assert summary["unsafe_instants"] == 0
    assert "check exploded" in result.stderr


def test_text_summary():
    result = mjtable("sim", "--cycles", "1", "--rules", "sichuan")
    assert result.returncode == 0
    assert "cycles completed: 1 (sichuan, stacks per side [14, 13, 14, 13])" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["--fault", "head_jam"], "expected KIND[:PART]@cycle=N"),
    (["--fault", "melt@cycle=1"], "KIND is one of motor_stall"),
    (["--fault", "motor_stall:wheel@cycle=1"], "motor_stall needs a motor"),
    (["--cycles", "0"], "--cycles must be at least 1"),
    (["--check", "nowhere:check"], "cannot import nowhere"),
])
def test_bad_arguments_exit_2_with_a_reason(args, message):
    result = mjtable("sim", *args)
    assert result.returncode == 2 and message in result.stderr, result.stderr


def test_bad_config_exits_2_naming_section_and_key(tmp_path):
    config = config_with(tmp_path, "[controller]\ntile_gap_s = -1\n")
    result = mjtable("sim", "--config", str(config))
    assert result.returncode == 2
    assert "[controller] tile_gap_s: must be at least" in result.stderr


def test_maintenance_walk_tests_every_part_and_names_the_broken_one():
    result = mjtable("sim", "--maintenance", "--json", "--fault", "motor_stall:hatch@cycle=1")
    assert result.returncode == 1
    summary = json.loads(result.stdout)
    verdicts = {p["part"]: p["code"] for p in summary["parts"]}
    assert verdicts == {"disc": None, "ring": None, "conveyor": None, "head": None,
                        "chain": None, "lift0": None, "lift1": None, "lift2": None,
                        "lift3": None, "hatch": "E403", "dice": None}
    assert summary["final_state"] == "idle" and summary["unsafe_instants"] == 0


def test_diagram_prints_the_machine_as_mermaid():
    result = mjtable("diagram")
    assert result.returncode == 0
    assert "\nstateDiagram-v2\n" in result.stdout
    assert "dice.rolling --> playing: thrown" in result.stdout
