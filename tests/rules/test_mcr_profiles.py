"""Where the profiles read the fan table differently, each difference citing its source.

wmo = seed 000 (WMO text), mil = pymahjonggb / MIL supplementary rules, cmcr1998 = seed 002.
"""

import pytest
from mcr_records import fan_names, record

from firmware.rules import cmcr1998
from firmware.rules.mcr import score_record


def _all_profiles(rec: dict) -> tuple[dict, dict, dict]:
    return (fan_names(score_record(rec, "wmo")), fan_names(score_record(rec, "mil")),
            fan_names(cmcr1998.score_record(rec, "cmcr1998")))


# seed 000 line: "(自摸加计不求人)" after the fan's definition.
CONCEALED_BY_DEFINITION = [
    ("九莲宝灯", 182, record("1112345678999m", "9m", by="self_draw")),
    ("连七对", 184, record("2233445566778m", "8m", by="self_draw")),
    ("十三幺", 185, record("19m19p19s1234567z", "1m", by="self_draw")),
    ("四暗刻", 190, record("111m222p333s444s5s", "5s", by="self_draw")),
    ("七对", 198, record("1133m5577p22s66z7z", "7z", by="self_draw")),
    ("七星不靠", 199, record("14m25p36s1234567z", "7m", by="self_draw")),
    ("全不靠", 213, record("147m25p369s12345z", "6z", by="self_draw")),
]


@pytest.mark.parametrize(("fan", "seed_line", "rec"), CONCEALED_BY_DEFINITION,
                         ids=[c[0] for c in CONCEALED_BY_DEFINITION])
def test_self_drawn_concealed_hands_add_fully_concealed_only_in_wmo(fan, seed_line, rec):
    """Seed 000 line `seed_line` adds 不求人 (4); MIL and the 1998 table count 自摸 (1) (mcr.md AMB-4)."""
    wmo, mil, c98 = _all_profiles(rec)
    assert fan in wmo and fan in mil and fan in c98
    assert (wmo.get("不求人"), wmo.get("自摸")) == (1, None)
    assert (mil.get("不求人"), mil.get("自摸")) == (None, 1)
    assert (c98.get("不求人"), c98.get("自摸")) == (None, 1)


def test_the_wmo_reading_keeps_the_last_tile_draw_beside_fully_concealed():
    """妙手回春 excludes 自摸, not 不求人: a last-tile self-drawn 七对 keeps both in wmo."""
    rec = record("1133m5577p22s66z7z", "7z", by="self_draw", last_wall_tile=True)
    wmo, mil, _c98 = _all_profiles(rec)
    assert wmo == {"七对": 1, "妙手回春": 1, "不求人": 1}
    assert mil == {"七对": 1, "妙手回春": 1}


def test_one_melded_and_one_concealed_kong():
    """Seed 000 line 239 "一明杠与一暗杠计6分": 6 in wmo; MIL's 明暗杠 is 5; 1998 is silent,
    so 明杠 1 + 暗杠 2 (cmcr1998.md AMB-A)."""
    rec = record("123p555s1z", "1z", ["1111m", "[9999p]"])
    results = {name: score(rec, name) for name, score in
               (("wmo", score_record), ("mil", score_record), ("cmcr1998", cmcr1998.score_record))}
    kongs = {name: {(f["zh"], f["points"]) for f in r["fans"]} & {("明暗杠", 6), ("明暗杠", 5), ("明杠", 1),
                                                                   ("暗杠", 2)} for name, r in results.items()}
    assert kongs == {"wmo": {("明暗杠", 6)}, "mil": {("明暗杠", 5)}, "cmcr1998": {("明杠", 1), ("暗杠", 2)}}
    assert results["wmo"]["total_excl_flowers"] - results["mil"]["total_excl_flowers"] == 1
    assert results["mil"]["total_excl_flowers"] - results["cmcr1998"]["total_excl_flowers"] == 2


def test_hands_outside_those_readings_score_alike_in_every_profile():
    rec = record("567p789s111z1m", "1m", ["123m"], by="self_draw")
    wmo, mil, c98 = _all_profiles(rec)
    assert wmo == mil == c98 == {"圈风刻": 1, "独听・单钓": 1, "自摸": 1}
