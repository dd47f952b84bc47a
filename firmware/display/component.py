"""The ``[display]`` component: the table's web page, fed by the table's notifications, and
the seat digits, fed by the ledger's scores.

Why a component: it hears what everyone announces (the controller's states and faults, the
referee's flags and results, the ledger's durable records) and turns each into an event of
the page's stream, with the view after it. It runs on the scheduler's thread like every
component; the HTTP server runs on its own thread and only reads the stream, handing
actions back through ``scheduler.call_soon_threadsafe``. The server listens once ``serve``
is called (``mjtable run`` does; a virtual-time run of ``mjtable sim`` has nobody to serve).
The scores and the last hand come from the ledger's game, which holds only what is durable;
without a ledger the last hand is the referee's conclusion as announced.
"""

import dataclasses
import enum
import logging
from collections import deque

from firmware import notifications as note
from firmware import rulesets
from firmware.config import ConfigError, Section
from firmware.display import views
from firmware.display.actions import FIELDS, ActionGate, TableActions
from firmware.display.pin_gate import pin_checker
from firmware.display.records import ActionRecords
from firmware.display.server import DisplayServer
from firmware.display.settings import DisplaySettings
from firmware.display.stream import EventStream
from firmware.display.texts import ui_texts
from firmware.ledger.ledger import EVIDENCE

log = logging.getLogger(__name__)
NOTICES_SHOWN = 5


class DisplayComponent:
    """The view state the page is drawn from, the stream it follows and its server."""

    def __init__(self, service, settings: DisplaySettings, check_pin):
        self._service = service
        self.settings = settings
        self.stream = EventStream()
        self.flags: dict[str, dict] = {}
        self._flag_records: dict[str, dict] = {}
        self._notices: deque[dict] = deque(maxlen=NOTICES_SHOWN)
        self._result: tuple[int, dict] | None = None
        self._scores: list | None = None
        self._game: dict | None = None
        self._game_read = False
        self._check_pin = check_pin
        self.actions = TableActions(service, ActionRecords(service), self.flags)
        self.server: DisplayServer | None = None
        service.notifier.subscribe(note.Notification, self._hear)
        self._timer = service.scheduler.call_later(settings.refresh_s, self._refresh)

    # -- the server -----------------------------------------------------------------------

    def serve(self) -> str:
        """Start the page's server; its address. ConfigError names ``[display]`` when the
        address cannot be bound."""
        gate = ActionGate(self._check_pin, self._service.scheduler.call_soon_threadsafe,
                          self.perform)
        texts = {"ui": ui_texts(), "language": self.settings.language, "actions": list(FIELDS),
                 "rules": [{"name": r.name, "title": r.title}
                           for r in rulesets.all_rule_sets().values()]}
        self.server = DisplayServer(self.stream, texts, gate, self.settings.bind,
                                    self.settings.port)
        self._publish("start", None)
        try:
            return self.server.start()
        except OSError as exc:
            self.server = None
            raise ConfigError(f"{self._service.config.source}: [display] port: cannot serve on "
                              f"{self.settings.bind}:{self.settings.port} ({exc.strerror or exc})"
                              ) from None

    def perform(self, request) -> dict:
        """An action carried out, then shown: what it changed may have no notification of its
        own (the rule set of the next hand), so the page gets the view after it."""
        answer = self.actions.perform(request)
        self._publish("ActionTaken", {"action": request.action, "who": request.who,
                                      "why": request.why})
        return answer

    def status(self) -> dict:
        return {"url": self.server.url if self.server else None, "events": self.stream.last_id,
                "pages": self.stream.listeners,
                "flags_open": sum(f["status"] == "open" for f in self.flags.values())}

    def close(self) -> None:
        self._timer.cancel()
        if self.server is not None:
            self.server.close()

    # -- what the table announces ---------------------------------------------------------

    def _hear(self, notification: note.Notification) -> None:
        """Every notification that changes what is shown (``shown``): note what it says, then
        one stream event with the new view.
        The display must never break the one who announced, so a failure here is logged."""
        if not notification.shown:
            return
        try:
            self._note(notification)
            self._publish(type(notification).__name__, _fields(notification))
        except Exception:  # noqa: BLE001 - a display fault must not reach the controller
            log.exception("display: could not show %s", type(notification).__name__)

    def _note(self, n: note.Notification) -> None:
        if isinstance(n, note.FlagRaised):
            flag_id = str(n.flag.get("id"))
            self._flag_records[flag_id] = n.flag
            self.flags[flag_id] = views.flag_view(n.flag, None)
        elif isinstance(n, note.FlagResolved) and n.flag_id in self._flag_records:
            self.flags[n.flag_id] = views.flag_view(self._flag_records[n.flag_id], {
                "confirmed": n.confirmed, "judge": n.judge, "why": n.why})
        elif isinstance(n, note.NoticeRaised):
            self._notices.appendleft({"code": n.code, "seat": n.seat, "message": n.message,
                                      "action": n.action})
        elif isinstance(n, note.HandResult):
            self._result = (n.hand, n.result)
        elif isinstance(n, note.ResultRecorded):
            self._follow_ledger()

    def _follow_ledger(self) -> None:
        """The ledger's game as it now stands on the disk: read again after each durable
        write (``ResultRecorded``), not on every notification — a long game's view is big."""
        ledger = self._service.components.get("ledger")
        self._game = None if ledger is None else ledger.status()
        self._game_read = True

    def _ledger_game(self) -> dict | None:
        """The ledger's game as last recorded (read at first use)."""
        if not self._game_read:
            self._follow_ledger()
        return self._game

    def _status(self) -> dict:
        """The table status as ``Service.status()`` gives it, with the ledger's game as last
        recorded and without the display's own."""
        game = self._ledger_game()
        status = self._service.controller.status()
        for name, component in self._service.components.items():
            if component is not self:
                status[name] = game if name == "ledger" else component.status()
        return status

    def _publish(self, kind: str, fields: dict | None) -> None:
        """One stream event, with the view after it while the page is served. Without a
        server no page can ever see a view (``serve`` publishes one before it listens, and a
        page starts from it), so none is built: a virtual-time run of ``mjtable sim`` would
        spend about a fifteenth of its hands building views for nobody."""
        self.stream.add(kind, fields, None if self.server is None else self.view())
        self._show_scores()

    def _show_scores(self) -> None:
        """The seat digits follow the scores on the page: the ledger's game's, once durable."""
        scores = (self._ledger_game() or {}).get("scores") or None
        if scores != self._scores:
            self._scores = scores
            self._service.backend.table.display.show({"scores": scores or []})

    def view(self) -> dict:
        """What the page shows now."""
        return views.build(self._status(), flags=list(self.flags.values())[::-1],
                           result=self._result, notices=list(self._notices),
                           has_referee="referee" in self._service.components)

    def _refresh(self) -> None:
        """While a page watches, follow what changes without a notification (the tiles
        stacked so far), as a ``view`` event when the view changed."""
        self._timer = self._service.scheduler.call_later(self.settings.refresh_s, self._refresh)
        if self.stream.listeners:
            try:
                view = self.view()
                if view != self.stream.latest_view:
                    self.stream.add("view", None, view)
            except Exception:  # noqa: BLE001 - keep refreshing; the log has the trace
                log.exception("display: refresh failed")


def _fields(notification: note.Notification) -> dict:
    """A notification's fields as JSON data (parts with a view give it; enums their value);
    a hand's result without its evidence (``EVIDENCE``: the page shows none of it, and it is
    most of a result's size)."""
    fields = {f.name: getattr(notification, f.name) for f in dataclasses.fields(notification)}
    if isinstance(notification, note.HandResult) and isinstance(notification.result, dict):
        fields["result"] = {key: value for key, value in notification.result.items()
                            if key not in EVIDENCE}
    return {name: _plain(value) for name, value in fields.items()}


def _plain(value):
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "as_view"):
        return _plain(value.as_view())
    return str(value)


def load_component(section: Section, service) -> DisplayComponent:
    """``[display]``: ``bind`` (127.0.0.1), ``port`` (8080; 0 = any free port), ``language``
    (zh | en), ``open_to_network`` (false), ``refresh_s`` (1.0)."""
    settings = DisplaySettings.from_section(section)
    return DisplayComponent(service, settings, pin_checker(service))
