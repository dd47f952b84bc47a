"""MCR play as the referee follows it: the offences it flags at the table, with the seed's
penalties (payments.py), and the context of a declared win's hand record.

The 1998 rules and CCM 2012 build their own from these pieces (their play modules).
"""

from firmware.rules.mcr.payments import INVALID_WIN, WRONG_COUNT, Offence, offence_for
from firmware.rules.play import PlayOffence, PlayRules, WinFacts, penalty_record
from firmware.rules.shapes import MCR_SHAPES

WRONG_CALL = Offence("错吃/错碰/错杠", "wrong call: the claimed tile and the tiles shown make no set", 0)
"""Seed 000 §7: a wrong chow, pung or kong is a dead hand (停和陪打), no points."""


def false_win_penalty(detail: dict) -> dict:
    """错和 when the hand was ready (a tile that does not complete it), 诈和 otherwise."""
    result = detail.get("result") or {}
    return penalty_record(offence_for("not_win", result.get("shanten_before_win")) or INVALID_WIN)


def win_context(facts: WinFacts) -> dict:
    """The MCR hand-record context (hand-records.md): winds, flowers, and the three flags.

    抢杠和 scores kong_related on a discard and is never 和绝张 as well (the fan table
    excludes it; hand-records.md: robbed-kong records have last_of_kind false)."""
    return {"seat_wind": facts.seat_wind, "round_wind": facts.round_wind, "flowers": facts.flowers,
            "last_of_kind": facts.last_of_kind and not facts.robbed_kong,
            "kong_related": facts.replacement == "kong" if facts.self_drawn else facts.robbed_kong,
            "last_wall_tile": facts.wall_empty}


OFFENCES = {
    "false_win": PlayOffence("mcr.md §7 (诈和; 错和 when ready on a wrong tile)", false_win_penalty),
    "below_minimum": PlayOffence("mcr.md §3, §7 (错和: under 8 points without flowers)",
                                 lambda detail: penalty_record(INVALID_WIN)),
    "wrong_count": PlayOffence("mcr.md §7 (相公: wrong tile count)", lambda detail: penalty_record(WRONG_COUNT)),
    "wrong_call": PlayOffence("mcr.md §7 (错吃 错碰 错杠)", lambda detail: penalty_record(WRONG_CALL)),
}

PLAY = PlayRules(offences=OFFENCES, verdicts={"below_min": "below_minimum"}, context=win_context,
                 ready_shapes=MCR_SHAPES)
