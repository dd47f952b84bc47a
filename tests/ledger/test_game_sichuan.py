"""A Sichuan game computed by hand from seed 004 and ../shared/rules/sichuan_bloody.md.

Who deals: East first, then the first winner of the hand, the discarder after a multiple ron
(seed line 15); after a hand nobody won the dealer repeats (AMB-2). Payments: 2^(fan−1) per
payer, capped at 16 (brief §4, AMB-7); kongs paid at once (§3); at an empty wall 查花猪 (16 to
each other player), 查大叫 and the kong refunds (§5, example 5). 16 hands or 100 minutes, the
hand in play at time-up void (seed line 158). The score is the sum of the hands (§6).
"""

from hands import Game, move, result, sichuan

KONG_SHOT = [{"zh": "杠上炮", "en": "Discard after Kong", "fan": 1, "count": 1}]


def test_the_first_winner_deals_next_and_the_discarder_after_a_multiple_ron():
    g = Game("sichuan")
    g.hand(result(sichuan(2, None, 1), sichuan(1, 3, 1), sichuan(0, 3, 1), end="win"))
    assert g.game.position.dealer == 2  # the first winner (a self-draw)
    g.hand(result(sichuan(0, 1, 1), sichuan(3, 1, 1), end="win",
                  moves=[move(1, "discard", "5m"), move(0, "win", "5m", 1), move(3, "win", "5m", 1)]))
    assert g.game.position.dealer == 1  # 一炮多响: the discarder deals
    g.hand(result(end="cut"))
    assert g.game.position.dealer == 1


def test_the_worked_examples_of_self_draw_ron_and_the_kong_shot():
    g = Game("sichuan")
    g.hand(result(sichuan(0, None, 5), end="win"))  # example 1: 5 fan = ×16 from each of three
    assert g.scores == [48, -16, -16, -16]
    g = Game("sichuan")
    g.hand(result(sichuan(2, 1, 3), end="win"))  # example 2: 3 fan: the discarder pays 4
    assert g.scores == [0, -4, 4, 0]
    g = Game("sichuan")  # example 3: B's concealed kong, then B's discard deals in (杠上炮)
    moves = [move(1, "kong_concealed", "7p"), move(1, "replacement", "2s"), move(1, "discard", "2s"),
             move(2, "win", "2s", 1)]
    g.hand(result(sichuan(2, 1, 4, addons=KONG_SHOT), moves=moves, end="win"))
    assert g.scores == [-2, -8, 12, -2]


def test_an_empty_wall_settles_flower_pigs_ready_hands_and_kong_refunds():
    g = Game("sichuan")
    # Example 5's table: A (0) has won; B (1) is ready on 3m only (123 123 456 789 55: 清一色,
    # 3 fan = 4); C (2) is not ready and took a direct kong off D (3); D holds all three suits.
    standing = [
        {"seat": 1, "concealed": "1122345556789m", "void_suit": "p"},
        {"seat": 2, "concealed": "12357m13579p", "void_suit": "s",
         "melds": [{"type": "kan_open", "tiles": "9999m", "called": "9m", "from": "right"}]},
        {"seat": 3, "concealed": "123456m123p1234s", "void_suit": "m"},
    ]
    moves = [move(2, "kong_melded", "9m", 3), move(2, "replacement", "1m"), move(2, "discard", "4s"),
             move(0, "draw", "8s"), move(0, "win", "8s")]
    g.hand(result(sichuan(0, None, 1), end="draw", moves=moves, standing=standing))
    # kong: C +2 from D; A's self-draw (1 fan): 1 from each of B, C, D; then D pays 16 to each
    # (花猪), C pays B 4 (查大叫) and refunds D its 2 (退税).
    assert g.scores == [3 + 16, -1 + 16 + 4, 2 - 1 + 16 - 4 - 2, -2 - 1 - 48 + 2]
    assert g.game.position.dealer == 0


def test_a_draw_without_the_standing_hands_is_shown_for_a_judge_and_pays_nothing():
    g = Game("sichuan")
    g.hand(result(end="draw"))
    assert "standing hands" in g.record(1).problem and g.scores == [0, 0, 0, 0]
    g.correct(1, result(end="draw", standing=[
        {"seat": s, "concealed": "13579m12345678p", "void_suit": "s"}
        for s in range(4)]))
    assert g.record(1).problem is None and g.scores == [0, 0, 0, 0]  # nobody ready, nobody a pig


def test_sixteen_hands_or_a_hand_at_time_up_end_the_game():
    g = Game("sichuan")
    for _ in range(16):
        g.hand(result(sichuan(0, None, 1), sichuan(1, None, 1), sichuan(2, None, 1), end="win"))
    assert g.game.position.ended == "16 hands played"
    g = Game("sichuan", time_limit_min=100)  # seed line 158: 每局16盘100分钟
    g.hand(result(sichuan(0, 1, 2), end="win"), minutes=50)
    g.hand(result(sichuan(2, None, 5), end="win"), minutes=101)  # 此时未结束的牌局无效
    assert g.record(2).void and g.game.position.ended == "the time limit was reached"
    assert g.scores == [2, -2, 0, 0]
