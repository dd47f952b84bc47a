"""Fans of one standard arrangement (four sets and a pair), and the finishing steps every reading shares.

The set-relation fans come from groups.py, the per-hand fans from situation.py; this
module adds what depends on the grouping itself: kongs and concealed pungs, the pair
(平和, 小三元, 小四喜), the outside/fives/even families and the wait (边张, 坎张, 单钓将).
"""

from firmware.rules.decompose import Arrangement, BlockKind
from firmware.rules.mcr.exclusions import apply_exclusions, apply_wind_pungs
from firmware.rules.mcr.fans import N_FANS, F
from firmware.rules.mcr.groups import chow_fans, pung_fans, reference_order
from firmware.rules.mcr.situation import Situation
from firmware.rules.tiles import DRAGONS, WINDS

_CHOW, _PAIR, _KONG = BlockKind.CHOW, BlockKind.PAIR, BlockKind.KONG
_EDGE_WAIT, _CLOSED_WAIT, _SINGLE_WAIT = F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT
_ORDER = tuple(reference_order(k) for k in range(34)).__getitem__
_CONCEALED_PUNG_FANS = {2: F.TWO_CONCEALED_PUNGS, 3: F.THREE_CONCEALED_PUNGS, 4: F.FOUR_CONCEALED_PUNGS}
_KONG_FANS = {(1, 0): F.MELDED_KONG, (0, 1): F.CONCEALED_KONG, (2, 0): F.TWO_MELDED_KONGS,
              (1, 1): F.CONCEALED_KONG_AND_MELDED_KONG, (0, 2): F.TWO_CONCEALED_KONGS}


def finish(table: list[int], sit: Situation, wind_pungs: list[int]) -> list[int]:
    """Profile reading, exclusions, wind pungs, and 无番和 when nothing else counts."""
    if sit.hand.self_drawn:
        sit.profile.adjust_self_draw(table)
    apply_exclusions(table)
    if wind_pungs:
        apply_wind_pungs(table, wind_pungs, sit.context.seat_wind, sit.context.round_wind)
    if table.count(0) == N_FANS:  # nothing counts (quicker than any(): the zeros are one object)
        table[F.CHICKEN_HAND] = 1
    return table


def score_standard(arr: Arrangement, sit: Situation) -> list[int]:
    """The fan tally of one four-sets-and-a-pair arrangement."""
    table = sit.base[:]
    chows, pungs, pair, shared = [], [], None, 7
    for block in arr.blocks:
        kind, first = block[0], block[1]  # by index: cheaper than the NamedTuple's attributes
        if kind is _CHOW:
            chows.append(first)
            shared &= _CHOW_TRAITS[first]
        else:
            shared &= _SET_TRAITS[first]
            if kind is _PAIR:
                pair = first
            else:
                pungs.append(block)
    if pungs:
        claimed = None if sit.hand.self_drawn else _claimed_by_win(arr, pungs, sit.hand.win_tile)
        add_pung_fans(table, pungs, claimed, sit)
        pung_kinds = sorted([b[1] for b in pungs], key=_ORDER)  # b[1]: the block's first kind
    else:
        pung_kinds = []
    _add_relation_fans(table, sorted(chows, key=_ORDER), pung_kinds, pair)
    _add_pair_fans(table, len(chows), pair)
    _add_block_fans(table, shared)
    if not (table[F.MELDED_HAND] or table[F.FOUR_KONGS]):
        # 边张 > 坎张 > 单钓将, only when the hand waited on this one kind.
        fan = wait_spot(arr, sit.hand.win_tile)
        if fan is not None and sit.single_wait:
            table[fan] = 1
    return finish(table, sit, [k for k in pung_kinds if k in WINDS] if pung_kinds else pung_kinds)


def _claimed_by_win(arr: Arrangement, pungs: list, win: int) -> int | None:
    """On a discard, a concealed pung completed by the winning tile counts as exposed, unless
    that tile can be read as part of a concealed chow (mcr.md §4, pymahjonggb)."""
    for _kind, first, _concealed, meld in pungs:
        if first == win and meld is None:
            break
    else:
        return None
    for kind, first, _concealed, meld in arr.blocks:
        if kind is _CHOW and meld is None and first <= win <= first + 2:
            return None
    return win


def add_pung_fans(table: list[int], pungs: list, claimed: int | None, sit: Situation) -> None:
    """Kong fans, the concealed-pung series, 碰碰和, 箭刻 and 幺九刻 for the pung-shaped sets."""
    melded_kongs = concealed_kongs = concealed = 0
    for kind, first, is_concealed, _meld in pungs:
        if kind is _KONG:
            if is_concealed:
                concealed_kongs += 1
            else:
                melded_kongs += 1
        concealed += is_concealed and first != claimed
    kongs = melded_kongs + concealed_kongs
    if kongs >= 3:
        table[F.THREE_KONGS if kongs == 3 else F.FOUR_KONGS] = 1
    elif kongs:
        fan = _KONG_FANS[melded_kongs, concealed_kongs]
        if fan == F.CONCEALED_KONG_AND_MELDED_KONG and sit.profile.mixed_kongs_points is None:
            table[F.MELDED_KONG] = table[F.CONCEALED_KONG] = 1
        else:
            table[fan] = 1
    if concealed in _CONCEALED_PUNG_FANS and not (concealed == 2 and table[F.TWO_CONCEALED_KONGS]):
        table[_CONCEALED_PUNG_FANS[concealed]] = 1
    if len(pungs) == 4 and not (table[F.FOUR_KONGS] or table[F.FOUR_CONCEALED_PUNGS]):
        table[F.ALL_PUNGS] = 1
    for block in pungs:
        first = block[1]
        if first in DRAGONS:
            table[F.DRAGON_PUNG] += 1
        elif first >= 27 or first % 9 in (0, 8):
            table[F.PUNG_OF_TERMINALS_OR_HONORS] += 1


def _add_relation_fans(table: list[int], chows: list[int], pungs: list[int], pair: int) -> None:
    if len(chows) == 4 and (fan := _terminal_chows(chows, pair)) is not None:
        table[fan] = 1
        return
    fans = (chow_fans(tuple(chows)) if len(chows) >= 2 else ()) + (pung_fans(tuple(pungs)) if len(pungs) >= 2 else ())
    for fan in fans:
        table[fan] += 1


def _terminal_chows(chows: list[int], pair: int) -> int | None:
    """一色双龙会 or 三色双龙会: 123 and 789 chows around a pair of 5s."""
    if pair >= 27 or pair % 9 != 4 or any(k % 9 not in (0, 6) for k in chows):
        return None
    if all(k // 9 == pair // 9 for k in chows) and sorted(k % 9 for k in chows) == [0, 0, 6, 6]:
        return F.PURE_TERMINAL_CHOWS
    others = {s for s in range(3) if s != pair // 9}
    if sorted(chows) == sorted(9 * s + r for s in others for r in (0, 6)):
        return F.THREE_SUITED_TERMINAL_CHOWS
    return None


def _add_pair_fans(table: list[int], n_chows: int, pair: int) -> None:
    """平和 (four chows, suited pair); a dragon / wind pair upgrades 双箭刻 / 三风刻."""
    if n_chows == 4:
        if pair < 27:
            table[F.ALL_CHOWS] = 1
    elif table[F.TWO_DRAGON_PUNGS]:
        if pair in DRAGONS:
            table[F.LITTLE_THREE_DRAGONS], table[F.TWO_DRAGON_PUNGS] = 1, 0
    elif table[F.BIG_THREE_WINDS] and pair in WINDS:
        table[F.LITTLE_FOUR_WINDS], table[F.BIG_THREE_WINDS] = 1, 0


def _traits(first: int, chow: bool) -> int:
    """Bits: 1 holds a terminal or honour, 2 holds a 5, 4 is an even pung or pair."""
    if first >= 27:
        return 1
    rank = first % 9 + 1
    if chow:
        return (rank in (1, 7)) | (rank in (3, 4, 5)) << 1
    return (rank in (1, 9)) | (rank == 5) << 1 | (rank in (2, 4, 6, 8)) << 2


_CHOW_TRAITS = tuple(_traits(k, True) for k in range(34))
_SET_TRAITS = tuple(_traits(k, False) for k in range(34))


def _add_block_fans(table: list[int], shared: int) -> None:
    """全带幺, 全带五, 全双刻: every set and the pair holds a terminal/honour, a 5, or is even
    (`shared`: the _traits bits common to all five blocks)."""
    if shared & 1:
        table[F.OUTSIDE_HAND] = 1
    elif shared & 2:
        table[F.ALL_FIVE] = 1
    elif shared & 4:
        table[F.ALL_EVEN_PUNGS] = 1


def wait_spot(arr: Arrangement, win: int) -> int | None:
    """The wait fan the winning tile's place implies: the end of a concealed chow (边张), its
    middle (坎张), or the pair (单钓将), preferred in that order (pymahjonggb's reading)."""
    found = None
    for kind, first, _concealed, meld in arr.blocks:
        if meld is None:
            if kind is _CHOW:
                place = win - first
                if place == 1:
                    found = _CLOSED_WAIT
                elif place == 0 or place == 2:
                    return _EDGE_WAIT
            elif kind is _PAIR and first == win and found is None:
                found = _SINGLE_WAIT
    return found
