"""Limits, payments (dealer/non-dealer, ron/tsumo), honba, riichi sticks and draw settlement, by hand."""

import pytest
from riichi_records import score

from firmware.rules.riichi.points import basic_points, cost, draw_payments, pao_payments
from firmware.rules.riichi.profiles import RCR, TENHOU


@pytest.mark.parametrize("han, fu, base, level", [
    (1, 30, 240, ""), (3, 30, 960, ""), (4, 30, 1920, ""),  # 7700 stays below mangan (no kiriage)
    (4, 40, 2000, "mangan"), (3, 70, 2000, "mangan"), (5, 30, 2000, "mangan"),
    (6, 30, 3000, "haneman"), (7, 30, 3000, "haneman"),
    (8, 30, 4000, "baiman"), (10, 30, 4000, "baiman"),
    (11, 30, 6000, "sanbaiman"), (12, 30, 6000, "sanbaiman"),
])
def test_limits(han, fu, base, level):
    assert basic_points(han, fu, 0, RCR) == (base, level)


def test_thirteen_han_is_sanbaiman_under_rcr_and_yakuman_under_tenhou():
    """Seed 003 item 11: 不设累计役满（11翻以上的和牌均为三倍满）."""
    assert basic_points(13, 30, 0, RCR) == (6000, "sanbaiman")
    assert basic_points(15, 30, 0, RCR) == (6000, "sanbaiman")
    assert basic_points(13, 30, 0, TENHOU) == (8000, "yakuman")


def test_yakuman_multiples():
    assert basic_points(13, 0, 1, RCR) == (8000, "yakuman")
    assert basic_points(26, 0, 2, TENHOU) == (16000, "2x yakuman")


def test_brief_example_1_non_dealer_ron_with_honba_and_stick():
    """30 fu 3 han, 1 honba, 1 stick: 3900 + 300 from the discarder, + 1000 stick = 5200."""
    paid = cost(3, 30, 0, dealer=False, self_drawn=False, honba=1, sticks=1, profile=RCR)
    assert paid == {"main": 3900, "additional": 0, "main_bonus": 300, "additional_bonus": 0,
                    "kyoutaku_bonus": 1000, "total": 5200, "yaku_level": ""}


def test_brief_example_2_dealer_tsumo():
    """40 fu 2 han dealer tsumo: B 640, 1300 each = 3900; with 2 honba 1500 each = 4500."""
    assert cost(2, 40, 0, True, True, 0, 0, RCR)["total"] == 3900
    paid = cost(2, 40, 0, True, True, 2, 0, RCR)
    assert (paid["main"], paid["additional"], paid["main_bonus"], paid["total"]) == (1300, 1300, 200, 4500)


def test_brief_example_3_non_dealer_tsumo_haneman():
    paid = cost(6, 30, 0, False, True, 0, 0, RCR)
    assert (paid["main"], paid["additional"], paid["total"]) == (6000, 3000, 12000)


def test_dealer_ron_is_six_times_base():
    assert cost(5, 30, 0, True, False, 0, 0, RCR)["main"] == 12000
    assert cost(5, 30, 0, False, False, 0, 0, RCR)["main"] == 8000


def test_whole_hand_baiman_dealer_tsumo():
    """Dealer, closed tsumo, riichi + tsumo + pinfu + chinitsu... 9 han = baiman, 8000 from each."""
    result = score("234456678m22m78m", "9m", seat="E", self_drawn=True, flags=("riichi",))
    assert result["han"] == 9 and result["cost"]["yaku_level"] == "baiman"
    assert (result["cost"]["main"], result["cost"]["additional"], result["cost"]["total"]) == (8000, 8000, 24000)


def test_several_yakuman_count_once_under_rcr():
    """Seed 003 item 11: 不设役满复合（多个役满只计一个）; the Tenhou profile adds them up.

    Daisuushii + tsuuiisou + suu ankou tanki (111z222z333z444z + 5z pair, ron on 5z).
    """
    rcr = score("111z222z333z444z5z", "5z")
    tenhou = score("111z222z333z444z5z", "5z", profile="tenhou")
    names = {"Dai Suushii", "Suu Ankou Tanki", "Tsuu Iisou"}
    assert {y["name"] for y in rcr["yaku"]} == names == {y["name"] for y in tenhou["yaku"]}
    assert (rcr["han"], rcr["cost"]["main"], rcr["cost"]["yaku_level"]) == (13, 32000, "yakuman")
    assert (tenhou["han"], tenhou["cost"]["main"], tenhou["cost"]["yaku_level"]) == (65, 160000, "5x yakuman")


def test_no_double_yakuman_under_rcr():
    """Seed 003 item 11: 不设多倍役满 — 13-wait kokushi is one yakuman under RCR, two under Tenhou."""
    assert score("19m19p19s1234567z", "1m")["cost"]["main"] == 32000
    assert score("19m19p19s1234567z", "1m", profile="tenhou")["cost"]["main"] == 64000


@pytest.mark.parametrize("ready, expected", [
    ((True, False, False, False), (1500, -500, -500, -500)),
    ((True, True, False, False), (1000, 1000, -1000, -1000)),
    ((True, True, True, False), (500, 500, 500, -1500)),
    ((False, False, False, False), (0, 0, 0, 0)),
    ((True, True, True, True), (0, 0, 0, 0)),
])
def test_rcr_noten_settlement_is_a_fixed_2000_difference(ready, expected):
    """Seed 003 item 7: 听牌分数为固定分差2000分."""
    assert draw_payments(RCR, ready) == expected


def test_tenhou_noten_settlement_is_the_3000_pool():
    assert draw_payments(TENHOU, (True, False, False, False)) == (3000, -1000, -1000, -1000)


def test_pao_brief_example_4():
    """Non-dealer daisangen, A liable: ron from C -> C 16000 + A 16000; tsumo -> A pays 32000."""
    ron = score("555z666z23m55p", "4m", melds=["777z"])
    assert pao_payments(RCR, [y["name"] for y in ron["yaku"]], ron["cost"], self_drawn=False) == {
        "liable": 16000, "discarder": 16000}
    tsumo = score("555z666z23m55p", "4m", melds=["777z"], self_drawn=True, honba=1)
    assert pao_payments(RCR, [y["name"] for y in tsumo["yaku"]], tsumo["cost"], self_drawn=True) == {
        "liable": 32300, "discarder": 0}


def test_no_pao_for_other_yakuman():
    result = score("111z222z333z44z23m", "4m")
    assert pao_payments(RCR, [y["name"] for y in result["yaku"]], result["cost"], self_drawn=False) is None
