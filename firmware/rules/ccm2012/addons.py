"""The add-on points of seed 001 line 145-150 (brief §6), counted beside the fans.

The seed defines them outside its (missing) fan table, so they are added to the MCR fans
whatever those are: V = Σ fan points + add-ons (和牌总分, line 144). Which MCR fans tell a
fact the add-ons need is read off the fan list, so the MCR reading of the hand decides
(no second reading of the tiles here).
"""

from firmware.rules.ccm2012.conditions import Conditions
from firmware.rules.ccm2012.settings import ConcealedBonus
from firmware.rules.mcr.fans import FANS, F

# (zh, en, points) of each add-on, by seed line.
FLOWER = ("花牌", "flower", 2)  # line 146
SINGLE_TILE = ("单张和牌", "single-tile win", 4)  # line 147, defined at line 94
FLOWER_REPLACEMENT = ("补花和牌", "win on a flower replacement", 6)  # line 148
KONG_REPLACEMENT = ("杠上开花", "win on a kong replacement", 8)  # line 149
FINAL_DISCARD = ("海底捞月", "won on a discard in the final round", 8)  # line 149
FINAL_DRAW = ("妙手回春", "self-drawn in the final round", 8)  # line 149
CONCEALED = ("门清（不求人）", "concealed hand", 8)  # line 150, AMB-8

# A single-tile win (夹, 边, 单吊: the hand waited on one tile only, line 94) is what MCR
# reads as 边张, 嵌张 or 单钓将; 全求人 and 四杠 take 单钓将 off, yet are always won on a
# lone pair tile. Seven-pairs hands never add it (line 94).
_SINGLE_TILE_FANS = frozenset(FANS[f].zh for f in (F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT, F.MELDED_HAND,
                                                F.FOUR_KONGS))
_SEVEN_PAIRS_FANS = frozenset(FANS[f].zh for f in (F.SEVEN_PAIRS, F.SEVEN_SHIFTED_PAIRS))
_KONG_REPLACEMENT_FAN = FANS[F.OUT_WITH_REPLACEMENT_TILE].zh  # MCR checks the winner has a kong
_KAN_CLOSED = "kan_closed"


def addons(fans: list[dict], record: dict, flowers: int, cond: Conditions,
           concealed_bonus: ConcealedBonus) -> list[dict]:
    """The add-ons of a complete hand, as {"zh", "en", "points", "count"} entries.

    Flowers of a declared flower kong do not count: the kong was paid when made, and
    "所有杠牌在和牌后不再计算附加分" (line 90) holds for flower kongs too — this departs
    from the brief's "each flower 2", since the seed wins.
    """
    names = {fan["zh"] for fan in fans}
    self_drawn = record["win_by"] == "self_draw"
    found = []
    scoring_flowers = flowers - 4 * cond.flower_kongs
    if scoring_flowers:
        found.append((FLOWER, scoring_flowers))
    if (not names.isdisjoint(_SINGLE_TILE_FANS) and names.isdisjoint(_SEVEN_PAIRS_FANS)
            and (cond.win_tile_apart or not self_drawn)):
        found.append((SINGLE_TILE, 1))
    if cond.flower_replacement:
        found.append((FLOWER_REPLACEMENT, 1))
    if _KONG_REPLACEMENT_FAN in names:
        found.append((KONG_REPLACEMENT, 1))
    if cond.final_round:
        found.append((FINAL_DRAW if self_drawn else FINAL_DISCARD, 1))
    if (self_drawn or concealed_bonus.on_discard) and all(
            meld["type"] == _KAN_CLOSED for meld in record.get("melds", ())):
        found.append((CONCEALED, 1))
    return [{"zh": zh, "en": en, "points": points, "count": count} for (zh, en, points), count in found]
