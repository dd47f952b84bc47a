"""``Book.write_behind``: the caller goes on while the log's writer process commits (several
events may be on their way), and every other use of the book waits for those commits first,
so the log's order is the order of the calls. A commit is held up the way another writer
holds it up on a table (a connection of its own holding SQLite's write lock), and a writer
process is lost the way one is lost (killed).
"""

import os
import signal
import sqlite3
import threading
import time

import pytest

from firmware.ledger.book import MOST_BEHIND, Book
from firmware.store import LOG_FILE, StoreError, verify
from firmware.store.writer import LogWriter

ACTION = {"action": "pause", "who": "op", "why": "break", "details": {}}
GAME = {"rules": "mcr", "profile": None, "players": [None] * 4, "ties": "split",
        "time_limit_min": None, "first_dealer": 0, "auto": True}


class WriteLock:
    """SQLite's write lock on the log, held by a connection of the test's own until ``release``."""

    def __init__(self, folder):
        self.db = sqlite3.connect(folder / LOG_FILE, isolation_level=None, check_same_thread=False)
        self.db.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.db.execute("ROLLBACK")
        self.db.close()


def kinds(folder) -> list[str]:
    with sqlite3.connect(folder / LOG_FILE) as db:
        return [kind for (kind,) in db.execute("SELECT kind FROM events ORDER BY id")]


@pytest.fixture
def book(tmp_path):
    book = Book(tmp_path)
    book.write("game_started", GAME)  # the file exists: another connection can lock it
    yield book
    book.close()


def test_a_write_after_a_write_behind_waits_for_it_and_comes_after_it(book, tmp_path):
    lock, told = WriteLock(tmp_path), []
    book.write_behind("operator_action", ACTION, told.append)
    assert book.ledger.last_event == 1  # not applied: the writer process waits for the lock
    assert book.writer.process.poll() is None
    threading.Timer(0.2, lock.release).start()
    event = book.write("operator_action", {**ACTION, "action": "resume"})
    assert told == []
    assert event.id == 3 and event.prev == book.events()[1].hash
    assert kinds(tmp_path) == ["game_started", "operator_action", "operator_action"]
    assert [a["action"] for a in book.ledger.actions] == ["pause", "resume"]
    assert book.ledger.last_event == 3
    book.close()
    assert verify(tmp_path).ok


def test_the_event_applied_carries_the_stamp_link_and_hash_the_log_holds(tmp_path):
    book = Book(tmp_path, clock=lambda: 1_780_000_000.25)
    book.write_behind("game_started", GAME, lambda exc: pytest.fail(str(exc)))
    book.write_behind("operator_action", ACTION, lambda exc: pytest.fail(str(exc)))
    held = book.events()
    assert [(e.id, e.kind, e.at) for e in held] == [
        (1, "game_started", "2026-05-28T20:26:40.250+00:00"), (2, "operator_action", "2026-05-28T20:26:40.250+00:00")]
    assert held[1].prev == held[0].hash
    assert book.ledger.last_event == 2 and book.ledger.actions[0]["at"] == held[1].at
    book.close()
    assert verify(tmp_path).ok


def test_a_writer_process_lost_in_a_commit_is_told_and_the_next_write_behind_starts_another(book, tmp_path):
    lock, told = WriteLock(tmp_path), []
    book.write_behind("operator_action", ACTION, told.append)
    lost = book.writer.process
    lost.kill()
    lost.wait()
    lock.release()
    book.write_behind("operator_action", {**ACTION, "action": "resume"}, told.append)
    assert len(told) == 1 and "the log's writer process stopped (killed by signal 9)" in str(told[0])
    assert book.writer.process is not lost
    book.close()
    assert kinds(tmp_path) == ["game_started", "operator_action"]
    assert Book(tmp_path).ledger.actions[0]["action"] == "resume"
    assert verify(tmp_path).ok


def test_close_waits_for_the_write_behind_and_tells_of_its_failure(book, tmp_path):
    lock, told = WriteLock(tmp_path), []
    book.write_behind("operator_action", ACTION, told.append)
    process = book.writer.process

    def lose():  # the process dies in the commit, then the lock goes
        process.kill()
        process.wait()
        lock.release()
    threading.Timer(0.2, lose).start()
    book.close()
    assert len(told) == 1 and "event not written: the log's writer process stopped" in str(told[0])
    assert kinds(tmp_path) == ["game_started"]


def test_a_body_json_cannot_hold_is_told_and_the_writer_goes_on(book, tmp_path):
    told = []
    book.write_behind("operator_action", {**ACTION, "details": {"ratio": float("nan")}}, told.append)
    book.write_behind("operator_action", ACTION, told.append)
    book.catch_up()
    assert len(told) == 1 and "nan has no JSON spelling" in str(told[0])
    assert kinds(tmp_path) == ["game_started", "operator_action"]


def test_the_writer_process_outlives_a_ctrl_c_and_ends_when_the_book_closes(book, tmp_path):
    """A Ctrl-C or a service stop signals the writer too; the table's loop then closes the
    book: the batch handed over before the signals still reaches the disk."""
    told = []
    book.write_behind("operator_action", ACTION, told.append)
    book.catch_up()  # the process is up and has written one
    book.write_behind("operator_action", {**ACTION, "action": "resume"}, told.append)
    process = book.writer.process
    os.kill(process.pid, signal.SIGINT)
    os.kill(process.pid, signal.SIGTERM)
    book.close()
    assert process.returncode == 0 and told == []
    assert kinds(tmp_path) == ["game_started", "operator_action", "operator_action"]


def test_write_behinds_do_not_wait_for_each_other_and_land_in_their_order(book, tmp_path):
    """The writer is held in its first commit: three more events go behind it at once, and
    the next use of the book waits for all of them, in the order they were handed over."""
    lock, told = WriteLock(tmp_path), []
    for action in ("pause", "resume", "pause"):
        book.write_behind("operator_action", {**ACTION, "action": action}, told.append)
    assert book.ledger.last_event == 1 and len(book._behind) == 3
    threading.Timer(0.2, lock.release).start()
    book.catch_up()
    assert told == [] and not book._behind
    assert [a["action"] for a in book.ledger.actions] == ["pause", "resume", "pause"]
    assert kinds(tmp_path) == ["game_started"] + ["operator_action"] * 3
    book.close()
    assert verify(tmp_path).ok


def test_a_write_behind_past_the_most_on_their_way_waits_for_the_oldest(book, tmp_path):
    lock, told = WriteLock(tmp_path), []
    for n in range(MOST_BEHIND):
        book.write_behind("operator_action", {**ACTION, "details": {"n": n}}, told.append)
    threading.Timer(0.3, lock.release).start()
    started = time.monotonic()
    book.write_behind("operator_action", {**ACTION, "details": {"n": MOST_BEHIND}}, told.append)
    assert time.monotonic() - started >= 0.25  # it waited for the writer's first answer
    book.catch_up()
    assert told == []
    assert [a["details"]["n"] for a in book.ledger.actions] == list(range(MOST_BEHIND + 1))
    book.close()
    assert verify(tmp_path).ok


def test_events_on_their_way_to_a_process_that_dies_are_each_told_and_the_next_goes_to_another(book, tmp_path):
    lock, told = WriteLock(tmp_path), []
    book.write_behind("operator_action", ACTION, told.append)
    book.write_behind("operator_action", {**ACTION, "action": "resume"}, told.append)
    lost = book.writer.process
    lost.kill()
    lost.wait()
    lock.release()
    book.write_behind("operator_action", {**ACTION, "action": "stop"}, told.append)
    assert len(told) == 2 and all("writer process stopped (killed by signal 9)" in str(e) for e in told)
    book.close()
    assert kinds(tmp_path) == ["game_started", "operator_action"]
    assert [a["action"] for a in Book(tmp_path).ledger.actions] == ["stop"]


def test_a_writer_keeps_the_answers_of_a_process_that_died_paired_with_their_events(book, tmp_path):
    """A process answered one event (not read yet), died in its next commit, and the next
    event goes to a new process: the answers come out paired with their events, in order,
    the one never answered as the error saying how its process ended."""
    writer = LogWriter(tmp_path)
    writer.submit("operator_action", None, ACTION)
    while kinds(tmp_path) != ["game_started", "operator_action"]:  # on the disk: answered
        time.sleep(0.01)
    lock = WriteLock(tmp_path)
    writer.submit("operator_action", None, {**ACTION, "action": "resume"})
    writer.process.kill()
    writer.process.wait()
    lock.release()
    writer.submit("operator_action", None, {**ACTION, "action": "stop"})
    assert writer.result()[0] == 2
    with pytest.raises(StoreError, match=r"writer process stopped \(killed by signal 9\)"):
        writer.result()
    assert writer.result()[0] == 3
    writer.close()
    assert kinds(tmp_path) == ["game_started", "operator_action", "operator_action"]
    assert verify(tmp_path).ok
