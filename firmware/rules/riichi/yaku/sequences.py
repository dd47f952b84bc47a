"""Yaku built from runs: pinfu, iipeikou, ryanpeikou, sanshoku doujun, ittsu."""

from firmware.rules.riichi.yaku.registry import register, register_fact

register_fact(12, "Pinfu", 1, fact="pinfu",
              rule="Concealed, four runs, a pair worth no fu, a two-sided wait: nothing but base fu.")


@register(14, "Iipeiko", 1, needs=("run_twins",))
def iipeikou(f) -> bool:
    """Concealed, one pair of identical runs (two pairs is ryanpeikou instead)."""
    return f.twin_pairs == 1


@register(38, "Ryanpeikou", 3, needs=("run_twins",))
def ryanpeikou(f) -> bool:
    """Concealed, two pairs of identical runs."""
    return f.twin_pairs == 2


register_fact(26, "Sanshoku Doujun", 2, 1, fact="same_runs_three_suits", rule="The same run in all three suits.")
register_fact(27, "Ittsu", 2, 1, fact="full_straight", rule="1-2-3, 4-5-6 and 7-8-9 of one suit.")
