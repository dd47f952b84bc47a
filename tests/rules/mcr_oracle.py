"""Adapter from an MCR hand record to pymahjonggb (the test oracle) and back to our result shape.

pymahjonggb codes suits W (characters), B (dots), T (bamboo), winds F1..F4 and dragons
J1 Red, J2 Green, J3 White, so 5z -> J3, 6z -> J2, 7z -> J1 (../shared/spec/hand-records.md).
A pack offer of 0 means concealed, so claimed melds pass 1..3.
"""

from collections import Counter

from MahjongGB import MahjongFanCalculator, MahjongShanten

from firmware.rules.hand import Hand
from firmware.rules.melds import MeldType

_SUIT_CODE = "WBT"
_HONOUR_CODE = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")
_OFFER = {"left": 3, "opposite": 2, "right": 1}
_PACK = {MeldType.CHI: "CHI", MeldType.PON: "PENG", MeldType.KAN_OPEN: "GANG",
         MeldType.KAN_ADDED: "GANG", MeldType.KAN_CLOSED: "GANG"}
_WIND_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}


def code(k: int) -> str:
    """pymahjonggb's name for kind k."""
    return _HONOUR_CODE[k - 27] if k >= 27 else f"{_SUIT_CODE[k // 9]}{k % 9 + 1}"


def _pack(meld) -> tuple[str, str, int]:
    tile = meld.tiles[1]  # the middle tile names a chow; any tile names a pung or kong
    offer = 0 if meld.type is MeldType.KAN_CLOSED else _OFFER[meld.source]
    if meld.type is MeldType.CHI:
        offer = meld.tiles.index(meld.called) + 1
    return _PACK[meld.type], code(tile), offer


def oracle_arguments(record: dict) -> dict:
    """Keyword arguments of MahjongFanCalculator for a well-formed record."""
    hand = Hand.from_record(record)
    ctx = record["context"]
    return {
        "pack": tuple(_pack(m) for m in hand.melds),
        "hand": tuple(code(k) for k in hand.concealed),
        "winTile": code(hand.win_tile),
        "flowerCount": ctx.get("flowers", 0),
        "isSelfDrawn": hand.self_drawn,
        "is4thTile": ctx.get("last_of_kind", False),
        "isAboutKong": ctx.get("kong_related", False),
        "isWallLast": ctx.get("last_wall_tile", False),
        "seatWind": _WIND_INDEX[ctx["seat_wind"]],
        "prevalentWind": _WIND_INDEX[ctx["round_wind"]],
        "verbose": True,
    }


def oracle_fans(record: dict) -> Counter | None:
    """The oracle's fans as a multiset of (zh, points, count), flowers left out; None if not a win."""
    try:
        found = MahjongFanCalculator(**oracle_arguments(record))
    except TypeError as error:
        if "ERROR_NOT_WIN" in str(error):
            return None
        raise
    return Counter((zh, points, count) for points, count, zh, _en in found if zh != "花牌")


def oracle_shanten(record: dict) -> int:
    args = oracle_arguments(record)
    return MahjongShanten(pack=args["pack"], hand=args["hand"])


def our_fans(result: dict) -> Counter | None:
    if result["status"] not in ("win", "below_min"):
        return None
    return Counter((f["zh"], f["points"], f["count"]) for f in result["fans"])
