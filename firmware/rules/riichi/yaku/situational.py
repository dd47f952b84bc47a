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


@register(3, "Ippatsu", 1, needs=("win.ippatsu",))
def ippatsu(f) -> bool:
    """Won within one go-around after riichi, with no call in between."""
    return f.win.ippatsu


@register(4, "Chankan", 1, 1, needs=("win.chankan",))
def chankan(f) -> bool:
    """Won on the tile another player added to a pon to make a kong."""
    return f.win.chankan


@register(5, "Rinshan Kaihou", 1, 1, needs=("win.rinshan",))
def rinshan(f) -> bool:
    """Won on the replacement tile drawn after a kong."""
    return f.win.rinshan


@register(6, "Haitei Raoyue", 1, 1, needs=("win.haitei",))
def haitei(f) -> bool:
    """Self-drawn on the last tile of the live wall."""
    return f.win.haitei


@register(7, "Houtei Raoyui", 1, 1, needs=("win.houtei",))
def houtei(f) -> bool:
    """Won on the very last discard."""
    return f.win.houtei


@register(8, "Double Riichi", 2, needs=("win.double_riichi",))
def double_riichi(f) -> bool:
    """Riichi declared with the first discard, before any call."""
    return f.win.double_riichi
