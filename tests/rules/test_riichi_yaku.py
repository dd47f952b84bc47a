"""One hand-computed hand per registered riichi yaku (names and han as the oracle writes them)."""

import pytest
from riichi_records import score, yaku_names

from firmware.rules.riichi.context import FLAGS, FLAGS_AT, WinContext
from firmware.rules.riichi.facts import HAND_FACTS, han_column
from firmware.rules.riichi.yaku import REGISTRY
from firmware.rules.riichi.yaku.registry import register

PINFU_HAND = ("234567m234p55s78s", "9s")  # closed, two-sided wait on 6s/9s, plain pair

# name -> (record arguments, the complete yaku of the result)
CASES = {
    "Menzen Tsumo": (dict(self_drawn=True), {"Menzen Tsumo": 1, "Pinfu": 1}),
    "Riichi": (dict(flags=("riichi",)), {"Riichi": 1, "Pinfu": 1}),
    "Ippatsu": (dict(flags=("riichi", "ippatsu")), {"Riichi": 1, "Ippatsu": 1, "Pinfu": 1}),
    "Chankan": (dict(flags=("chankan",)), {"Chankan": 1, "Pinfu": 1}),
    "Haitei Raoyue": (dict(self_drawn=True, flags=("haitei",)), {"Menzen Tsumo": 1, "Haitei Raoyue": 1, "Pinfu": 1}),
    "Houtei Raoyui": (dict(flags=("houtei",)), {"Houtei Raoyui": 1, "Pinfu": 1}),
    "Double Riichi": (dict(flags=("double_riichi",)), {"Double Riichi": 2, "Pinfu": 1}),
    "Pinfu": (dict(), {"Pinfu": 1}),
    "Rinshan Kaihou": (dict(concealed="234567m234p5s", win="5s", melds=["[1111z]"], self_drawn=True,
                            flags=("rinshan",)),
                       {"Menzen Tsumo": 1, "Rinshan Kaihou": 1, "Yakuhai (round wind east)": 1}),
    "Tanyao": (dict(concealed="567m234p55s67s", win="8s", melds=["234m"]), {"Tanyao": 1}),
    "Iipeiko": (dict(concealed="223344m567p11s78s", win="9s"), {"Iipeiko": 1, "Pinfu": 1}),
    "Ryanpeikou": (dict(concealed="223344m556677p1s", win="1s"), {"Ryanpeikou": 3}),
    "Sanshoku Doujun": (dict(concealed="234m234p234s55m78s", win="9s"), {"Sanshoku Doujun": 2, "Pinfu": 1}),
    "Ittsu": (dict(concealed="123456789m55p78s", win="9s"), {"Ittsu": 2, "Pinfu": 1}),
    "Chantai": (dict(concealed="123m789p444z99s78s", win="9s"), {"Chantai": 2}),
    "Junchan": (dict(concealed="123m789p111p99s78s", win="9s"), {"Junchan": 3}),
    "Honroutou": (dict(concealed="111m999p111s99s44z", win="4z"),
                  {"Honroutou": 2, "Toitoi": 2, "San Ankou": 2}),
    "Toitoi": (dict(concealed="444s55s44z", win="4z", melds=["222m", "333p"]), {"Toitoi": 2}),
    "San Ankou": (dict(concealed="222m333p444s56m77z", win="7m"), {"San Ankou": 2}),
    "San Kantsu": (dict(concealed="678s8p", win="8p", melds=["2222m", "[3333p]", "4444s"]),
                   {"San Kantsu": 2, "Tanyao": 1}),
    "Sanshoku Doukou": (dict(concealed="222m222p222s34m55p", win="5m"),
                        {"Sanshoku Doukou": 2, "San Ankou": 2, "Tanyao": 1}),
    "Chiitoitsu": (dict(concealed="1122m3344p5566s7z", win="7z"), {"Chiitoitsu": 2}),
    "Shou Sangen": (dict(concealed="555z666z77z234m56p", win="7p"),
                    {"Shou Sangen": 2, "Yakuhai (haku)": 1, "Yakuhai (hatsu)": 1}),
    "Honitsu": (dict(concealed="234m678m999m44z56m", win="4m"), {"Honitsu": 3}),
    "Chinitsu": (dict(concealed="234456678m22m78m", win="9m"), {"Chinitsu": 6, "Pinfu": 1}),
    "Yakuhai (haku)": (dict(concealed="234m456p789s1p", win="1p", melds=["555z"]), {"Yakuhai (haku)": 1}),
    "Yakuhai (hatsu)": (dict(concealed="234m456p789s1p", win="1p", melds=["666z"]), {"Yakuhai (hatsu)": 1}),
    "Yakuhai (chun)": (dict(concealed="234m456p789s1p", win="1p", melds=["777z"]), {"Yakuhai (chun)": 1}),
    "Kokushi Musou": (dict(concealed="119m19p19s123456z", win="7z"), {"Kokushi Musou": 13}),
    "Kokushi Musou Juusanmen Matchi": (dict(concealed="19m19p19s1234567z", win="1m"),
                                       {"Kokushi Musou Juusanmen Matchi": 13}),
    "Chuuren Poutou": (dict(concealed="1112245678999m", win="3m"), {"Chuuren Poutou": 13}),
    "Daburu Chuuren Poutou": (dict(concealed="1112345678999m", win="5m"), {"Daburu Chuuren Poutou": 13}),
    "Suu Ankou": (dict(concealed="222m333p444s55z66z", win="6z", self_drawn=True), {"Suu Ankou": 13}),
    "Suu Ankou Tanki": (dict(concealed="222m333p444s666z5z", win="5z"), {"Suu Ankou Tanki": 13}),
    "Daisangen": (dict(concealed="555z666z777z23m55p", win="4m"), {"Daisangen": 13}),
    "Shousuushii": (dict(concealed="111z222z333z44z23m", win="4m"), {"Shousuushii": 13}),
    "Dai Suushii": (dict(concealed="222z333z444z5m", win="5m", melds=["111z"]), {"Dai Suushii": 13}),
    "Ryuuiisou": (dict(concealed="223344s666s888s6z", win="6z"), {"Ryuuiisou": 13}),
    "Suu Kantsu": (dict(concealed="7p", win="7p", melds=["2222m", "[3333p]", "4444s", "+5555s"]),
                   {"Suu Kantsu": 13}),
    "Tsuu Iisou": (dict(concealed="222z555z666z7z", win="7z", melds=["111z"]), {"Tsuu Iisou": 13}),
    "Chinroutou": (dict(concealed="999m111p999p1s", win="1s", melds=["111m"]), {"Chinroutou": 13}),
    "Tenhou": (dict(seat="E", self_drawn=True, flags=("tenhou",)), {"Tenhou": 13}),
    "Chiihou": (dict(self_drawn=True, flags=("chiihou",)), {"Chiihou": 13}),
}
WIND_YAKUHAI = [(f"Yakuhai ({which} wind {name})", letter, kind)
                for which in ("seat", "round") for name, letter, kind in
                (("east", "E", "1z"), ("south", "S", "2z"), ("west", "W", "3z"), ("north", "N", "4z"))]


def _score(arguments: dict) -> dict:
    arguments = dict(arguments)
    concealed = arguments.pop("concealed", PINFU_HAND[0])
    win = arguments.pop("win", PINFU_HAND[1])
    return score(concealed, win, **arguments)


@pytest.mark.parametrize("name", sorted(CASES))
def test_yaku(name):
    arguments, expected = CASES[name]
    result = _score(arguments)
    assert result["status"] == "win", result
    assert yaku_names(result) == expected


@pytest.mark.parametrize("name, letter, kind", WIND_YAKUHAI)
def test_wind_yakuhai(name, letter, kind):
    """A pung of the seat (or round) wind scores that entry only; the other wind is elsewhere."""
    other = "W" if letter != "W" else "N"
    winds = dict(seat=letter, round_=other) if "seat" in name else dict(seat=other, round_=letter)
    result = score("234m456p789s1p", "1p", melds=[kind[0] * 3 + "z"], **winds)
    assert yaku_names(result) == {name: 1}


def test_double_wind_pung_counts_both_entries():
    result = score("234m456p789s1p", "1p", melds=["111z"], seat="E", round_="E")
    assert yaku_names(result) == {"Yakuhai (seat wind east)": 1, "Yakuhai (round wind east)": 1}


def test_every_registered_yaku_has_a_hand():
    tested = set(CASES) | {name for name, _, _ in WIND_YAKUHAI}
    assert {y.name for y in REGISTRY} == tested


@pytest.mark.parametrize("name, closed, opened", [("Sanshoku Doujun", 2, 1), ("Ittsu", 2, 1), ("Chantai", 2, 1),
                                                   ("Junchan", 3, 2), ("Honitsu", 3, 2), ("Chinitsu", 6, 5)])
def test_open_hands_lose_one_han(name, closed, opened):
    entry = next(y for y in REGISTRY if y.name == name)
    assert (entry.hans[han_column(False, False)], entry.hans[han_column(True, False)]) == (closed, opened)


def test_open_sanshoku_is_one_han():
    result = score("234p234s55m78s", "9s", melds=["234m"])
    assert yaku_names(result) == {"Sanshoku Doujun": 1}


def test_concealed_only_yaku_do_not_apply_to_open_hands():
    """Iipeikou needs a concealed hand: the same runs with one called give nothing but tanyao."""
    result = score("234m567p66s78s", "6s", melds=["234m"])
    assert yaku_names(result) == {"Tanyao": 1}


def test_dora_and_ura_dora_are_entries_but_not_yaku():
    result = score(*PINFU_HAND, flags=("riichi",), dora="4s", ura="1m")
    assert yaku_names(result) == {"Riichi": 1, "Pinfu": 1, "Dora": 2, "Ura Dora": 1}


def test_ura_dora_needs_riichi():
    result = score(*PINFU_HAND, ura="1m")
    assert yaku_names(result) == {"Pinfu": 1}


def test_dora_alone_is_no_yaku():
    """Open, no yaku, two dora: still no win (dora are not yaku)."""
    result = score("567m234p55s67s", "8s", melds=["999p"], dora="8p")
    assert result["status"] == "no_yaku" and result["yaku"] == []


def test_a_yaku_cannot_need_an_unknown_fact():
    with pytest.raises(ValueError, match="unknown facts"):
        register(999, "Nonsense", 1, needs=("no_such_fact",))


def test_hand_key_reads_the_win_flags_in_context_order():
    """The yaku key holds the win flags read at context.FLAGS_AT; that slice must be exactly context.FLAGS."""
    assert WinContext._fields[FLAGS_AT] == FLAGS
    assert {f"win.{flag}" for flag in FLAGS} <= set(HAND_FACTS)
