"""Build MCR hand records from short strings, for the hand-computed MCR tests.

Melds: "345m" chi, "777p" pon, "9999s" open kong, "+1111z" added kong, "[5555m]"
concealed kong. Default winds: seat W, round E (so only 1z and 3z pungs score winds).
"""

from firmware.rules.tiles import format_tiles, parse_tiles


def meld_record(text: str) -> dict:
    if text.startswith("[") and text.endswith("]"):
        return {"type": "kan_closed", "tiles": text[1:-1]}
    if text.startswith("+"):
        tiles = text[1:]
        return {"type": "kan_added", "tiles": tiles, "called": tiles[0] + tiles[-1], "from": "right"}
    kinds = parse_tiles(text)
    first = format_tiles(kinds[:1])
    if len(kinds) == 4:
        return {"type": "kan_open", "tiles": text, "called": first, "from": "opposite"}
    if len(set(kinds)) == 1:
        return {"type": "pon", "tiles": text, "called": first, "from": "opposite"}
    return {"type": "chi", "tiles": text, "called": first, "from": "left"}


def record(concealed: str, win: str, melds=(), by: str = "discard", seat: str = "W", round_wind: str = "E",
           flowers: int = 0, **flags) -> dict:
    """A hand record: `concealed` is the hand before the winning tile `win`."""
    return {
        "id": f"{concealed}+{win}", "concealed": concealed, "win_tile": win,
        "melds": [meld_record(m) for m in melds], "win_by": by,
        "context": {"seat_wind": seat, "round_wind": round_wind, "flowers": flowers,
                    "last_of_kind": flags.get("last_of_kind", False),
                    "kong_related": flags.get("kong_related", False),
                    "last_wall_tile": flags.get("last_wall_tile", False)},
    }


def fan_names(result: dict) -> dict:
    """{zh: count} of a result's fans."""
    return {f["zh"]: f["count"] for f in result["fans"]}
