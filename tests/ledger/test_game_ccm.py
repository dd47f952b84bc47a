"""A CCM 2012 game computed by hand from seed 001 and ../shared/rules/ccm2012.md.

Chips: 100 each (§1, seed line 142). A self-draw: each other pays V; a discard: the
discarder pays 2V (§6, AMB-2; example 1: V = 14 → 14 each, or 28). A dealer who wins keeps
the deal and the scoring doubles, without compounding, while the dealer keeps it (倍打, seed
lines 74, 121; example 2: 28 each, or 56); a draw or another's win passes it (§7). The game
ends after four rounds (seed line 67) or when two players have no points (line 123).
"""

from hands import Game, flag, mcr, move, result

V = 14  # example 1: 6 fan + 2 flowers (4) + a closed wait (4)


def test_the_dealers_win_doubles_the_next_hands_while_it_keeps_the_deal():
    g = Game("ccm2012")
    g.hand(result(mcr(0, None, V)))  # example 1: self-drawn, 14 from each
    assert g.scores == [142, 86, 86, 86]
    p = g.game.position
    assert (p.dealer, p.repeats, g.game.rules.doubled(p)) == (0, 1, True)
    g.hand(result(mcr(0, None, V)))  # example 2: doubled, 28 from each
    assert g.scores == [142 + 84, 58, 58, 58]
    g.hand(result(mcr(0, 2, V)))  # doubled on a discard: 2V × 2 = 56, from the discarder alone
    assert g.scores == [226 + 56, 58, 2, 58]
    assert g.game.position.repeats == 3
    g.hand(result(mcr(1, 3, V // 2)))  # another's win: 2V × 2 = 28, and the deal passes
    p = g.game.position
    assert g.scores == [282, 86, 2, 30] and (p.dealer, p.repeats, g.game.rules.doubled(p)) == (1, 0, False)


def test_a_concealed_kong_is_paid_at_once_by_the_three_others():
    g = Game("ccm2012")
    g.hand(result(end="draw", moves=[move(2, "kong_concealed", "5s"), move(2, "replacement", "1m")]))
    assert g.scores == [94, 94, 118, 94]  # example 3: +6 from each (+18)
    assert g.game.position.dealer == 1  # a draw passes the deal (移庄)


def test_two_players_without_points_end_the_game():
    g = Game("ccm2012")
    g.hand(result(mcr(1, 2, 50)))  # the discarder pays 2 × 50 = 100: all its chips
    assert g.scores == [100, 200, 0, 100] and g.game.position.ended is None
    g.hand(result(mcr(1, 3, 50)))  # the dealer (seat 1) wins; a second purse is empty
    assert g.scores == [100, 300, 0, 0]
    assert g.game.position.ended == "two players have no points"


def test_four_rounds_of_deals_end_the_game_and_dealer_repeats_add_hands():
    g = Game("ccm2012")
    g.hand(result(mcr(0, None, 1)))  # the dealer repeats once: one more hand in the game
    for _ in range(16):
        assert g.game.position.ended is None
        g.hand(result(end="draw"))
    assert g.game.position.ended == "4 rounds played" and len(g.game.records) == 17


def test_a_confirmed_penalty_costs_what_the_organiser_set_and_none_is_set():
    g = Game("ccm2012")
    g.hand(result(end="draw", flags=[flag("F1", 0, "false_win")]))
    g.resolve("F1")  # seed 001 line 115: 诈和 is fined, the amount is the organiser's (AMB-7)
    assert g.scores == [100] * 4
    assert "the organiser has set none" in g.record(1).penalties[0]["note"]
