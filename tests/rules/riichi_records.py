"""Builds riichi hand records (the ../shared/spec/hand-records.md shape) for the riichi tests."""

from firmware.rules.riichi import score_record
from firmware.rules.riichi.context import FLAGS

_PROFILE_NAMES = {"rcr": "rcr2016", "tenhou": "tenhou_like"}


def record(concealed: str, win: str, melds=(), self_drawn: bool = False, profile: str = "rcr",
           seat: str = "S", round_: str = "E", dora: str = "", ura: str = "", honba: int = 0,
           sticks: int = 0, flags=(), **extra) -> dict:
    """A record for `concealed` (13 - 3k tiles before the win) and `win`.

    Melds are written like the test conftest's: "345m" chi, "777p" pon, "9999s" open
    kong, "+1111z" added kong, "[5555m]" concealed kong. `flags` names the win conditions
    that hold (riichi, ippatsu, ...); `extra` adds further context keys (furiten evidence).
    """
    context = {name: name in flags for name in FLAGS}
    context.update(seat_wind=seat, round_wind=round_, dora_indicators=dora, ura_dora_indicators=ura,
                   honba=honba, riichi_sticks=sticks, **extra)
    return {"id": "test", "concealed": concealed, "win_tile": win, "melds": [_meld(m) for m in melds],
            "win_by": "self_draw" if self_drawn else "discard", "context": context,
            "rules": {"profile": _PROFILE_NAMES[profile]}}


def _meld(text: str) -> dict:
    if text.startswith("["):
        return {"type": "kan_closed", "tiles": text[1:-1]}
    if text.startswith("+"):
        return {"type": "kan_added", "tiles": text[1:], "called": text[1] + text[-1], "from": "left"}
    digits = text[:-1]
    called = digits[0] + text[-1]
    if len(digits) == 4:
        return {"type": "kan_open", "tiles": text, "called": called, "from": "right"}
    if len(set(digits)) == 1:
        return {"type": "pon", "tiles": text, "called": called, "from": "opposite"}
    return {"type": "chi", "tiles": text, "called": called, "from": "left"}


def score(*args, **kwargs) -> dict:
    """score_record of record(*args, **kwargs) under the record's own profile."""
    return score_record(record(*args, **kwargs), None)


def yaku_names(result: dict) -> dict:
    """{yaku name: han} of a result."""
    return {y["name"]: y["han"] for y in result["yaku"]}
