"""Riichi as the Beijing club plays RCR (seed 003): `score_record` for `mjtable score --rules riichi`."""

from firmware.rules.riichi.profiles import PROFILE_BY_NAME, RECORD_PROFILE_ALIASES
from firmware.rules.riichi.verdict import refused, score_hand_record

PROFILES = ("rcr", "tenhou")


def score_record(record: dict, profile: str | None = None) -> dict:
    """The `result` object for one hand record; never raises on bad input.

    `profile` None: the record's own `rules.profile` if it names one (the hand was played
    under those rules), else the default (rcr). A named `profile` is the operator's choice
    and overrides the record's.
    """
    chosen = profile
    if chosen is None:
        rules = record.get("rules")
        named = rules.get("profile") if isinstance(rules, dict) else None
        if named is not None and (not isinstance(named, str) or named not in RECORD_PROFILE_ALIASES):
            return refused("invalid_context", f"unknown rules.profile {named!r}; "
                           f"known: {', '.join(sorted(RECORD_PROFILE_ALIASES))}")
        chosen = RECORD_PROFILE_ALIASES[named] if named is not None else PROFILES[0]
    if chosen not in PROFILE_BY_NAME:
        return refused("invalid_context", f"unknown profile {chosen!r}; choose one of {', '.join(PROFILES)}")
    return score_hand_record(record, PROFILE_BY_NAME[chosen])
