"""Each ambiguity of the brief (§10, AMB-1..8) is a named setting with the brief's default; these
tests pin the defaults and show what the other choice does (AMB-1 and AMB-8 are in
test_ccm2012_verdict.py, where they act)."""

from dataclasses import replace

from firmware.rules.ccm2012.events import ChaseDiscards, HangTile, Kong, KongKind, Penalty, Win
from firmware.rules.ccm2012.liability import Liabilities
from firmware.rules.ccm2012.payments import settle
from firmware.rules.ccm2012.position import Position
from firmware.rules.ccm2012.settings import (DEFAULT, DangerLiability, Doubling, FlowerKong, KongDealIn,
                                             OrganiserTables, WinShares)
from firmware.rules.tiles import parse_tile, parse_tiles

REPEATING = Position(dealer_repeats=2)


def _gains(settlement, start=100) -> list[int]:
    return [c - start for c in settlement.chips]


def test_amb2_win_shares():
    """AMB-2 default: V from each on a self-draw, 2V from the discarder alone; a venue where the
    others pay V on a discard too: V = 10 off seat 1 → 20 + 10 + 10."""
    assert DEFAULT.win_shares == WinShares(self_draw_each=1, discarder=2, others_on_discard=0)
    everyone = replace(DEFAULT, win_shares=WinShares(others_on_discard=1))
    assert _gains(settle([Win(0, 10, discarder=1)], settings=everyone)) == [40, -20, -10, -10]


def test_amb3_kong_deal_in_is_the_robbed_kong_only():
    """AMB-3 default: a discard right after the discarder's kong is an ordinary deal-in (2V = 20);
    on the wider reading the kong's owner pays 3V = 30."""
    win = Win(0, 10, discarder=2, after_kong=True)
    assert DEFAULT.kong_deal_in == KongDealIn(multiple=3, after_kong_discard=False)
    assert _gains(settle([win])) == [20, 0, -20, 0]
    wider = replace(DEFAULT, kong_deal_in=KongDealIn(after_kong_discard=True))
    assert _gains(settle([win], settings=wider)) == [30, 0, -30, 0]


def test_amb4_doubling_covers_kongs_and_chase():
    """AMB-4 default ("全面翻倍"): under 倍打 a concealed kong is 12 from each, 追牌 8 to each;
    otherwise 6 and 4."""
    assert DEFAULT.doubling == Doubling(factor=2, covers_kongs_and_chase=True)
    events = [Kong(1, KongKind.CONCEALED), ChaseDiscards(0)]
    assert _gains(settle(events, REPEATING)) == [-36, 44, -4, -4]
    wins_only = replace(DEFAULT, doubling=Doubling(covers_kongs_and_chase=False))
    assert _gains(settle(events, REPEATING, wins_only)) == [-18, 22, -2, -2]


def test_amb5_flower_kong_is_four_seasons_or_four_plants():
    """AMB-5 default: all of 春夏秋冬 or all of 梅兰竹菊; no extra replacement tile."""
    rule = DEFAULT.flower_kong
    assert rule == FlowerKong()
    assert rule.forms_kong("春夏秋冬") and rule.forms_kong("竹梅菊兰")
    assert not rule.forms_kong("春夏秋梅")
    assert rule.extra_replacement is False


def test_amb6_related_tiles_and_pays_for_all_three():
    """AMB-6 default: rank ±2 in the suit, cut at the ends; every wind for a wind, every dragon
    for a dragon; the liable player pays 3V."""
    assert DEFAULT.danger == DangerLiability(span=2, pays_for_all_three=3)
    related = Liabilities(DEFAULT.danger).related
    assert related(parse_tile("5p")) == frozenset(parse_tiles("34567p"))
    assert related(parse_tile("1s")) == frozenset(parse_tiles("123s"))
    assert related(parse_tile("3z")) == frozenset(parse_tiles("1234z"))
    assert related(parse_tile("6z")) == frozenset(parse_tiles("567z"))
    narrow = DangerLiability(span=1, pays_for_all_three=2)
    assert Liabilities(narrow).related(parse_tile("5p")) == frozenset(parse_tiles("456p"))
    events = [HangTile(3, parse_tile("5p")), Win(3, 10, discarder=0, win_tile=parse_tile("5p"))]
    assert _gains(settle(events, settings=replace(DEFAULT, danger=narrow))) == [-20, 0, 0, 20]


def test_amb7_penalty_amounts_come_from_the_organiser():
    """AMB-7 default: no amounts; given one, a penalty is a deduction only (nobody gains)."""
    assert DEFAULT.organiser == OrganiserTables() and DEFAULT.organiser.points_for("false_win") is None
    venue = replace(DEFAULT, organiser=OrganiserTables(penalty_points=(("false_win", 10),)))
    settlement = settle([Penalty(2, "false_win")], settings=venue)
    assert _gains(settlement) == [0, 0, -10, 0]
    assert settlement.transfers[0].payee is None
