"""The verdict on one declared Sichuan win: the `result` object `mjtable score --rules sichuan` prints.

Statuses, first failing check first (../shared/spec/sichuan-records.md): invalid_tiles,
bad_tile_count, invalid_tiles (a fifth copy), void_suit_violation, not_win, win. A record
whose context cannot be read (no void suit, a flag that is not true/false, win_by missing,
flags the tiles contradict) or an unknown profile is `invalid_context`. Every result has a
`message`; a declaration that does not stand also names its `offence` (诈和, 相公).
"""

from firmware.rules.hand import Hand
from firmware.rules.shanten import shanten
from firmware.rules.sichuan.context import ContextError, WinContext
from firmware.rules.sichuan.penalties import OFFENCE_BY_STATUS
from firmware.rules.sichuan.record import RecordError, read_hand
from firmware.rules.sichuan.settings import SichuanSettings
from firmware.rules.sichuan.value import SHAPES, Value, value_of
from firmware.rules.sichuan.void_suit import void_problem


def score(record, settings: SichuanSettings) -> dict:
    """The result object for one hand record under `settings`; bad input becomes a status with a message."""
    try:
        hand = read_hand(record)
        win = WinContext.from_record(record, hand)
    except RecordError as error:
        return refused(error.status, str(error))
    except ContextError as error:
        return refused("invalid_context", str(error))
    return judge(hand, win, settings)


def judge(hand: Hand, win: WinContext, settings: SichuanSettings) -> dict:
    """The result object for a hand already read and checked (the table's path: no record)."""
    problem = void_problem(hand.all_tuple, win.void_suit, settings.void_suit_binding)
    if problem is not None:
        return refused("void_suit_violation", f"the hand {problem}")
    value = value_of(hand, win, settings)
    if value is None:
        before = list(hand.closed_tuple)
        before[hand.win_tile] -= 1
        distance = shanten(before, len(hand.melds), SHAPES)
        reading = "ready, but not on this tile" if distance == 0 else f"not ready (shanten {distance})"
        return refused("not_win", f"not four sets and a pair, nor seven pairs: the hand was {reading}",
                       distance)
    return _won(value, hand.self_drawn)


def _won(value: Value, self_drawn: bool) -> dict:
    addons = [{"zh": addon.zh, "en": addon.en, "fan": addon.fan, "count": count} for addon, count in value.addons]
    terms = [f"{value.base.zh} {value.base.fan}"]
    terms += [f"{addon.zh} {addon.fan * count}" for addon, count in value.addons]
    capped = f", capped at {value.capped_fan}" if value.capped_fan != value.fan else ""
    payers = "each player still in" if self_drawn else "the discarder"
    return {
        "status": "win",
        "base_fan": {"zh": value.base.zh, "en": value.base.en, "fan": value.base.fan},
        "addons": addons,
        "fan": value.fan,
        "capped_fan": value.capped_fan,
        "points_per_payer": value.points,
        "shanten_before_win": 0,  # a complete hand less its winning tile is ready
        "message": f"{' + '.join(terms)} = {value.fan} fan{capped}: {value.points} from {payers}",
    }


def refused(status: str, message: str, shanten_before_win: int | None = None) -> dict:
    """A result that scores nothing, with the reason and, for a failed declaration, its offence."""
    result = {"status": status, "base_fan": None, "addons": [], "fan": None, "capped_fan": None,
              "points_per_payer": None, "shanten_before_win": shanten_before_win, "message": message}
    offence = OFFENCE_BY_STATUS.get(status)
    if offence is not None:
        result["offence"] = offence.zh
        cost = f"−{offence.deduction[0]}" if offence.deduction else "a dead hand"
        result["message"] = f"{message}; declaring it a win is {offence.zh} ({cost})"
    return result
