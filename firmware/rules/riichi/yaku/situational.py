"""Yaku that come from how and when the hand was won, not from its tiles (riichi, tsumo, last tile, kongs)."""

from firmware.rules.riichi.yaku.registry import register


@register(0, "Menzen Tsumo", 1, needs=("self_drawn",))
def menzen_tsumo(f) -> bool:
    """A concealed hand completed by the player's own draw."""
    return f.self_drawn


@register(1, "Riichi", 1, needs=("win.riichi",))
def riichi(f) -> bool:
    """Declared ready with a concealed hand; double riichi replaces it."""
    return f.win.riichi and not f.win.double_riichi


def _condition_yaku(yaku_id: int, name: str, han: int, opened: int, flag: str, rule: str) -> None:
    """A yaku that is exactly one declared win condition (`flag` of the record's context)."""

    def applies(f) -> bool:
        return getattr(f.win, flag)

    applies.__doc__ = rule
    register(yaku_id, name, han, opened, needs=(f"win.{flag}",))(applies)


for _args in (
    (3, "Ippatsu", 1, 0, "ippatsu", "Won within one go-around after riichi, with no call in between."),
    (4, "Chankan", 1, 1, "chankan", "Won on the tile another player added to a pon to make a kong."),
    (5, "Rinshan Kaihou", 1, 1, "rinshan", "Won on the replacement tile drawn after a kong."),
    (6, "Haitei Raoyue", 1, 1, "haitei", "Self-drawn on the last tile of the live wall."),
    (7, "Houtei Raoyui", 1, 1, "houtei", "Won on the very last discard."),
    (8, "Double Riichi", 2, 0, "double_riichi", "Riichi declared with the first discard, before any call."),
):
    _condition_yaku(*_args)
