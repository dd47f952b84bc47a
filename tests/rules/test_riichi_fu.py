"""Fu edge cases, computed by hand: pinfu tsumo, open pinfu shape, kongs, seven pairs, waits, pairs."""

import pytest
from riichi_records import score


def _fu(result: dict) -> tuple[int, list[tuple[str, int]]]:
    return result["fu"], [(d["reason"], d["fu"]) for d in result["fu_details"]]


def test_pinfu_tsumo_is_20_fu_without_tsumo_fu():
    result = score("234567m234p55s78s", "9s", self_drawn=True)
    assert _fu(result) == (20, [("base", 20)])
    assert result["han"] == 2  # menzen tsumo + pinfu


def test_pinfu_ron_is_30_fu():
    assert _fu(score("234567m234p55s78s", "9s")) == (30, [("base", 30)])


def test_open_pinfu_shape_gets_2_fu_to_reach_30():
    """Open, all runs, plain pair, two-sided wait: 20 + 2 ("hand_without_fu") rounds to 30."""
    result = score("567m234p55s67s", "8s", melds=["234m"])
    assert _fu(result) == (30, [("base", 20), ("hand_without_fu", 2)])
    assert result["cost"]["main"] == 1000  # 1 han 30 fu, non-dealer ron


def test_tsumo_fu_when_the_hand_is_not_pinfu():
    """Closed tsumo with a closed pung: 20 + 4 + 2 (tsumo) = 26 -> 30."""
    result = score("222m567m234p55s78s", "9s", self_drawn=True)
    assert _fu(result) == (30, [("base", 20), ("closed_pon", 4), ("tsumo", 2)])


@pytest.mark.parametrize("meld, reason, fu", [
    ("2222m", "open_kan", 8), ("[2222m]", "closed_kan", 16),
    ("9999m", "open_terminal_kan", 16), ("[9999m]", "closed_terminal_kan", 32),
    ("+1111z", "open_terminal_kan", 16),
])
def test_kong_fu(meld, reason, fu):
    """A kong is four times a pung; an added kong is open. (Riichi or houtei supplies a yaku.)"""
    result = score("567m234p55s67s", "8s", melds=[meld], flags=("riichi",) if meld.startswith("[") else ("houtei",))
    _, details = _fu(result)
    assert (reason, fu) in details


def test_closed_terminal_kong_total():
    """30 (closed ron) + 32 (closed kong of 9m) = 62 -> 70 fu."""
    result = score("567m234p55s67s", "8s", melds=["[9999m]"], flags=("riichi",))
    assert result["fu"] == 70


def test_chiitoitsu_is_25_fu_unrounded():
    result = score("1122m3344p5566s7z", "7z")
    assert _fu(result) == (25, [("base", 25)])
    assert result["cost"]["main"] == 1600  # 2 han 25 fu, non-dealer ron


def test_chiitoitsu_tsumo_is_still_25():
    assert score("1122m3344p5566s7z", "7z", self_drawn=True)["fu"] == 25


@pytest.mark.parametrize("concealed, win, reason", [
    ("234567m234p55s79s", "8s", "kanchan"),
    ("234567m234p55s12s", "3s", "penchan"),
    ("234567m234p55s89s", "7s", "penchan"),
    ("234567m234p789s5s", "5s", "pair_wait"),
])
def test_single_waits_add_2(concealed, win, reason):
    result = score(concealed, win, flags=("riichi",))
    assert (reason, 2) in _fu(result)[1]
    assert result["fu"] == 40  # 30 + 2 -> 40, and no pinfu
    assert "Pinfu" not in {y["name"] for y in result["yaku"]}


def test_pung_completed_by_discard_counts_open():
    """Shanpon ron on 2m: the 222m pung is open (2), the 55s pair stays; 30 + 2 -> 40."""
    result = score("22m567m234p55s789s", "2m", flags=("riichi",))
    assert ("open_pon", 2) in _fu(result)[1]
    assert result["fu"] == 40


@pytest.mark.parametrize("pair, seat, round_, reason, fu", [
    ("5z", "S", "E", "valued_pair", 2), ("2z", "S", "E", "valued_pair", 2),
    ("1z", "E", "E", "double_valued_pair", 4), ("3z", "S", "E", None, 0),
])
def test_pair_fu(pair, seat, round_, reason, fu):
    """Dragon, seat- or round-wind pair 2; a double-wind pair 4 (brief AMB-5); an other-wind pair nothing."""
    result = score(f"234567m234p{pair * 2}78s", "9s", seat=seat, round_=round_, flags=("riichi",))
    details = _fu(result)[1]
    if reason:
        assert (reason, fu) in details
    else:
        assert details == [("base", 30)]
