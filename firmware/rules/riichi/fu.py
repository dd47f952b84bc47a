"""Fu (minipoints) with their breakdown, reasons named as in the hand records' `fu_details`."""

from firmware.rules.decompose import Wait
from firmware.rules.tiles import DRAGONS, TERMINALS_AND_HONOURS

_OUTSIDE = frozenset(TERMINALS_AND_HONOURS)
SEVEN_PAIRS = ((25, "base"),)
# (terminal or honour, kong, concealed) -> (fu, reason): a pung is 2/4/8, a kong four times that.
_SET_FU = {
    (outside, kong, concealed): (
        (2 << (2 * kong)) << (outside + concealed),
        f"{'closed' if concealed else 'open'}_{'terminal_' if outside else ''}{'kan' if kong else 'pon'}",
    )
    for outside in (False, True) for kong in (False, True) for concealed in (False, True)
}
_EDGE_WAIT = {Wait.KANCHAN: ((2, "kanchan"),), Wait.PENCHAN: ((2, "penchan"),)}
_PAIR = {0: (), 1: ((2, "valued_pair"),), 2: ((4, "double_valued_pair"),)}
_PAIR_WAIT, _TSUMO, _WITHOUT_FU = (2, "pair_wait"), (2, "tsumo"), (2, "hand_without_fu")


def standard_fu(win_index: int, wait: Wait, facts) -> tuple[list[tuple[int, str]], int, int]:
    """Fu of the arrangement in `facts` with the winning tile in block `win_index`.

    Returns the (fu, reason) parts in the oracle's order, the total rounded up to 10 and
    the unrounded total. A pung completed by a discard counts as open; pinfu tsumo gets no
    tsumo fu and an open hand with nothing else 2 (so 30 in all), as the profile says; base
    is 30 for a concealed ron, 20 otherwise. A double-wind pair is 4 (brief AMB-5).
    """
    win, self_drawn, is_open = facts.win, facts.self_drawn, facts.is_open
    pair = facts.pair
    parts = [*_EDGE_WAIT.get(wait, ()), *_PAIR[(pair in DRAGONS) + (pair == win.seat_wind) + (pair == win.round_wind)]]
    if wait is Wait.TANKI:
        parts.append(_PAIR_WAIT)
    for index, first, kong, concealed in facts.sets:
        parts.append(_SET_FU[first in _OUTSIDE, kong, concealed and (self_drawn or index != win_index)])
    extra = sum(fu for fu, _ in parts)
    if self_drawn and (extra or facts.profile.fu_for_pinfu_tsumo):
        parts.append(_TSUMO)
        extra += 2
    if is_open and not extra and facts.profile.fu_for_open_pinfu:
        parts.append(_WITHOUT_FU)
        extra += 2
    base = 20 if is_open or self_drawn else 30
    parts.append((base, "base"))
    return parts, (base + extra + 9) // 10 * 10, base + extra


def fu_details(parts) -> list[dict]:
    """The record's `fu_details`: largest first, equal values in the order they were counted."""
    return [{"fu": fu, "reason": reason} for fu, reason in sorted(parts, key=_fu_of, reverse=True)]


def _fu_of(part: tuple[int, str]) -> int:
    return part[0]
