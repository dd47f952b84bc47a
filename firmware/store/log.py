"""The event log: an append-only SQLite file whose rows form a hash chain.

Why SQLite: its commit is atomic and, in write-ahead-log mode with ``synchronous=FULL``, durable
when ``append`` returns, so a power cut at any instant leaves every acknowledged event whole
and no half-written one. The row ``head`` (same transaction as the event) records the last
event written, so an event deleted from the end of the log is missed, not silently lost.
The file is only created by the first ``append``: a table that never recorded a game leaves
no trace. Who writes what, and what it means, is the ledger's business (firmware/ledger).
"""

import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from firmware.store.canonical import GENESIS, encode, link_hash

LOG_FILE = "events.sqlite"

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS head (one INTEGER PRIMARY KEY CHECK (one = 1),"
    " id INTEGER NOT NULL, hash TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, at TEXT,"
    " body TEXT NOT NULL, prev TEXT NOT NULL, hash TEXT NOT NULL)",
)
FORMAT = "mjtable-events-1"


class StoreError(ValueError):
    """The log cannot be opened or written; the message names the file and what failed."""


@dataclass(frozen=True)
class Event:
    """One durable event: ``id`` counts from 1, ``body`` is plain JSON data, ``at`` the wall
    time it was recorded (ISO 8601, UTC) when the writer had a clock."""

    id: int
    kind: str
    at: str | None
    body: dict
    prev: str
    hash: str


def stamp(seconds: float | None) -> str | None:
    """A wall-clock reading as the ISO 8601 text the log keeps."""
    if seconds is None:
        return None
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="milliseconds")


def connect(path: Path, create: bool) -> sqlite3.Connection:
    """A connection in WAL mode with full sync (autocommit: transactions are explicit)."""
    mode = "rwc" if create else "rw"
    db = sqlite3.connect(f"file:{path}?mode={mode}", uri=True, isolation_level=None,
                         check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    return db


class EventLog:
    """The log in ``folder`` (``folder/events.sqlite``). ``clock`` gives the wall time stamped
    on each event (None: no stamp). Open logs are read by ``events()`` and grown by ``append``."""

    def __init__(self, folder: str | Path, clock: Callable[[], float] | None = None):
        self.folder = Path(folder)
        self.path = self.folder / LOG_FILE
        self._clock = clock
        self._db: sqlite3.Connection | None = None
        if self.path.exists():
            self._db = self._open(create=False)

    def _open(self, create: bool) -> sqlite3.Connection:
        try:
            if create:
                self.folder.mkdir(parents=True, exist_ok=True)
            db = connect(self.path, create)
            db.execute("BEGIN IMMEDIATE")  # the tables come all at once, or not at all
            for statement in _SCHEMA:
                db.execute(statement)
            db.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (FORMAT,))
            db.execute("COMMIT")
            return db
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"event log {self.path}: {exc}") from None

    @property
    def exists(self) -> bool:
        return self._existing() is not None

    def _existing(self) -> sqlite3.Connection | None:
        """The file's connection, opened now if the file has been created since this log was
        opened (by the log's writer process, firmware/store/writer.py); None while there is no file."""
        if self._db is None and self.path.exists():
            self._db = self._open(create=False)
        return self._db

    def head(self) -> tuple[int, str]:
        """(id, hash) of the last event written; (0, GENESIS) for an empty log."""
        if self._existing() is None:
            return 0, GENESIS
        row = self._query("SELECT id, hash FROM head WHERE one = 1").fetchone()
        return (row[0], row[1]) if row else (0, GENESIS)

    def events(self, after: int = 0) -> Iterator[Event]:
        """Every event with an id above ``after``, in order (as stored: ``verify`` checks them)."""
        if self._existing() is None:
            return
        rows = self._query("SELECT id, kind, at, body, prev, hash FROM events WHERE id > ? "
                           "ORDER BY id", (after,))
        for event_id, kind, at, body, prev, digest in rows:
            yield Event(event_id, kind, at, json.loads(body), prev, digest)

    def append(self, kind: str, body: dict) -> Event:
        """Write one event, stamped now; when this returns it is on the disk (commit with full
        sync). An EncodingError names a body JSON cannot hold (nothing is written)."""
        text, at = encode(body).decode(), self.stamp_now()
        event_id, prev, digest = self.commit(kind, at, text)
        return Event(event_id, kind, at, json.loads(text), prev, digest)

    def stamp_now(self) -> str | None:
        """The stamp an event written now carries (None without a clock)."""
        return stamp(self._clock()) if self._clock else None

    def commit(self, kind: str, at: str | None, text: str) -> tuple[int, str, str]:
        """Write one event stamped ``at`` whose body ``text`` is its canonical JSON already:
        ``(id, prev, hash)`` once it is on the disk. The writer process answers with these
        (firmware/store/writer.py): the table holds the body it handed over."""
        if self._db is None:
            self._db = self._open(create=True)
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                last_id, last_hash = self.head()
                digest = link_hash(last_id + 1, kind, at, text.encode(), last_hash)
                db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)",
                           (last_id + 1, kind, at, text, last_hash, digest))
                db.execute("INSERT OR REPLACE INTO head VALUES (1, ?, ?)", (last_id + 1, digest))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreError(f"event log {self.path}: event not written: {exc}") from None
        return last_id + 1, last_hash, digest

    def adopt(self, events) -> None:
        """Start an empty log with ``events`` exactly as another log held them (same ids,
        stamps and hashes), in one transaction; StoreError unless they chain from the start."""
        if self.head()[0]:
            raise StoreError(f"event log {self.path}: only an empty log adopts events")
        expected_prev = GENESIS
        for number, event in enumerate(events, 1):
            if event.id != number or event.prev != expected_prev:
                raise StoreError(f"event log {self.path}: event {event.id} does not chain")
            expected_prev = event.hash
        self._db = self._db or self._open(create=True)
        try:
            self._db.execute("BEGIN IMMEDIATE")
            for event in events:
                self._db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)",
                                 (event.id, event.kind, event.at, encode(event.body).decode(),
                                  event.prev, event.hash))
            if events:
                self._db.execute("INSERT OR REPLACE INTO head VALUES (1, ?, ?)",
                                 (events[-1].id, events[-1].hash))
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            raise StoreError(f"event log {self.path}: events not adopted: {exc}") from None

    def _query(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        try:
            return self._db.execute(sql, params)
        except sqlite3.Error as exc:
            raise StoreError(f"event log {self.path}: {exc}") from None

    def close(self) -> None:
        """Fold the write-ahead log into the file and close it (idempotent)."""
        if self._db is None:
            return
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass  # a busy or damaged file stays as it is: closing must not lose it
        self._db.close()
        self._db = None

    def __enter__(self) -> "EventLog":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
