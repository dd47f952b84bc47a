"""CCM 2012 (中国竞技麻将比赛规则 2012版, seed 001): verdicts, add-ons, payments and penalties.

`mjtable score --rules ccm2012` calls `score_record`. The seed's fan table is missing, so
hands are scored with the MCR fan table (firmware.rules.mcr, its WMO readings under the
name `ccm2012`) plus the seed's own add-ons; every result's message says so. The open
points of the brief (AMB-1..8) are settings.py; payments.py settles a hand's events.
"""

from firmware.rules.ccm2012.settings import DEFAULT
from firmware.rules.ccm2012.verdict import refusal, score

PROFILES = ("ccm2012",)
_BY_NAME = {"ccm2012": DEFAULT}


def score_record(record: dict, profile: str | None = None) -> dict:
    """The result object for one hand record under the named profile (None: the default).

    Never raises: an unknown profile is a result with status `invalid_context` naming it.
    """
    name = PROFILES[0] if profile is None else profile
    settings = _BY_NAME.get(name) if isinstance(name, str) else None
    if settings is None:
        return refusal("invalid_context", f"unknown CCM 2012 profile {profile!r}; choose one of {', '.join(PROFILES)}")
    return score(record, settings)
