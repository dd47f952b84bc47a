"""Checking the event log end to end: every event whole, in order, linked to the one before.

A flipped byte changes an event's content (its hash no longer matches) or SQLite's own
structure (the file reads as malformed); a torn or truncated file stops SQLite from reading
it at all; a deleted event leaves a gap, a broken link or a head that points past the end.
Each is reported with the first event at fault. A file SQLite refuses is read again from a
copy whose header no longer claims a size, so every event on the surviving pages is still
found: what the table had is never lost to a damaged page.
"""

import json
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from firmware.store.canonical import GENESIS, link_hash
from firmware.store.log import LOG_FILE, Event

_ROW = "SELECT id, kind, at, CAST(body AS BLOB), prev, hash FROM events"
# SQLite trusts the page count in its header only while these two counters agree (file format
# §1.3.7): making them differ, on a copy, has it take the size of the file as it is.
_CHANGE_COUNTER, _VALID_FOR = slice(24, 28), slice(92, 96)


@dataclass(frozen=True)
class Verdict:
    """``good``: the events, from the first, that read and verify; ``bad_event`` the id of
    the first one that does not (None when the fault is not one event's), with ``problem``."""

    path: Path
    good: tuple[Event, ...] = field(repr=False, default=())
    bad_event: int | None = None
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def last_good(self) -> int:
        return self.good[-1].id if self.good else 0

    def message(self) -> str:
        if self.ok:
            count = f"{len(self.good)} event{'' if len(self.good) == 1 else 's'}"
            return f"{self.path}: {count}, the hash chain verifies end to end"
        return f"{self.path}: {self.problem}"


class _Damaged(Exception):
    def __init__(self, event_id: int | None, problem: str):
        super().__init__(problem)
        self.event_id, self.problem = event_id, problem


def verify(folder: str | Path) -> Verdict:
    """The verdict on the log in ``folder`` (an absent log is an empty, sound one)."""
    path = Path(folder) / LOG_FILE
    if not path.exists():
        return Verdict(path)
    try:
        return _check(path, _connect(path))
    except sqlite3.DatabaseError as exc:
        return _salvage(path, str(exc))


def _connect(path: Path) -> sqlite3.Connection:
    """Read-only: checking a log never writes to it (not even a checkpoint of its WAL)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    db.text_factory = bytes
    return db


def _check(path: Path, db: sqlite3.Connection) -> Verdict:
    """Walk the whole log in one scan (the usual case: every page reads)."""
    good: list[Event] = []
    try:
        if not db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            return Verdict(path)  # cut off while the file was being made: nothing was written
        rows = db.execute(f"{_ROW} ORDER BY id").fetchall()
        head = db.execute("SELECT id, hash FROM head WHERE one = 1").fetchone()
        integrity = db.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        db.close()
    try:
        for row in rows:
            good.append(_link(row, good[-1] if good else None))
        _check_head(head, good)
    except _Damaged as damage:
        return Verdict(path, tuple(good), damage.event_id, damage.problem)
    if integrity != b"ok":
        return Verdict(path, tuple(good), None, f"the file is damaged outside the events "
                       f"({integrity.decode(errors='replace')}); events 1..{len(good)} verify")
    return Verdict(path, tuple(good))


def _salvage(path: Path, why: str) -> Verdict:
    """SQLite refused the file: read each event in turn from a copy, to find the first lost."""
    with tempfile.TemporaryDirectory(prefix="mjtable-salvage-") as scratch:
        try:
            copy = _unsized_copy(path, Path(scratch))
            db = _connect(copy)
        except (OSError, sqlite3.DatabaseError) as exc:
            return Verdict(path, (), 1, f"event 1 cannot be read: the file is unreadable ({why}; {exc})")
        good: list[Event] = []
        try:
            for row in _rows_one_by_one(db, good):
                good.append(_link(row, good[-1] if good else None))
            _check_head(_head_or_none(db), good)
            problem = (None, f"the file is damaged ({why})")
        except _Damaged as damage:
            problem = (damage.event_id, damage.problem)
        finally:
            db.close()
    return Verdict(path, tuple(good), *problem)


def _unsized_copy(path: Path, scratch: Path) -> Path:
    copy = scratch / LOG_FILE
    shutil.copyfile(path, copy)
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
    with copy.open("r+b") as fh:
        header = bytearray(fh.read(100))
        if len(header) == 100:
            header[_VALID_FOR] = bytes(b ^ 0xFF for b in header[_CHANGE_COUNTER])
            fh.seek(0)
            fh.write(header)
    return copy


def _rows_one_by_one(db: sqlite3.Connection, good: list[Event]) -> Iterator[tuple]:
    """Rows in id order, each looked up on its own, so a lost page names its first event."""
    while True:
        expected = good[-1].id + 1 if good else 1
        try:
            row = db.execute(f"{_ROW} WHERE id >= ? ORDER BY id LIMIT 1", (expected,)).fetchone()
        except sqlite3.DatabaseError as exc:
            raise _Damaged(expected, f"event {expected} cannot be read: {exc}") from None
        if row is None:
            return
        yield row


def _head_or_none(db: sqlite3.Connection):
    try:
        return db.execute("SELECT id, hash FROM head WHERE one = 1").fetchone()
    except sqlite3.DatabaseError:
        return None


def _link(row: tuple, before: Event | None) -> Event:
    """The event of one row, checked against the one before it."""
    event_id, kind, at, body, prev, digest = row
    expected = before.id + 1 if before else 1
    if event_id != expected:
        raise _Damaged(expected, f"event {expected} is missing: event {event_id} follows "
                                 f"{'event ' + str(before.id) if before else 'the start'}")
    body = body if isinstance(body, bytes) else str(body).encode()
    try:
        kind, at, prev, digest = (value.decode() if isinstance(value, bytes) else value
                                  for value in (kind, at, prev, digest))
        content = json.loads(body)
    except (UnicodeDecodeError, ValueError) as exc:
        raise _Damaged(event_id, f"event {event_id} cannot be read: {exc}") from None
    if prev != (before.hash if before else GENESIS):
        raise _Damaged(event_id, f"event {event_id} does not follow event {expected - 1}: "
                                 f"its link to it does not match")
    if not isinstance(content, dict) or link_hash(event_id, kind, at, body, prev) != digest:
        raise _Damaged(event_id, f"event {event_id} was changed: its hash does not match "
                                 f"its content")
    return Event(event_id, kind, at, content, prev, digest)


def _check_head(head, good: list[Event]) -> None:
    """The head row was written with the last event: it must name the last one read."""
    last = good[-1] if good else None
    if head is None:
        if last is not None:
            raise _Damaged(None, f"the head record is missing (the log reads to event {last.id})")
        return
    head_id, head_hash = head[0], head[1].decode() if isinstance(head[1], bytes) else head[1]
    if last is None or head_id > last.id:
        first_lost = last.id + 1 if last else 1
        raise _Damaged(first_lost, f"event {first_lost} is missing: the log was written up to "
                                   f"event {head_id} but ends at event {last.id if last else 0}")
    if head_id < last.id or head_hash != last.hash:
        raise _Damaged(last.id, f"event {last.id} was not written by the table: the head "
                                f"record names event {head_id}")
