"""The TMT 2016 offences and what they cost (seed §三, lines 128-148), as data the table looks up.

Deductions are taken from the offender and go to nobody (the seed says 扣, "deduct"); only
wall damage and exposing a hand are paid to other players. A dead hand (停和陪打) plays on
without the right to win and may still pon and kong (seed line 144).
"""

from dataclasses import dataclass

WARNING = 0


@dataclass(frozen=True)
class Offence:
    """One offence: `deduction` by occurrence within the hand (the last repeats; () = none),
    `pay_each` to each other player, `to_victim` the judge's range paid to the wronged player,
    `dead_hand`, `win_void` (that win scores nothing), `forfeit` (the game), `disqualified`."""

    key: str
    zh: str
    seed_line: int
    deduction: tuple[int, ...] = ()
    pay_each: int = 0
    to_victim: tuple[int, int] | None = None
    dead_hand: bool = False
    win_void: bool = False
    forfeit: bool = False
    disqualified: bool = False

    def for_occurrence(self, n: int) -> int:
        """Points deducted for the n-th (1-based) occurrence in the hand."""
        if n < 1:
            raise ValueError(f"occurrences count from 1, got {n!r}")
        return self.deduction[min(n, len(self.deduction)) - 1] if self.deduction else 0


_PLAY_LADDER = (WARNING, 1, 2, 4)  # seed line 142: 第一次警告，第二次扣1分，第三次扣2分，第四次扣4分

OFFENCES = {offence.key: offence for offence in (
    Offence("late_up_to_10_min", "迟到不超过10分钟", 130, deduction=(1,)),
    Offence("late_10_to_15_min", "迟到10-15分钟", 130, deduction=(2,)),
    Offence("late_over_15_min", "迟到超过15分钟", 130, forfeit=True),
    # Both irregularities of line 142 climb one ladder together ("以上情况").
    Offence("draw_early_or_call_without_word", "未出牌就抓牌/未用规范语言", 142, deduction=_PLAY_LADDER),
    Offence("wrong_tile_drawn_not_in_hand", "抓错牌未入手牌", 102),
    Offence("wrong_tile_drawn_into_hand", "抓错牌已入手牌", 144, dead_hand=True),
    Offence("false_win", "诈和", 146, deduction=(16,)),
    Offence("wrong_tile_count", "相公", 148, dead_hand=True),
    Offence("exposing_a_hand", "暴露他家手牌", 136, to_victim=(1, 16)),
    Offence("breaking_the_wall", "毁掉牌墙", 138, pay_each=16),
    Offence("cheating", "作弊", 134, disqualified=True),
    Offence("winning_tile_not_taken", "和牌张未及时取回", 118, win_void=True),
)}

# What a declared win that does not stand commits, by the verdict's status. A void-suit tile
# in the declared hand is a false win (../shared/rules/common.md §5, 定缺 violation).
OFFENCE_BY_STATUS = {
    "not_win": OFFENCES["false_win"],
    "void_suit_violation": OFFENCES["false_win"],
    "bad_tile_count": OFFENCES["wrong_tile_count"],
}


def late_offence(minutes_late: float) -> Offence | None:
    """The lateness offence for arriving `minutes_late` after the start (None: on time)."""
    if minutes_late <= 0:
        return None
    if minutes_late <= 10:
        return OFFENCES["late_up_to_10_min"]
    return OFFENCES["late_10_to_15_min" if minutes_late <= 15 else "late_over_15_min"]
