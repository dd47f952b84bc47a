"""The ledger over its event log: verified and replayed when opened, written ahead when used.

``write`` makes an event durable first and only then applies it (and any event another
writer — an operator's command beside the running table — added in the meantime), so the
ledger in memory is never ahead of the disk. A log that fails verification is refused with
the first bad event named and the operator's way on; nothing in it is touched.
"""

import threading
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
        self._lock = threading.Lock()  # the table's loop writes; a status may be read elsewhere
        self.catch_up()

    @property
    def folder(self) -> Path:
        return self.log.folder

    def write(self, kind: str, body: dict) -> Event:
        """Append one event (durable on return), then apply everything up to it: just it, as
        the log returned it, unless another writer appended events before it."""
        with self._lock:
            event = self.log.append(kind, body)
            if event.id == self.ledger.last_event + 1:
                self.ledger.apply(event)
            else:
                self._apply_new()
        return event

    def catch_up(self) -> None:
        """Apply the events other writers (an operator's command) appended since the last one
        applied."""
        with self._lock:
            self._apply_new()

    def _apply_new(self) -> None:
        for event in self.log.events(after=self.ledger.last_event):
            self.ledger.apply(event)

    def close(self) -> None:
        self.log.close()
