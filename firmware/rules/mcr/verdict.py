"""The verdict on a declared win: the `result` object of `mjtable score` for MCR-family rules.

Statuses: `win`; `below_min` (complete but under 8 points without flowers: 错和);
`not_win` (诈和, with the shanten of the 13 tiles so that how far off it was can be told:
the 1998 rules disqualify a declaration two or more tiles from ready);
`bad_tile_count` (相公); `invalid_tiles` (bad notation, malformed meld, a fifth copy, or a
context that cannot be read). Bad input becomes a verdict with a message, never an exception.
"""

from firmware.rules.hand import Hand, HandError
from firmware.rules.mcr.fans import FANS
from firmware.rules.mcr.payments import offence_for
from firmware.rules.mcr.profiles import Profile
from firmware.rules.mcr.scoring import score_hand
from firmware.rules.mcr.situation import ContextError, WinContext
from firmware.rules.shanten import shanten
from firmware.rules.shapes import MCR_SHAPES

MIN_POINTS = 8
_ZH, _EN = tuple(fan.zh for fan in FANS), tuple(fan.en for fan in FANS)
_STATUSES = ("invalid_tiles", "bad_tile_count")
_NO_CONTEXT: dict = {}  # read only: a record without a context is told what it lacks


def verdict(record: dict, profile: Profile, classify=offence_for) -> dict:
    """Score one hand record under `profile` and return its result object.

    A declaration that does not stand also gets `offence`, the Chinese name of what
    `classify(status, shanten_before_win)` calls it (e.g. 诈和), for the penalty tables.
    """
    try:
        hand = Hand.from_record(record)
        context = WinContext.from_record(record.get("context", _NO_CONTEXT))
    except HandError as error:
        status = error.status if error.status in _STATUSES else "invalid_tiles"
        return _with_offence(refused(status, str(error)), classify)
    except ContextError as error:
        return _with_offence(refused("invalid_tiles", str(error)), classify)
    return judge(hand, context, profile, classify)


def judge(hand: Hand, context: WinContext, profile: Profile, classify=offence_for) -> dict:
    """The result object for a hand already read and pre-checked (as `Hand.from_record`
    does): what the table asks with the tiles its readers saw, with no record to parse."""
    table = score_hand(hand, context, profile)
    if table is None:
        result = refused("not_win", None)
        before = list(hand.closed_tuple)
        before[hand.win_tile] -= 1
        result["shanten_before_win"] = shanten(before, len(hand.melds), MCR_SHAPES)
        return _with_offence(result, classify)
    each = profile.points
    fans, points = [], 0
    for fan, count in sorted(table.items()):
        fans.append({"zh": _ZH[fan], "en": _EN[fan], "points": each[fan], "count": count})
        points += each[fan] * count
    result = {
        "status": "win" if points >= MIN_POINTS else "below_min",
        "fans": fans,
        "flower_points": context.flowers,
        "total": points + context.flowers,
        "total_excl_flowers": points,
        "shanten_before_win": 0,  # a complete hand less its winning tile is always ready
    }
    return result if points >= MIN_POINTS else _with_offence(result, classify)


def _with_offence(result: dict, classify) -> dict:
    """Add the offence a declaration that does not stand commits, if it is one."""
    offence = classify(result["status"], result["shanten_before_win"])
    if offence is not None:
        result["offence"] = offence.zh
    return result


def refused(status: str, message: str | None) -> dict:
    """A result that scores nothing: the hand is refused with ``status`` (and why)."""
    result = {"status": status, "fans": [], "flower_points": 0, "total": None,
              "total_excl_flowers": None, "shanten_before_win": None}
    if message is not None:
        result["message"] = message
    return result
