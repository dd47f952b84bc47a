"""The 1998 rules' offences at a declared win (seed 002 第十四条), beside MCR's ladder.

Seed 002 第十四条 gives the same empty-call ladder and late-arrival deductions as the WMO
text, so ``mcr.payments.CALL_LADDER`` / ``LATE_PENALTY`` apply ("以此类推" read as −40, −60:
AMB-B); what differs is how far from ready a false win was.
"""

from firmware.rules.mcr.payments import INVALID_WIN, Offence, offence_for

WRONG_TILE_WIN = Offence("和错牌", "claimed a tile that does not complete a ready hand", INVALID_WIN.pay_each)
FALSE_WIN_1998 = Offence("诈和", "false win, one tile short of ready", 20)
INTENTIONAL_FALSE_WIN = Offence("有意诈和", "false win, two or more tiles short of ready", 0, disqualified=True)


def offence_for_1998(status: str, shanten_before_win: int | None) -> Offence | None:
    """Seed 002 第十四条 六: ready but a wrong tile → 和错牌 (as 错和); one tile short of
    ready (shanten 1) → 诈和, 20 to each; two or more short → 有意诈和, disqualified."""
    if status != "not_win":
        return offence_for(status, shanten_before_win)
    if shanten_before_win == 0:
        return WRONG_TILE_WIN
    return FALSE_WIN_1998 if shanten_before_win == 1 else INTENTIONAL_FALSE_WIN
