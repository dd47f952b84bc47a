"""The players thinking ahead in a process of their own (hal_sim/world/ahead.py) make the very
moves, at the very virtual times, that they make thinking here move by move: the same zone
reports and button presses reach the firmware's side, and the world logs the same truth. An
irregularity ordered after they have thought past it is made at the hand's next move all the
same, and a players' process that is killed or fails is said, with what ended it."""

import random

import pytest

from firmware.cli import main
from firmware.events import ButtonPressed, ZoneInventory
from hal_sim.harness import SimRun
from hal_sim.play_bench import PlayBench
from hal_sim.world.ahead import PlayAhead, PlayersStopped


def played(rules: str, ahead: bool, hands: int, orders=(), seed: int = 7, **options):
    """(what the firmware's side heard, with its virtual time; the world's log) after
    ``hands`` hands; ``orders`` are (hand, seconds into it, seat) of ``hand_miscount``
    irregularities."""
    heard = []
    bench = PlayBench(rules, seed=seed, ahead=ahead,
                      sink=lambda event: heard.append((round(bench.scheduler.now(), 6), event)),
                      **options)
    try:
        for hand in range(hands):
            for _, after_s, seat in (order for order in orders if order[0] == hand):
                bench.scheduler.call_later(
                    after_s, lambda seat=seat: bench.players.force("wrong_count", seat))
            bench.play_one()
    finally:
        bench.close()
    log = bench.log
    return heard, (log.mistakes, log.discards, log.wins, log.hands, log.unplayable)


@pytest.mark.parametrize("rules", ["mcr", "riichi", "sichuan", "ccm2012"])
def test_players_thinking_ahead_make_the_same_moves_at_the_same_times(rules):
    here = played(rules, False, 6, miscall_rate=0.4, miss_rate=0.02)
    ahead = played(rules, True, 6, miscall_rate=0.4, miss_rate=0.02)
    heard, log = ahead
    assert sum(isinstance(event, ZoneInventory) for _, event in heard) > 300
    assert any(isinstance(event, ButtonPressed) for _, event in heard)
    assert log[1] and log[3] and len(log[3]) == 6  # discards logged, six hands ended
    assert ahead == here


def test_an_irregularity_ordered_after_the_players_thought_past_it_is_made_at_the_next_move():
    """The players have thought the whole hand through long before the table reaches the
    order: they play the hand again up to the move the table is at and make it there."""
    orders = [(0, 9.0, 1), (1, 20.1, 2), (2, 20.1, 3), (2, 20.2, 0)]
    here = played("mcr", False, 4, orders)
    ahead = played("mcr", True, 4, orders)
    mistakes = ahead[1][0]
    assert [(m.hand, m.offence) for m in mistakes] == [(1, "wrong_count"), (2, "wrong_count"),
                                                       (3, "wrong_count")]
    assert ahead == here


def test_a_players_process_that_is_killed_is_said_with_its_signal():
    bench = PlayBench("mcr", seed=3, ahead=True)
    try:
        bench.play(1)
        bench.players.ahead._child.process.kill()
        with pytest.raises(PlayersStopped, match=r"players' process stopped \(killed by signal 9\)"):
            bench.play(1)
        with pytest.raises(PlayersStopped, match="killed by signal 9"):
            bench.play(1)  # no hand without them: their generator went with the process
    finally:
        bench.close()


def test_a_failure_in_the_players_process_comes_back_with_where_it_came_from():
    ahead = PlayAhead(random.Random(1))
    try:
        ahead._start()
        ahead._send(("garbled",))  # a request the process cannot take
        with pytest.raises(PlayersStopped) as told:
            ahead._next_move()
    finally:
        ahead.close()
    assert "the simulated players' process failed" in str(told.value)
    assert "Traceback" in str(told.value) and "ValueError" in str(told.value)


def test_mjtable_sim_says_that_its_players_process_was_lost_and_stops(monkeypatch, capsys):
    """No traceback: the command names what ended the players' process and exits 1."""
    played_on = SimRun.run_hands

    def one_hand_then_lost(run, hands, limit_s=None):
        played_on(run, 1)
        run.venue.players.ahead._child.process.kill()
        return played_on(run, hands, limit_s)
    monkeypatch.setattr(SimRun, "run_hands", one_hand_then_lost)
    assert main(["sim", "--rules", "mcr", "--hands", "3", "--seed", "2"]) == 1
    told = capsys.readouterr().err
    assert "mjtable sim: the simulated players' process stopped (killed by signal 9)" in told
    assert "Traceback" not in told
