"""The controller: takes events from one queue, runs the machine, keeps the table safe.

Everything runs on the scheduler's thread: ``post`` (thread-safe) hands an event over, and
``_take`` — at ``scheduler.now()``, the event's time — notes what it says about the inputs and
fires the machine trigger. The
controller's tick beats the motor-power heartbeat and, in fault or e-stop, re-asserts that
every motor is off. Fault and e-stop record where the table was so an operator reset can
resume that step after the self test.
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass

from firmware import events as ev
from firmware.controller.checks import CycleChecks
from firmware.controller.deadlines import Deadlines
from firmware.controller.lifecycle import LifecycleMixin
from firmware.controller.machine import SAFE_STOPS, build_machine, direct_callbacks, trigger_for
from firmware.controller.maintenance import MaintenanceMixin
from firmware.controller.preparation import PreparationMixin
from firmware.controller.settings import Settings
from firmware.faults import fault_info
from firmware.hal import Table

log = logging.getLogger(__name__)

Listener = Callable[[str, dict], None]


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
    """One table's controller. ``start()`` attaches to the parts and runs the self test.

    ``listeners`` get ``(kind, info)`` for "state", "fault", "reset", "walls_ready", "cycle"
    and "part_tested" — the CLI, the simulated venue and the tests watch the table through them.
    """

    def __init__(self, table: Table, scheduler, settings: Settings | None = None,
                 checks: CycleChecks | None = None):
        self.table = table
        self.scheduler = scheduler
        self.settings = settings or Settings()
        self.checks = checks or CycleChecks()
        self.deadlines = Deadlines(scheduler, self.post)
        self.listeners: list[Listener] = []
        self.history: list[tuple[float, str]] = []
        self.faults: list[FaultRecord] = []
        self.latch_log: list[tuple[float, bool]] = []
        """(time, latched) each time the e-stop latch is set or cleared."""
        self.lid_raised = False
        self.estop_input = False
        self._pending_settings: Settings | None = None
        self._resume = "idle"
        self._tick_timer = None
        self._init_cycle()
        self.machine = build_machine(self)
        self._direct = direct_callbacks()
        self._accepts: dict[str, frozenset[str]] = {}

    # -- wiring ----------------------------------------------------------------------------

    def start(self) -> None:
        """Attach to the parts, start the tick and enter the self test."""
        self.table.attach(self.post)
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
        self.scheduler.call_soon_threadsafe(lambda: self._take(event))

    def now(self) -> float:
        return self.scheduler.now()

    @property
    def next_settings(self) -> Settings:
        """The settings the next set will be prepared with."""
        return self._pending_settings or self.settings

    def update_settings(self, settings: Settings) -> None:
        """Take new settings; they apply from the next set the table starts preparing."""
        self._pending_settings = settings

    def _take(self, event: ev.Event) -> None:
        """Note the event, then run it through the machine; listeners hear ("event", ...) of
        every event the current state does not use (e.g. tile reads, for the tile checks)."""
        self._note(event)
        name = trigger_for(event)
        direct = self._direct.get((self.state, name))
        if direct is None:
            if name in self._accepted(self.state):
                self.trigger(name, event=event)
            else:
                self._notify("event", event=event)
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
            self.belt_active = event.active
        if isinstance(event, (ev.TileAtHead, ev.TileRead, ev.StackDelivered)):
            self.cycle_reads.append(event)

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
            self._notify("state", state=self.state)

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
        self._notify("fault", code=code, detail=detail)

    def on_lid(self, event_data) -> None:
        if event_data.kwargs["event"].raised:
            self._fail("E501", "lid raised")

    def safe_to_reset(self, event_data) -> bool:
        return not self.lid_raised and not self.estop_input

    def acknowledge_reset(self, event_data) -> None:
        if self.latch_log and self.latch_log[-1][1]:
            self.latch_log.append((self.now(), False))
        self.count.discount_extra()
        self._notify("reset")

    def refuse_reset(self, event_data) -> None:
        self.table.annunciator.beep(1)

    def latched(self) -> bool:
        return bool(self.latch_log) and self.latch_log[-1][1]

    # -- reporting -------------------------------------------------------------------------

    def _notify(self, kind: str, **info) -> None:
        for listener in list(self.listeners):
            listener(kind, info)

    def _show(self, **view) -> None:
        base = {"state": self.state, "cycle": self.cycles, "rules": self.settings.rules,
                "wall_break": self.last_break.as_view() if self.last_break else None}
        self.table.display.show(base | view)
