"""`mjtable sim` with the default config: the tile identity is on out of the box."""

import json

from cli_runner import config_with, mjtable


def test_the_default_config_enrols_the_simulator_sets_once_and_checks_every_set(tmp_path):
    """Out of the box: head reader, zone readers and tile check on; an empty registry is
    enrolled from the simulator's enrolment station (said on stderr), then used as it is."""
    text = config_with(tmp_path, "").read_text()
    registry = tmp_path / "var" / "tiles.sqlite"
    config = tmp_path / "table.toml"
    config.write_text(text.replace('registry = "../var/tiles.sqlite"', f'registry = "{registry}"'))
    runs = [mjtable("sim", "--cycles", "2", "--json", "--config", str(config)) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr
    assert "lacked set(s) A, B: enrolled from the simulator's enrolment station" in runs[0].stderr
    assert "enrolled" not in runs[1].stderr
    for done in runs:
        checks = json.loads(done.stdout)["tile_checks"]
        assert checks["sets_verified"] >= 2 and checks["failures"] == 0
        assert checks["hand_count_flags"] == []
