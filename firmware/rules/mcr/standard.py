"""Fans of one standard reading (four sets and a pair), and the finishing steps every reading shares.

`read_blocks` collects in one pass what the fans need from a reading's blocks: the chows
and pungs for the set-relation fans of groups.py, the pair (平和, 小三元, 小四喜), the tile
and block masks for the trait fans of traits.py (the suit, kind and range families, 全带幺 /
全带五 / 全双刻), kongs and concealed pungs, and where the winning tile sits (边张, 坎张,
单钓将); readings.py keeps it per suit. The per-hand fans (win conditions, concealment)
come from situation.py.
"""

from typing import NamedTuple

from firmware.rules.decompose import BlockKind
from firmware.rules.mcr.exclusions import apply_exclusions, apply_wind_pungs
from firmware.rules.mcr.fans import F
from firmware.rules.mcr.groups import chow_fans, pung_fans, reference_order
from firmware.rules.mcr.profiles import Profile
from firmware.rules.mcr.situation import Situation
from firmware.rules.mcr.traits import BLOCK_EVEN, BLOCK_FIVE, BLOCK_OUTSIDE, MASKS, trait_fans
from firmware.rules.tiles import DRAGONS, WINDS

_CHOW, _PAIR, _KONG = BlockKind.CHOW, BlockKind.PAIR, BlockKind.KONG
_EDGE_WAIT, _CLOSED_WAIT, _SINGLE_WAIT = F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT
_WIND_SET = frozenset(WINDS)
_ORDER = tuple(reference_order(k) for k in range(34)).__getitem__
_CONCEALED_PUNG_FANS = {2: F.TWO_CONCEALED_PUNGS, 3: F.THREE_CONCEALED_PUNGS, 4: F.FOUR_CONCEALED_PUNGS}
_KONG_FANS = {(1, 0): F.MELDED_KONG, (0, 1): F.CONCEALED_KONG, (2, 0): F.TWO_MELDED_KONGS,
              (1, 1): F.CONCEALED_KONG_AND_MELDED_KONG, (0, 2): F.TWO_CONCEALED_KONGS}


def _set_bits(k: int) -> int:
    """Block bits of a pung, kong or pair of kind k."""
    if k >= 27:
        return BLOCK_OUTSIDE
    rank = k % 9 + 1
    return (BLOCK_OUTSIDE if rank in (1, 9) else 0) | (BLOCK_FIVE if rank == 5 else 0) | (
        BLOCK_EVEN if rank % 2 == 0 else 0)


def _chow_bits(first: int) -> int:
    """Block bits of a chow starting at `first` (a suited kind of rank 1-7)."""
    rank = first % 9 + 1
    return (BLOCK_OUTSIDE if rank in (1, 7) else 0) | (BLOCK_FIVE if rank in (3, 4, 5) else 0)


# By the block's first kind: the OR and the AND (with its block bits) of its tiles' masks.
_CHOW_ANY = tuple(MASKS[k] | MASKS[k + 1] | MASKS[k + 2] for k in range(25))
_CHOW_ALL = tuple(MASKS[k] & MASKS[k + 1] & MASKS[k + 2] | _chow_bits(k) for k in range(25))
_SET_ALL = tuple(MASKS[k] | _set_bits(k) for k in range(34))


def finish(table: dict[int, int], sit: Situation, winds: list[int]) -> dict[int, int]:
    """Profile reading, exclusions, the wind pungs' fans (`winds`: their kinds), and 无番和
    when nothing else counts."""
    if sit.hand.self_drawn:
        sit.profile.adjust_self_draw(table)
    apply_exclusions(table)
    if winds:
        apply_wind_pungs(table, winds, sit.context.seat_wind, sit.context.round_wind)
    if not any(table.values()):
        table[F.CHICKEN_HAND] = 1
    return table


class Blocks(NamedTuple):
    """What the fans need from the blocks of a reading, collected in one pass (`read_blocks`).

    The hot path passes these fields in a plain tuple, in this order (unpacking a tuple
    subclass such as this takes Python's slow path); `Blocks(*fields)` names them."""

    chows: list[int] | tuple[int, ...]  # first kinds of the chows
    pungs: list[int] | tuple[int, ...]  # kinds of the pungs and kongs
    pair: int | None
    wait: int | None  # 边张, 坎张 or 单钓将 by where the winning tile sits, if the hand waited on one kind
    any_bits: int  # OR of the tile masks (traits.py)
    all_bits: int  # AND of the tile masks and block bits
    melded_kongs: int
    concealed_kongs: int
    concealed: int  # pungs and kongs that count as concealed


def read_blocks(blocks: tuple, win: int, self_drawn: bool) -> tuple:
    """The fields of a `Blocks`, in a plain tuple: the chows, pungs, pair, masks, kongs and
    concealed pungs of `blocks`, and the wait fan the winning tile's place implies: the end
    of a concealed chow (边张), its middle (坎张), or the pair (单钓将), preferred in that
    order (pymahjonggb's reading). On a discard, a concealed pung completed by the winning
    tile counts as exposed, unless that tile can be read as part of a concealed chow
    (mcr.md §4, pymahjonggb)."""
    chows, pungs, pair, wait = [], [], None, None
    any_bits, all_bits = 0, -1
    melded_kongs = concealed_kongs = concealed = 0
    pung_on_win = chow_on_win = False
    for block in blocks:  # read by index: unpacking a NamedTuple takes Python's slow path
        kind, first = block[0], block[1]
        if kind is _CHOW:
            chows.append(first)
            any_bits |= _CHOW_ANY[first]
            all_bits &= _CHOW_ALL[first]
            if block[3] is None:  # not a meld
                place = win - first
                if place == 1:
                    chow_on_win = True
                    if wait is not _EDGE_WAIT:
                        wait = _CLOSED_WAIT
                elif place == 0 or place == 2:
                    chow_on_win, wait = True, _EDGE_WAIT
            continue
        any_bits |= MASKS[first]
        all_bits &= _SET_ALL[first]
        if kind is _PAIR:
            pair = first
            if first == win and wait is None:
                wait = _SINGLE_WAIT
            continue
        pungs.append(first)
        is_concealed = block[2]
        if is_concealed:
            concealed += 1
            pung_on_win = pung_on_win or (first == win and block[3] is None)
        if kind is _KONG:
            if is_concealed:
                concealed_kongs += 1
            else:
                melded_kongs += 1
    if pung_on_win and not chow_on_win and not self_drawn:
        concealed -= 1
    return chows, pungs, pair, wait, any_bits, all_bits, melded_kongs, concealed_kongs, concealed


def score_standard(reading: tuple, sit: Situation) -> dict[int, int]:
    """The fan tally of one four-sets-and-a-pair reading (the fields of a `Blocks`)."""
    chows, pungs, pair, wait, any_bits, all_bits, melded_kongs, concealed_kongs, concealed = reading
    table = sit.concealment.copy()
    if pungs:
        add_pung_fans(table, pungs, melded_kongs, concealed_kongs, concealed, sit.profile)
        pungs = sorted(pungs, key=_ORDER)
    _add_relation_fans(table, sorted(chows, key=_ORDER), pungs, pair)
    _add_pair_fans(table, len(chows), pair)
    add_tile_fans(table, any_bits, all_bits, sit.tile_hogs)
    if wait is not None and not (F.MELDED_HAND in table or F.FOUR_KONGS in table) and sit.single_wait:
        table[wait] = 1
    return finish(table, sit, wind_pungs(pungs))


def add_tile_fans(table: dict[int, int], any_bits: int, all_bits: int, tile_hogs: int) -> None:
    """The trait fans of the tile masks (traits.py), and 四归一 for the `tile_hogs` kinds held
    four times outside a kong."""
    for fan, count in trait_fans(any_bits, all_bits):
        table[fan] = count
    if tile_hogs:
        table[F.TILE_HOG] = tile_hogs


def wind_pungs(pungs) -> list[int]:
    """The wind pungs among `pungs` (most hands have none: a set test says so without a loop)."""
    if _WIND_SET.isdisjoint(pungs):
        return []
    return [k for k in pungs if k in _WIND_SET]


def add_pung_fans(table: dict[int, int], pungs, melded_kongs: int, concealed_kongs: int,
                  concealed: int, profile: Profile) -> None:
    """Kong fans, the concealed-pung series, 碰碰和, 箭刻 and 幺九刻 for the pung-shaped sets
    (`pungs`: their kinds; `concealed`: how many count as concealed pungs)."""
    kongs = melded_kongs + concealed_kongs
    if kongs >= 3:
        table[F.THREE_KONGS if kongs == 3 else F.FOUR_KONGS] = 1
    elif kongs:
        fan = _KONG_FANS[melded_kongs, concealed_kongs]
        if fan == F.CONCEALED_KONG_AND_MELDED_KONG and profile.mixed_kongs_points is None:
            table[F.MELDED_KONG] = table[F.CONCEALED_KONG] = 1
        else:
            table[fan] = 1
    if concealed in _CONCEALED_PUNG_FANS and not (concealed == 2 and F.TWO_CONCEALED_KONGS in table):
        table[_CONCEALED_PUNG_FANS[concealed]] = 1
    if len(pungs) == 4 and not (F.FOUR_KONGS in table or F.FOUR_CONCEALED_PUNGS in table):
        table[F.ALL_PUNGS] = 1
    dragons = outside = 0
    for first in pungs:
        if first in DRAGONS:
            dragons += 1
        elif first >= 27 or first % 9 in (0, 8):
            outside += 1
    if dragons:
        table[F.DRAGON_PUNG] = dragons
    if outside:
        table[F.PUNG_OF_TERMINALS_OR_HONORS] = outside


def _add_relation_fans(table: dict[int, int], chows: list[int], pungs, pair: int) -> None:
    if len(chows) == 4 and (fan := _terminal_chows(chows, pair)) is not None:
        table[fan] = 1
        return
    fans = (chow_fans(tuple(chows)) if len(chows) >= 2 else ()) + (pung_fans(tuple(pungs)) if len(pungs) >= 2 else ())
    for fan in fans:
        table[fan] = table.get(fan, 0) + 1


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


def _add_pair_fans(table: dict[int, int], n_chows: int, pair: int) -> None:
    """平和 (four chows, suited pair); a dragon / wind pair upgrades 双箭刻 / 三风刻."""
    if n_chows == 4:
        if pair < 27:
            table[F.ALL_CHOWS] = 1
    elif F.TWO_DRAGON_PUNGS in table:
        if pair in DRAGONS:
            table[F.LITTLE_THREE_DRAGONS] = 1
            del table[F.TWO_DRAGON_PUNGS]
    elif F.BIG_THREE_WINDS in table and pair in WINDS:
        table[F.LITTLE_FOUR_WINDS] = 1
        del table[F.BIG_THREE_WINDS]
