"""Riichi play as the referee follows it: the Beijing club's penalties (penalties.py) for
what the table can see, riichi and furiten, and the context of a declared win.

A call the rules forbid (a chi of another than the left player's discard, a chi or pon
after one's riichi) and a wrong tile count have no line of their own in the
seed: the first is taken as a false call (dead hand), the second is 相公, a dead hand
(common.md §5).
"""

from firmware.rules.play import PlayOffence, PlayRules, WinFacts, penalty_record
from firmware.rules.riichi.penalties import PENALTIES, Penalty
from firmware.rules.shapes import RIICHI_SHAPES

WRONG_COUNT = Penalty("wrong_tile_count", (), dead_hand=True)


def _penalty(penalty: Penalty):
    return lambda detail: penalty_record(penalty, points_now=penalty.for_occurrence(1))


def win_context(facts: WinFacts) -> dict:
    """The riichi hand-record context (hand-records.md): winds, the situational flags, dora
    and ura indicators (ura only with riichi), honba and sticks."""
    declared = facts.riichi or facts.double_riichi
    return {"seat_wind": facts.seat_wind, "round_wind": facts.round_wind,
            "riichi": facts.riichi and not facts.double_riichi, "double_riichi": facts.double_riichi,
            "ippatsu": facts.ippatsu, "rinshan": facts.self_drawn and facts.replacement == "kong",
            "chankan": facts.robbed_kong, "haitei": facts.last_live_draw, "houtei": facts.last_discard,
            "tenhou": False, "chiihou": facts.first_draw, "dora_indicators": facts.dora_indicators,
            "ura_dora_indicators": facts.ura_indicators if declared else "",
            "honba": facts.honba, "riichi_sticks": facts.riichi_sticks}


def furiten_context(facts: WinFacts) -> dict:
    """The furiten evidence the scorer reads (context.FURITEN_KEYS)."""
    return {"own_discards": facts.own_discards, "passed_since_discard": facts.passed_since_discard,
            "passed_after_riichi": facts.passed_after_riichi}


_FALSE_WIN = _penalty(PENALTIES["false_win"])
OFFENCES = {
    "false_win": PlayOffence("riichi_rcr_beijing.md §7 (错和: not a complete hand)", _FALSE_WIN),
    "no_yaku": PlayOffence("riichi_rcr_beijing.md §7 (错和: no yaku)", _FALSE_WIN),
    "furiten": PlayOffence("riichi_rcr_beijing.md §2, §7 (错和: ron while furiten)", _FALSE_WIN),
    "riichi_not_ready": PlayOffence("riichi_rcr_beijing.md §7 (noten riichi)", _penalty(PENALTIES["noten_riichi"])),
    "wrong_count": PlayOffence("common.md §5 (相公: dead hand)", _penalty(WRONG_COUNT)),
    "wrong_call": PlayOffence("riichi_rcr_beijing.md §7 (错吃 / 错碰 / 错明杠)",
                              _penalty(PENALTIES["false_call"])),
    "call_not_allowed": PlayOffence("riichi_rcr_beijing.md §2, §7 (chi only from the left player, no chi or "
                                    "pon after riichi; as a false call)",
                                    _penalty(PENALTIES["false_call"])),
}

PLAY = PlayRules(offences=OFFENCES, verdicts={"no_yaku": "no_yaku", "furiten": "furiten"}, context=win_context,
                 ready_shapes=RIICHI_SHAPES, distinct_pairs=True, riichi="riichi", ready_at_draw=True,
                 furiten_context=furiten_context)
