"""Adapter from a raw riichi hand record to the `mahjong` library (the test oracle), and what is compared.

The oracle's input is built from the record by the tests' own reader (record_reader.py),
and its options from the record's own `rules` block (hand-records.md, "Riichi records");
nothing here imports the firmware.
"""

from collections import Counter

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as OracleMeld
from record_reader import kinds, read

_WIND = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
_MELD_TYPE = {
    "chi": (OracleMeld.CHI, True),
    "pon": (OracleMeld.PON, True),
    "kan_open": (OracleMeld.KAN, True),
    "kan_added": (OracleMeld.SHOUMINKAN, True),
    "kan_closed": (OracleMeld.KAN, False),
}
_KAZOE = {"sanbaiman": HandConfig.KAZOE_SANBAIMAN, "limited": HandConfig.KAZOE_LIMITED}
# The oracle's error strings -> record statuses; any other error is a surprise and raises.
_NOT_WIN, _NO_YAKU = HandCalculator.ERR_HAND_NOT_WINNING, HandCalculator.ERR_NO_YAKU
_REFUSED_CONTEXT = frozenset(getattr(HandCalculator, name) for name in (
    "ERR_OPEN_HAND_RIICHI", "ERR_OPEN_HAND_DABURI", "ERR_IPPATSU_WITHOUT_RIICHI", "ERR_CHANKAN_WITH_TSUMO",
    "ERR_RINSHAN_WITHOUT_TSUMO", "ERR_HAITEI_WITHOUT_TSUMO", "ERR_HOUTEI_WITH_TSUMO", "ERR_HAITEI_WITH_RINSHAN",
    "ERR_HOUTEI_WITH_CHANKAN", "ERR_TENHOU_NOT_AS_DEALER", "ERR_TENHOU_WITHOUT_TSUMO", "ERR_TENHOU_WITH_MELD",
    "ERR_CHIIHOU_AS_DEALER", "ERR_CHIIHOU_WITHOUT_TSUMO", "ERR_CHIIHOU_WITH_MELD",
))


class _Tiles136:
    """Hands out distinct 136-format ids per kind, as a physical set would."""

    def __init__(self):
        self.used = [0] * 34

    def take(self, kind: int) -> int:
        tile = kind * 4 + self.used[kind]
        self.used[kind] += 1
        return tile


def options(rules: dict) -> OptionalRules:
    """The oracle's optional rules from a record's `rules` block."""
    return OptionalRules(
        has_open_tanyao=rules["has_open_tanyao"], has_aka_dora=rules["has_aka_dora"],
        has_double_yakuman=rules["has_double_yakuman"], kazoe_limit=_KAZOE[rules["kazoe_limit"]],
        kiriage=rules["kiriage"], fu_for_open_pinfu=rules["fu_for_open_pinfu"],
        fu_for_pinfu_tsumo=rules["fu_for_pinfu_tsumo"], renhou_as_yakuman=rules["renhou_as_yakuman"],
    )


def oracle_call(record: dict):
    """(args, kwargs) of HandCalculator.estimate_hand_value for a well-formed raw record."""
    hand = read(record)
    ctx = hand.context
    pool = _Tiles136()
    melds, tiles = [], []
    for meld in hand.melds:
        kind, opened = _MELD_TYPE[meld.type]
        ids = [pool.take(k) for k in meld.tiles]
        called = None if meld.called is None else ids[meld.tiles.index(meld.called)]
        tiles += ids
        melds.append(OracleMeld(meld_type=kind, tiles=ids, opened=opened, called_tile=called))
    tiles += [pool.take(k) for k in hand.concealed]
    win = pool.take(hand.win)
    tiles.append(win)
    config = HandConfig(
        is_tsumo=hand.self_drawn, is_riichi=ctx["riichi"], is_ippatsu=ctx["ippatsu"],
        is_rinshan=ctx["rinshan"], is_chankan=ctx["chankan"], is_haitei=ctx["haitei"],
        is_houtei=ctx["houtei"], is_daburu_riichi=ctx["double_riichi"], is_tenhou=ctx["tenhou"],
        is_chiihou=ctx["chiihou"], player_wind=_WIND[ctx["seat_wind"]], round_wind=_WIND[ctx["round_wind"]],
        tsumi_number=ctx["honba"], kyoutaku_number=ctx["riichi_sticks"], options=options(record["rules"]),
    )
    indicators = _Tiles136()
    dora = [indicators.take(k) for k in kinds(ctx["dora_indicators"])]
    ura = [indicators.take(k) for k in kinds(ctx["ura_dora_indicators"])]
    return (tiles, win), {"melds": melds, "dora_indicators": dora, "ura_dora_indicators": ura, "config": config}


def oracle_result(record: dict) -> dict:
    """What the oracle says about a well-formed raw record, in the fields of a result."""
    args, kwargs = oracle_call(record)
    response = HandCalculator.estimate_hand_value(*args, **kwargs)
    if response.error:
        if response.error == _NOT_WIN:
            return {"status": "not_win"}
        if response.error == _NO_YAKU:
            return {"status": "no_yaku"}
        if response.error in _REFUSED_CONTEXT:
            return {"status": "invalid_context"}
        raise AssertionError(f"unexpected oracle error {response.error!r} for {record!r}")
    return {
        "status": "win", "han": response.han, "fu": response.fu, "cost": dict(response.cost),
        "yaku": [{"name": y.name, "han": y.han_open if response.is_open_hand and y.han_open else y.han_closed,
                  "yakuman": y.is_yakuman} for y in response.yaku],
        "fu_details": [dict(d) for d in response.fu_details or ()],
    }


def several_yakuman_under_rcr(record: dict, expected: dict) -> bool:
    """Whether the seed's rule departs from the oracle here: an rcr2016 record that the oracle
    scores as two or more different yakuman added up. Seed 003 item 11: 不设役满复合（多个役满
    只计一个）— one yakuman, however many make it."""
    if expected["status"] != "win" or record["rules"]["profile"] != "rcr2016":
        return False
    return sum(1 for y in expected["yaku"] if y["yakuman"]) >= 2


def by_the_seed(expected: dict) -> dict:
    """The oracle's result for several yakuman under RCR, rewritten as the seed scores it.

    Seed 003 item 11: 不设役满复合（多个役满只计一个）, 不设多倍役满 — one yakuman, 13 han,
    paid once; the yakuman that make it are still all listed, with the fu as counted.
    """
    scale = expected["han"] // 13
    cost = dict(expected["cost"], yaku_level="yakuman")
    for key in ("main", "additional"):
        cost[key] //= scale
    cost["total"] = (cost["main"] + cost["main_bonus"] + 2 * (cost["additional"] + cost["additional_bonus"])
                     + cost["kyoutaku_bonus"])
    return dict(expected, han=13, cost=cost)


def comparable(result: dict) -> tuple:
    """What a riichi result is compared on: for a win, han, fu, cost, the yaku and the fu
    breakdown (both as multisets: (name, han) and (fu, reason)); else the status alone."""
    if result["status"] != "win":
        return (result["status"],)
    yaku = Counter((y["name"], y["han"]) for y in result["yaku"])
    fu_details = Counter((d["fu"], d["reason"]) for d in result["fu_details"])
    return "win", result["han"], result["fu"], result["cost"], yaku, fu_details
