"""What a running table's ledger holds: the game in play and the one before, and no evidence
(zone pictures, sensed reports); the log keeps everything, and a full replay of it reads
every game as it was."""

from firmware.ledger.ledger import Ledger
from firmware.ledger.view import ledger_view
from firmware.store import Event
from hands import flag, mcr, result

PICTURE = [{"seat": 0, "tile": "1m", "zones": {"pond": "1m"}}]
SENSED = [{"t": 1.0, "zone": "pond", "tags": 1, "in": [["0A000000", "1m"]]}, {"t": 2.0, "seat": 1, "button": "win"}]


def events() -> list[Event]:
    """Three MCR games of two hands each, written by hand; then the first game's first hand
    is corrected and its second hand's flag confirmed."""
    bodies = []
    for _ in range(3):
        bodies.append(("game_started", {"rules": "mcr", "players": ["A", "B", "C", "D"]}))
        bodies.append(("hand_recorded", {"result": result(mcr(1, None, 10), discards=PICTURE, sensed=SENSED)}))
        bodies.append(("hand_recorded", {"result": result(mcr(2, 0, 10), flags=[flag(f"F{len(bodies)}", 3, "false_win")],
                                                           discards=PICTURE, sensed=SENSED)}))
    # the first game's first hand (event 2) corrected, its flag (event 3's) confirmed
    bodies.append(("hand_corrected", {"corrects": 2, "result": result(mcr(3, None, 10)), "why": "judge"}))
    bodies.append(("flag_resolved", {"flag_id": "F2", "confirmed": True, "judge": "J", "why": "seen"}))
    return [Event(i, kind, None, body, "", "") for i, (kind, body) in enumerate(bodies, 1)]


def test_a_running_tables_ledger_holds_two_games_without_their_evidence():
    held = Ledger.replay(events(), games_kept=2, evidence=False)
    full = Ledger.replay(events())
    assert (held.game_count, len(held.games), len(full.games)) == (3, 2, 3)
    assert [g.started for g in held.games] == [4, 7]
    assert held.problems == [] and full.problems == []  # the events on game 1 are not problems
    assert ledger_view(held)["games"] == ledger_view(full)["games"] == 3
    assert all({"discards", "sensed"}.isdisjoint(r.input.result) for g in held.games for r in g.records)
    assert all((r.input.result["discards"], r.input.result["sensed"]) == (PICTURE, SENSED)
               for g in full.games for r in g.records if not r.input.corrections)
    # MCR: a self-drawn 10 takes 8 + 10 from each other seat; a 10 on a discard takes 8 + 10
    # from the discarder and 8 from each of the other two
    assert ledger_view(held)["scores"] == ledger_view(full)["scores"] == [
        -18 - 18, 54 - 8, -18 + 34, -18 - 8]


def test_the_full_replay_applies_what_was_decided_on_a_game_let_go():
    first = Ledger.replay(events()).games[0]
    # hand 1 corrected to seat 3's self-drawn 10; hand 2 seat 2's 10 on seat 0's discard, and
    # the confirmed false win (诈和) of seat 3: 20 to each other seat
    assert list(first.final().scores) == [-18 - 18 + 20, -18 - 8 + 20, -18 + 34 + 20, 54 - 8 - 60]
