"""CCM 2012 play as the referee follows it: the seed's surviving sanctions (penalties.py,
amounts from the organiser), MCR's win context plus the win on a flower's replacement.

CCM has no 8-point minimum, so a complete hand never earns 错和 here; several may win one
discard (the declaration says so); discarding a flower makes the player 相公 (seed line 86).
"""

from firmware.rules.ccm2012.penalties import (FALSE_WIN, FLOWER_DISCARDED, WRONG_CHOW, WRONG_COUNT,
                                              WRONG_PUNG)
from firmware.rules.mcr.play import win_context as mcr_context
from firmware.rules.play import PlayOffence, PlayRules, WinFacts, penalty_record
from firmware.rules.shapes import MCR_SHAPES


def win_context(facts: WinFacts) -> dict:
    """MCR's context and `flower_replacement` (补花和牌, §6: self-drawn on a flower's replacement)."""
    return mcr_context(facts) | {"flower_replacement": facts.self_drawn and facts.replacement == "flower"}


def wrong_call_penalty(detail: dict) -> dict:
    return penalty_record(WRONG_CHOW if detail.get("call") == "chi" else WRONG_PUNG)


OFFENCES = {
    "false_win": PlayOffence("ccm2012.md §9 (诈和: points + 相公); seed 001 line 115",
                             lambda detail: penalty_record(FALSE_WIN)),
    "wrong_count": PlayOffence("ccm2012.md §9 (多张/少张: no win, 相公); seed 001 line 111",
                               lambda detail: penalty_record(WRONG_COUNT)),
    "wrong_call": PlayOffence("ccm2012.md §9, AMB-7 (错吃 / 错碰: fined, amount from the organiser)",
                              wrong_call_penalty),
    "flower_discarded": PlayOffence("ccm2012.md §3 (discarding a flower makes you 相公); seed 001 line 86",
                                    lambda detail: penalty_record(FLOWER_DISCARDED)),
}

PLAY = PlayRules(offences=OFFENCES, verdicts={}, context=win_context, ready_shapes=MCR_SHAPES)
