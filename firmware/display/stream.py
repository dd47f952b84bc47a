"""The page's live stream: every notification becomes an event with an increasing id, kept
in a bounded window so a page that lost its connection resumes where it stopped.

Why ids carry the server's boot: the counter restarts with the service, so an id from an
earlier run must not be mistaken for one of this run. An id is ``<boot>-<n>``; a page that
comes back with ``Last-Event-ID`` of this boot, still in the window, gets exactly the events
after it; any other id (an earlier run, or too old) gets a snapshot of the view first.

Events are added on the scheduler's thread and read by the HTTP server's thread: a lock
guards the window, and each listener is told (from the adding thread) that there is more.
"""

import json
import secrets
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

WINDOW = 256
"""Events kept for resuming: about an hour of a busy table's notifications."""


@dataclass(frozen=True)
class StreamEvent:
    seq: int
    id: str
    kind: str
    note: dict | None
    view: dict | None
    """The view after the event; None for one added while no page could be served."""
    boot: str

    @cached_property
    def data(self) -> str:
        """The event's JSON text, as sent: made when a page first asks for it, so a table
        nobody watches (a virtual-time run) never encodes its views. Neither ``note`` nor
        ``view`` is changed after the event is added, so the text is the same whenever made."""
        return _text(self.id, self.kind, self.note, self.boot, self.view)


class EventStream:
    """Events by increasing ``seq``; ``latest_view`` is the view of the newest event that has
    one (replaced, never changed in place, so a reader may keep it)."""

    def __init__(self, window: int = WINDOW, boot: str | None = None):
        self.boot = boot or secrets.token_hex(4)
        self._events: deque[StreamEvent] = deque(maxlen=window)
        self._seq = 0
        self._lock = threading.Lock()
        self._listeners: list[Callable[[], None]] = []
        self.latest_view: dict = {}

    def add(self, kind: str, note: dict | None, view: dict | None) -> StreamEvent:
        """A new event carrying ``note`` (the notification's fields) and the view after it
        (None: no page is served, and ``latest_view`` stays as it was)."""
        with self._lock:
            self._seq += 1
            event_id = f"{self.boot}-{self._seq}"
            event = StreamEvent(self._seq, event_id, kind, note, view, self.boot)
            self._events.append(event)
            if view is not None:
                self.latest_view = view
            listeners = list(self._listeners)
        for listener in listeners:
            listener()
        return event

    @property
    def last_id(self) -> str:
        with self._lock:
            return f"{self.boot}-{self._seq}"

    def resume_point(self, last_event_id: str | None) -> int | None:
        """The ``seq`` a page that saw ``last_event_id`` continues after, when every event
        since is still in the window; None when it must start again from a snapshot (an id
        of an earlier run, a malformed one, or one too old)."""
        seq = self._seq_of(last_event_id)
        with self._lock:
            if seq is None or seq > self._seq:
                return None
            first = self._events[0].seq if self._events else self._seq + 1
            return seq if seq + 1 >= first else None

    def after(self, seq: int) -> list[StreamEvent]:
        with self._lock:
            return [event for event in self._events if event.seq > seq]

    def snapshot(self) -> tuple[int, str, str]:
        """(seq, id, data) of a snapshot event: the latest view, under the latest id."""
        with self._lock:
            event_id = f"{self.boot}-{self._seq}"
            return self._seq, event_id, _text(event_id, "snapshot", None, self.boot,
                                              self.latest_view)

    def listen(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` after each new event; returns the function that stops it."""
        with self._lock:
            self._listeners.append(listener)
        return lambda: self._forget(listener)

    def _forget(self, listener) -> None:
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)

    @property
    def listeners(self) -> int:
        with self._lock:
            return len(self._listeners)

    def _seq_of(self, last_event_id: str | None) -> int | None:
        boot, _, number = (last_event_id or "").partition("-")
        if boot != self.boot or not number.isdigit():
            return None
        return int(number)


def _text(event_id: str, kind: str, note: dict | None, boot: str, view: dict) -> str:
    return json.dumps({"id": event_id, "kind": kind, "boot": boot, "note": note, "view": view},
                      ensure_ascii=False)
