"""Yaku that come from how and when the hand was won, not from its tiles (riichi, tsumo, last tile, kongs)."""

from firmware.rules.riichi.yaku.registry import register, register_fact


register_fact(0, "Menzen Tsumo", 1, fact="self_drawn", rule="A concealed hand completed by the player's own draw.")


@register(1, "Riichi", 1, needs=("win.riichi",))
def riichi(f) -> bool:
    """Declared ready with a concealed hand; double riichi replaces it."""
    return f.win.riichi and not f.win.double_riichi


for _id, _name, _closed, _opened, _flag, _rule in (
    (3, "Ippatsu", 1, 0, "ippatsu", "Won within one go-around after riichi, with no call in between."),
    (4, "Chankan", 1, 1, "chankan", "Won on the tile another player added to a pon to make a kong."),
    (5, "Rinshan Kaihou", 1, 1, "rinshan", "Won on the replacement tile drawn after a kong."),
    (6, "Haitei Raoyue", 1, 1, "haitei", "Self-drawn on the last tile of the live wall."),
    (7, "Houtei Raoyui", 1, 1, "houtei", "Won on the very last discard."),
    (8, "Double Riichi", 2, 0, "double_riichi", "Riichi declared with the first discard, before any call."),
):
    register_fact(_id, _name, _closed, _opened, fact=f"win.{_flag}", rule=_rule)
