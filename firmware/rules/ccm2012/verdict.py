"""The verdict on a declared CCM 2012 win: the `result` object of `mjtable score --rules ccm2012`.

The seed's fan table is missing, so the fans are MCR's: firmware.rules.mcr reads the hand
under `FAN_PROFILE` (MCR's default WMO readings, renamed) and this module turns its verdict
into CCM's. Statuses are MCR's less `below_min`, since CCM sets no minimum: a complete
hand with at least one fan wins (seed line 99), and under MCR's table every complete hand
has one (无番和 when nothing else counts). Seven pairs and MCR's other special shapes win
too, though line 99 speaks of the basic shape: line 94 names the seven-pairs fan (七对番种)
as a winning hand, so the special shapes of the fan table in use are winning shapes.
Bad input becomes a result with a message, never an exception.
"""

from dataclasses import replace

from firmware.rules.ccm2012.addons import FLOWER, addons
from firmware.rules.ccm2012.conditions import read_conditions
from firmware.rules.ccm2012.penalties import FALSE_WIN, offence_for
from firmware.rules.ccm2012.settings import DEFAULT, Settings
from firmware.rules.mcr.profiles import WMO
from firmware.rules.mcr.situation import ContextError
from firmware.rules.mcr.verdict import refused, verdict

FAN_PROFILE = replace(WMO, name="ccm2012")
FANS_NOTE = "fans from the MCR fan table (the CCM 2012 table is missing from the seed)"
_COMPLETE = ("win", "below_min")


def score(record: dict, settings: Settings = DEFAULT) -> dict:
    """Score one hand record under `settings` and return its result object."""
    mcr = verdict(record, FAN_PROFILE, offence_for)
    if mcr["status"] not in _COMPLETE:
        return _refused(mcr, mcr.get("message") or "not a complete hand")
    context, self_drawn = record.get("context"), record["win_by"] == "self_draw"
    try:
        cond = read_conditions(context, self_drawn)
    except ContextError as error:
        return refusal("invalid_tiles", str(error))
    if settings.earthly_hand.must_be_declared and cond.earthly_hand and not cond.earthly_hand_declared:
        undeclared = refusal("not_win", "地和 not declared at once, as this venue requires (AMB-1)")
        return dict(undeclared, shanten_before_win=0, offence=FALSE_WIN.zh)
    fans, fan_points = mcr["fans"], mcr["total_excl_flowers"]
    extra = addons(fans, record, context.get("flowers", 0), cond, settings.concealed_bonus)
    extra_points = sum(a["points"] * a["count"] for a in extra)
    flower_points = next((a["points"] * a["count"] for a in extra if a["zh"] == FLOWER[0]), 0)
    value = fan_points + extra_points
    return {
        "status": "win", "fans": fans, "fan_points": fan_points, "addons": extra, "addon_points": extra_points,
        "flower_points": flower_points, "total": value, "total_excl_flowers": value - flower_points,
        "shanten_before_win": 0,
        "message": f"win: V = {fan_points} fan points + {extra_points} add-on points = {value}; {FANS_NOTE}",
    }


def refusal(status: str, problem: str) -> dict:
    """A result for input that cannot be scored: nothing read, the problem named."""
    return _refused(refused(status, None), problem)


def _refused(result: dict, problem: str) -> dict:
    """A declaration that does not stand, in MCR's shape with CCM's keys and its message."""
    return dict(result, fan_points=None, addons=[], addon_points=None, message=f"{problem}; {FANS_NOTE}")
