"""Sichuan bloody battle (血战到底) as the 2016 TMT rules play it (seed 004): scoring and settlement.

`mjtable score --rules sichuan` calls `score_record`. The only profile, `tmt2016`, is the
brief's defaults (../shared/rules/sichuan_bloody.md); settings.py names every switch.
`settle` turns one hand's events into payments between the four seats.
"""

from firmware.rules.sichuan.settings import SETTINGS_BY_PROFILE, TMT2016, SichuanSettings
from firmware.rules.sichuan.settlement import Settlement, Transfer, settle
from firmware.rules.sichuan.verdict import refused, score

PROFILES = tuple(SETTINGS_BY_PROFILE)

__all__ = ["PROFILES", "Settlement", "SichuanSettings", "TMT2016", "Transfer", "score", "score_record", "settle"]


def score_record(record: dict, profile: str | None = None) -> dict:
    """The `result` object for one hand record under the named profile (None: tmt2016); never raises."""
    chosen = PROFILES[0] if profile is None else profile
    if not isinstance(chosen, str) or chosen not in SETTINGS_BY_PROFILE:
        return refused("invalid_context", f"unknown Sichuan profile {chosen!r}; choose one of {', '.join(PROFILES)}")
    return score(record, SETTINGS_BY_PROFILE[chosen])
