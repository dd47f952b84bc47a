"""Hand counts on the simulated table: the players deal after the dice and play, nine zone
readers (a hand and a meld area per seat, the pond) answer inventories over their ptys, and a
seat that holds one tile too many is shown with its seat — as a notice: the machine keeps
running."""

import logging
import tomllib

import pytest
from sim_tile_sets import enrol_sim_sets

from firmware.config import DEFAULT_PATH, Config
from firmware.events import ZoneInventory
from hal_sim.faults import parse, parse_fault_spec
from hal_sim.harness import SimRun


@pytest.fixture(scope="module")
def registry_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("hands") / "tiles.sqlite"
    enrol_sim_sets(path)
    return path


def config(registry_path, referee: bool = True) -> Config:
    """The default config (head reader, zone readers, tile check all on), own registry;
    without ``[referee]`` when ``referee`` is false (a table that counts but does not referee)."""
    with DEFAULT_PATH.open("rb") as fh:
        data = tomllib.load(fh)
    data["tiles"]["registry"] = str(registry_path)
    if not referee:
        del data["referee"]
    return Config(data, "<hand count test>")


def run(registry_path, cycles: int, *faults: str, rules: str = "mcr", referee: bool = True):
    """A run; what it reported, and every zone inventory."""
    sim_run = SimRun(config(registry_path, referee), seed=2, rules=rules,
                     faults=tuple(parse_fault_spec(f) for f in faults))
    inventories = []
    sim_run.service.events.subscribe((ZoneInventory,), inventories.append)
    try:
        summary = sim_run.run(cycles)
    finally:
        sim_run.close()
    return summary, inventories


@pytest.mark.parametrize("rules", ["mcr", "riichi", "sichuan"])
def test_dealt_hands_are_counted_right_and_nobody_is_flagged(registry_path, rules):
    summary, inventories = run(registry_path, 3, rules=rules)
    assert summary["cycles_completed"] == 3 and summary["faults"] == []
    assert summary["tile_checks"]["hand_count_flags"] == []
    hands: dict = {}
    for inv in inventories:  # the first report of each hand area: the deal
        if inv.area == "hand":
            hands.setdefault(inv.seat, len(inv.uids))
    assert sorted(hands) == [0, 1, 2, 3]
    assert hands[0] == 14 and all(hands[seat] == 13 for seat in (1, 2, 3))
    assert {inv.area for inv in inventories} == {"hand", "melds", "pond"}


@pytest.mark.parametrize("seat, held, expected", [(2, 14, 13), (0, 15, 14)])
def test_a_seat_holding_one_tile_too_many_is_shown_and_the_machine_runs_on(
        registry_path, caplog, seat, held, expected):
    """On a table without a referee, the hand count shows the miscount (E515)."""
    with caplog.at_level(logging.INFO, logger="mjtable.display"):
        summary, _ = run(registry_path, 4, f"hand_miscount:{seat}@cycle=3", referee=False)
    flags = summary["tile_checks"]["hand_count_flags"]
    wind = "ESWN"[seat]
    assert [(f["cycle"], f["seat"], f["held"], f["expected"]) for f in flags] == [
        (3, seat, held, expected)]
    assert flags[0]["message"].startswith(f"seat {wind} holds {held} tiles")
    assert flags[0]["message"].endswith(f"expects {expected}")
    shown = [r.getMessage() for r in caplog.records if "code=E515" in r.getMessage()]
    assert len(shown) == 1 and "notice=True" in shown[0]
    assert f"message={flags[0]['message']}" in shown[0]
    # A game irregularity, not a machine fault: no fault, every cycle completed.
    assert summary["faults"] == [] and summary["cycles_completed"] == 4


def test_with_the_referee_a_miscount_is_shown_once_by_the_referee(registry_path, caplog):
    """The default config has a referee that shows its flags: the miscount is its wrong_count
    flag (E516, with the tiles as evidence), and the hand count keeps the count without
    showing it again as E515 — one miscount, one notice."""
    with caplog.at_level(logging.INFO, logger="mjtable.display"):
        summary, _ = run(registry_path, 4, "hand_miscount:2@cycle=3")
    assert [(f["cycle"], f["seat"], f["held"]) for f in summary["tile_checks"]["hand_count_flags"]] == [
        (3, 2, 14)]
    shown = {r.getMessage() for r in caplog.records if "notice=True" in r.getMessage()}
    assert not [line for line in shown if "code=E515" in line]
    by_referee = [line for line in shown if "code=E516" in line]
    assert len(by_referee) == 1 and "seat W: wrong_count" in by_referee[0]
    assert summary["faults"] == [] and summary["cycles_completed"] == 4


def test_a_miscount_with_no_hand_on_the_table_changes_nothing(registry_path):
    """Cycle 1 starts at power-on: no hand is dealt yet, so nobody can draw one too many."""
    summary, _ = run(registry_path, 2, "hand_miscount:1@cycle=1")
    assert summary["tile_checks"]["hand_count_flags"] == [] and summary["faults"] == []
    assert summary["cycles_completed"] == 2


@pytest.mark.parametrize("kind, part, seat", [("hand_miscount:3", None, "3"),
                                              ("hand_miscount", "0", "0"), ("head_jam", None, None)])
def test_the_miscount_spec_names_a_seat(kind, part, seat):
    assert parse(kind, part)[1] == seat


def test_a_miscount_needs_a_seat_of_the_table():
    with pytest.raises(ValueError, match="hand_miscount needs a seat 0..3 .E S W N.; got '4'"):
        parse("hand_miscount:4", None)
    with pytest.raises(ValueError, match="hand_miscount needs a seat"):
        parse_fault_spec("hand_miscount:9@cycle=1")
