"""CCM 2012 offences and what they cost, as data beside the rule set (seed 001 第三章, brief §9).

The seed's penalty chapter is missing: it names the sanction of a few offences (相公, a
penalty tile) but no point amounts. Amounts come from the organiser (settings AMB-7,
`OrganiserTables.penalty_points`, keyed by `Offence.code`); a penalty is a deduction only.
相公 (mechanical play) differs from MCR's dead hand: the player may not win and must
discard every tile drawn, without swapping (seed lines 86, 107, 111, 115).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Offence:
    """One offence: its code (the key of the organiser's amounts), names, and sanction.

    `fined`: the seed says points are taken (the amount is the organiser's);
    `xianggong`: the player becomes 相公; `penalty_tile`: the 罚张 form, "shown" (the tile
    at fault is shown and is the next discard) or "referee_draws" (the hand is turned
    down and mixed and the referee draws the discard), None for neither.
    """

    code: str
    zh: str
    en: str
    fined: bool
    xianggong: bool
    penalty_tile: str | None = None


FALSE_WIN = Offence("false_win", "诈和", "declared a win that does not stand", fined=True, xianggong=True)  # line 115
WRONG_COUNT = Offence("wrong_count", "多张/少张", "too many or too few tiles", fined=False, xianggong=True)  # line 111
FLOWER_DISCARDED = Offence("flower_discarded", "打出花牌", "discarded a flower", fined=False, xianggong=True)  # line 86
PENALTY_TILE_SHOWN = Offence("penalty_tile_shown", "罚张", "penalty tile, shown and discarded next", fined=False,
                             xianggong=True, penalty_tile="shown")  # line 107, first form
PENALTY_TILE_DRAWN = Offence("penalty_tile_drawn", "罚张", "penalty tile, drawn by the referee from the turned "
                             "hand", fined=False, xianggong=True, penalty_tile="referee_draws")  # line 107, second
# Named by the brief (§9, AMB-7) from the missing chapter: fined, nothing else known.
WRONG_CHOW = Offence("wrong_chow", "错吃", "wrong chow", fined=True, xianggong=False)
WRONG_PUNG = Offence("wrong_pung", "错碰", "wrong pung", fined=True, xianggong=False)
EMPTY_PUNG = Offence("empty_pung", "空碰", "called a pung that cannot be made", fined=True, xianggong=False)
LATE = Offence("late", "迟到", "late arrival", fined=True, xianggong=False)

OFFENCES = {o.code: o for o in (FALSE_WIN, WRONG_COUNT, FLOWER_DISCARDED, PENALTY_TILE_SHOWN, PENALTY_TILE_DRAWN,
                                WRONG_CHOW, WRONG_PUNG, EMPTY_PUNG, LATE)}


def offence_for(status: str, shanten_before_win: int | None) -> Offence | None:
    """The offence a win declaration with this verdict commits: any declaration that does
    not stand is 诈和 ("不符合规定条件而宣布和牌", line 115), whatever its shanten; a wrong
    count is 多张/少张 (line 111); a win or unreadable input is none."""
    if status == "not_win":
        return FALSE_WIN
    if status == "bad_tile_count":
        return WRONG_COUNT
    return None
