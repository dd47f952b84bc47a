"""Adapter from a raw MCR hand record to pymahjonggb (the test oracle), and the comparable form of both answers.

The oracle's input is built from the record by the tests' own reader (record_reader.py);
nothing here imports the firmware. pymahjonggb codes suits W (characters), B (dots),
T (bamboo), winds F1..F4 and dragons J1 Red, J2 Green, J3 White, so 5z -> J3, 6z -> J2,
7z -> J1 (../shared/spec/hand-records.md). A pack is (type, tile, offer): the middle tile
names a chow, whose offer is which of its three tiles was claimed (1 = the lowest); a
pung's or kong's offer is the player who supplied it (1 = left, 2 = opposite,
3 = right), and 0 marks a concealed kong.

`as_wmo` rewrites an oracle answer (which reads the fan table as MIL does) into what the
WMO reading must give, from the two documented differences alone
(firmware/rules/mcr/profiles.py; seed 000 lines 182-213 and 239).
"""

from collections import Counter

from MahjongGB import MahjongFanCalculator, MahjongShanten
from record_reader import read

MIN_POINTS = 8
_SUIT_CODE = "WBT"
_HONOUR_CODE = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")
_OFFER = {"left": 1, "opposite": 2, "right": 3}
_PACK = {"chi": "CHI", "pon": "PENG", "kan_open": "GANG", "kan_added": "GANG", "kan_closed": "GANG"}
_WIND_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}
_FLOWERS = "花牌"


def code(k: int) -> str:
    """pymahjonggb's name for kind k."""
    return _HONOUR_CODE[k - 27] if k >= 27 else f"{_SUIT_CODE[k // 9]}{k % 9 + 1}"


def pack(meld) -> tuple[str, str, int]:
    """The oracle's pack for one meld of record_reader."""
    if meld.type == "chi":
        offer = meld.tiles.index(meld.called) + 1
    else:
        offer = 0 if meld.type == "kan_closed" else _OFFER[meld.source]
    return _PACK[meld.type], code(meld.tiles[1]), offer


def oracle_arguments(record: dict) -> dict:
    """Keyword arguments of MahjongFanCalculator for a well-formed raw record."""
    hand = read(record)
    ctx = hand.context
    return {
        "pack": tuple(pack(m) for m in hand.melds),
        "hand": tuple(code(k) for k in hand.concealed),
        "winTile": code(hand.win),
        "flowerCount": ctx.get("flowers", 0),
        "isSelfDrawn": hand.self_drawn,
        "is4thTile": ctx.get("last_of_kind", False),
        "isAboutKong": ctx.get("kong_related", False),
        "isWallLast": ctx.get("last_wall_tile", False),
        "seatWind": _WIND_INDEX[ctx["seat_wind"]],
        "prevalentWind": _WIND_INDEX[ctx["round_wind"]],
        "verbose": True,
    }


def oracle_shanten(record: dict) -> int:
    """MahjongShanten of the melds and the concealed tiles before the win (0 = ready)."""
    args = oracle_arguments(record)
    return MahjongShanten(pack=args["pack"], hand=args["hand"])


def oracle_result(record: dict) -> dict:
    """The oracle's verdict on a well-formed record, in the fields of a result: for a complete
    hand status, fans (flowers left out), flower_points and both totals; else `not_win` and
    the shanten before the win."""
    try:
        found = MahjongFanCalculator(**oracle_arguments(record))
    except TypeError as error:
        if "ERROR_NOT_WIN" not in str(error):
            raise
        return {"status": "not_win", "shanten_before_win": oracle_shanten(record)}
    fans = [{"zh": zh, "en": en, "points": points, "count": count}
            for points, count, zh, en in found if zh != _FLOWERS]
    flowers = sum(points * count for points, count, zh, _en in found if zh == _FLOWERS)
    return _totalled(fans, flowers)


def _totalled(fans: list[dict], flowers: int) -> dict:
    points = sum(f["points"] * f["count"] for f in fans)
    return {"status": "win" if points >= MIN_POINTS else "below_min", "fans": fans, "flower_points": flowers,
            "total": points + flowers, "total_excl_flowers": points}


# Fans whose hand is concealed by definition (seed 000 lines 182/184/185/190/198/199/213):
# self-drawn, WMO adds 不求人 where MIL (the oracle) counts 自摸.
CONCEALED_BY_DEFINITION = frozenset(("九莲宝灯", "连七对", "十三幺", "四暗刻", "七对", "七星不靠", "全不靠"))
_FULLY_CONCEALED = {"zh": "不求人", "en": "Fully Concealed Hand", "points": 4, "count": 1}


def as_wmo(expected: dict, self_drawn: bool) -> dict:
    """What the `wmo` profile must answer where the oracle (MIL) answered `expected`.

    Worked out from the documented differences only (firmware/rules/mcr/profiles.py):
    - a self-drawn hand with a fan concealed by definition: "自摸加计不求人" (seed 000
      lines 182-213) — 不求人 (4) in place of the oracle's 自摸 (1), and also where 妙手回春
      or 杠上开花 had taken 自摸 off;
    - one melded and one concealed kong: "一明杠与一暗杠计6分" (seed 000 line 239) — the
      oracle's 明暗杠 is worth 5, WMO 6.
    Totals and the 8-point threshold are recounted; anything else is left as the oracle says.
    """
    if expected["status"] not in ("win", "below_min"):
        return expected
    fans = [dict(f) for f in expected["fans"]]
    names = {f["zh"] for f in fans}
    if self_drawn and names & CONCEALED_BY_DEFINITION and "不求人" not in names:
        fans = [f for f in fans if f["zh"] != "自摸"] + [dict(_FULLY_CONCEALED)]
    for fan in fans:
        if fan["zh"] == "明暗杠":
            fan["points"] = 6
    return dict(expected, **_totalled(fans, expected["flower_points"]))


def wmo_lifts_another_reading(ours: dict, rewritten: dict, self_drawn: bool) -> bool:
    """Whether `ours` (the wmo answer) may rightly differ from `rewritten` (as_wmo of the
    oracle's answer) because the WMO reading changed which reading of the hand is best.

    The oracle keeps the highest reading under MIL points. WMO's 自摸加计不求人 (seed 000
    lines 182-213) adds 3 points (4 where 妙手回春 / 杠上开花 had taken 自摸) to a self-drawn
    reading with a fan concealed by definition (七对 beside a standard reading of the same
    tiles, 四暗刻 beside a reading with chows), and the highest reading is the one that
    counts, so that reading can overtake the one the oracle chose; as_wmo, which only
    rewrites the oracle's reading, cannot see it. Exactly that case: self-drawn; ours holds
    a fan concealed by definition and 不求人, the oracle's reading none; ours is higher by
    1 to 4 points (no more than the lift); flowers alike.
    """
    if not self_drawn or {ours["status"], rewritten["status"]} - {"win", "below_min"}:
        return False
    mine, theirs = {f["zh"] for f in ours["fans"]}, {f["zh"] for f in rewritten["fans"]}
    gain = ours["total_excl_flowers"] - rewritten["total_excl_flowers"]
    return (bool(mine & CONCEALED_BY_DEFINITION) and "不求人" in mine and not theirs & CONCEALED_BY_DEFINITION
            and 0 < gain <= 4 and ours["flower_points"] == rewritten["flower_points"])


def comparable(result: dict) -> tuple:
    """The fields an MCR result is compared on (hand-records.md, "Comparing an engine with a
    record"): status, fans as a multiset of (zh, en, points, count) — the spec matches by the
    Chinese name; the English one is compared too, as both sides print it —, flower points and
    both totals for a complete hand; status and the shanten before the win for one that is not."""
    if result["status"] not in ("win", "below_min"):
        return result["status"], result.get("shanten_before_win")
    fans = Counter((f["zh"], f["en"], f["points"], f["count"]) for f in result["fans"])
    return result["status"], fans, result["flower_points"], result["total"], result["total_excl_flowers"]
