"""Preparing a set: shuffle, stack (counting tiles and stacks under time bounds), walls ready.

Shuffling runs the disc alone; stacking adds the ring, conveyor, head and chain. Bounds
while stacking: a first tile at the head within ``first_tile_s`` of the flow starting,
then one at least every ``tile_gap_s``; each finished stack on a side within
``stack_deliver_s``; a chain zero pulse every ``chain_rev_s``; the belt-full sensor active no
longer than ``belt_full_s``. A belt backs up only once the head has stopped taking tiles for
a while (``belt_backup_s``): if the head took one more recently, the sensor is lying (E206),
otherwise the head is jammed (E202). After the set's last tile the flow runs ``purge_s``
more, so an extra tile shows up before the walls are declared ready.
"""

from firmware import notifications as note
from firmware.controller.checks import CycleReport


class PreparationMixin:
    """Callbacks for ``preparing.*`` and ``playing.*`` (see machine.STATES)."""

    def begin_set(self, event_data) -> None:
        """A new set starts preparing: settings changed since the last set apply now."""
        if self._pending_settings is not None:
            self.settings, self._pending_settings = self._pending_settings, None
        self.cycle.begin_set(self.settings)
        self.notifier.publish(note.SetPreparing, cycle=self.cycle.cycles + 1,
                              rules=self.settings.rules)

    def start_shuffle(self, event_data) -> None:
        self._show(message="shuffling")
        self.table.set_layout(self.cycle.count.layout.stacks_per_side)
        self.table.disc.on()
        self.deadlines.arm("shuffled", self.settings.bounds.shuffle_s)

    def start_stacking(self, event_data) -> None:
        bounds, count = self.settings.bounds, self.cycle.count
        if self.cycle.belt_active and not self.cycle.fed:
            self._fail("E206", "belt-full sensor active before any tile was fed onto the belt")
            return
        for motor in (self.table.ring, self.table.conveyor, self.table.head, self.table.chain):
            motor.on()
        self.cycle.feed_started()
        count.restart(self.now())
        if self.cycle.belt_active:
            self._pause_feed()
        elif not count.all_tiles_seen:
            self.deadlines.arm("tile", bounds.first_tile_s, self._flow_stopped)
        self.deadlines.arm("chain", bounds.chain_rev_s, ("E205", "no chain zero pulse"))
        self._arm_stack_deadline()
        if count.all_tiles_seen:
            self.deadlines.arm("purge", bounds.purge_s)

    def on_tile(self, event_data) -> None:
        fault = self.cycle.tile_seen(self.now())
        if fault:
            self._fail(*self._named(fault))
            return
        if self.cycle.count.all_tiles_seen:
            self.deadlines.cancel("tile")
            if not self.deadlines.is_armed("purge") and not self.cycle.purged:
                self.deadlines.arm("purge", self.settings.bounds.purge_s)
        elif self.deadlines.is_armed("tile"):
            self.deadlines.arm("tile", self.settings.bounds.tile_gap_s, self._flow_stopped)
        if not self.deadlines.is_armed("stack"):
            self._arm_stack_deadline()

    def on_stack(self, event_data) -> None:
        fault = self.cycle.count.stack(event_data.kwargs["event"].side)
        if fault:
            self._fail(*fault)
            return
        self._arm_stack_deadline()
        self._check_complete()

    def count_tile(self, event_data) -> None:
        """While stopped: count only (the fault being shown already stands)."""
        self.cycle.count.tile(self.now())

    def count_stack(self, event_data) -> None:
        self.cycle.count.stack(event_data.kwargs["event"].side)

    def _flow_stopped(self) -> tuple[str, str]:
        return self._named(self.cycle.count.flow_stopped())

    def _named(self, fault: tuple[str, str]) -> tuple[str, str]:
        """A set short or over (E302/E301) by the count alone: if a cycle check (tile identity)
        can say which tile, its fault names it and replaces the count's."""
        if fault[0] not in ("E301", "E302"):
            return fault
        failure = self.checks.run(self._report())
        return fault if failure is None else (failure.code, failure.detail)

    def _report(self) -> CycleReport:
        count = self.cycle.count
        return CycleReport(self.cycle.cycles + 1, self.settings.rules, count.tiles_seen,
                           tuple(count.per_side))

    def _arm_stack_deadline(self) -> None:
        pending = self.cycle.count.oldest_pending()
        if pending is None:
            self.deadlines.cancel("stack")
            return
        self.deadlines.arm_at("stack", pending + self.settings.bounds.stack_deliver_s,
                              ("E203", "a finished stack did not land on any side"))

    def on_chain(self, event_data) -> None:
        self.deadlines.arm("chain", self.settings.bounds.chain_rev_s, ("E205", "no chain zero pulse"))

    def on_purged(self, event_data) -> None:
        self.cycle.purge_done()
        self._check_complete()

    def on_belt_full(self, event_data) -> None:
        """S6 active: stop feeding (disc, ring) until the belt clears, within its bound."""
        if event_data.kwargs["event"].active:
            self._pause_feed()
            return
        self.deadlines.cancel("belt")
        self.table.disc.on()
        self.table.ring.on()
        if not self.cycle.count.all_tiles_seen:
            self.deadlines.arm("tile", self.settings.bounds.tile_gap_s, self._flow_stopped)

    def _pause_feed(self) -> None:
        self.table.disc.off()
        self.table.ring.off()
        self.deadlines.cancel("tile")
        head_worked_after = self.now() - self.settings.bounds.belt_backup_s
        self.deadlines.arm("belt", self.settings.bounds.belt_full_s, lambda: (
            ("E206", "the head kept taking tiles, yet the belt read full")
            if self.cycle.last_tile_at >= head_worked_after else
            ("E202", "belt full and no tile passed the head")))

    def _check_complete(self) -> None:
        if not (self.cycle.count.complete and self.cycle.purged):
            return
        fault = self.cycle.count.side_check()
        if fault:
            self._fail(*fault)
        else:
            self.stacked()

    def on_component_fault(self, event_data) -> None:
        """A component that watches the set being prepared (the head RFID reader's check)
        found it cannot be verified: stop with its code."""
        event = event_data.kwargs["event"]
        self._fail(event.code, event.detail)

    def remember_hatch(self, event_data) -> None:
        """The players finished before the next walls are ready: open the hatch when they are."""
        self.cycle.request_hatch()
        self._show(message="walls not ready yet; the hatch opens when they are")

    def walls_ready(self, event_data) -> None:
        for motor in self.table.shuffle_motors:
            motor.off()
        report = self._report()
        failure = self.checks.run(report)
        if failure is not None:
            self._fail(failure.code, failure.detail)
            return
        self.cycle.set_ready(self.settings)
        self._show(message="walls ready")
        self.notifier.publish(note.WallsReady, report=report)
        if self.cycle.take_hatch_request():
            self.press_hatch()
