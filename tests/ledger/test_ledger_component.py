"""The ``[ledger]`` component in the real service on the simulator: each referee result and
each judge's decision written to the log before it is acknowledged, the game resumed after a
restart, a new game when the table's rule set changes, the display's operator actions."""

import json
import sqlite3
import threading

import pytest

from firmware import notifications as note
from firmware.clock import VirtualScheduler
from firmware.ledger.book import Book
from firmware.ledger.view import ledger_view
from firmware.service import build_service
from firmware.store import verify
from hands import flag, mcr, result, riichi
from table_config import default_config


@pytest.fixture
def table(tmp_path):
    services = []

    def start():
        scheduler = VirtualScheduler()
        service = build_service(default_config(tmp_path), scheduler)
        services.append(service)
        return service, scheduler
    yield start
    for service in services:
        service.close()


class WriteLock:
    """SQLite's write lock on the log file, held by a connection of the test's own until ``release``."""

    def __init__(self, path):
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


def acks(service) -> list:
    heard = []
    service.notifier.subscribe(note.ResultRecorded, heard.append)
    return heard


def play(service, hand: int, outcome: dict, rules: str = "mcr") -> None:
    service.notifier.publish(note.HandStarted, hand=hand, cycle=hand, rules=rules, dealer=0, wall_break=None)
    service.notifier.publish(note.HandResult, hand=hand, result=outcome)


def test_a_result_is_acknowledged_only_once_its_event_is_on_the_disk(table, tmp_path):
    service, _ = table()
    on_disk = []

    def look(recorded: note.ResultRecorded) -> None:  # another reader of the file, at the ack
        with sqlite3.connect(tmp_path / "ledger" / "events.sqlite") as db:
            on_disk.append(db.execute("SELECT kind FROM events WHERE id = ?", (recorded.event_id,)).fetchone())
    service.notifier.subscribe(note.ResultRecorded, look)
    heard = acks(service)
    play(service, 7, result(mcr(1, None, 12)))
    assert [(n.kind, n.hand) for n in heard] == [("game_started", None), ("hand_recorded", 7)]
    assert on_disk == [("game_started",), ("hand_recorded",)]
    status = service.status()["ledger"]
    assert (status["rules"], status["hand"], status["dealer"], status["scores"]) == ("mcr", 2, 1, [-20, 60, -20, -20])
    assert status["hands"][0]["table_hand"] == 7


def test_the_game_resumes_after_a_restart_at_the_right_hand_dealer_and_scores(table, tmp_path):
    service, _ = table()
    for hand, outcome in enumerate([result(mcr(1, None, 12)), result(), result(mcr(3, 2, 8))], 1):
        play(service, hand, outcome)
    before = service.status()["ledger"]
    service.close()
    again, _ = table()
    after = again.status()["ledger"]
    assert after == before and (after["hand"], after["dealer"]) == (4, 3)
    play(again, 1, result(mcr(0, None, 8)))  # the referee counts from 1 again; the game does not
    assert again.status()["ledger"]["hands"][-1]["hand"] == 4
    assert ledger_view(Book(tmp_path / "ledger").ledger)["scores"] == again.status()["ledger"]["scores"]


def test_a_judges_decision_is_written_then_paid_and_acknowledged(table):
    service, _ = table()
    play(service, 1, result(flags=[flag("F1", 2, "false_win")], end="cut"))
    heard = acks(service)
    service.notifier.publish(note.FlagResolved, flag_id="F1", confirmed=True, judge="Wu", why="not ready")
    assert [(n.kind, n.hand) for n in heard] == [("flag_resolved", 1)]
    assert service.status()["ledger"]["scores"] == [20, 20, -60, 20]


def test_a_change_of_the_tables_rule_set_ends_the_game_and_starts_one(table):
    service, _ = table()
    play(service, 1, result(mcr(1, None, 12)))
    heard = acks(service)
    play(service, 2, result(riichi(0, None, 2000, 2000)), rules="riichi")  # a dealer tsumo, 2000 each
    assert [n.kind for n in heard] == ["game_ended", "game_started", "hand_recorded"]
    status = service.status()["ledger"]
    assert (status["rules"], status["games"], status["scores"]) == ("riichi", 2, [31000, 23000, 23000, 23000])


def test_the_game_clock_runs_on_the_tables_scheduler(table):
    service, scheduler = table()
    play(service, 1, result(mcr(1, None, 12)))
    scheduler.advance(151 * 60)  # past MCR's 150 minutes (seed 000 3.5.6)
    play(service, 2, result(mcr(2, None, 12)))
    status = service.status()["ledger"]
    assert status["ended"] and status["hands"][1]["void"].startswith("played after the time limit")
    heard = acks(service)
    play(service, 3, result())  # the game is over: the next hand starts a new one
    assert [n.kind for n in heard] == ["game_started", "hand_recorded"]


def test_the_displays_actions_are_written_ahead_and_a_score_correction_applies(table):
    service, _ = table()
    ledger = service.components["ledger"]
    play(service, 1, result(mcr(1, None, 12)))
    event = ledger.record_action("correct_score", who="Wu", why="miscounted", details={"seat": 2, "delta": -5})
    status = service.status()["ledger"]
    assert status["scores"] == [-20, 60, -25, -20] and status["deducted"] == 5
    assert status["actions"][-1]["event"] == event and status["adjustments"][0]["after_hand"] == 1
    ledger.record_action("new_game", who="Wu", why="next round", details={"rules": "sichuan"})
    status = service.status()["ledger"]
    assert (status["rules"], status["scores"], status["games"]) == ("sichuan", [0] * 4, 2)


def test_an_operators_command_beside_the_running_table_is_seen_and_chained(table, tmp_path):
    service, _ = table()
    play(service, 1, result(mcr(1, None, 12)))
    beside = Book(tmp_path / "ledger")  # `mjtable game correct` while the table runs
    first = beside.ledger.game.records[0].input.event
    beside.write("hand_corrected", {"corrects": first, "result": result(mcr(2, None, 12)), "why": "seat", "judge": "J"})
    beside.close()
    assert service.status()["ledger"]["scores"] == [-20, -20, 60, -20]
    play(service, 2, result())
    status = service.status()["ledger"]
    assert [h["hand"] for h in status["hands"]] == [1, 2] and status["dealer"] == 2
    assert verify(tmp_path / "ledger").ok


def test_a_write_after_another_writers_events_applies_theirs_before_its_own(table, tmp_path):
    service, _ = table()
    play(service, 1, result(mcr(1, None, 12)))
    book = service.components["ledger"].book
    beside = Book(tmp_path / "ledger")  # a judge's correction the table has not read yet
    beside.write("hand_corrected", {"corrects": beside.ledger.game.records[0].input.event,
                                    "result": result(mcr(2, None, 12)), "why": "seat", "judge": "J"})
    beside.close()
    event = book.write("operator_action", {"action": "pause", "who": "op", "why": "break", "details": {}})
    assert event.id == 4 and book.ledger.last_event == 4  # game, hand, correction, this action
    assert ledger_view(book.ledger)["scores"] == [-20, -20, 60, -20]  # the correction applied


def test_a_result_the_log_cannot_hold_is_announced_not_recorded_and_the_table_goes_on(table):
    service, _ = table()
    notices = []
    service.notifier.subscribe(note.NoticeRaised, notices.append)
    heard = acks(service)
    play(service, 1, result(mcr(1, None, 12)) | {"odd": float("nan")})  # JSON has no NaN
    assert [n.kind for n in heard] == ["game_started"]
    assert len(notices) == 1 and "table hand 1 was NOT recorded" in notices[0].message
    assert "nan has no JSON spelling" in notices[0].message
    play(service, 2, result(mcr(1, None, 12)))
    assert [n.kind for n in heard] == ["game_started", "hand_recorded"]


def test_a_flag_is_on_the_disk_before_the_table_shows_it(table, tmp_path):
    service, _ = table()
    on_disk = []

    def shown(notification) -> None:  # subscribed as the display is: to every notification
        if isinstance(notification, note.FlagRaised):
            with sqlite3.connect(tmp_path / "ledger" / "events.sqlite") as db:
                on_disk.append(db.execute("SELECT body FROM events WHERE kind = 'flag_raised'").fetchall())
    service.notifier.subscribe(note.Notification, shown)
    service.notifier.publish(note.HandStarted, hand=3, cycle=3, rules="mcr", dealer=0, wall_break=None)
    raised = flag("H3-F1", 2, "false_win", t=8.0)
    service.notifier.publish(note.FlagRaised, flag=raised)
    assert len(on_disk) == 1 and [json.loads(body) for (body,) in on_disk[0]] == [
        {"table_hand": 3, "flag": raised}]
    game = service.components["ledger"].book.ledger.game
    assert [entry["flag"]["id"] for entry in game.unrecorded_flags()] == ["H3-F1"]
    play(service, 3, result(mcr(1, None, 12), flags=[raised]))  # the hand ends: its result has it
    assert service.components["ledger"].book.ledger.game.unrecorded_flags() == []


def test_what_is_sensed_is_gathered_for_sensed_sync_s_and_written_before_a_flag(table, tmp_path):
    """``[ledger] sensed_sync_s`` is 5 s (the default config). Reports at 0, 1, ... 12 s: those
    from 0 are written at 5 s (0..4, the timer set by the first; the one at 5 s comes after
    it), those from 5 s just before the flag raised at 6.5 s (5, 6), those from 7 s at 12 s
    (7..11), and the one at 12 s with the hand's result. The display hears no report."""
    service, scheduler = table()
    ledger = service.components["ledger"]
    assert ledger.settings.sensed_sync_s == 5.0
    db_file = tmp_path / "ledger" / "events.sqlite"
    written, heard, shown = [], acks(service), []

    def on_disk(kind: str):
        with sqlite3.connect(db_file) as db:
            return [json.loads(b) for (b,) in db.execute("SELECT body FROM events WHERE kind = ? ORDER BY id",
                                                           (kind,))]
    service.notifier.subscribe(note.FlagRaised, lambda n: written.append(("flag", on_disk("sensed"))))
    service.notifier.subscribe(note.HandResult, lambda n: written.append(("result", on_disk("sensed"))))
    service.components["display"].stream.add = lambda kind, *more: shown.append(kind)
    service.notifier.publish(note.HandStarted, hand=4, cycle=4, rules="mcr", dealer=0, wall_break=None)
    for second in range(13):
        if second == 7:
            scheduler.run_until(6.5)
            service.notifier.publish(note.FlagRaised, flag=flag("H4-F1", 1, "wrong_count", t=6.5))
        scheduler.run_until(float(second))
        service.notifier.publish(note.Sensed, hand=4, n=second,
                                 report={"t": float(second), "zone": "pond", "tags": second})
    play(service, 4, result(mcr(1, None, 12)))
    batches = on_disk("sensed")
    assert [(b["table_hand"], b["n"], [r["t"] for r in b["reports"]]) for b in batches] == [
        (4, 0, [0.0, 1.0, 2.0, 3.0, 4.0]), (4, 5, [5.0, 6.0]), (4, 7, [7.0, 8.0, 9.0, 10.0, 11.0]), (4, 12, [12.0])]
    assert [(what, len(seen)) for what, seen in written] == [("flag", 2), ("result", 4)]
    assert batches[0]["reports"][3] == {"t": 3.0, "zone": "pond", "tags": 3}
    assert [n.kind for n in heard] == ["game_started", "flag_raised", "hand_recorded"]
    assert "Sensed" not in shown and "FlagRaised" in shown
    assert verify(tmp_path / "ledger").ok


def test_sensed_reports_are_written_behind_the_table_and_before_the_next_event(table, tmp_path):
    """The batch's commit is held up in the log's writer process (another connection holds
    SQLite's write lock): the table's loop goes on past it (the timer's write returns while
    the commit waits), and the flag that follows is written only once the batch is on the
    disk, after it."""
    service, scheduler = table()
    book = service.components["ledger"].book
    play(service, 3, result(mcr(1, None, 12)))  # the log's file is there to be locked
    service.notifier.publish(note.HandStarted, hand=4, cycle=4, rules="mcr", dealer=0, wall_break=None)
    service.notifier.publish(note.Sensed, hand=4, n=0, report={"t": 0.0})
    db_file = tmp_path / "ledger" / "events.sqlite"
    lock = WriteLock(db_file)
    scheduler.run_until(5.0)  # the batch's timer: the write goes behind, the loop goes on
    assert book.writer.process.poll() is None
    with sqlite3.connect(db_file) as db:
        assert db.execute("SELECT count(*) FROM events WHERE kind = 'sensed'").fetchone() == (0,)
    threading.Timer(0.2, lock.release).start()
    service.notifier.publish(note.FlagRaised, flag=flag("H4-F1", 1, "wrong_count", t=5.5))
    with sqlite3.connect(db_file) as db:
        kinds = [k for (k,) in db.execute("SELECT kind FROM events ORDER BY id")]
    assert kinds == ["game_started", "hand_recorded", "sensed", "flag_raised"]
    assert book.ledger.last_event == 4
    assert verify(tmp_path / "ledger").ok


def test_a_sensed_batch_lost_is_announced_once_a_hand_when_the_book_is_next_used(table, tmp_path):
    """Each batch of the hand is lost with the writer process in its commit (killed while
    another connection holds the write lock); the table hears of it on its own loop at the
    book's next use, once per hand, and the flag after them is still written."""
    service, scheduler = table()
    book = service.components["ledger"].book
    notices = []
    service.notifier.subscribe(note.NoticeRaised, notices.append)
    heard, loop, told = acks(service), threading.current_thread(), []
    play(service, 3, result(mcr(1, None, 12)))  # the log's file is there to be locked
    service.notifier.publish(note.HandStarted, hand=4, cycle=4, rules="mcr", dealer=0, wall_break=None)
    service.notifier.subscribe(note.NoticeRaised, lambda n: told.append(threading.current_thread()))
    lock = WriteLock(tmp_path / "ledger" / "events.sqlite")
    for second in range(12):
        scheduler.run_until(float(second))
        if second in (6, 11):  # the batches of 5 s and 10 s are in their commits
            book.writer.process.kill()
            book.writer.process.wait()
        service.notifier.publish(note.Sensed, hand=4, n=second, report={"t": float(second)})
    lock.release()
    assert len(notices) == 1 and told == [loop]  # the batch of 5 s: told; of 10 s: told at the flag
    assert "what table hand 4 sensed was NOT recorded" in notices[0].message
    assert "the log's writer process stopped (killed by signal 9)" in notices[0].message
    service.notifier.publish(note.FlagRaised, flag=flag("H4-F1", 1, "wrong_count", t=11.5))
    assert [n.kind for n in heard] == ["game_started", "hand_recorded", "flag_raised"]
    assert len(notices) == 1
