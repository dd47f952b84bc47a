"""What the table sensed, written ahead: each report its own event (``sensed``), committed as it
comes; a crash of the program keeps every one, a replay gives each recorded hand its own, and
the reports of a hand that was never recorded stay apart, for the judge."""

import json
import subprocess
import sys

from firmware.ledger.book import Book
from firmware.ledger.ledger import Ledger
from firmware.store import Event, EventLog, verify
from hands import mcr, result
from ledger_cli import mjtable

_CRASH = """
import os, sys
from firmware.store import EventLog
log = EventLog(sys.argv[1])
log.append("game_started", {"rules": "mcr"})
for n in range(5):
    log.append("sensed", {"table_hand": 1, "n": n, "report": {"t": n, "zone": "pond", "tags": n}},
               durable=False)
os._exit(0)  # the program dies: no close, no checkpoint
"""


def test_reports_not_synced_yet_survive_a_crash_of_the_program_in_order(tmp_path):
    done = subprocess.run([sys.executable, "-c", _CRASH, str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert verify(tmp_path).ok
    with EventLog(tmp_path) as log:
        kept = [(e.kind, e.body.get("n")) for e in log.events()]
    assert kept == [("game_started", None)] + [("sensed", n) for n in range(5)]


def test_only_a_durable_append_syncs_its_commit(tmp_path):
    """SQLite's ``synchronous`` at each commit: 2 (FULL: the write-ahead log is synced, and
    with it every commit before) for a durable event, 1 (NORMAL) for a report."""
    log = EventLog(tmp_path)
    modes = []
    for durable in (True, False, False, True, False):
        log.append("sensed", {"n": 0, "report": {}}, durable=durable)
        modes.append(log._db.execute("PRAGMA synchronous").fetchone()[0])
    log.close()
    assert modes == [2, 1, 1, 2, 1]


def _reports(hand: int, count: int, start: int = 0) -> list[tuple[str, dict]]:
    return [("sensed", {"table_hand": hand, "n": n, "report": {"t": float(n), "zone": "hand.0", "tags": 13}})
            for n in range(start, start + count)]


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


def test_a_report_without_its_place_or_its_body_is_a_problem_named():
    ledger = Ledger.replay(_log([("sensed", {"table_hand": 1, "report": {}}),
                                 ("sensed", {"table_hand": 1, "n": 0, "report": "pond"})]))
    assert [p["event"] for p in ledger.problems] == [2, 3]
    assert "needs n (its place in the hand, from 0) and the report" in ledger.problems[0]["problem"]


def test_the_replay_shows_a_recorded_hands_reports_and_a_hand_cut_shorts(tmp_path):
    """The real CLI over a log written as the table writes it."""
    book = Book(tmp_path)
    book.write("game_started", {"rules": "mcr"})
    for kind, body in _reports(1, 2) + _hand(1) + _reports(2, 3):
        book.write(kind, body, durable=kind != "sensed")
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
