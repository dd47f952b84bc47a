"""包付, worked by hand from seed 001 lines 130-133 and brief §6 "Liability". Seats 0..3 in turn
order: seat 1 is seat 0's next player (下家) and may chow seat 0's discards."""

from firmware.rules.ccm2012.events import Call, CallKind, HangTile, SwapHungTile, Win
from firmware.rules.ccm2012.payments import settle
from firmware.rules.ccm2012.transfers import Reason
from firmware.rules.tiles import parse_tile

CHOW, PUNG = CallKind.CHOW, CallKind.PUNG


def _gains(settlement) -> list[int]:
    return [c - 100 for c in settlement.chips]


def _three_calls(caller=1, feeder=0):
    return [Call(caller, feeder, CHOW, parse_tile("3m")), Call(caller, feeder, PUNG, parse_tile("7p")),
            Call(caller, feeder, CHOW, parse_tile("5s"))]


def test_worked_example_4_three_calls_self_drawn():
    """Brief §6 example 4 / line 130: V = 14, the caller self-draws: the feeder alone pays 42."""
    settlement = settle([*_three_calls(), Win(1, 14)])
    assert _gains(settlement) == [-42, 42, 0, 0]
    assert settlement.transfers[0].reason is Reason.THREE_CALL


def test_three_call_liability_is_mutual():
    """Line 130 "反之…即形成互相包牌": the feeder wins on a third player's discard; the caller pays 3V = 30."""
    assert _gains(settle([*_three_calls(), Win(0, 10, discarder=2)])) == [30, -30, 0, 0]


def test_three_pungs_in_a_row_by_one_player():
    """Line 130 "某家从起初被一家连续碰三次牌": seat 3 pungs seat 1 three times, then self-draws V = 10:
    seat 1 alone pays 30."""
    pungs = [Call(3, 1, PUNG, parse_tile(t)) for t in ("2z", "5p", "9s")]
    assert _gains(settle([*pungs, Win(3, 10)])) == [0, -30, 0, 30]


def test_a_pung_by_someone_else_breaks_the_run():
    """Line 130 "连续": seat 0 pungs seat 1 between seat 3's pungs: no liability, a normal self-draw."""
    calls = [Call(3, 1, PUNG, parse_tile("2z")), Call(0, 1, PUNG, parse_tile("4z")),
             Call(3, 1, PUNG, parse_tile("5p")), Call(3, 1, PUNG, parse_tile("9s"))]
    assert _gains(settle([*calls, Win(3, 10)])) == [-10, -10, -10, 30]


def test_seed_over_brief_three_calls_must_be_in_a_row():
    """Seed line 130 "总计连续" over the brief's "in total": seat 1 calls seat 0, then seat 3's tile,
    then seat 0 twice more: three calls on seat 0 in total but not in a row: a normal discard win
    (2V = 20 from seat 2)."""
    calls = [Call(1, 0, CHOW, parse_tile("3m")), Call(1, 3, PUNG, parse_tile("1z")),
             Call(1, 0, CHOW, parse_tile("5s")), Call(1, 0, PUNG, parse_tile("8p"))]
    assert _gains(settle([*calls, Win(1, 10, discarder=2)])) == [0, 20, -20, 0]


def _one_suit_melds(caller=2):
    """Seat 2 shows three dot melds: a chow off seat 1 and pungs off seats 0 and 3."""
    return [Call(caller, 1, CHOW, parse_tile("2p")), Call(caller, 0, PUNG, parse_tile("5p")),
            Call(caller, 3, PUNG, parse_tile("9p"))]


def test_flush_danger_feeding_a_fourth_one_suit_call():
    """Line 132: seat 0 feeds seat 2 a fourth dot pung; seat 2 self-draws V = 30: seat 0 pays 90."""
    events = [*_one_suit_melds(), Call(2, 0, PUNG, parse_tile("7p")), Win(2, 30)]
    settlement = settle(events)
    assert _gains(settlement) == [-90, 0, 90, 0]
    assert settlement.transfers[0].reason is Reason.FLUSH_DANGER


def test_flush_danger_dealing_in_to_a_real_flush():
    """Line 132 "任何一家点炮实际为清一": seat 1 deals in to seat 2's full flush, V = 30: 3V = 90."""
    assert _gains(settle([*_one_suit_melds(), Win(2, 30, discarder=1, full_flush=True)])) == [0, -90, 90, 0]


def test_flush_danger_but_not_a_flush_is_a_normal_deal_in():
    """Line 132: the hand was not a real flush: the discarder pays 2V = 20."""
    assert _gains(settle([*_one_suit_melds(), Win(2, 10, discarder=1)])) == [0, -20, 20, 0]


def test_hung_tile_deal_in():
    """Line 133: seat 3 hangs 5p; seat 0 deals 5p in, V = 12: seat 0 pays for all three, 36."""
    settlement = settle([HangTile(3, parse_tile("5p")), Win(3, 12, discarder=0, win_tile=parse_tile("5p"))])
    assert _gains(settlement) == [-36, 0, 0, 36]
    assert settlement.transfers[0].reason is Reason.HUNG_TILE


def test_hung_tile_swapped_is_a_normal_deal_in():
    """Line 133 "挂牌方换牌后，点炮方不再包牌，仅处理为点炮": after the swap, 2V = 24."""
    events = [HangTile(3, parse_tile("5p")), SwapHungTile(3), HangTile(3, parse_tile("6p")),
              Win(3, 12, discarder=0, win_tile=parse_tile("6p"))]
    assert _gains(settle(events)) == [-24, 0, 0, 24]
