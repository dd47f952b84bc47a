"""`mjtable sim --hands N` end to end, the real CLI in a subprocess: whole hands played with
the machine cycle, the summary's play keys beside the cycle keys, and — with no [referee] in
the config — every referee figure honestly null, never invented."""

import json
import re
import subprocess
import sys

import pytest
from table_config import config_text

MJTABLE = [sys.executable, "-m", "firmware.cli"]


def config(tmp_path, drop=("referee",)) -> str:
    """The default config with its data in ``tmp_path``, without the sections in ``drop``."""
    kept, skipping = [], False
    for line in config_text(tmp_path).splitlines():
        header = re.match(r"^\[([^\]]+)\]", line)
        if header:
            skipping = header.group(1).split(".")[0] in drop
        if not skipping:
            kept.append(line)
    path = tmp_path / "table.toml"
    path.write_text("\n".join(kept) + "\n")
    return str(path)


def sim(*args):
    return subprocess.run([*MJTABLE, "sim", *args], capture_output=True, text=True, timeout=240)


def test_hands_played_with_the_machine_and_no_referee_is_said_so(tmp_path):
    result = sim("--hands", "3", "--seed", "3", "--rules", "riichi", "--miscall-rate", "0.5",
                 "--miss-rate", "0.02", "--json", "--config", config(tmp_path))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["hands_played"] == 3 and sum(summary["hand_ends"].values()) == 3
    assert summary["cycles_completed"] >= 3 and summary["faults"] == []  # the cycle keys stay
    assert summary["unsafe_instants"] == 0 and "status" in summary
    assert summary["referee"] is None
    miscalls = summary["miscalls"]
    assert set(miscalls) >= {"injected", "flagged", "false_flags", "missed", "by_kind"}
    assert miscalls["flagged"] is miscalls["false_flags"] is miscalls["missed"] is None
    assert sum(kind["injected"] for kind in miscalls["by_kind"].values()) == miscalls["injected"]
    assert summary["wins"]["agree"] is None and summary["reconstruction"] is None
    assert summary["scores"]["from"] == "simulator truth" and len(summary["scores"]["seats"]) == 4


def test_text_summary_counts_the_hands(tmp_path):
    result = sim("--hands", "1", "--rules", "sichuan", "--config", config(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "hands played: 1 (" in result.stdout and "no referee configured" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["--hands", "0"], "--hands must be at least 1"),
    (["--hands", "1", "--miscall-rate", "1.5"], "--miscall-rate must be 0..1"),
    (["--hands", "1", "--miss-rate", "-0.1"], "--miss-rate must be 0..1"),
])
def test_bad_play_options_exit_2_with_a_reason(tmp_path, args, message):
    result = sim(*args, "--config", config(tmp_path))
    assert result.returncode == 2 and message in result.stderr, result.stderr


def test_a_miss_rate_without_zone_readers_is_refused(tmp_path):
    result = sim("--hands", "1", "--miss-rate", "0.1", "--config",
                 config(tmp_path, drop=("referee", "rfid")))
    assert result.returncode == 2 and "a miss rate needs the zone readers" in result.stderr


def test_a_pace_too_quick_for_the_zone_readers_is_refused(tmp_path):
    path = config(tmp_path)
    with open(path) as fh:
        text = fh.read()
    assert "move_s = 0.4" in text
    with open(path, "w") as fh:
        fh.write(text.replace("move_s = 0.4", "move_s = 0.2"))
    result = sim("--hands", "1", "--config", path)
    assert result.returncode == 2
    assert "[venue] move_s: must exceed two zone scans" in result.stderr, result.stderr
