"""Fans of the special shapes: 七对/连七对, 十三幺, 全不靠/七星不靠, and 组合龙 + set + pair."""

from firmware.rules.decompose import Arrangement, Shape
from firmware.rules.mcr.fans import F
from firmware.rules.mcr.situation import Situation, only_wait
from firmware.rules.mcr.standard import (Blocks, add_pung_fans, add_tile_fans, finish, read_blocks,
                                         wind_pungs)
from firmware.rules.mcr.traits import kind_fans, tile_masks


def score_special(arr: Arrangement, sit: Situation) -> dict[int, int]:
    """Seven pairs, thirteen orphans or honours-and-knitted: win-condition fans plus the shape's."""
    table = sit.conditions.copy()
    if arr.shape is Shape.SEVEN_PAIRS:
        _seven_pairs(table, sit)
    elif arr.shape is Shape.THIRTEEN_ORPHANS:
        table[F.THIRTEEN_ORPHANS] = 1
    else:
        _honours_knitted(table, sit.closed)
    return finish(table, sit, [])


def _seven_pairs(table: dict[int, int], sit: Situation) -> None:
    counts = sit.closed
    held = [k for k, n in enumerate(counts) if n]
    shifted = len(held) == 7 and held[-1] < 27 and held[0] // 9 == held[-1] // 9 and held[-1] - held[0] == 6
    if shifted:  # 连七对 takes only the tile-kind fans (e.g. 断幺 for 2..8)
        table[F.SEVEN_SHIFTED_PAIRS] = 1
        for fan, count in kind_fans(counts):
            table[fan] = count
    else:
        table[F.SEVEN_PAIRS] = 1
        add_tile_fans(table, *tile_masks(counts), sit.tile_hogs)


def _honours_knitted(table: dict[int, int], counts: tuple[int, ...]) -> None:
    suited = sum(counts[:27])
    if suited == 7:
        table[F.GREATER_HONORS_AND_KNITTED] = 1
        return
    table[F.LESSER_HONORS_AND_KNITTED] = 1
    if suited == 9:
        table[F.KNITTED_STRAIGHT] = 1


# 九莲宝灯 by the rank of the winning tile: the fans its best reading adds (seed 000 #4;
# mcr.md §4: "won on 2/5/8 adds one 幺九刻; won on 1/9 it can add 清龙 + 四归一").
_NINE_GATES_EXTRAS = {
    1: (F.PURE_STRAIGHT, F.TILE_HOG), 9: (F.PURE_STRAIGHT, F.TILE_HOG),
    2: (F.TWO_CONCEALED_PUNGS, F.SHORT_STRAIGHT, F.PUNG_OF_TERMINALS_OR_HONORS),
    8: (F.TWO_CONCEALED_PUNGS, F.SHORT_STRAIGHT, F.PUNG_OF_TERMINALS_OR_HONORS),
    5: (F.TWO_CONCEALED_PUNGS, F.PUNG_OF_TERMINALS_OR_HONORS),
    3: (F.SHORT_STRAIGHT,), 4: (F.SHORT_STRAIGHT,), 6: (F.SHORT_STRAIGHT,), 7: (F.SHORT_STRAIGHT,),
}


def score_nine_gates(sit: Situation) -> dict[int, int]:
    """九莲宝灯 (it excludes 清一色, 门前清, 缺一门, 无字) with the extras of its winning rank."""
    table = sit.conditions.copy()
    table[F.NINE_GATES] = 1
    for fan in _NINE_GATES_EXTRAS[sit.hand.win_tile % 9 + 1]:
        table[fan] = 1
    return finish(table, sit, [])


def score_knitted_straight(arr: Arrangement, sit: Situation) -> dict[int, int]:
    """组合龙 with one more set and a pair (the set may be a meld)."""
    table = sit.concealment.copy()
    table[F.KNITTED_STRAIGHT] = 1
    add_tile_fans(table, *tile_masks(sit.hand.all_tuple), sit.tile_hogs)
    blocks = Blocks(*read_blocks(arr.blocks, sit.hand.win_tile, sit.hand.self_drawn))
    if blocks.chows:
        if blocks.pair < 27:
            table[F.ALL_CHOWS] = 1
    else:
        add_pung_fans(table, blocks.pungs, blocks.melded_kongs, blocks.concealed_kongs, blocks.concealed,
                      sit.profile)
    _knitted_wait(table, arr, sit, blocks.wait)
    return finish(table, sit, wind_pungs(blocks.pungs))


def _knitted_wait(table: dict[int, int], arr: Arrangement, sit: Situation, spot: int | None) -> None:
    """Wait fans as pymahjonggb reads them beside a knitted straight (the straight's own
    tiles may be edge/closed/single waits too). With a meld: 单钓将 when the winning kind
    is not one of the knitted nine, or when three copies of it are held. Concealed: the
    wait of the set and pair alone (`spot`, from where the winning tile sits in them),
    when they hold the winning kind."""
    win = sit.hand.win_tile
    if sit.hand.melds:
        if win not in arr.knitted or sit.closed[win] == 3:
            table[F.SINGLE_WAIT] = 1
        return
    rest = list(sit.closed)
    for k in arr.knitted:
        rest[k] -= 1
    if not rest[win]:
        return
    rest[win] -= 1
    if spot is not None and only_wait(rest, win):
        table[spot] = 1
