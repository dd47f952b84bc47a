"""Yaku built from runs: pinfu, iipeikou, ryanpeikou, sanshoku doujun, ittsu."""

from firmware.rules.riichi.yaku.registry import register, register_fact


def in_three_suits(firsts: list[int]) -> bool:
    """Whether the same rank starts a block in characters, dots and bamboo alike (`firsts` ascending).

    A plain loop, not any(<generator>): sanshoku is asked of every hand with three runs or pungs.
    """
    for k in firsts:
        if k >= 9:
            return False
        if k + 9 in firsts and k + 18 in firsts:
            return True
    return False


def _identical_run_pairs(chis: tuple[int, ...]) -> int:
    """How many disjoint pairs of identical runs the (sorted) run list holds."""
    pairs, i = 0, 0
    while i + 1 < len(chis):
        if chis[i] == chis[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


register_fact(12, "Pinfu", 1, fact="pinfu",
              rule="Concealed, four runs, a pair worth no fu, a two-sided wait: nothing but base fu.")


@register(14, "Iipeiko", 1, needs=("run_twins",))
def iipeikou(f) -> bool:
    """Concealed, one pair of identical runs (two pairs is ryanpeikou instead)."""
    return _identical_run_pairs(f.chis) == 1


@register(38, "Ryanpeikou", 3, needs=("run_twins",))
def ryanpeikou(f) -> bool:
    """Concealed, two pairs of identical runs."""
    return _identical_run_pairs(f.chis) == 2


@register(26, "Sanshoku Doujun", 2, 1, needs=("three_runs",))
def sanshoku_doujun(f) -> bool:
    """The same run in all three suits."""
    return in_three_suits(f.chis)


@register(27, "Ittsu", 2, 1, needs=("three_runs",))
def ittsu(f) -> bool:
    """1-2-3, 4-5-6 and 7-8-9 of one suit."""
    chis = f.chis
    for c in chis:
        if c % 9 == 0 and c + 3 in chis and c + 6 in chis:
            return True
    return False
