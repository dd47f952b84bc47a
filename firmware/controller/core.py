"""The controller: takes events from one queue, runs the machine, keeps the table safe.

Everything runs on the scheduler's thread: ``post`` (thread-safe) hands an event over, and
``_take`` — at ``scheduler.now()``, the event's time — notes what it says about the inputs and
fires the machine trigger. The
controller's tick beats the motor-power heartbeat and, in fault or e-stop, re-asserts that
every motor is off. Fault and e-stop record where the table was so an operator reset can
resume that step after the self test.
"""

import logging
from collections import deque
from dataclasses import dataclass

from firmware import events as ev
from firmware import notifications as note
from firmware.controller.checks import CycleChecks
from firmware.controller.cycle import CycleState
from firmware.controller.deadlines import Deadlines
from firmware.controller.lifecycle import LifecycleMixin
from firmware.controller.machine import (SAFE_STOPS, State, build_machine, direct_callbacks,
                                         trigger_for)
from firmware.controller.maintenance import MaintenanceMixin
from firmware.controller.preparation import PreparationMixin
from firmware.controller.settings import Settings
from firmware.faults import fault_info
from firmware.hal import Table

HISTORY_KEPT = 1000
"""State changes the controller remembers: a table runs for hours, so its history is a
window, not a log (``mjtable run`` prints every change, and the journal keeps them)."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Direct:
    """What a directly run callback gets instead of transitions' EventData."""

    kwargs: dict


@dataclass(frozen=True)
class FaultRecord:
    code: str
    detail: str
    at: float
    step: str
    """The step the table resumes after the reset (a key of machine.RESUME)."""


class Controller(LifecycleMixin, PreparationMixin, MaintenanceMixin):
    """One table's controller. ``start()`` starts the tick and runs the self test; the parts'
    events reach it through ``take`` (on the scheduler's thread) or ``post`` (any thread).

    It announces what it does as ``firmware.notifications`` on ``notifier``; ``status()`` says
    where it is, for the display and ``mjtable sim --json``.
    """

    def __init__(self, table: Table, scheduler, settings: Settings | None = None,
                 checks: CycleChecks | None = None, notifier: note.Notifier | None = None):
        self.table = table
        self.scheduler = scheduler
        self.settings = settings or Settings()
        self.checks = checks or CycleChecks()
        self.notifier = notifier or note.Notifier(scheduler.now)
        self.deadlines = Deadlines(scheduler, self.post)
        self.history: deque[tuple[float, str]] = deque(maxlen=HISTORY_KEPT)
        self.faults: list[FaultRecord] = []
        self.latch_log: list[tuple[float, bool]] = []
        """(time, latched) each time the e-stop latch is set or cleared."""
        self.lid_raised = False
        self.estop_input = False
        self._pending_settings: Settings | None = None
        self._resume = "idle"
        self._tick_timer = None
        self.cycle = CycleState.start(self.settings)
        self.machine = build_machine(self)
        self._direct = direct_callbacks()
        self._accepts: dict[str, frozenset[str]] = {}

    # -- wiring ----------------------------------------------------------------------------

    def start(self) -> None:
        """Start the tick and enter the self test (the parts are attached already). Once:
        a second start would run a second tick beside the first."""
        if self._tick_timer is not None:
            raise RuntimeError("the controller is already started")
        self._tick()
        self.history.append((self.now(), self.state))
        self.power_on()

    def close(self) -> None:
        """Stop the tick and leave every output safe (the service is shutting down)."""
        if self._tick_timer is not None:
            self._tick_timer.cancel()
        self.deadlines.cancel_all()
        self._all_off()

    def post(self, event: ev.Event) -> None:
        """The event sink for the parts: safe from any thread, never blocks."""
        self.scheduler.call_soon_threadsafe(lambda: self.take(event))

    def now(self) -> float:
        return self.scheduler.now()

    @property
    def next_settings(self) -> Settings:
        """The settings the next set will be prepared with."""
        return self._pending_settings or self.settings

    def update_settings(self, settings: Settings) -> None:
        """Take new settings; they apply from the next set the table starts preparing."""
        self._pending_settings = settings

    @property
    def current(self) -> State:
        return State(self.state)

    def take(self, event: ev.Event) -> None:
        """On the scheduler's thread: note the event, then run it through the machine (an
        event the current state does not use is ignored)."""
        self._note(event)
        name = trigger_for(event)
        direct = self._direct.get((self.state, name))
        if direct is None:
            if name in self._accepted(self.state):
                self.trigger(name, event=event)
            return
        try:
            for callback in direct:
                getattr(self, callback)(_Direct({"event": event}))
        except Exception as exc:  # noqa: BLE001 - any crash must still end in a safe fault
            self.crashed(None, exc)

    def _accepted(self, state: str) -> frozenset[str]:
        """Triggers ``state`` (or a parent) declares; others are ignored without a trip
        through the machine (which would log each one as a warning)."""
        if state not in self._accepts:
            self._accepts[state] = frozenset(self.machine.get_triggers(state))
        return self._accepts[state]

    def _note(self, event: ev.Event) -> None:
        """What an event says about the inputs, whatever the state."""
        if isinstance(event, ev.LidChanged):
            self.lid_raised = event.raised
        elif isinstance(event, ev.EStopPressed):
            self.estop_input = True
        elif isinstance(event, ev.EStopReleased):
            self.estop_input = False
        elif isinstance(event, ev.BeltFull):
            self.cycle.belt(event.active)

    def _tick(self) -> None:
        self.table.heartbeat.beat()
        if self.state in SAFE_STOPS and self.table.any_moving():
            self._all_off()
        self._tick_timer = self.scheduler.call_later(self.settings.bounds.tick_s, self._tick)

    # -- machine callbacks shared by every phase ------------------------------------------

    def state_changed(self, event_data) -> None:
        """``after_state_change``: log the new state (internal transitions change nothing)."""
        if not self.history or self.history[-1][1] != self.state:
            self.history.append((self.now(), self.state))
            self.notifier.publish(note.StateEntered, state=self.current)

    def cancel_deadlines(self, event_data) -> None:
        self.deadlines.cancel_all()

    def on_timeout(self, event_data) -> None:
        expired = self.deadlines.expire(event_data.kwargs["event"].name)
        if expired is None:
            return
        if expired.fault is None:
            self.trigger(expired.name)
        else:
            self._fail(*expired.fault)

    def _fail(self, code: str, detail: str) -> None:
        """Stop every motor now, then (queued) enter fault with ``code``."""
        self._all_off()
        self.fail(code=code, detail=detail)

    def stop_all(self, event_data) -> None:
        """Before fault/e-stop: every motor off, and remember the step to resume."""
        self._remember_step(event_data.state.name if event_data else self.state)
        self._all_off()

    def _all_off(self) -> None:
        try:
            self.table.all_off()
        except Exception:  # noqa: BLE001 - every part was tried; log and stay safe
            log.exception("a part failed to stop")

    def crashed(self, event_data, error: BaseException | None = None) -> None:
        """``on_exception``: a crash inside a transition ends in fault E901, motors off."""
        error = error if error is not None else event_data.error
        log.error("controller error in state %s", self.state, exc_info=error)
        self._all_off()
        self.fail(code="E901", detail=f"{type(error).__name__}: {error}")

    def enter_fault(self, event_data) -> None:
        code = event_data.kwargs.get("code", "E901")
        detail = event_data.kwargs.get("detail", "")
        self._record_fault(code, detail)
        self.table.annunciator.show("fault")

    def enter_estop(self, event_data) -> None:
        self.deadlines.cancel_all()
        self.latch_log.append((self.now(), True))
        self._record_fault("E601", "emergency-stop input active")
        self.table.annunciator.show("estop")

    def _record_fault(self, code: str, detail: str) -> None:
        info = fault_info(code)
        self.deadlines.cancel_all()
        self.faults.append(FaultRecord(code, detail, self.now(), self._resume))
        self._show(code=code, message=info.meaning, action=info.action, detail=detail)
        self.table.annunciator.beep(3)
        self.notifier.publish(note.FaultRaised, code=code, detail=detail, meaning=info.meaning,
                              action=info.action)

    def on_lid(self, event_data) -> None:
        if event_data.kwargs["event"].raised:
            self._fail("E501", "lid raised")

    def safe_to_reset(self, event_data) -> bool:
        return not self.lid_raised and not self.estop_input

    def acknowledge_reset(self, event_data) -> None:
        if self.latch_log and self.latch_log[-1][1]:
            self.latch_log.append((self.now(), False))
        self.cycle.count.discount_extra()
        self.notifier.publish(note.FaultCleared)

    def refuse_reset(self, event_data) -> None:
        self.table.annunciator.beep(1)

    def latched(self) -> bool:
        return bool(self.latch_log) and self.latch_log[-1][1]

    # -- reporting -------------------------------------------------------------------------

    def _show(self, **view) -> None:
        last_break = self.cycle.last_break
        base = {"state": self.state, "cycle": self.cycle.cycles, "rules": self.settings.rules,
                "wall_break": last_break.as_view() if last_break else None}
        self.table.display.show(base | view)

    def show_notice(self, notice: note.NoticeRaised) -> None:
        """A component's notice for the players or the referee, on the display; nothing stops."""
        self._show(code=notice.code, notice=True, message=notice.message, action=notice.action)

    def status(self) -> dict:
        """Where the table is, as plain data (Klipper's ``get_status``)."""
        cycle, count = self.cycle, self.cycle.count
        in_play = cycle.in_play.settings if cycle.in_play else None
        return {
            "state": self.state, "phase": self.current.phase.value,
            "rules": self.settings.rules, "next_rules": self.next_settings.rules,
            "cycle": cycle.cycles, "hand": cycle.hand,
            "set_in_play": None if in_play is None else {"rules": in_play.rules,
                                                          "dealer": in_play.dealer},
            "preparing": {"rules": self.settings.rules, "tiles_seen": count.tiles_seen,
                          "tiles": count.layout.tiles, "stacks_per_side": list(count.per_side),
                          "layout": list(count.layout.stacks_per_side)},
            "walls_ready": cycle.ready is not None,
            "wall_break": cycle.last_break.as_view() if cycle.last_break else None,
            "faults": [{"code": f.code, "detail": f.detail, "at": round(f.at, 3),
                        "message": fault_info(f.code).meaning,
                        "action": fault_info(f.code).action} for f in self.faults],
            "estop_latched": self.latched(), "lid_raised": self.lid_raised,
            "tick_s": self.settings.bounds.tick_s,
        }
