"""Fu (minipoints) with their breakdown, reasons named as in the hand records' `fu_details`."""

from operator import itemgetter

from firmware.rules.decompose import BlockKind, Wait
from firmware.rules.tiles import DRAGONS, EAST, TERMINALS_AND_HONOURS

_OUTSIDE = frozenset(TERMINALS_AND_HONOURS)
SEVEN_PAIRS = ((25, "base"),)
# [terminal or honour * 4 + kong * 2 + concealed] -> (fu, reason): a pung is 2/4/8, a kong four
# times that. A tuple indexed by bits, not a dict keyed by a tuple of flags: read per set per placement.
_SET_FU = tuple(
    ((2 << (2 * kong)) << (outside + concealed),
     f"{'closed' if concealed else 'open'}_{'terminal_' if outside else ''}{'kan' if kong else 'pon'}")
    for outside in (False, True) for kong in (False, True) for concealed in (False, True)
)
_KANCHAN, _PENCHAN = (2, "kanchan"), (2, "penchan")
_VALUED_PAIR, _DOUBLE_VALUED_PAIR = (2, "valued_pair"), (4, "double_valued_pair")
_FU_OF = itemgetter(0)
_KANCHAN_WAIT, _PENCHAN_WAIT, _TANKI_WAIT = Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI
_KONG = BlockKind.KONG
_PAIR_WAIT, _TSUMO, _WITHOUT_FU = (2, "pair_wait"), (2, "tsumo"), (2, "hand_without_fu")
_OPEN_OR_TSUMO_BASE, _CONCEALED_RON_BASE = (20, "base"), (30, "base")


def standard_fu(placed, wait: Wait, facts) -> tuple[list[tuple[int, str]], int, int]:
    """Fu of the arrangement in `facts` with the winning tile in the block `placed`.

    Returns the (fu, reason) parts in the oracle's order, the total rounded up to 10 and
    the unrounded total. A pung completed by a discard counts as open; pinfu tsumo gets no
    tsumo fu and an open hand with nothing else 2 (so 30 in all), as the profile says; base
    is 30 for a concealed ron, 20 otherwise. A double-wind pair is 4 (brief AMB-5).
    """
    win, self_drawn, is_open = facts.win, facts.self_drawn, facts.is_open
    pair = facts.pair
    parts = [_KANCHAN] if wait is _KANCHAN_WAIT else [_PENCHAN] if wait is _PENCHAN_WAIT else []
    extra = 2 if parts else 0
    # Only an honour pair can be valued (most pairs are suited: one comparison settles them).
    valued = pair >= EAST and (pair in DRAGONS) + (pair == win.seat_wind) + (pair == win.round_wind)
    if valued:
        parts.append(_VALUED_PAIR if valued == 1 else _DOUBLE_VALUED_PAIR)
        extra += 2 * valued
    if wait is _TANKI_WAIT:
        parts.append(_PAIR_WAIT)
        extra += 2
    for block in facts.sets:
        part = _SET_FU[(block[1] in _OUTSIDE) << 2 | (block[0] is _KONG) << 1
                       | (block[2] and (self_drawn or block is not placed))]
        parts.append(part)
        extra += part[0]
    if self_drawn and (extra or facts.profile.fu_for_pinfu_tsumo):
        parts.append(_TSUMO)
        extra += 2
    if is_open and not extra and facts.profile.fu_for_open_pinfu:
        parts.append(_WITHOUT_FU)
        extra += 2
    base = _OPEN_OR_TSUMO_BASE if is_open or self_drawn else _CONCEALED_RON_BASE
    parts.append(base)
    return parts, (base[0] + extra + 9) // 10 * 10, base[0] + extra


def fu_details(parts) -> list[dict]:
    """The record's `fu_details`: largest first, equal values in the order they were counted.

    The order comes from a table of the part lists seen (few: a handful of reasons, at most
    four sets); the dicts are built fresh for every result.
    """
    key = tuple(parts)
    ordered = _ORDERED.get(key)
    if ordered is None:
        ordered = _ORDERED[key] = tuple(sorted(key, key=_FU_OF, reverse=True))
    details = []
    for fu, reason in ordered:  # a loop, not a comprehension: no extra frame
        details.append({"fu": fu, "reason": reason})
    return details


# (fu, reason) parts as counted -> the same parts largest first. Bounded by the reasons'
# combinations: at most one wait, one pair and one tsumo/open part, four sets and the base.
_ORDERED: dict[tuple, tuple] = {}
