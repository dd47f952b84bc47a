"""The 1998 Chinese Mahjong Competition Rules (中国麻将竞赛规则（试行）, seed 002).

Same 81 fans as MCR (scored by firmware.rules.mcr under the `cmcr1998` profile: a
self-drawn hand concealed by definition scores 自摸, and one melded + one concealed kong
scores 明杠 + 暗杠). Specific to 1998, as data: the 500-point stake, rank-based standard
scores, the time limits and the penalty amounts, including 有意诈和 (disqualification).
"""

from fractions import Fraction

from firmware.rules.mcr.payments import INVALID_WIN, Offence, offence_for
from firmware.rules.mcr.profiles import CMCR1998
from firmware.rules.mcr.verdict import verdict

PROFILES = ("cmcr1998",)

STAKE = 500  # 基础比赛分 per player: 1×100 + 4×50 + 10×10 + 10×8 + 20×1 (seed 002 第五条 三十四)
SCORE_CARDS = {100: 1, 50: 4, 10: 10, 8: 10, 1: 20}

# Seed 002 第七条 四/六, 第六条 四 (seconds unless named otherwise).
FIRST_DISCARD_S = 30  # dealer's first discard, flower replacement included
TURN_S = 15  # each later turn, from the previous discard (chow, pung, flowers included)
PUNG_CALL_S = 3
GAME_MINUTES = 180
BREAK_MINUTES = 15
END_WARNING_MINUTES = 15

# Seed 002 第十四条 gives the same empty-call ladder and late-arrival deductions as the WMO
# text, so mcr.payments.CALL_LADDER / LATE_PENALTY apply ("以此类推" read as −40, −60: AMB-B).

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


def score_record(record: dict, profile: str | None = None) -> dict:
    """The result object for one hand record (fans, verdict and, if it fails, the offence);
    `profile` None is the only one, cmcr1998."""
    if profile is not None and profile not in PROFILES:
        raise ValueError(f"unknown cmcr1998 profile {profile!r}; choose one of {', '.join(PROFILES)}")
    return verdict(record, CMCR1998, offence_for_1998)


def game_scores(hand_results: list[list[int]]) -> list[int]:
    """局分: the stake plus every hand's gains per seat (not carried into the next game)."""
    totals = [STAKE] * 4
    for gains in hand_results:
        if len(gains) != 4:
            raise ValueError(f"a hand result needs 4 seats, got {gains!r}")
        totals = [t + g for t, g in zip(totals, gains)]
    return totals


def standard_scores(scores: list[int], players: int = 4) -> list[Fraction]:
    """标准分 by rank (seed 002 第十条 二): first gets the number of players, rank r gets
    players − r; so 4 / 2 / 1 / 0 at a table. Tied players share the points of the ranks
    they span (the seed is silent on ties; mcr.md AMB-9), so the total stays 7."""
    if len(scores) != players:
        raise ValueError(f"expected {players} game scores, got {len(scores)}")
    by_rank = [players] + [players - rank for rank in range(2, players + 1)]
    ordered = sorted(range(players), key=lambda seat: -scores[seat])
    result = [Fraction(0)] * players
    start = 0
    while start < players:
        end = start
        while end + 1 < players and scores[ordered[end + 1]] == scores[ordered[start]]:
            end += 1
        share = Fraction(sum(by_rank[start:end + 1]), end - start + 1)
        for position in range(start, end + 1):
            result[ordered[position]] = share
        start = end + 1
    return result
