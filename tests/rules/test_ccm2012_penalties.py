"""CCM 2012 offences as data: the sanctions seed 001 states (lines 86, 107, 111, 115; brief §9)."""

from firmware.rules.ccm2012.penalties import OFFENCES, offence_for


def test_the_seeds_sanctions():
    """Line 115 诈和: fined + 相公; line 111 多张/少张: 相公; line 86 a discarded flower: 相公;
    line 107 罚张 in its two forms, then 相公."""
    sanctions = {code: (o.fined, o.xianggong, o.penalty_tile) for code, o in OFFENCES.items()}
    assert sanctions["false_win"] == (True, True, None)
    assert sanctions["wrong_count"] == (False, True, None)
    assert sanctions["flower_discarded"] == (False, True, None)
    assert sanctions["penalty_tile_shown"] == (False, True, "shown")
    assert sanctions["penalty_tile_drawn"] == (False, True, "referee_draws")


def test_offences_of_the_missing_chapter_are_fined_by_the_organiser():
    """Brief §9 / AMB-7: 错吃, 错碰, 空碰, lateness: amounts unknown."""
    assert all(OFFENCES[code].fined for code in ("wrong_chow", "wrong_pung", "empty_pung", "late"))


def test_verdict_to_offence():
    assert offence_for("not_win", 3).zh == "诈和"
    assert offence_for("bad_tile_count", None).zh == "多张/少张"
    assert offence_for("win", 0) is None and offence_for("invalid_tiles", None) is None
