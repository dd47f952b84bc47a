"""Sichuan play as the referee follows it: the seed's penalties (penalties.py), the declared
void suit, winners leaving play, and the context of a declared win.

The seed names no sanction for a wrong pon or kong, nor for a chi (which Sichuan does not
have): those flags carry no points and say so; the judge decides.
"""

from firmware.rules.play import PlayOffence, PlayRules, WinFacts, penalty_record
from firmware.rules.sichuan.penalties import OFFENCE_BY_STATUS, OFFENCES as PENALTIES
from firmware.rules.sichuan.settings import TMT2016
from firmware.rules.sichuan.value import SHAPES
from firmware.rules.sichuan.void_suit import is_flower_pig


def win_context(facts: WinFacts) -> dict:
    """The Sichuan hand-record context (sichuan-records.md)."""
    kong = facts.replacement == "kong" if facts.self_drawn else facts.discard_after_kong
    return {"void_suit": facts.void_suit, "kong_related": kong, "robbing_kong": facts.robbed_kong,
            "last_wall_tile": facts.wall_empty}


def _unpriced(zh: str, en: str):
    note = "not in seed 004: no points are set, the judge decides"
    return lambda detail: {"zh": zh, "en": en, "deduction": [], "dead_hand": False, "note": note}


OFFENCES = {
    "false_win": PlayOffence("sichuan_bloody.md §7 (诈和 −16); seed 004 line 146",
                             lambda detail: penalty_record(PENALTIES["false_win"])),
    "void_suit": PlayOffence("common.md §5 (定缺 violation: as 诈和 −16); sichuan_bloody.md §2",
                             lambda detail: penalty_record(OFFENCE_BY_STATUS["void_suit_violation"])),
    "wrong_count": PlayOffence("sichuan_bloody.md §7 (相公: dead hand); seed 004 line 148",
                               lambda detail: penalty_record(PENALTIES["wrong_tile_count"])),
    "wrong_call": PlayOffence("common.md §5 (错碰/错杠: not in seed)",
                              _unpriced("错碰/错杠", "wrong pon or kong")),
    "call_not_allowed": PlayOffence("sichuan_bloody.md §2 (no chi); seed 004 line 19",
                                    _unpriced("吃牌", "a chi, which Sichuan does not allow")),
}

PLAY = PlayRules(offences=OFFENCES, verdicts={"void_suit_violation": "void_suit"}, context=win_context,
                 ready_shapes=SHAPES, void_suit=True, winners_leave=True, ready_at_draw=True,
                 flower_pig=lambda counts, void: is_flower_pig(counts, void, TMT2016.void_suit_binding))
