"""The 1998 Chinese Mahjong Competition Rules (中国麻将竞赛规则（试行）, seed 002).

Same 81 fans as MCR, scored by ``firmware.rules.mcr`` under this package's profile: a
self-drawn hand concealed by definition scores 自摸, and one melded + one concealed kong
scores 明杠 + 暗杠 (the 1998 text has no 明暗杠; cmcr1998.md AMB-A). Specific to 1998, as data:
the penalties and time limits (``penalties``) and the 500-point stake with rank-based
standard scores (``standings``).
"""

from firmware.rules.cmcr1998.penalties import (FALSE_WIN_1998, INTENTIONAL_FALSE_WIN,
                                               WRONG_TILE_WIN, offence_for_1998)
from firmware.rules.cmcr1998.standings import SCORE_CARDS, STAKE, game_scores, standard_scores
from firmware.rules.cmcr1998.time_limits import (BREAK_MINUTES, END_WARNING_MINUTES,
                                                 FIRST_DISCARD_S, GAME_MINUTES, PUNG_CALL_S,
                                                 TURN_S)
from firmware.rules.mcr.profiles import Profile
from firmware.rules.mcr.verdict import refused, verdict

__all__ = ["BREAK_MINUTES", "END_WARNING_MINUTES", "FALSE_WIN_1998", "FIRST_DISCARD_S",
           "GAME_MINUTES", "INTENTIONAL_FALSE_WIN", "PROFILE", "PROFILES", "PUNG_CALL_S",
           "SCORE_CARDS", "STAKE", "TURN_S", "WRONG_TILE_WIN", "game_scores", "offence_for_1998",
           "score_record", "standard_scores"]

PROFILES = ("cmcr1998",)
PROFILE = Profile("cmcr1998", concealed_self_draw_scores_fully_concealed=False,
                  mixed_kongs_points=None)


def score_record(record: dict, profile: str | None = None) -> dict:
    """The result object for one hand record (fans, verdict and, if it fails, the offence);
    `profile` None is the only one, cmcr1998. Never raises: an unknown profile is an
    ``invalid_context`` result naming the choice."""
    if profile is not None and profile not in PROFILES:
        return refused("invalid_context", f"unknown cmcr1998 profile {profile!r}; "
                                          f"choose one of {', '.join(PROFILES)}")
    return verdict(record, PROFILE, offence_for_1998)
