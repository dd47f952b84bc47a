"""Test helper: when a runner's line agrees with a play scenario, as play-scenarios.md
("What a runner prints, and when it agrees") defines it — written from the spec alone, it
imports nothing of the referee.

Flags agree as a multiset of (seat, offence); wins by seat and win_by, in order; each win's
result against the scenario's `expected` as hand-records.md (MCR: status, fans by name,
flower points, totals; riichi: status, han, fu, cost, yaku by name) and sichuan-records.md
define it, skipping an `expected` with `variant_notes` and, for cmcr1998 and ccm2012, every
result (only the winners are checked); `end`; `ready` and `flower_pigs` where expected.
"""

from collections import Counter

RESULTS_CHECKED = ("mcr", "riichi", "sichuan")


def disagreements(scenario: dict, line: dict) -> list[str]:
    """What in the runner's `line` does not agree with `scenario` (empty when it agrees)."""
    expect, problems = scenario["expect"], []
    if "error" in line:
        return [f"not refereed: {line['error']}"]
    flags = Counter((flag["seat"], flag["offence"]) for flag in line["flags"])
    if flags != Counter((flag["seat"], flag["offence"]) for flag in expect["flags"]):
        problems.append(f"flags {sorted(flags.elements())} != {expect['flags']}")
    got = [(win["seat"], win["win_by"]) for win in line["wins"]]
    if got != [(win["seat"], win["win_by"]) for win in expect["wins"]]:
        problems.append(f"wins {got} != {[(w['seat'], w['win_by']) for w in expect['wins']]}")
    elif scenario["rules"] in RESULTS_CHECKED:
        for win, wanted in zip(line["wins"], expect["wins"]):
            if not wanted["expected"].get("variant_notes") and not result_agrees(scenario["rules"], win["result"],
                                                                                 wanted["expected"]):
                problems.append(f"seat {win['seat']}'s result {win['result']} != {wanted['expected']}")
    if line["end"] != expect["end"]:
        problems.append(f"end {line['end']} != {expect['end']}")
    for key in ("ready", "flower_pigs"):
        if key in expect and line[key] != expect[key]:
            problems.append(f"{key} {line[key]} != {expect[key]}")
    return problems


def result_agrees(rules: str, result: dict, expected: dict) -> bool:
    if result.get("status") != expected["status"]:
        return False
    if expected["status"] != "win":
        return True
    if rules == "mcr":
        return (_named(result["fans"], "zh") == _named(expected["fans"], "zh")
                and all(result[key] == expected[key] for key in ("flower_points", "total", "total_excl_flowers")))
    if rules == "riichi":
        return (all(result[key] == expected[key] for key in ("han", "fu", "cost"))
                and Counter(y["name"] for y in result["yaku"]) == Counter(y["name"] for y in expected["yaku"]))
    return _sichuan(result, expected)


def _named(fans: list[dict], key: str) -> Counter:
    return Counter((fan[key], fan["points"], fan["count"]) for fan in fans)


def _sichuan(result: dict, expected: dict) -> bool:
    base, wanted = result.get("base_fan") or {}, expected.get("base_fan") or {}
    addons = Counter((a["zh"], a["fan"], a["count"]) for a in result.get("addons", []))
    return ((base.get("zh"), base.get("fan")) == (wanted.get("zh"), wanted.get("fan"))
            and addons == Counter((a["zh"], a["fan"], a["count"]) for a in expected.get("addons", []))
            and all(result.get(key) == expected.get(key) for key in ("fan", "capped_fan", "points_per_payer"))
            and (expected.get("shanten_before_win") is None
                 or result.get("shanten_before_win") == expected["shanten_before_win"]))
