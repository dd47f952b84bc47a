"""The rule-set registry: one declaration per rule set, read by everything that needs one.

A toy rule set declared in one place — a module of its own, offered through the
``mjtable.rulesets`` entry point as a venue's own package would — is picked up by the CLI's
scorer, by the layout and the wall break, and by the simulator's tile sets, without a line
changed anywhere else. (Its walls must be ones the side units' mode selector can build:
18×4, 17×4 or 14/13/14/13, as on a real table.)
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from firmware import rulesets
from firmware.layout import layout_for
from firmware.rulesets import RuleSet, TileSet
from firmware.tiles.kinds import canonical_order
from firmware.wall_break import STACKS_COUNTED, wall_break

REPO = Path(__file__).resolve().parents[2]
TOY = '''
from firmware.rulesets import RuleSet, TileSet

RULE_SET = RuleSet(
    name="toy", title="A toy: the three suits only, but thrown and called as MCR",
    tile_set=TileSet(honours=False, flowers=False), stacks_per_side=(14, 13, 14, 13),
    dice_throws=2, break_count="sum_of_throws", replacement_from="tail", dead_wall_stacks=0,
    calls=frozenset({"chi", "pon", "kong"}), multiple_winners=False,
    scorer="firmware.rules.mcr", profiles=("wmo",))
'''
RECORD = {"id": "x", "concealed": "123m456p789s1122z", "melds": [], "win_tile": "2z",
          "win_by": "discard", "context": {"seat_wind": "E", "round_wind": "E", "flowers": 0}}


@pytest.fixture(scope="module")
def toy_package(tmp_path_factory) -> Path:
    """A folder holding the toy rule set and its entry point, as an installed package would."""
    folder = tmp_path_factory.mktemp("toy")
    (folder / "toy_rules.py").write_text(TOY)
    info = folder / "toy_rules-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-rules\nVersion: 0\n")
    (info / "entry_points.txt").write_text("[mjtable.rulesets]\ntoy = toy_rules:RULE_SET\n")
    return folder


def mjtable(toy: Path, *args, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(toy)}
    return subprocess.run([sys.executable, "-m", "firmware.cli", *args], input=stdin, env=env,
                          capture_output=True, text=True, timeout=120, cwd=REPO)


def test_the_toy_rule_set_is_offered_by_the_scorer(toy_package):
    done = mjtable(toy_package, "score", "--rules", "toy", "-", stdin=json.dumps(RECORD))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["result"]["status"] == "win"  # scored by its declared scorer


def test_the_toy_rule_set_is_built_and_checked_by_the_simulated_table(toy_package, tmp_path):
    from table_config import config_text
    config = tmp_path / "table.toml"
    config.write_text(config_text(tmp_path))
    done = mjtable(toy_package, "sim", "--rules", "toy", "--cycles", "2", "--json",
                   "--config", str(config))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    # The layout: 108 tiles in walls of 14/13/14/13 stacks, as the toy declares.
    assert summary["rules"] == "toy" and summary["wall_mismatches"] == []
    assert summary["stacks_per_side"] == [14, 13, 14, 13]
    # The simulator made 108-tile sets (suits only) and the tile check verified them.
    assert summary["tile_checks"]["sets_verified"] == 2 and summary["tile_checks"]["failures"] == 0
    # Two throws, counted by their sum (Sichuan, with the same tiles, throws once).
    throws = summary["status"]["wall_break"]["throws"]
    assert len(throws) == 2 and summary["status"]["wall_break"]["count"] == sum(map(sum, throws))


def test_the_built_in_rule_sets_are_declared_once_each():
    assert set(rulesets.names()) == {"mcr", "cmcr1998", "ccm2012", "riichi", "sichuan"}
    assert {name: layout_for(name).stacks_per_side for name in rulesets.names()} == {
        "mcr": (18,) * 4, "cmcr1998": (18,) * 4, "ccm2012": (18,) * 4, "riichi": (17,) * 4,
        "sichuan": (14, 13, 14, 13)}
    assert rulesets.get("sichuan").calls == {"pon", "kong"}
    assert rulesets.get("riichi").dead_wall_stacks == 7
    assert len(canonical_order(108)) == 108 and len(canonical_order(144)) == 144


def test_the_wall_break_counts_every_declared_kind_of_count():
    assert set(STACKS_COUNTED) == set(rulesets.BREAK_COUNTS)
    assert wall_break("sichuan", [(6, 3)]).count == 3 and wall_break("riichi", [(6, 3)]).count == 9


@pytest.mark.parametrize("change, problem", [
    ({"stacks_per_side": (18, 18, 18, 17)}, "do not hold 144 tiles"),
    ({"dice_throws": 3}, "dice throws must be 1 or 2"),
    ({"break_count": "max_die"}, "break count 'max_die' is not one of"),
    ({"calls": frozenset({"chow"})}, "calls \\['chow'\\] are not among"),
    ({"scorer": None}, "a scorer needs its profiles"),
])
def test_a_declaration_that_cannot_be_played_is_refused_when_made(change, problem):
    fields = dict(name="bad", title="bad", tile_set=TileSet(True, True),
                  stacks_per_side=(18,) * 4, dice_throws=2, break_count="sum_of_throws",
                  replacement_from="tail", dead_wall_stacks=0, calls=frozenset({"pon"}),
                  multiple_winners=False, scorer="firmware.rules.mcr", profiles=("wmo",))
    with pytest.raises(ValueError, match=f"rule set 'bad': .*{problem}"):
        RuleSet(**(fields | change))


def test_only_the_registry_spells_a_rule_set_name_in_the_firmware():
    """Outside firmware/rulesets/ (and a scorer's own package) no firmware module writes a
    rule set's name as a string. One word is also a seat button's name: the riichi button
    (firmware/events.py BUTTONS), which any rule set may put on the panel."""
    names = "|".join(rulesets.names())
    buttons = {"events.py": {'"riichi"'}}
    offenders = []
    for path in (REPO / "firmware").rglob("*.py"):
        rel = path.relative_to(REPO / "firmware").as_posix()
        if rel.startswith("rulesets/"):
            continue
        for match in re.finditer(rf"[\"']({names})[\"']", path.read_text()):
            if match.group(0) in buttons.get(rel, ()):
                continue
            if not rel.startswith(f"rules/{match.group(1)}/"):
                offenders.append(f"{rel}: {match.group(0)}")
    assert offenders == []


GARBAGE = [{}, {"id": 1}, {"concealed": 5}, {"concealed": "123m", "melds": "x"},
           {"concealed": "123m456p789s1122z", "win_tile": ["2z"]},
           {"concealed": "123m456p789s1122z", "melds": [{"type": "pon"}], "win_tile": "2z"},
           {"concealed": "99999m", "melds": [], "win_tile": "9m", "win_by": "magic"},
           dict(RECORD, context="windy"), dict(RECORD, context={"seat_wind": 3})]


@pytest.mark.parametrize("name", rulesets.scorable())
def test_every_scorer_answers_bad_input_with_a_status_and_a_message(name):
    rule_set = rulesets.get(name)
    for record in GARBAGE:
        result = rule_set.score(record)
        assert isinstance(result.get("status"), str) and result.get("message"), (record, result)
    unknown = rule_set.score(RECORD, "no-such-profile")
    assert unknown["status"] == "invalid_context" and "no-such-profile" in unknown["message"]


def test_a_rule_set_without_its_scorer_is_refused_in_one_line(tmp_path):
    declared = [n for n in rulesets.names() if not rulesets.get(n).scorer]
    for name in declared:
        done = subprocess.run([sys.executable, "-m", "firmware.cli", "score", "--rules", name, "-"],
                              input="", capture_output=True, text=True, timeout=60)
        assert done.returncode == 2
        assert done.stderr.strip() == (f"mjtable score: rule set {name} has no scorer yet; "
                                       f"scorable: {', '.join(rulesets.scorable())}")
