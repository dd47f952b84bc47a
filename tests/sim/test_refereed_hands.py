"""The table and the referee as one, the real `mjtable sim --hands` in a subprocess per rule
set: the simulated players play whole hands between machine cycles, make mistakes, the zone
readers miss tags, and the referee's verdicts are set against the simulator's truth (which
only the simulator knows: hal_sim/truth_check.py). Every mistake must be flagged with its
offence and seat, nothing else flagged, every win scored as the rules engine scores the true
hand, every discard's zones rebuilt as they really were — and the ledger must hold the game.
The issue's 2,000 hands per rule set are the same command with ``--hands 2000``. A miscount
ordered from outside at each move of a hand is many short runs: those run in-process (``SimRun``,
what the command runs)."""

import json
import re
import subprocess
import sys

import pytest
from table_config import config_text, default_config

from firmware import rulesets
from hal_sim.faults import parse_fault_spec
from hal_sim.harness import SimRun

HANDS = 24


def _sim_hands(tmp_path, rules: str, config: str, hands: int, seed: int) -> dict:
    """``mjtable sim --hands`` in a subprocess on ``config`` (a config file's text), every
    third hand with a players' mistake and 2 % of the tags missed: its JSON summary."""
    path = tmp_path / "table.toml"
    path.write_text(config)
    done = subprocess.run([sys.executable, "-m", "firmware.cli", "sim", "--rules", rules, "--hands", str(hands),
                           "--seed", str(seed), "--miscall-rate", "0.3", "--miss-rate", "0.02", "--json",
                           "--data", str(tmp_path / "game"), "--config", str(path)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _refereed_as_the_truth(summary: dict) -> None:
    """Every mistake flagged with its offence and seat and nothing else, every win scored as
    the rules engine scores the true hand, every discard's zones rebuilt as they were."""
    miscalls = summary["miscalls"]
    assert miscalls["injected"] > 0
    assert (miscalls["flagged"], miscalls["missed"], miscalls["false_flags"]) == (miscalls["injected"], 0, 0), miscalls
    wins = summary["wins"]
    assert wins["count"] > 0 and wins["disagree"] == 0 and wins["agree"] == wins["count"], wins
    rebuilt = summary["reconstruction"]
    assert rebuilt["discards"] > 0 and rebuilt["agree"] == rebuilt["discards"], rebuilt


@pytest.mark.parametrize("rules", rulesets.names())
def test_hands_refereed_against_the_truth(tmp_path, rules):
    summary = _sim_hands(tmp_path, rules, config_text(tmp_path), HANDS, seed=11)
    assert summary["hands_played"] >= HANDS and summary["faults"] == [] and summary["unsafe_instants"] == 0
    _refereed_as_the_truth(summary)
    assert summary["game"]["rules"] == rules and len(summary["game"]["standings"]) == 4
    assert (tmp_path / "game" / "events.sqlite").is_file()


LINE_FAULTS = {"duplicate_rate": 0.05, "crosstalk_rate": 0.05, "checksum_error_rate": 0.02,
               "noise_rate": 0.02}
"""What a venue's zone lines add to missed reads: tags reported twice, a neighbouring zone's
tags heard weakly, corrupted frames, noise between frames."""


@pytest.mark.parametrize("rules", ["mcr", "riichi"])
def test_hands_refereed_over_noisy_zone_lines(tmp_path, rules):
    """Every zone reader's line with all its faults at once: the readers' checks (the RSSI
    floor against a neighbour's tags, the checksums, the resync after noise) keep the
    referee's picture true, so the verdicts are as on clean lines (flowers in mcr; riichi's
    dead wall)."""
    text, found = re.subn(r"^(\[rfid\.zones\].*)$", lambda m: m.group(1) + "".join(
        f"\n{key} = {rate}" for key, rate in LINE_FAULTS.items()), config_text(tmp_path),
        flags=re.MULTILINE)
    assert found == 1, "config/table.toml has no [rfid.zones] section"
    _refereed_as_the_truth(_sim_hands(tmp_path, rules, text, 16, seed=17))


@pytest.mark.parametrize("rules", ["mcr", "riichi"])
def test_a_miscount_ordered_at_any_moment_of_a_hand_is_one_and_is_flagged(tmp_path, rules):
    """``--fault hand_miscount:2`` at each move of a hand's first three rounds: seat 2 holds a
    tile more than it may, also when the order comes as it is about to draw (it then takes two:
    one would only be its draw), and the referee flags it, nothing else."""
    for step in range(12):
        at = 0.2 + 0.8 * step
        spec = parse_fault_spec(f"hand_miscount:2@cycle=2,at={at}")
        run = SimRun(default_config(tmp_path / str(step)), seed=9, rules=rules, faults=(spec,))
        try:
            miscalls = run.run_hands(1)["miscalls"]
        finally:
            run.close()
        assert miscalls["by_kind"] == {"wrong_count": {
            "injected": 1, "flagged": 1, "missed": 0, "false_flags": 0}}, (at, miscalls)
