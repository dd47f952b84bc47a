"""``Book.write_behind``: the caller goes on while the writer thread commits, and every other
use of the book waits for that commit first, so the log's order is the order of the calls."""

import threading

from firmware.ledger.book import Book
from firmware.store import StoreError, verify

ACTION = {"action": "pause", "who": "op", "why": "break", "details": {}}
GAME = {"rules": "mcr", "profile": None, "players": [None] * 4, "ties": "split",
        "time_limit_min": None, "first_dealer": 0, "auto": True}


def held_commits(book: Book, gate: threading.Event, started: list):
    appender = book.log.appender

    def held(kind, body):
        commit = appender(kind, body)

        def later():
            started.append(kind)
            assert gate.wait(10), "the commit was never let through"
            return commit()
        return later if kind == "game_started" else commit
    book.log.appender = held


def test_a_write_after_a_write_behind_waits_for_it_and_comes_after_it(tmp_path):
    book = Book(tmp_path)
    gate, started = threading.Event(), []
    held_commits(book, gate, started)
    book.write_behind("game_started", GAME,
                      lambda exc: started.append(exc))
    assert book.ledger.last_event == 0  # not applied yet: the commit is held
    threading.Timer(0.2, gate.set).start()
    event = book.write("operator_action", ACTION)
    assert started == ["game_started"]
    assert event.id == 2 and event.prev == book.events()[0].hash
    assert [e.kind for e in book.events()] == ["game_started", "operator_action"]
    assert book.ledger.last_event == 2 and book.ledger.game is not None
    book.close()
    assert verify(tmp_path).ok


def test_close_waits_for_the_write_behind_and_tells_of_its_failure(tmp_path):
    book = Book(tmp_path)
    told = []
    appender = book.log.appender

    def refused(kind, body):
        appender(kind, body)

        def failing():
            raise StoreError(f"event log {book.log.path}: event not written: disk full")
        return failing
    book.log.appender = refused
    book.write_behind("game_started", GAME, told.append)
    book.close()
    assert [str(exc) for exc in told] == [f"event log {book.log.path}: event not written: disk full"]
    assert Book(tmp_path).events() == []
