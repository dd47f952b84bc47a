"""A 1998 game's scores: the 500-point stake, and standard scores by rank (seed 002 第十条)."""

from fractions import Fraction

STAKE = 500  # 基础比赛分 per player: 1×100 + 4×50 + 10×10 + 10×8 + 20×1 (seed 002 第五条 三十四)
SCORE_CARDS = {100: 1, 50: 4, 10: 10, 8: 10, 1: 20}


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
