"""Adapter from a riichi hand record to the `mahjong` library (the test oracle) and back to our result shape."""

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as OracleMeld

from firmware.rules.hand import Hand
from firmware.rules.melds import MeldType
from firmware.rules.tiles import parse_tiles

_WIND = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
_MELD_TYPE = {
    MeldType.CHI: (OracleMeld.CHI, True),
    MeldType.PON: (OracleMeld.PON, True),
    MeldType.KAN_OPEN: (OracleMeld.KAN, True),
    MeldType.KAN_ADDED: (OracleMeld.SHOUMINKAN, True),
    MeldType.KAN_CLOSED: (OracleMeld.KAN, False),
}
_STATUS_BY_ERROR = {"hand_not_winning": "not_win", "no_yaku": "no_yaku"}


class _Tiles136:
    """Hands out distinct 136-format ids per kind, as a physical set would."""

    def __init__(self):
        self.used = [0] * 34

    def take(self, kind: int) -> int:
        tile = kind * 4 + self.used[kind]
        self.used[kind] += 1
        return tile


def oracle_call(record: dict, double_yakuman: bool, kazoe_yakuman: bool):
    """Build the (args, kwargs) of HandCalculator.estimate_hand_value for a well-formed record."""
    hand = Hand.from_record(record)
    ctx = record["context"]
    pool = _Tiles136()
    melds, tiles = [], []
    for meld in hand.melds:
        kind, opened = _MELD_TYPE[meld.type]
        ids = [pool.take(k) for k in meld.tiles]
        tiles += ids
        melds.append(OracleMeld(meld_type=kind, tiles=ids, opened=opened))
    tiles += [pool.take(k) for k in hand.concealed]
    win = pool.take(hand.win_tile)
    tiles.append(win)
    indicators = _Tiles136()
    options = OptionalRules(
        has_open_tanyao=True, has_aka_dora=False, has_double_yakuman=double_yakuman,
        kazoe_limit=HandConfig.KAZOE_LIMITED if kazoe_yakuman else HandConfig.KAZOE_SANBAIMAN,
        kiriage=False, fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False, renhou_as_yakuman=False,
    )
    config = HandConfig(
        is_tsumo=hand.self_drawn, is_riichi=ctx["riichi"], is_ippatsu=ctx["ippatsu"],
        is_rinshan=ctx["rinshan"], is_chankan=ctx["chankan"], is_haitei=ctx["haitei"],
        is_houtei=ctx["houtei"], is_daburu_riichi=ctx["double_riichi"], is_tenhou=ctx["tenhou"],
        is_chiihou=ctx["chiihou"], player_wind=_WIND[ctx["seat_wind"]], round_wind=_WIND[ctx["round_wind"]],
        tsumi_number=ctx["honba"], kyoutaku_number=ctx["riichi_sticks"], options=options,
    )
    dora = [indicators.take(k) for k in parse_tiles(ctx["dora_indicators"])]
    ura = [indicators.take(k) for k in parse_tiles(ctx["ura_dora_indicators"])]
    return (tiles, win), {"melds": melds, "dora_indicators": dora, "ura_dora_indicators": ura, "config": config}


def oracle_result(record: dict, double_yakuman: bool, kazoe_yakuman: bool) -> dict:
    """What the oracle says about a well-formed record, in our result shape."""
    args, kwargs = oracle_call(record, double_yakuman, kazoe_yakuman)
    response = HandCalculator.estimate_hand_value(*args, **kwargs)
    return from_response(response)


def from_response(response) -> dict:
    if response.error:
        return {"status": _STATUS_BY_ERROR.get(response.error, "invalid_context")}
    return {
        "status": "win", "han": response.han, "fu": response.fu, "cost": dict(response.cost),
        "yaku": [{"name": y.name, "han": y.han_open if response.is_open_hand and y.han_open else y.han_closed}
                 for y in response.yaku],
        "fu_details": [dict(d) for d in response.fu_details or ()],
    }


def by_the_seed(expected: dict) -> dict:
    """The oracle's result where it stacks several yakuman, rewritten as the seed scores it.

    Seed 003 item 11: 不设役满复合（多个役满只计一个）, 不设多倍役满 — one yakuman, 13 han,
    paid once; the yakuman that make it are still all listed.
    """
    scale = expected["han"] // 13
    cost = dict(expected["cost"], yaku_level="yakuman")
    for key in ("main", "additional"):
        cost[key] //= scale
    cost["total"] = (cost["main"] + cost["main_bonus"] + 2 * (cost["additional"] + cost["additional_bonus"])
                     + cost["kyoutaku_bonus"])
    return dict(expected, han=13, cost=cost)
