"""The simulated players play 200 whole hands of every rule set on the simulated table top:
every hand ends in a win or the exhaustive draw, and the world's truth accounts for every
tile at every discard. The counts are checked by the rules' own arithmetic (13 tiles, one
more per kong), not by the code that moves the tiles. (The truth does not depend on who
watches it: these hands are played without the zone readers, whose reports of the same play
test_zone_reports.py checks.)"""

import pytest

from firmware import rulesets
from hal_sim.play_bench import PlayBench

HANDS = 200
ALL_RULES = rulesets.names()


def meld_count_fits(concealed: int, melded: int) -> bool:
    """A seat between turns: k melds of which j are kongs lay 3k + j tiles (j <= k) and leave
    13 − 3k standing (12 meld tiles: four pungs, or three kongs)."""
    options = [(k, j) for k in range(5) for j in range(k + 1) if 3 * k + j == melded]
    return any(concealed == 13 - 3 * k for k, _ in options)


@pytest.fixture(scope="module", params=ALL_RULES)
def played(request):
    bench = PlayBench(request.param, seed=7, zone_readers=False)
    bench.play(HANDS)
    yield request.param, bench.rule_set, bench.log
    bench.close()


def test_every_hand_ends_in_a_win_or_a_draw(played):
    rules, rule_set, log = played
    assert len(log.hands) == HANDS and log.mistakes == []
    assert {hand.end for hand in log.hands} <= {"win", "draw"}
    assert log.ends().get("win", 0) > HANDS // 4, log.ends()  # the players do win


def test_every_tile_is_in_exactly_one_place_at_every_discard(played):
    rules, rule_set, log = played
    tiles = rule_set.tile_set.tiles
    assert log.discards and {d.census for d in log.discards} == {(tiles, tiles)}
    for discard in log.discards:
        total = sum(len(kinds) for kinds in discard.kinds.values())
        assert total <= tiles and discard.tile in discard.kinds["pond"]


def test_every_seat_holds_thirteen_and_one_per_kong_between_turns(played):
    rules, rule_set, log = played
    winners = {(w.hand, w.seat) for w in log.wins}
    for discard in log.discards:
        for seat in range(4):
            concealed = [k for k in discard.kinds[f"hand.{seat}"] if not k.endswith("f")]
            melded = [k for k in discard.kinds[f"melds.{seat}"] if not k.endswith("f")]
            if (discard.hand, seat) in winners:
                continue  # a Sichuan winner's tiles stay as they won (14 after a self-draw)
            assert meld_count_fits(len(concealed), len(melded)), (discard, seat)


def test_wins_follow_the_rule_sets_endings(played):
    rules, rule_set, log = played
    by_hand = {}
    for win in log.wins:
        by_hand.setdefault(win.hand, []).append(win)
        assert win.result["status"] == "win"
        assert (win.discarder is None) == (win.win_by == "self_draw") and win.discarder != win.seat
    for hand in log.hands:
        wins = by_hand.get(hand.hand, [])
        if rules == "sichuan":  # the bloody battle goes on until three have won
            assert len(wins) <= 3 and (hand.end != "win" or len(wins) == 3)
            assert len({w.seat for w in wins}) == len(wins)
        else:
            assert (hand.end == "win") == bool(wins)
            assert len({w.discarder for w in wins}) <= 1  # several only on one discard
            assert len(wins) <= (3 if rule_set.multiple_winners else 1)


def test_a_win_record_names_the_winners_seat_wind():
    bench = PlayBench("riichi", seed=3, zone_readers=False)
    bench.play(10, dealer=1)
    assert bench.log.wins
    for win in bench.log.wins:
        assert win.record["context"]["seat_wind"] == "ESWN"[(win.seat - 1) % 4]
    bench.close()
