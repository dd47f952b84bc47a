"""A game short of players (seed line 130): how many hands the rest play, or what each is given.

A player more than 15 minutes late forfeits the game. Three present play 15 hands instead
of 16; two present play no game and each gets the score the setting `absent_pair_score`
reads from the round's tables (brief AMB-10: the seed's formula is unclear); one present
gets the mean of the round's first-place scores.
"""

from statistics import mean

from firmware.rules.sichuan.settings import SichuanSettings

HANDS_PER_GAME = 16  # seed line 158: 每局16盘100分钟 (the 100 minutes are the judge's clock)
HANDS_WITH_THREE = 15


def hands_to_play(present: int) -> int:
    """Hands the game runs with `present` players (0 when no game is played)."""
    if present not in range(5):
        raise ValueError(f"a table seats 0..4 players, got {present!r}")
    return {4: HANDS_PER_GAME, 3: HANDS_WITH_THREE}.get(present, 0)


def score_without_game(present: int, round_scores, settings: SichuanSettings) -> float:
    """The game score each of `present` (1 or 2) players gets when no game is played;
    `round_scores` holds every other table's game scores in that round, one list per table."""
    tables = [sorted(scores, reverse=True) for scores in round_scores]
    if not tables or any(len(scores) < 2 for scores in tables):
        raise ValueError("need the game scores of at least one full table")
    if present == 1:
        return mean(scores[0] for scores in tables)
    if present != 2:
        raise ValueError(f"a game is played with 3 or 4 present; got {present!r}")
    if settings.absent_pair_score == "mean_of_top_two":
        return mean(score for scores in tables for score in scores[:2])
    return mean(scores[0] + scores[1] for scores in tables)
