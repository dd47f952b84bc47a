"""Yaku about which tiles the hand is made of: tanyao, chanta, junchan, honroutou, honitsu, chinitsu, chiitoitsu."""

from firmware.rules.riichi.yaku.registry import register, register_fact


@register(13, "Tanyao", 1, 1, needs=("simples_only",))
def tanyao(f) -> bool:
    """Only simples (2-8); open tanyao counts when the profile allows it (RCR does)."""
    return f.simples_only and (f.profile.open_tanyao or not f.is_open)


@register(28, "Chantai", 2, 1, needs=("outside",))
def chantai(f) -> bool:
    """Every set and the pair hold a terminal or honour, with at least one run and one honour."""
    return f.outside and f.runs > 0 and f.has_honours


@register(37, "Junchan", 3, 2, needs=("outside",))
def junchan(f) -> bool:
    """Every set and the pair hold a terminal, with at least one run and no honours."""
    return f.outside and f.runs > 0 and not f.has_honours


register_fact(29, "Honroutou", 2, 2, fact="terminals_honours_only",
              rule="Only terminals and honours, both present (all terminals is chinroutou, all honours tsuuiisou).")


@register(36, "Honitsu", 3, 2, needs=("single_suit",))
def honitsu(f) -> bool:
    """One suit plus honours."""
    return f.single_suit and f.has_honours


@register(39, "Chinitsu", 6, 5, needs=("single_suit",))
def chinitsu(f) -> bool:
    """One suit, no honours."""
    return f.single_suit and not f.has_honours


register_fact(34, "Chiitoitsu", 2, fact="seven_pairs", rule="Seven different pairs.")
