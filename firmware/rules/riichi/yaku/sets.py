"""Yaku built from pungs, kongs and the pair: yakuhai, toitoi, sanankou, sankantsu, sanshoku doukou, shousangen."""

from firmware.rules.riichi.context import WinContext
from firmware.rules.riichi.yaku.registry import register, register_fact
from firmware.rules.tiles import DRAGONS, EAST, GREEN, NORTH, RED, SOUTH, WEST, WHITE


def _dragon_yakuhai(yaku_id: int, label: str, kind: int) -> None:
    register(yaku_id, f"Yakuhai ({label})", 1, 1, needs=("dragon_triplet",))(lambda f: kind in f.honour_triplets)


def _wind_yakuhai(yaku_id: int, which: str, label: str, kind: int) -> None:
    """A pung of the seat wind (or the round wind); a double wind scores both entries."""
    index = WinContext._fields.index(f"{which}_wind")

    def applies(f) -> bool:
        return f.win[index] == kind and kind in f.honour_triplets

    register(yaku_id, f"Yakuhai ({which} wind {label})", 1, 1, needs=("wind_triplet",))(applies)


for _id, _label, _kind in ((15, "haku", WHITE), (16, "hatsu", GREEN), (17, "chun", RED)):
    _dragon_yakuhai(_id, _label, _kind)
for _offset, (_label, _kind) in enumerate((("east", EAST), ("south", SOUTH), ("west", WEST), ("north", NORTH))):
    _wind_yakuhai(18 + _offset, "seat", _label, _kind)
    _wind_yakuhai(22 + _offset, "round", _label, _kind)


register_fact(30, "Toitoi", 2, 2, fact="four_triplets",
              rule="Four pungs or kongs.")


@register(31, "San Ankou", 2, 2, needs=("three_concealed",))
def sanankou(f) -> bool:
    """Exactly three concealed pungs/kongs (a pung completed by a discard is not concealed)."""
    return f.concealed_triplets == 3


@register(32, "San Kantsu", 2, 2, needs=("three_kongs",))
def sankantsu(f) -> bool:
    """Three kongs."""
    return f.n_kongs == 3


register_fact(33, "Sanshoku Doukou", 2, 2, fact="same_pungs_three_suits",
              rule="The same numbered pung in all three suits.")


@register(35, "Shou Sangen", 2, 2, needs=("dragon_triplet",))
def shousangen(f) -> bool:
    """Two dragon pungs and a dragon pair."""
    return f.dragon_pair and len(f.honour_triplets.intersection(DRAGONS)) == 2
