"""MCR (Chinese Official / WMO competition rules): the 81 fans, win verdicts and payments.

`mjtable score --rules mcr` calls `score_record`. Profiles: `wmo` (default, the seed's
readings) and `mil` (pymahjonggb's); see profiles.py for where they differ.
"""

from firmware.rules.mcr.profiles import MIL, WMO
from firmware.rules.mcr.verdict import refused, verdict

PROFILES = ("wmo", "mil")
_BY_NAME = {"wmo": WMO, "mil": MIL}


def score_record(record: dict, profile: str | None = None) -> dict:
    """The result object for one hand record under the named profile (None: the default,
    wmo; MCR records name no profile of their own). Never raises: an unknown profile is an
    ``invalid_context`` result naming the choices."""
    if profile is None:
        profile = PROFILES[0]
    if profile not in _BY_NAME:
        return refused("invalid_context", f"unknown MCR profile {profile!r}; "
                                          f"choose one of {', '.join(PROFILES)}")
    return verdict(record, _BY_NAME[profile])
