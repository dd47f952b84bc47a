"""What the table sensed, on the log as it comes (``sensed`` events, each a few seconds of zone
reports and presses): a replay gives each recorded hand its own, and the reports of a hand
that was never recorded stay apart, for the judge."""

import json

from firmware.ledger.book import Book
from firmware.ledger.ledger import Ledger
from firmware.store import Event
from hands import mcr, result
from ledger_cli import mjtable

def _reports(hand: int, count: int, start: int = 0) -> list[tuple[str, dict]]:
    """``count`` reports of ``hand`` from its ``start``-th, in events of two reports at most."""
    return [("sensed", {"table_hand": hand, "n": n, "reports": [
        {"t": float(m), "zone": "hand.0", "tags": 13} for m in range(n, min(n + 2, start + count))]})
        for n in range(start, start + count, 2)]


def _log(*groups) -> list[Event]:
    bodies = [("game_started", {"rules": "mcr"})] + [b for group in groups for b in group]
    return [Event(i, kind, None, body, "", "") for i, (kind, body) in enumerate(bodies, 1)]


def _hand(table_hand: int, **more) -> list[tuple[str, dict]]:
    return [("hand_recorded", {"result": result(mcr(1, None, 10), **more), "source": "referee",
                               "table_hand": table_hand})]


def test_a_replay_gives_each_recorded_hand_its_reports_and_keeps_a_hand_cut_shorts_apart():
    """Table hand 1 cut short by a power cut; the table restarts and counts from 1 again: the
    new hand 1's reports (n from 0 again) are its own, not the first's. Hand 2 is recorded,
    hand 3 is in play when the log is read."""
    events = _log(_reports(1, 2), _reports(1, 4), _hand(1), _reports(2, 3), _hand(2), _reports(3, 1))
    ledger = Ledger.replay(events)
    game = ledger.game
    assert ledger.problems == []
    first, second = (r.input.result["sensed"] for r in game.records)
    assert (len(first), len(second)) == (4, 3)
    assert [r["t"] for r in first] == [0.0, 1.0, 2.0, 3.0]
    assert [(g["table_hand"], len(g["reports"])) for g in game.unrecorded_sensed()] == [(1, 2), (3, 1)]


def test_a_running_tables_ledger_holds_no_reports_and_an_older_result_keeps_its_own():
    held = Ledger.replay(_log(_reports(1, 3), _hand(1), _reports(2, 2)), evidence=False)
    assert "sensed" not in held.game.records[0].input.result and held.game.unrecorded_sensed() == []
    older = [{"t": 9.0, "seat": 2, "button": "win"}]  # a result written before reports were events
    full = Ledger.replay(_log(_reports(1, 3), _hand(1, sensed=older)))
    assert full.game.records[0].input.result["sensed"] == older


def test_reports_without_their_place_or_as_no_list_of_objects_are_a_problem_named():
    ledger = Ledger.replay(_log([("sensed", {"table_hand": 1, "reports": [{}]}),
                                 ("sensed", {"table_hand": 1, "n": 0, "reports": ["pond"]}),
                                 ("sensed", {"table_hand": 1, "n": 0, "reports": {"t": 1.0}})]))
    assert [p["event"] for p in ledger.problems] == [2, 3, 4]
    assert ("sensed reports need n (the first one's place in the hand, from 0) and the reports "
            "(a list of objects)") == ledger.problems[0]["problem"]


def test_the_replay_shows_a_recorded_hands_reports_and_a_hand_cut_shorts(tmp_path):
    """The real CLI over a log written as the table writes it."""
    book = Book(tmp_path)
    book.write("game_started", {"rules": "mcr"})
    for kind, body in _reports(1, 2) + _hand(1) + _reports(2, 3):
        book.write(kind, body)
    book.close()
    done = mjtable("replay", str(tmp_path), "--sensed")
    assert done.returncode == 0, done.stderr
    lines = [line.strip() for line in done.stdout.splitlines()]
    assert sum(line.startswith("+") and "read hand.0: 13 tags" in line for line in lines) == 2 + 3
    cut = lines.index("sensed in hands not recorded (cut short, or in play when the log was read) (1):")
    assert lines[cut + 1] == "table hand 2: 3 reports and presses"
    assert lines[cut + 2:cut + 5] == [f"+{n}.0 s  read hand.0: 13 tags, no change" for n in range(3)]
    plain = mjtable("replay", str(tmp_path)).stdout.splitlines()
    assert "  table hand 2: 3 reports and presses (--sensed shows them)" in plain
    shown = json.loads(mjtable("replay", str(tmp_path), "--format", "json").stdout)
    assert [len(h["result"]["sensed"]) for h in shown["hands"]] == [2]
    assert [(g["table_hand"], len(g["reports"])) for g in shown["unrecorded_sensed"]] == [(2, 3)]
