"""The scenarios of tests/scenarios (made by make_scenarios.py, outcomes stated by hand, scores
from the reference libraries) agree through the real CLI; together they hold a mistake of
every offence of play-scenarios.md in every rule set that has it."""

from pathlib import Path

import pytest
from agreement import disagreements
from cli_run import lines, scenarios

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"
FILES = sorted(FOLDER.glob("*.jsonl"))
# play-scenarios.md, "Mistakes and the flags they raise": which rule sets have each offence.
ALL = ("mcr", "cmcr1998", "ccm2012", "riichi", "sichuan")
OFFENCES = {"false_win": ALL, "below_minimum": ("mcr", "cmcr1998"), "no_yaku": ("riichi",),
            "furiten": ("riichi",), "riichi_not_ready": ("riichi",), "wrong_count": ALL, "wrong_call": ALL,
            "call_not_allowed": ("sichuan", "riichi"), "void_suit": ("sichuan",)}


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_each_scenario_file_agrees_through_the_cli(path):
    wanted, out = scenarios(path), lines(path)
    assert [line["id"] for line in out] == [scenario["id"] for scenario in wanted]
    problems = {scenario["id"]: disagreements(scenario, line) for scenario, line in zip(wanted, out)}
    assert {ident: found for ident, found in problems.items() if found} == {}


def test_every_offence_has_a_scenario_in_every_rule_set_that_has_it():
    flagged = {(scenario["rules"], flag["offence"]) for path in FILES for scenario in scenarios(path)
               for flag in scenario["expect"]["flags"]}
    assert {(rules, offence) for offence, sets in OFFENCES.items() for rules in sets} <= flagged


def test_the_cases_the_public_sample_lacks_are_there():
    every = [scenario for path in FILES for scenario in scenarios(path)]
    robbed = [scenario for scenario in every for win in scenario["expect"]["wins"]
              if win["record"]["context"].get("kong_related") and win["win_by"] == "discard"
              or win["record"]["context"].get("chankan") or win["record"]["context"].get("robbing_kong")]
    assert {scenario["rules"] for scenario in robbed} >= {"mcr", "riichi", "sichuan", "ccm2012"}
    several = [s for s in every if len({w["from"] for w in s["expect"]["wins"]}) < len(s["expect"]["wins"])]
    assert {scenario["rules"] for scenario in several} == {"ccm2012", "sichuan"}
    assert len([s for s in every if s["rules"] == "cmcr1998"]) >= 5
    late_flowers = [s for s in every for e in s["events"][9:] if e.get("zone", "").startswith("melds")
                    and "f" in e["tiles"] and s["rules"] != "sichuan"]
    assert late_flowers
