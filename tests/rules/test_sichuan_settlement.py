"""Whole-hand settlement worked by hand from the brief (§3 kongs, §5 payments and its worked
examples) and the seed's lines 21-43 and 65-86. Seats: A=0 (E), B=1, C=2, D=3, counter-clockwise.
"""

from dataclasses import replace

import pytest

from firmware.rules.sichuan import TMT2016, settle
from firmware.rules.sichuan.events import (DiscardWin, Kong, KongKind, RobbedKong, SelfDraw, StandingHand,
                                           TimeUp, WallEmpty, Winner)
from firmware.rules.sichuan.settlement import End, Reason, SettlementError
from firmware.rules.tiles import parse_tiles

A, B, C, D = range(4)
M, P, S = range(3)
NOT_READY = "124578m124578p9p"  # no set, six partials: far from ready, holds m and p only


def standing(seat: int, tiles: str, void: int, melds=(), dead: bool = False) -> StandingHand:
    return StandingHand(seat, tuple(parse_tiles(tiles)), void, tuple(melds), dead)


def moves(settlement) -> list[tuple]:
    return [(t.payer, t.payee, t.amount, t.reason.value) for t in settlement.transfers]


# --- the brief's worked examples ---------------------------------------------------------------------

def test_example_1_self_draw_is_paid_by_every_player_still_in():
    """Ex. 1: 5 fan -> 16 from each of B, C, D; A +48 (seed line 78)."""
    done = settle([SelfDraw(A, 5)])
    assert done.net == (48, -16, -16, -16)
    assert {t.reason for t in done.transfers} == {Reason.SELF_DRAW}


def test_example_2_ron_is_paid_by_the_discarder():
    """Ex. 2: 3 fan -> B pays C 4 (seed line 80)."""
    assert settle([DiscardWin(B, (Winner(C, 3),))]).net == (0, -4, 4, 0)


def test_example_3_kong_shot_moves_the_kong_income():
    """Ex. 3: B's concealed kong +2 from each; B deals in to C's 4-fan hand: 8, plus the 6 (呼叫转移)."""
    done = settle([Kong(B, KongKind.CONCEALED), DiscardWin(B, (Winner(C, 4),), after_kong=True)])
    assert moves(done) == [(A, B, 2, "下雨"), (C, B, 2, "下雨"), (D, B, 2, "下雨"),
                           (B, C, 8, "点炮"), (B, C, 6, "呼叫转移")]
    assert done.net == (-2, -8, 12, -2)


def test_example_4_the_cap_limits_each_payer_to_16():
    """Ex. 4: 6 fan = ×32, capped at 16 from each payer."""
    assert settle([SelfDraw(C, 6)]).net == (-16, -16, 48, -16)


def test_example_5_flower_pig_then_not_ready_then_refund():
    """Ex. 5: A has won (1 fan self-draw: 1 from each). B ready, best 清一色 3 fan = 4. C not ready,
    holding 2 from a direct kong off D. D is a 花猪 (void m, holds 123m).
    At the draw: D pays 16 to each of A, B, C; C pays B 4; C refunds 2 to D.
    Draw only: A +16, B +20, C +10, D −46 (the brief's figures); with the kong and A's win:
    A 1+1+1+16 = 19, B −1+16+4 = 19, C 2−1+16−4−2 = 11, D −2−1−48+2 = −49."""
    events = [Kong(C, KongKind.DIRECT, discarder=D), SelfDraw(A, 1),
              WallEmpty((standing(B, "1223344556789m", P),
                         standing(C, "1357m123456789p", S),
                         standing(D, "123m456p789p1122p", M)))]
    done = settle(events)
    at_draw = moves(done)[4:]
    assert at_draw == [(D, A, 16, "查花猪"), (D, B, 16, "查花猪"), (D, C, 16, "查花猪"),
                       (C, B, 4, "查大叫"), (C, D, 2, "退税")]
    draw_net = [0] * 4
    for payer, payee, amount, _ in at_draw:
        draw_net[payer] -= amount
        draw_net[payee] += amount
    assert draw_net == [16, 20, 10, -46]
    assert done.net == (19, 19, 11, -49)
    assert (done.end, done.flower_pigs, done.ready) == (End.WALL_EMPTY, (D,), (B,))


# --- kongs (brief §3, seed lines 65-69) -----------------------------------------------------------------

def test_direct_kong_is_paid_by_the_discarder_only():
    """直杠: 2 from the discarder (seed line 67: 收取点杠玩家2倍底分（承包制）)."""
    assert moves(settle([Kong(A, KongKind.DIRECT, discarder=C)])) == [(C, A, 2, "直杠")]


def test_added_kong_collects_one_from_each_player_still_in():
    """面下杠: 1 from each other player who has not won (seed line 68: 收取其他未报和者1倍底分)."""
    assert settle([Kong(D, KongKind.ADDED)]).net == (-1, -1, -1, 3)


def test_kongs_after_a_win_are_paid_by_those_still_in():
    """Seed lines 67-69 (未报和者 pay). A wins (1 each). B's concealed kong: C, D pay 2. C's added kong: B, D pay 1.
    D's direct kong off B: 2.
    A +3; B −1 +4 −1 −2 = 0; C −1 −2 +2 = −1; D −1 −2 −1 +2 = −2."""
    done = settle([SelfDraw(A, 1), Kong(B, KongKind.CONCEALED), Kong(C, KongKind.ADDED),
                   Kong(D, KongKind.DIRECT, discarder=B)])
    assert done.net == (3, 0, -1, -2)


def test_a_late_added_kong_collects_nothing():
    """An added kong made later from the hand, or on a pon that could have been a direct kong (seed lines 23, 25)."""
    assert settle([Kong(A, KongKind.LATE_ADDED)]).transfers == ()


def test_a_robbed_kong_pays_nothing_and_its_maker_pays_each_robber():
    """抢杠 by C (2 fan -> 2) and D (1 fan -> 1): B pays both; no kong income (seed line 25: 刮风无效)."""
    done = settle([RobbedKong(B, (Winner(C, 2), Winner(D, 1)))])
    assert moves(done) == [(B, C, 2, "抢杠"), (B, D, 1, "抢杠")]
    assert done.winners == (C, D)


# --- wins, bloody continuation (seed lines 31, 33, 78-80) ---------------------------------------------

def test_three_winners_end_the_hand():
    """Seed line 33 (until three have won).
    A self-draws 1 fan (B, C, D pay 1); B rons C's discard, 2 fan (C pays 2); C self-draws 3 fan (D pays 4).
    A +3, B −1 +2 = 1, C −1 −2 +4 = 1, D −1 −4 = −5."""
    done = settle([SelfDraw(A, 1), DiscardWin(C, (Winner(B, 2),)), SelfDraw(C, 3)])
    assert done.net == (3, 1, 1, -5)
    assert (done.end, done.winners) == (End.THREE_WON, (A, B, C))
    with pytest.raises(SettlementError, match="after the hand ended"):
        settle([SelfDraw(A, 1), DiscardWin(C, (Winner(B, 2),)), SelfDraw(C, 3), Kong(D, KongKind.CONCEALED)])


def test_multiple_ron_the_discarder_pays_each_winner():
    """Seed line 31 and brief §5: D deals in to A (2 fan -> 2) and B (4 fan -> 8), paying each: D −10."""
    done = settle([DiscardWin(D, (Winner(B, 4), Winner(A, 2)))])
    assert done.net == (2, 8, 0, -10)
    assert done.winners == (A, B)  # counter-clockwise from the discarder D


def test_kong_shot_with_multiple_ron_goes_to_the_first_winner_counter_clockwise():
    """Seed line 70, brief §3 AMB-5. B's concealed kong (+6); B deals in to A (1 fan -> 1) and C (3 fan -> 4).
    From B, C comes first
    counter-clockwise, so C gets the 6 (brief AMB-5). A −2 +1 = −1; B 6 −5 −6 = −5; C −2 +4 +6 = 8; D −2."""
    done = settle([Kong(B, KongKind.CONCEALED), DiscardWin(B, (Winner(A, 1), Winner(C, 3)), after_kong=True)])
    assert done.net == (-1, -5, 8, -2)
    assert (B, C, 6, "呼叫转移") in moves(done)


def test_kong_shot_moves_only_the_last_kong_by_default():
    """B: direct kong off A (+2), then a concealed kong (+6), then 杠上炮 to C, 2 fan: only the 6 moves (AMB-5).
    A −2 −2 = −4; B 2 +6 −2 −6 = 0; C −2 +2 +6 = 6; D −2."""
    done = settle([Kong(B, KongKind.DIRECT, discarder=A), Kong(B, KongKind.CONCEALED),
                   DiscardWin(B, (Winner(C, 2),), after_kong=True)])
    assert done.net == (-4, 0, 6, -2)


def test_moved_kong_income_is_not_refunded_again_at_the_draw():
    """Seed lines 70 and 43. B's concealed kong (+6) moves to C on 杠上炮 (C 1 fan: 1). At the draw B is not ready:
    it holds no
    kong income any more, so it refunds nothing. A (dead), D not ready either; nobody is ready: no 查大叫.
    A −2; B 6 −1 −6 = −1; C −2 +1 +6 = 5; D −2."""
    events = [Kong(B, KongKind.CONCEALED), DiscardWin(B, (Winner(C, 1),), after_kong=True),
              WallEmpty((standing(A, "124579m1349p", S, dead=True),
                         standing(B, "12458m12568p147p", S),
                         standing(D, "12458m12568p369p", S)))]
    done = settle(events)
    assert [t for t in done.transfers if t.reason is Reason.KONG_REFUND] == []
    assert done.net == (-2, -1, 5, -2)


# --- the exhaustive draw (seed lines 37-43, brief §5) -----------------------------------------------------

def test_not_ready_players_pay_every_ready_player_and_refund_their_kongs(meld):
    """Seed line 43, brief §5 step 2. No winner.
    A's added kong (B, C, D pay 1); D's concealed kong (A, B, C pay 2). At the draw B is ready
    (best 清一色 3 fan = 4), C is ready (waits 2p/5p, 平和 1 fan = 1), A and D are not.
    A and D each pay B 4 and C 1, and refund their kong income: the refunds cancel the kongs, so
    the net is the 查大叫 alone: A −5, B +8, C +2, D −5."""
    events = [Kong(A, KongKind.ADDED), Kong(D, KongKind.CONCEALED),
              WallEmpty((standing(A, "124579m1349p", S, melds=[meld("+7777p")]),
                         standing(B, "1223344556789m", P),
                         standing(C, "123m456m789p2345p", S),
                         standing(D, "12458m12568p", S, melds=[meld("[9999m]")])))]
    done = settle(events)
    big_call = [m for m in moves(done) if m[3] == "查大叫"]
    assert big_call == [(A, B, 4, "查大叫"), (A, C, 1, "查大叫"), (D, B, 4, "查大叫"), (D, C, 1, "查大叫")]
    refunds = [m for m in moves(done) if m[3] == "退税"]
    assert refunds == [(A, B, 1, "退税"), (A, C, 1, "退税"), (A, D, 1, "退税"),
                       (D, A, 2, "退税"), (D, B, 2, "退税"), (D, C, 2, "退税")]
    assert done.net == (-5, 8, 2, -5)
    assert done.ready == (B, C)


def test_a_wait_on_a_tile_whose_other_copies_are_in_ones_own_pung_is_ready(meld):
    """../shared/spec/play-scenarios.md (``ready``): only a tile the concealed hand holds all four
    of is no wait; copies in the seat's own melds do not count (形式听牌), as the referee lists
    ready seats at a draw. B: pung 555m, concealed 5m 123p 456p 789p, waits on 5m alone (its
    fourth copy is in the pung): ready, valued as won on 5m: 平和 1 fan = 1 (two suits, five
    copies of 5m make no 根). A, C, D not ready pay B 1 each."""
    done = settle([WallEmpty((standing(A, NOT_READY, S),
                              standing(B, "5m123p456p789p", S, melds=[meld("555m")]),
                              standing(C, NOT_READY, S), standing(D, NOT_READY, S)))])
    assert done.ready == (B,)
    assert done.net == (-1, 3, -1, -1)


def test_a_wait_on_a_tile_the_concealed_hand_holds_all_four_of_is_no_wait():
    """The same rule's other half: B 2222m 123p 456p 789p waits on 2m alone (a pung and 2m,
    or two pairs of 2m), a fifth copy of a tile its concealed hand holds all four of: not ready.
    Nobody is ready, so nobody pays."""
    done = settle([WallEmpty((standing(A, NOT_READY, S),
                              standing(B, "2222m123p456p789p", S),
                              standing(C, NOT_READY, S), standing(D, NOT_READY, S)))])
    assert done.ready == ()
    assert done.net == (0, 0, 0, 0)


def test_the_best_value_counts_a_root_but_not_self_draw():
    """Brief §5 (最大番: 根 included, no 自摸). B 1112345678999m waits on 1m-9m; 1m (or 9m) makes four alike:
    清一色 3 + 根 1 = 4 fan = 8
    (no 自摸, brief §5). C not ready pays B 8."""
    done = settle([WallEmpty((standing(A, NOT_READY, S), standing(B, "1112345678999m", P),
                              standing(C, "1357m123456789p", S), standing(D, NOT_READY, S)))])
    assert done.net == (-8, 24, -8, -8)


def test_a_flower_pig_refunds_its_kong_income_but_pays_no_big_call(meld):
    """Seed over brief (settlement.refund_kong_income). D, a 花猪, made a concealed kong (+6).
    At the draw D pays 16 to each other player, refunds 2 to each
    (seed lines 25, 86: every player with no wait refunds), and pays no 查大叫 (line 43: 花猪除外).
    B ready (清一色, 4); A, C not ready pay B 4 each. A −2 +16 −4 +2 = 12; B −2 +16 +8 +2 = 24;
    C 12; D +6 −48 −6 = −48."""
    done = settle([Kong(D, KongKind.CONCEALED),
                   WallEmpty((standing(A, NOT_READY, S), standing(B, "1223344556789m", P),
                              standing(C, NOT_READY, S), standing(D, "12458m12568p", P,
                                                                        melds=[meld("[9999m]")])))])
    assert done.flower_pigs == (D,)
    assert done.net == (12, 24, 12, -48)


def test_two_flower_pigs_pay_each_other_too_by_default():
    """AMB-8 default: 16 to every other player, winners included; two 花猪 cancel out between them.
    A has won (1 fan self-draw, 1 from each). C and D are 花猪 (void m, hold m). B is not ready.
    A 3 +32 = 35, B −1 +32 = 31, C −1 −48 +16 = −33, D −33."""
    done = settle([SelfDraw(A, 1), WallEmpty((standing(B, NOT_READY, S),
                                               standing(C, "123m456p789p1122p", M),
                                               standing(D, "123m456p789p1122p", M)))])
    assert done.net == (35, 31, -33, -33)
    assert sum(1 for t in done.transfers if t.reason is Reason.FLOWER_PIG) == 6


def test_a_dead_hand_is_not_ready_at_the_draw():
    """相公 / 停和 (seed line 148): B would be ready, but a dead hand cannot win, so it pays C's 1."""
    done = settle([WallEmpty((standing(A, NOT_READY, S), standing(B, "1223344556789m", P, dead=True),
                              standing(C, "123m456m789p2345p", S), standing(D, NOT_READY, S)))])
    assert done.net == (-1, -1, 3, -1)


def test_a_winners_kong_income_stands_at_the_draw():
    """Brief §5: winners take no part in 查大叫. A's concealed kong (+6), then A self-draws 2 fan (2 from each).
    Nobody left is ready: no refund by A.
    A +6 +6 = 12, B, C, D −4."""
    done = settle([Kong(A, KongKind.CONCEALED), SelfDraw(A, 2),
                   WallEmpty((standing(B, NOT_READY, S), standing(C, NOT_READY, S),
                              standing(D, NOT_READY, S)))])
    assert done.net == (12, -4, -4, -4)


# --- time-up (seed line 158, brief AMB-9) -------------------------------------------------------------

def test_time_up_voids_the_hand_in_progress():
    """Seed line 158 (未结束的牌局无效), brief AMB-9 default: every transfer is rolled back, kongs included."""
    done = settle([Kong(B, KongKind.CONCEALED), SelfDraw(A, 3), TimeUp()])
    assert (done.transfers, done.net, done.end) == ((), (0, 0, 0, 0), End.TIME_UP)
    assert len(done.voided) == 6


def test_amb9_time_up_may_keep_what_was_paid():
    """Brief AMB-9, time_up_keeps_instant: B +6 −4, A +12 −2, C, D −2 −4."""
    keep = replace(TMT2016, time_up_keeps_instant=True)
    done = settle([Kong(B, KongKind.CONCEALED), SelfDraw(A, 3), TimeUp()], keep)
    assert done.net == (10, 2, -6, -6)


# --- the settings of AMB-5 and AMB-8 ----------------------------------------------------------------------

def test_amb5_all_kong_income_may_move():
    """Brief AMB-5, kong_shot_moves=all_kongs: in the last-kong case above the 8 moves. B −2, C +8, A −4, D −2."""
    every = replace(TMT2016, kong_shot_moves="all_kongs")
    done = settle([Kong(B, KongKind.DIRECT, discarder=A), Kong(B, KongKind.CONCEALED),
                   DiscardWin(B, (Winner(C, 2),), after_kong=True)], every)
    assert done.net == (-4, -2, 8, -2)


def test_amb5_the_moved_income_may_be_split():
    """Brief AMB-5, kong_shot_multiple_ron=split: the 6 as 3 + 3. A −2 +1 +3 = 2; B −5; C −2 +4 +3 = 5; D −2."""
    split = replace(TMT2016, kong_shot_multiple_ron="split")
    done = settle([Kong(B, KongKind.CONCEALED), DiscardWin(B, (Winner(A, 1), Winner(C, 3)), after_kong=True)],
                  split)
    assert done.net == (2, -5, 5, -2)


def test_amb8_flower_pigs_may_pay_the_others_only():
    """Brief AMB-8, flower_pig_payees=non_pigs: C and D pay only A and B (4 transfers, not 6); same nets as above."""
    others = replace(TMT2016, flower_pig_payees="non_pigs")
    done = settle([SelfDraw(A, 1), WallEmpty((standing(B, NOT_READY, S),
                                               standing(C, "123m456p789p1122p", M),
                                               standing(D, "123m456p789p1122p", M)))], others)
    assert sum(1 for t in done.transfers if t.reason is Reason.FLOWER_PIG) == 4
    assert done.net == (35, 31, -33, -33)


def test_amb8_the_flower_pig_amount_is_a_setting():
    """Brief AMB-8, flower_pig_each=8: D pays 8 to each of A, B, C."""
    done = settle([WallEmpty((standing(A, NOT_READY, S), standing(B, NOT_READY, S),
                              standing(C, NOT_READY, S), standing(D, "123m456p789p1122p", M)))],
                  replace(TMT2016, flower_pig_each=8))
    assert done.net == (8, 8, 8, -24)


def test_amb4_without_binding_a_two_suit_hand_is_no_flower_pig():
    """Binding off: D (void m, holding m and p only) is no 花猪; only three suits make one (seed line 39)."""
    loose = replace(TMT2016, void_suit_binding=False)
    hands = (standing(A, NOT_READY, S), standing(B, NOT_READY, S),
             standing(C, "123m456p789s1122p", M), standing(D, "123m456p789p1122p", M))
    done = settle([WallEmpty(hands)], loose)
    assert done.flower_pigs == (C,)


# --- events that cannot have happened ---------------------------------------------------------------------

@pytest.mark.parametrize("events, words", [
    ([SelfDraw(A, 1), SelfDraw(A, 2)], "already won"),
    ([DiscardWin(B, (Winner(B, 1),))], "not the payer"),
    ([Kong(4, KongKind.CONCEALED)], "seat 0..3"),
    ([Kong(A, KongKind.DIRECT)], "discarder must be a seat"),
    ([Kong(A, KongKind.CONCEALED, discarder=B)], "only a direct kong"),
    ([DiscardWin(A, (Winner(B, 2),), after_kong=True)], "no kong"),
    ([SelfDraw(A, 0)], "at least 1 fan"),
    ([WallEmpty((standing(A, NOT_READY, S),))], "players still in"),
    ([TimeUp(), SelfDraw(A, 1)], "after the hand ended"),
    (["a kong"], "not a Sichuan hand event"),
    ([WallEmpty((standing(A, "1245m", S), standing(B, NOT_READY, S),
                 standing(C, NOT_READY, S), standing(D, NOT_READY, S)))], "expected 13"),
])
def test_impossible_events_are_refused_with_a_reason(events, words):
    with pytest.raises(SettlementError, match=words):
        settle(events)
