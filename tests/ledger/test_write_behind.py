"""``Book.write_behind``: the caller goes on while the log's writer process commits, and every
other use of the book waits for that commit first, so the log's order is the order of the
calls. A commit is held up the way another writer holds it up on a table (a connection of
its own holding SQLite's write lock), and a writer process is lost the way one is lost (killed).
"""

import os
import signal
import sqlite3
import threading

import pytest

from firmware.ledger.book import Book
from firmware.store import LOG_FILE, verify

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
