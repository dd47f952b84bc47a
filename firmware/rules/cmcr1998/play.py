"""1998 play as the referee follows it: MCR's offences and context, with the 1998 text's
own sanctions for a false win (和错牌, 诈和, 有意诈和 by how far from ready the hand was)."""

from firmware.rules.cmcr1998.penalties import offence_for_1998
from firmware.rules.mcr.payments import INVALID_WIN, WRONG_COUNT
from firmware.rules.mcr.play import WRONG_CALL, win_context
from firmware.rules.play import PlayOffence, PlayRules, penalty_record
from firmware.rules.shapes import MCR_SHAPES


def false_win_penalty(detail: dict) -> dict:
    """Seed 002 第十四条 六: ready on a wrong tile → 和错牌; one short → 诈和; more → 有意诈和."""
    result = detail.get("result") or {}
    return penalty_record(offence_for_1998("not_win", result.get("shanten_before_win")))


OFFENCES = {
    "false_win": PlayOffence("cmcr1998.md §9 (和错牌 / 诈和 / 有意诈和)", false_win_penalty),
    "below_minimum": PlayOffence("cmcr1998.md §4, §9 (错和: under 8 points)",
                                 lambda detail: penalty_record(INVALID_WIN)),
    "wrong_count": PlayOffence("cmcr1998.md §9 (相公: no right to win, keeps playing)",
                               lambda detail: penalty_record(WRONG_COUNT)),
    "wrong_call": PlayOffence("cmcr1998.md §9 (错吃/错碰/错杠: may not win this hand)",
                              lambda detail: penalty_record(WRONG_CALL)),
}

PLAY = PlayRules(offences=OFFENCES, verdicts={"below_min": "below_minimum"}, context=win_context,
                 ready_shapes=MCR_SHAPES)
