"""The ledger over its event log: verified and replayed when opened, written ahead when used.

``write`` makes an event durable first and only then applies it (and any event another
writer — an operator's command beside the running table — added in the meantime), so the
ledger in memory is never ahead of the disk. ``write_behind`` is for what nothing waits on
(the evidence the table gathers as it plays): the log's writer process (firmware/store/writer.py)
encodes, commits and syncs the event while the table goes on, so the table's loop neither
stands through a sync of the disk for it (an SD card's can take tens of milliseconds) nor
shares its interpreter with the writing. Several such events may be on their way at once
(the writer takes them in order); any other use of the book waits for all of them first, so
the events still reach the disk, and the ledger, one by one in order. A log that fails
verification is refused with the first bad event named and the operator's way on; nothing
in it is touched.
"""

import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path

from firmware.ledger.ledger import Ledger
from firmware.store import Event, EventLog, StoreError, Verdict, verify
from firmware.store.writer import LogWriter

MOST_BEHIND = 16
"""Most events handed to the writer process and not yet answered: a use of the book past it
waits for the oldest. The bound keeps the pipe between them from filling (each event's
answer waits in the pipe until the book reads it), which would stop both."""


class LogDamaged(StoreError):
    """The log does not verify: the table will not go on without an operator's decision."""

    def __init__(self, verdict: Verdict):
        self.verdict = verdict
        super().__init__(f"{verdict.message()}. The table will not continue this game until an "
                         f"operator decides: `mjtable log accept --upto {verdict.last_good} --data "
                         f"{verdict.path.parent}` keeps events 1..{verdict.last_good} and sets the "
                         f"damaged file aside (nothing is deleted)")


class Book:
    """The ledger of the log in ``folder``; ``clock`` stamps events with the wall time;
    ``options`` say what the ledger holds (``Ledger``: ``games_kept``, ``evidence``)."""

    def __init__(self, folder: str | Path, clock=None, **options):
        verdict = verify(folder)
        if not verdict.ok:
            raise LogDamaged(verdict)
        self.ledger = Ledger.replay(verdict.good, **options)
        self.log = EventLog(folder, clock)
        self._lock = threading.RLock()  # the table's loop writes; a status may be read elsewhere
        self.writer = LogWriter(folder)
        self._behind: deque[tuple[str, str | None, dict, Callable[[StoreError], None]]] = deque()
        """The writes in flight in the writer process, oldest first (kind, stamp, body), and
        whom to tell if each fails."""
        self.catch_up()

    @property
    def folder(self) -> Path:
        return self.log.folder

    def write(self, kind: str, body: dict) -> Event:
        """Append one event (durable on return), then apply everything up to it: just it, as
        the log returned it, unless another writer appended events before it."""
        with self._lock:
            self._settle()
            event = self.log.append(kind, body)
            self._apply(event)
        return event

    def write_behind(self, kind: str, body: dict, failed: Callable[[StoreError], None]) -> None:
        """Hand one event to the writer process and return at once, behind those already on
        their way (it waits only when ``MOST_BEHIND`` are, or when the process has stopped: then
        what it did not answer is told first, and the next process gets this one). It is
        applied when the book is next used otherwise (``write``, ``catch_up``, ``events``,
        ``close``), which waits for it first. A write that failed (a body JSON cannot hold
        among the causes) is handed to ``failed`` then, on the caller's thread. ``body`` is
        plain JSON data (dicts, lists, strings, numbers, booleans, None): the ledger applies
        it as given, as the log holds it."""
        with self._lock:
            if len(self._behind) >= MOST_BEHIND or not self.writer.running():
                self._settle()
            at = self.log.stamp_now()
            try:
                self.writer.submit(kind, at, body)
            except StoreError as exc:
                failed(exc)
                return
            self._behind.append((kind, at, body, failed))

    def catch_up(self) -> None:
        """Apply the events other writers (an operator's command) appended since the last one
        applied."""
        with self._lock:
            self._settle()
            self._apply_new()

    def events(self, after: int = 0) -> list[Event]:
        """Every event on the log with an id above ``after`` (the writes in flight first)."""
        with self._lock:
            self._settle()
            return list(self.log.events(after))

    def _settle(self) -> None:
        """Wait for the writes in flight, oldest first, and apply each (or tell who asked that
        it failed)."""
        while self._behind:
            kind, at, body, failed = self._behind.popleft()
            try:
                event_id, prev, digest = self.writer.result()
            except StoreError as exc:
                failed(exc)
                continue
            self._apply(Event(event_id, kind, at, body, prev, digest))

    def _apply(self, event: Event) -> None:
        if event.id == self.ledger.last_event + 1:
            self.ledger.apply(event)
        else:
            self._apply_new()

    def _apply_new(self) -> None:
        for event in self.log.events(after=self.ledger.last_event):
            self.ledger.apply(event)

    def close(self) -> None:
        with self._lock:
            self._settle()
            self.writer.close()
            self.log.close()
