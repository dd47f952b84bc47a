"""Yakuman: limit hands. Under RCR each counts once and several in one hand still count once (seed 003 item 11)."""

from firmware.rules.riichi.yaku.registry import register, register_fact
from firmware.rules.tiles import DRAGONS, WINDS


@register(100, "Kokushi Musou", 13, yakuman=True, needs=("irregular",))
def kokushi(f) -> bool:
    """One of each terminal and honour plus a pair of one of them."""
    return f.thirteen_orphans and f.win_copies == 1


@register(112, "Kokushi Musou Juusanmen Matchi", 26, yakuman=True, double=True, needs=("irregular",))
def kokushi_13_wait(f) -> bool:
    """Kokushi won on the pair tile, i.e. on a 13-sided wait."""
    return f.thirteen_orphans and f.win_copies == 2


@register(101, "Chuuren Poutou", 13, yakuman=True, needs=("nine_gates",))
def chuuren(f) -> bool:
    """1112345678999 plus one tile of the same suit, with no melds at all."""
    return f.nine_gates and f.win_copies not in (2, 4)


@register(114, "Daburu Chuuren Poutou", 26, yakuman=True, double=True, needs=("nine_gates",))
def chuuren_9_wait(f) -> bool:
    """Chuuren whose winning tile is the extra one, i.e. a pure nine-sided wait."""
    return f.nine_gates and f.win_copies in (2, 4)


@register(102, "Suu Ankou", 13, yakuman=True, needs=("four_concealed",))
def suuankou(f) -> bool:
    """Four concealed pungs/kongs, not won on the pair."""
    return f.concealed_triplets == 4 and f.win_copies != 2


@register(113, "Suu Ankou Tanki", 26, yakuman=True, double=True, needs=("four_concealed",))
def suuankou_tanki(f) -> bool:
    """Four concealed pungs/kongs won on the pair (single wait)."""
    return f.concealed_triplets == 4 and f.win_copies == 2


@register(103, "Daisangen", 13, 13, yakuman=True, needs=("dragon_triplet",))
def daisangen(f) -> bool:
    """Pungs of all three dragons."""
    return f.honour_triplets.issuperset(DRAGONS)


@register(104, "Shousuushii", 13, 13, yakuman=True, needs=("wind_triplet",))
def shousuushii(f) -> bool:
    """Three wind pungs and a wind pair."""
    return f.wind_pair and len(f.honour_triplets.intersection(WINDS)) == 3


@register(111, "Dai Suushii", 26, 26, yakuman=True, double=True, needs=("wind_triplet",))
def daisuushii(f) -> bool:
    """Pungs of all four winds."""
    return f.honour_triplets.issuperset(WINDS)


register_fact(105, "Ryuuiisou", 13, 13, yakuman=True, fact="green_only",
              rule="Only 2, 3, 4, 6, 8 of bamboo and green dragons.")


@register(106, "Suu Kantsu", 13, 13, yakuman=True, needs=("three_kongs",))
def suukantsu(f) -> bool:
    """Four kongs."""
    return f.n_kongs == 4


register_fact(107, "Tsuu Iisou", 13, 13, yakuman=True, fact="honours_only",
              rule="Only honours.")


register_fact(108, "Chinroutou", 13, 13, yakuman=True, fact="terminals_only",
              rule="Only terminals.")


register_fact(115, "Tenhou", 13, yakuman=True, fact="win.tenhou",
              rule="The dealer wins on the initial deal.")


register_fact(116, "Chiihou", 13, yakuman=True, fact="win.chiihou",
              rule="A non-dealer wins on the first own draw, before any call.")
