"""A whole riichi hanchan, computed by hand from seed 003 and ../shared/rules/riichi_rcr_beijing.md.

Honba +300 on a ron, +100 from each payer on a tsumo; sticks to the next winner (brief §4).
Draws: the fixed 2000 difference, 1 tenpai +1500 / −500 each (seed item 7, brief §5 table).
Renchan on a dealer win or tenpai, honba +1; a non-dealer win passes the deal, honba 0; a draw
with the dealer noten passes it, honba +1 (brief §6). No agari-yame: the all-last dealer's win
repeats (seed item 8); sticks left go to first place (item 8); final = points − 25000 + uma
30/10/−10/−30 thousand (brief §6, AMB-1); penalties are deductions before ranking (example 6).
"""

from hands import Game, flag, move, result, riichi

RIICHI_DRAW = [move(0, "riichi"), move(0, "discard", "5m")]


def test_the_briefs_worked_examples_with_honba_and_a_stick():
    g = Game("riichi")
    g.hand(result(ready=[0], moves=RIICHI_DRAW))  # example 5: dealer alone tenpai, keeps the deal
    p = g.game.position
    assert (g.scores, p.dealer, p.honba, g.game.rules.sticks(p)) == ([25500, 24500, 24500, 24500], 0, 1, 1)
    g.hand(result(riichi(1, 2, 3900)))  # example 1: 30 fu 3 han, 1 honba, 1 stick
    assert g.scores == [25500, 24500 + 5200, 24500 - 4200, 24500]
    p = g.game.position
    assert (p.dealer, p.honba, g.game.rules.sticks(p)) == (1, 0, 0)


def test_a_dealer_tsumo_with_two_honba_and_a_non_dealer_haneman():
    g = Game("riichi")
    g.hand(result(ready=[0]))  # dealer tenpai: honba 1
    g.hand(result(ready=[0]))  # honba 2
    before = g.scores
    g.hand(result(riichi(0, None, 1300, 1300)))  # example 2: 40 fu 2 han, 2 honba: 1500 each
    assert [a - b for a, b in zip(g.scores, before)] == [4500, -1500, -1500, -1500]
    assert (g.game.position.dealer, g.game.position.honba) == (0, 3)
    before = g.scores
    g.hand(result(riichi(2, None, 6000, 3000)))  # example 3, at 3 honba: +100 each a honba
    assert [a - b for a, b in zip(g.scores, before)] == [-6300, -3300, 12900, -3300]
    assert (g.game.position.dealer, g.game.position.honba) == (1, 0)


def test_a_hanchan_ends_after_south_4_but_not_while_its_dealer_wins():
    g = Game("riichi")
    for hand in range(7):  # E1..S3: the next seat wins on the dealer's discard each time
        dealer = g.game.position.dealer
        g.hand(result(riichi((dealer + 1) % 4, dealer, 1000)))
    p = g.game.position
    assert (p.round_wind, p.dealer, p.ended) == ("S", 3, None)  # South 4
    g.hand(result(riichi(3, 0, 1500)))  # the all-last dealer wins: renchan, no agari-yame
    assert (g.game.position.ended, g.game.position.honba) == (None, 1)
    g.hand(result(ready=[0], moves=RIICHI_DRAW))  # dealer noten: the deal passes, the game is over
    assert g.game.position.ended == "South 4 played: the hanchan is over"
    # The riichi stick left on the table goes to first place (seed item 8).
    leader = max(range(4), key=lambda s: g.game.position.scores[s])
    assert g.game.closing()[0].payee == leader and g.game.closing()[0].points == 1000
    assert sum(g.scores) == 100000


def test_uma_and_a_penalty_before_ranking_as_in_example_6():
    g = Game("riichi")
    rows = g.game.rules.standings((42000, 31000 - 12000, 20000, 7000), g.game.setup)
    assert {r["seat"]: (r["rank"], r["result"]) for r in rows} == {
        0: (1, 47000), 2: (2, 5000), 1: (3, -16000), 3: (4, -48000)}
    g.hand(result(flags=[flag("F1", 1, "false_win")], end="cut"))
    g.resolve("F1")
    assert g.scores == [25000, 13000, 25000, 25000]  # 12000, and nobody else gains
    assert g.game.position.deducted == 12000


def test_ties_split_the_uma_or_follow_the_seats():
    split = Game("riichi", ties="split").game
    rows = split.rules.standings((30000, 30000, 20000, 20000), split.setup)
    assert {r["seat"]: r["uma"] for r in rows} == {0: 20000, 1: 20000, 2: -20000, 3: -20000}
    seats = Game("riichi", ties="seat_order").game
    rows = seats.rules.standings((30000, 30000, 20000, 20000), seats.setup)
    assert {r["seat"]: r["uma"] for r in rows} == {0: 30000, 1: 10000, 2: -10000, 3: -30000}


def test_when_time_is_called_the_hand_is_finished_and_one_more_is_played():
    g = Game("riichi", time_limit_min=90)
    g.hand(result(riichi(1, 0, 1000)), minutes=60)
    g.hand(result(riichi(2, 1, 1000)), minutes=91)  # ends after time: it counts, one more follows
    assert g.game.position.ended is None and g.record(2).void is None
    g.hand(result(ready=[]), minutes=99)
    assert g.game.position.ended == "the time limit was reached and the last hand played"


def test_a_riichi_whose_discard_is_won_on_pays_no_stick():
    g = Game("riichi")
    g.hand(result(riichi(2, 1, 2000), moves=[move(1, "riichi"), move(1, "discard", "3p"), move(2, "win", "3p", 1)]))
    assert g.scores == [25000, 23000, 27000, 25000]
