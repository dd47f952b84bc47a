"""Fu (minipoints) with their breakdown, reasons named as in the hand records' `fu_details`."""

from firmware.rules.decompose import BlockKind, Wait
from firmware.rules.tiles import DRAGONS, TERMINALS_AND_HONOURS

_OUTSIDE = frozenset(TERMINALS_AND_HONOURS)
SEVEN_PAIRS_FU = 25
# (terminal or honour, kong, concealed) -> (fu, reason): a pung is 2/4/8, a kong four times that.
_SET_FU = {
    (outside, kong, concealed): (
        (2 << (2 * kong)) << (outside + concealed),
        f"{'closed' if concealed else 'open'}_{'terminal_' if outside else ''}{'kan' if kong else 'pon'}",
    )
    for outside in (False, True) for kong in (False, True) for concealed in (False, True)
}
_WAIT_REASON = {Wait.KANCHAN: "kanchan", Wait.PENCHAN: "penchan"}


def seven_pairs_fu() -> tuple[list[dict], int]:
    """Chiitoitsu is a flat 25 fu, never rounded."""
    return [{"fu": SEVEN_PAIRS_FU, "reason": "base"}], SEVEN_PAIRS_FU


def standard_fu(blocks, win_index: int, wait: Wait, hand, win, profile) -> tuple[list[dict], int]:
    """Fu of a four-sets-and-a-pair arrangement with the winning tile in `blocks[win_index]`.

    A pung completed by a discard counts as open. Pinfu tsumo gets no tsumo fu and an open
    hand with nothing else gets 2 (so 30 in all), as the profile says; base is 30 for a
    concealed ron, 20 otherwise. Returns the breakdown (largest first) and the total rounded
    up to 10.
    """
    details = []
    if wait in _WAIT_REASON:
        details.append({"fu": 2, "reason": _WAIT_REASON[wait]})
    sets = []
    for index, block in enumerate(blocks):
        if block.kind is BlockKind.PAIR:
            details.extend(_pair_fu(block.first, win))
        elif block.kind is not BlockKind.CHOW:
            concealed = block.concealed and not (index == win_index and not hand.self_drawn)
            fu, reason = _SET_FU[(block.first in _OUTSIDE, block.kind is BlockKind.KONG, concealed)]
            sets.append((block.first, fu, reason))
    if wait is Wait.TANKI:
        details.append({"fu": 2, "reason": "pair_wait"})
    details.extend({"fu": fu, "reason": reason} for _, fu, reason in sorted(sets))
    extra = sum(d["fu"] for d in details)
    is_open = not hand.is_concealed_hand
    if hand.self_drawn and (extra or profile.fu_for_pinfu_tsumo):
        details.append({"fu": 2, "reason": "tsumo"})
        extra += 2
    if is_open and not extra and profile.fu_for_open_pinfu:
        details.append({"fu": 2, "reason": "hand_without_fu"})
        extra += 2
    base = 20 if is_open or hand.self_drawn else 30
    details.append({"fu": base, "reason": "base"})
    details.sort(key=lambda d: -d["fu"])
    return details, (base + extra + 9) // 10 * 10


def _pair_fu(kind: int, win) -> list[dict]:
    """A dragon, seat-wind or round-wind pair: 2 fu each, so a double-wind pair is 4 (brief AMB-5)."""
    value = (kind in DRAGONS) + (kind == win.seat_wind) + (kind == win.round_wind)
    if value == 0:
        return []
    if value == 1:
        return [{"fu": 2, "reason": "valued_pair"}]
    return [{"fu": 4, "reason": "double_valued_pair"}]
