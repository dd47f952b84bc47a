"""A whole MCR game and a whole 1998 game, computed by hand from the seeds and the briefs.

MCR: seed 000 3.4.8 (庄家不连庄: the deal passes every hand), 3.4.3-3.4.5 (four hands a round,
rounds E S W N, a game of four rounds), 3.5.6 (150 minutes; the hand in play stops, scores so
far stand), 3.9.2 (standard scores 4, 2, 1, 0); payments ../shared/rules/mcr.md §5 and its
worked examples; penalties mcr.md §7 (错和 10 to each, 诈和 20 to each); ties AMB-9.
1998: seed 002 第五条 三十四 (500-point stake), 第十条 (standard scores by rank), 第十四条 六.
"""

from hands import Game, flag, mcr, result


def test_the_deal_passes_every_hand_and_sixteen_hands_end_the_game():
    g = Game("mcr")
    dealers, winds = [], []
    for _ in range(16):
        dealers.append(g.game.position.dealer)
        winds.append(g.game.position.round_wind)
        g.hand(result())  # a draw: no payment (mcr.md §5)
    assert dealers == [0, 1, 2, 3] * 4  # 3.4.8: no repeat, win or draw
    assert winds == ["E"] * 4 + ["S"] * 4 + ["W"] * 4 + ["N"] * 4  # 3.4.5
    assert g.game.position.ended == "16 hands played"  # 3.4.4
    late = g.hand(result(mcr(1, None, 12)))
    assert g.record(17).void.startswith("recorded after the end") and late.id == 18
    assert g.scores == [0, 0, 0, 0]


def test_payments_follow_the_worked_examples_and_the_game_ranks_4_2_1_0():
    g = Game("mcr")
    g.hand(result(mcr(0, None, 12)))  # example 2: self-drawn H = 12, each pays 20
    assert g.scores == [60, -20, -20, -20]
    g.hand(result(mcr(2, 1, 12)))  # example 1: discarder −20, others −8, winner +36
    assert g.scores == [52, -40, 16, -28]
    g.hand(result(mcr(3, 0, 10)))  # example 3: 8 fans + 2 flowers on a discard: +34
    assert g.scores == [34, -48, 8, 6]
    g.hand(result(flags=[flag("F1", 1, "false_win"), flag("F2", 2, "below_minimum")], end="cut"))
    g.resolve("F1")  # 诈和: 20 to each other player
    g.resolve("F2", confirmed=True)  # 错和: 10 to each (example 4: −30, others +10)
    assert g.scores == [34 + 20 + 10, -48 - 60 + 10, 8 + 20 - 30, 6 + 20 + 10]
    assert g.game.position.dealer == 3  # the cut hand is replayed by the same dealer
    for _ in range(16 - 3):
        g.hand(result())
    assert g.game.position.ended == "16 hands played"
    standing = {row["seat"]: (row["rank"], row["standard_score"]) for row in g.game.rules.standings(
        tuple(g.scores), g.game.setup)}
    assert g.scores == [64, -98, -2, 36]
    assert standing == {0: (1, 4), 3: (2, 2), 2: (3, 1), 1: (4, 0)}


def test_ties_share_the_ranks_or_follow_the_seats_as_set():
    for ties, expected in (("split", {0: 3, 1: 3, 2: 0.5, 3: 0.5}), ("seat_order", {0: 4, 1: 2, 2: 1, 3: 0})):
        g = Game("mcr", ties=ties)
        g.hand(result(mcr(0, None, 12)))  # [60, -20, -20, -20]
        g.hand(result(mcr(1, None, 12)))  # [40, 40, -40, -40]
        rows = g.game.rules.standings(tuple(g.scores), g.game.setup)
        assert {row["seat"]: row["standard_score"] for row in rows} == expected
        assert sum(expected.values()) == 7


def test_a_hand_past_the_time_limit_is_void_and_the_scores_so_far_stand():
    g = Game("mcr", time_limit_min=150)  # 3.5.6 每局竞赛时间不超过150分钟
    g.hand(result(mcr(0, None, 12)), minutes=40)
    g.hand(result(mcr(1, None, 88)), minutes=151)
    assert g.record(2).void.startswith("played after the time limit")
    assert g.game.position.ended == "the time limit was reached"
    assert g.scores == [60, -20, -20, -20]


def test_a_1998_game_starts_at_500_and_ranks_by_its_formula():
    g = Game("cmcr1998")
    g.hand(result(mcr(0, None, 16)))  # cmcr1998.md §7 example 1: each pays 24, winner 572
    assert g.scores == [572, 476, 476, 476]
    g.hand(result(mcr(1, 2, 10)))  # example 2: 9 fans + 1 flower on a discard, winner +34
    assert g.scores == [572 - 8, 476 + 34, 476 - 18, 476 - 8]
    rows = g.game.rules.standings((612, 540, 455, 393), g.game.setup)  # example 4
    assert [row["standard_score"] for row in rows] == [4, 2, 1, 0]


def test_1998_false_wins_cost_20_each_one_tile_short_and_disqualify_two_short():
    g = Game("cmcr1998")
    g.hand(result(flags=[flag("F1", 0, "false_win", shanten_before_win=1),
                         flag("F2", 3, "false_win", shanten_before_win=2)], end="cut"))
    g.resolve("F1")
    g.resolve("F2")
    assert g.scores == [500 - 60, 520, 520, 520]  # 第十四条 六(二): 罚给各家20分
    notes = [p["note"] for p in g.record(1).penalties]
    assert "disqualified" in notes[1] and g.record(1).penalties[1]["points"] == 0  # 六(四)


def test_a_dismissed_flag_costs_nothing_and_a_later_decision_replaces_it():
    g = Game("mcr")
    g.hand(result(mcr(0, None, 8), flags=[flag("F1", 2, "false_win")]))
    g.resolve("F1", confirmed=False)
    assert g.scores == [48, -16, -16, -16]
    g.resolve("F1", confirmed=True)
    assert g.scores == [48 + 20, -16 + 20, -16 - 60, -16 + 20]
