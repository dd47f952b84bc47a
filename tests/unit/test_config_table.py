"""A bad table config stops start-up with a message naming the section and the key."""

import copy
import subprocess
import sys
import tomllib

import pytest

from firmware.clock import VirtualScheduler
from firmware.config import DEFAULT_PATH, Config, ConfigError

from drivers.table import build_table
from hal_sim.backend import build
from hal_sim.factory import SimPinFactory


@pytest.fixture(scope="module")
def default_data() -> dict:
    with DEFAULT_PATH.open("rb") as fh:
        data = tomllib.load(fh)
    del data["table"]  # read by the controller, not by the backend
    del data["tiles"]  # read by the service's tile components, not by the backend
    del data["venue"]  # read by the simulated world's component
    del data["ledger"]  # read by the ledger's component
    del data["display"]  # read by the display's component
    del data["referee"]  # read by the referee's component (with its [referee.profiles])
    return data


def start(data: dict):
    """What start-up does with the parts' sections: build the backend, then reject leftovers."""
    config = Config(data, "table.toml")
    backend = build(config, VirtualScheduler())
    try:
        config.check_unused()
    finally:
        backend.close()


def edited(data: dict, section: str, key: str, value) -> dict:
    data = copy.deepcopy(data)
    target = data
    for part in section.split("."):
        target = target[part]
    if value is None:
        del target[key]
    else:
        target[key] = value
    return data


def test_the_default_config_starts(default_data):
    start(copy.deepcopy(default_data))


@pytest.mark.parametrize("section, key, value, message", [
    ("ring", "pickup_ms", 400, r"\[ring\] pickup_ms: unknown option"),
    ("lift.west", "travel_s", "ten", r"\[lift.west\] travel_s: must be a number, got 'ten'"),
    ("lift.west", "travel_s", 0.1, r"\[lift.west\] travel_s: must be at least 0.5, got 0.1"),
    ("conveyor", "capacity_tiles", 12.5, r"\[conveyor\] capacity_tiles: must be a whole number"),
    ("safety", "heartbeat_timeout_ms", 20000, r"\[safety\] heartbeat_timeout_ms: must be at most 10000"),
    ("buttons.north", "dice_pin", "GPIO5", r"\[buttons.north\] dice_pin: pin: GPIO5 is already used by \[disc\] pin"),
    ("dice", "roll_pin", "EXPE1", r"\[dice\] roll_pin: EXPE1 is not a pin of this board"),
    ("head", "sensor_pin", None, r"\[head\] sensor_pin: is required but missing"),
    ("sim", "seed", "one", r"\[sim\] seed: must be a whole number"),
])
def test_a_bad_value_names_section_and_key(default_data, section, key, value, message):
    with pytest.raises(ConfigError, match=message):
        start(edited(default_data, section, key, value))


def test_the_same_pin_under_another_name_is_caught(default_data):
    # GPIO17 is the head sensor; BOARD11 is the same header pin.
    with pytest.raises(ConfigError, match=r"\[lid\] pin GPIO17 is already in use"):
        start(edited(default_data, "lid", "pin", "BOARD11"))


def test_an_unknown_section_is_rejected(default_data):
    data = copy.deepcopy(default_data)
    data["motor"] = {"pin": "GPIO2"}
    with pytest.raises(ConfigError, match=r"\[motor\] is not a known section"):
        start(data)


def test_a_side_section_must_name_a_side(default_data):
    data = copy.deepcopy(default_data)
    data["lift"]["up"] = data["lift"].pop("north")
    with pytest.raises(ConfigError, match=r"\[lift.up\] is not a side; use one of east, south, west, north"):
        start(data)


def test_a_missing_side_is_named(default_data):
    data = copy.deepcopy(default_data)
    del data["side"]["west"]
    with pytest.raises(ConfigError, match=r"section \[side.west\] is required but missing"):
        start(data)


def test_a_failed_start_releases_the_pins_it_took(default_data):
    """The failing part comes late; everything built before it must be free again, so a
    corrected config starts on the same factory (gpiozero issue #1087: pins otherwise leak)."""
    scheduler = VirtualScheduler()
    factory = SimPinFactory(scheduler)
    bad = edited(default_data, "annunciator", "beep_s", 9.0)
    with pytest.raises(ConfigError, match=r"\[annunciator\] beep_s"):
        build_table(Config(bad), factory, scheduler)
    build_table(Config(copy.deepcopy(default_data)), factory, scheduler).close()


def test_the_cli_stops_with_exit_code_2_naming_section_and_key(tmp_path):
    """The real command in a subprocess, on a copy of the default file with one typo."""
    text = DEFAULT_PATH.read_text().replace("capacity_tiles = 12", "capacity_tile = 12")
    bad = tmp_path / "table.toml"
    bad.write_text(text)
    done = subprocess.run([sys.executable, "-m", "firmware.cli", "sim", "--cycles", "1",
                           "--config", str(bad)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert f"{bad}: [conveyor] capacity_tile: unknown option" in done.stderr
