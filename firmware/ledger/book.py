"""The ledger over its event log: verified and replayed when opened, written ahead when used.

``write`` makes an event durable first and only then applies it (and any event another
writer — an operator's command beside the running table — added in the meantime), so the
ledger in memory is never ahead of the disk. ``write_behind`` is for what nothing waits on
(the evidence the table gathers as it plays): the event is written on the book's writer
thread while the table goes on, so the table's loop never stands through a sync of the disk
for it (an SD card's can take tens of milliseconds); the book's next use waits for that
write first, so the events still reach the disk, and the ledger, one by one in order. A log that fails verification is refused with
the first bad event named and the operator's way on; nothing in it is touched.
"""

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from firmware.ledger.ledger import Ledger
from firmware.store import Event, EventLog, StoreError, Verdict, verify


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
        self._writer: ThreadPoolExecutor | None = None
        self._behind: tuple[Future, Callable[[StoreError], None]] | None = None
        """The write in flight on the writer thread, and whom to tell if it fails."""
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
        """Append one event on the writer thread and return at once; it is applied when the
        book is next used (``write``, ``write_behind``, ``catch_up``, ``close``), which waits
        for it first. A write that failed is handed to ``failed`` then, on the caller's
        thread. An EncodingError is raised at once (nothing is written)."""
        with self._lock:
            self._settle()
            commit = self.log.appender(kind, body)
            if self._writer is None:
                self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ledger-writer")
            self._behind = (self._writer.submit(commit), failed)

    def catch_up(self) -> None:
        """Apply the events other writers (an operator's command) appended since the last one
        applied."""
        with self._lock:
            self._settle()
            self._apply_new()

    def events(self, after: int = 0) -> list[Event]:
        """Every event on the log with an id above ``after`` (the write in flight first)."""
        with self._lock:
            self._settle()
            return list(self.log.events(after))

    def _settle(self) -> None:
        """Wait for the write in flight, if any, and apply it (or tell who asked that it
        failed)."""
        if self._behind is None:
            return
        (done, failed), self._behind = self._behind, None
        try:
            event = done.result()
        except StoreError as exc:
            failed(exc)
            return
        self._apply(event)

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
            if self._writer is not None:
                self._writer.shutdown()
            self.log.close()
