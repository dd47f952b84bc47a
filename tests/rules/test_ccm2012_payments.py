"""CCM 2012 payments worked by hand: brief §6 worked examples, 倍打, kongs, 追牌, several winners,
the 0-point discarder and the ban on a non-victory finish (brief §8, seed lines 90, 121-126, 135).
Seats 0..3 in turn order; everyone starts with 100 unless a position says otherwise."""

from firmware.rules.ccm2012.events import ChaseDiscards, Kong, KongKind, Penalty, Win
from firmware.rules.ccm2012.position import CHIP_SET, STARTING_CHIPS, Position, after_game, next_position
from firmware.rules.ccm2012.payments import NO_VICTORY, ZERO_DISCARDER, settle
from firmware.rules.ccm2012.transfers import Reason

REPEATING = Position(dealer_repeats=1)


def _gains(settlement, start=(100, 100, 100, 100)) -> list[int]:
    return [after - before for after, before in zip(settlement.chips, start)]


def test_worked_example_1_self_draw():
    """Brief §6 example 1: V = 14 self-drawn: each pays 14, the winner gains 42."""
    assert _gains(settle([Win(0, 14)])) == [42, -14, -14, -14]


def test_worked_example_1_on_a_discard():
    """Brief §6 example 1 / seed line 103: the discarder alone pays 2V = 28."""
    assert _gains(settle([Win(2, 14, discarder=1)])) == [0, -28, 28, 0]


def test_worked_example_2_doubled_while_the_dealer_repeats():
    """Brief §6 example 2 / seed line 121: 倍打, self-draw 28 each (+84); a discard 56."""
    assert _gains(settle([Win(0, 14)], REPEATING)) == [84, -28, -28, -28]
    assert _gains(settle([Win(3, 14, discarder=1)], REPEATING)) == [0, -56, 0, 56]


def test_worked_example_3_kongs_paid_at_once():
    """Brief §6 example 3 / seed line 90: concealed kong +6 from each; a melded kong off B: B pays 12."""
    assert _gains(settle([Kong(0, KongKind.CONCEALED)])) == [18, -6, -6, -6]
    assert _gains(settle([Kong(2, KongKind.MELDED, discarder=1)])) == [0, -12, 12, 0]


def test_added_and_flower_kongs():
    """Brief §6 [ASSUME] added kong 4 from each; seed line 90 flower kong 8 from each."""
    assert _gains(settle([Kong(1, KongKind.ADDED)])) == [-4, 12, -4, -4]
    assert _gains(settle([Kong(3, KongKind.FLOWER)])) == [-8, -8, -8, 24]


def test_worked_example_5_chase():
    """Brief §6 example 5 / seed line 138: four identical discards: the first pays 4 to each."""
    settlement = settle([ChaseDiscards(2)])
    assert _gains(settlement) == [4, 4, -12, 4]
    assert {t.reason for t in settlement.transfers} == {Reason.CHASE}


def test_robbed_kong_owner_pays_three_times():
    """Seed line 103: "杠牌者一家支付和牌者三倍分": V = 10 robbed from seat 3: 30."""
    settlement = settle([Win(0, 10, discarder=3, robbed_kong=True)])
    assert _gains(settlement) == [30, 0, 0, -30]
    assert settlement.transfers[0].reason is Reason.ROBBED_KONG


def test_doubling_over_three_repeats_never_compounds():
    """Seed lines 74, 121 ("连续坐庄继续倍打，但不再加倍计分"): the dealer (seat 0) wins three times
    running, ×1 then ×2, ×2, ×2; a non-dealer's win passes the deal and ends the ×2.
    Hand 1 self-draw V=10: +30 → 130/90/90/90. Hand 2 (1st repeat) V=10: 20 each → 190/70/70/70.
    Hand 3 (2nd repeat) V=5: 10 each → 220/60/60/60. Hand 4 (3rd repeat): seat 2 wins V=5 off
    seat 0: 2V × 2 = 20 → 200/60/80/60. Hand 5, seat 1 deals, ×1: seat 1 wins V=5 off seat 3: 10,
    and as the dealer it keeps the deal: a new run of repeats begins."""
    position, chips_seen = Position(), []
    for win in (Win(0, 10), Win(0, 10), Win(0, 5), Win(2, 5, discarder=0), Win(1, 5, discarder=3)):
        settlement = settle([win], position)
        chips_seen.append(settlement.chips)
        position = next_position(position, settlement.chips, settlement.dealer_won)
        if len(chips_seen) <= 3:
            assert (position.dealer, position.dealer_repeats) == (0, len(chips_seen))
    assert chips_seen == [(130, 90, 90, 90), (190, 70, 70, 70), (220, 60, 60, 60), (200, 60, 80, 60),
                          (200, 70, 80, 50)]
    assert (position.dealer, position.dealer_repeats) == (1, 1)


def test_a_draw_passes_the_deal():
    """Seed line 113: 荒牌移庄."""
    settlement = settle([], REPEATING)
    assert (settlement.dealer_won, next_position(REPEATING, settlement.chips, False).dealer) == (False, 1)


def test_several_winners_are_paid_counter_clockwise_from_the_discarder():
    """Seed line 135: seat 3 deals in to seats 1 and 0, V = 10 each (20 each); seat 0 is next
    counter-clockwise from seat 3, so it is paid first; seat 3 holds only 30, so seat 1 gets 10."""
    settlement = settle([Win(1, 10, discarder=3), Win(0, 10, discarder=3)], Position((100, 100, 170, 30)))
    assert [(t.payee, t.points) for t in settlement.transfers] == [(0, 20), (1, 10)]
    assert settlement.chips == (120, 110, 170, 0)


def test_nobody_may_win_off_a_discarder_without_points():
    """Seed line 135: "盘面无分者点炮，禁止和牌"."""
    settlement = settle([Win(1, 10, discarder=0)], Position((0, 100, 150, 150)))
    assert settlement.chips == (0, 100, 150, 150)
    assert [u.reason for u in settlement.unsettled] == [ZERO_DISCARDER]


def test_a_win_that_ends_the_game_with_someone_else_first_is_refused():
    """Brief §8 / seed lines 124-125: seat 0 has 0; seat 2 wins V = 14 off seat 1 (28, but seat 1
    holds 20), leaving seat 1 at 0 too: the game would end with seat 3 (230) ahead of seat 2
    (170), so the win is refused and play goes on; seat 3's own win there ends the game."""
    start = Position((0, 20, 150, 230))
    refused = settle([Win(2, 14, discarder=1)], start)
    assert (refused.chips, refused.game_over, refused.transfers) == ((0, 20, 150, 230), False, ())
    assert [u.reason for u in refused.unsettled] == [NO_VICTORY]
    allowed = settle([Win(3, 14, discarder=1)], start)
    assert (allowed.chips, allowed.game_over) == ((0, 0, 150, 250), True)


def test_on_the_last_hand_only_a_win_that_leaves_the_winner_first_stands():
    """Brief §8: a win on the last scheduled hand ends the game, so seat 1 (90 → 120) may not
    win while seat 0 holds 130; seat 0 may."""
    last = Position((130, 90, 90, 90), final_hand=True)
    assert [u.reason for u in settle([Win(1, 10)], last).unsettled] == [NO_VICTORY]
    assert settle([Win(0, 10)], last).chips == (160, 80, 80, 80)


def test_a_kong_that_would_end_the_game_is_held_outside_and_scores_only_for_a_first_finisher():
    """Seed lines 90, 126: seat 2's concealed kong (6 from each; seat 0 holds nothing) would leave
    seats 0 and 1 at 0 with seat 3 first: held outside the table. At the game's end it counts only
    if seat 2 finished first."""
    settlement = settle([Kong(2, KongKind.CONCEALED)], Position((0, 6, 150, 244)))
    assert settlement.chips == (0, 6, 150, 244) and not settlement.game_over
    assert [(t.payer, t.points) for t in settlement.deferred] == [(3, 6), (0, 6), (1, 6)]
    assert after_game((0, 6, 150, 244), settlement.deferred) == (0, 6, 150, 244)
    assert after_game((0, 6, 250, 144), settlement.deferred) == (-6, 0, 268, 138)


def test_chips_are_a_hundred_each():
    """Seed line 142: 50×1 + 10×4 + 2×5 = 100 per player."""
    assert sum(value * n for value, n in CHIP_SET) == STARTING_CHIPS == 100
    assert Position().chips == (100, 100, 100, 100)


def test_nothing_moves_after_the_game_has_ended():
    """Seed line 123: two players without points end the game."""
    settlement = settle([Kong(2, KongKind.CONCEALED), Win(2, 10)], Position((0, 0, 200, 200)))
    assert settlement.chips == (0, 0, 200, 200) and len(settlement.unsettled) == 2


def test_a_penalty_without_an_organiser_amount_moves_nothing():
    """Brief §9 / AMB-7: the amounts are in the missing chapter."""
    settlement = settle([Penalty(1, "false_win")])
    assert settlement.chips == (100, 100, 100, 100) and len(settlement.unsettled) == 1


def test_a_penalty_that_would_end_the_game_is_held_outside_and_added_after():
    """Seed line 126 ("处罚…只能挂于盘外，局结后累积得分"): a 10-point penalty would leave seat 1 at 0
    beside seat 0, with seat 3 first: held, then deducted from the game score."""
    from dataclasses import replace

    from firmware.rules.ccm2012.settings import DEFAULT, OrganiserTables
    venue = replace(DEFAULT, organiser=OrganiserTables(penalty_points=(("wrong_pung", 10),)))
    settlement = settle([Penalty(1, "wrong_pung")], Position((0, 10, 190, 200)), venue)
    assert settlement.chips == (0, 10, 190, 200) and len(settlement.deferred) == 1
    assert after_game(settlement.chips, settlement.deferred) == (0, 0, 190, 200)
