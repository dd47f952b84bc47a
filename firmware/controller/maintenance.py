"""Maintenance: the operator tests one part at a time from the menu, each test time-bounded.

A motor runs for ``MOTOR_RUN_S`` and stops; a lift goes up and back down; the hatch opens and
closes; the dice roll once. A part that does not finish in its bound is a fault like any other.
The shuffle motors have no sensor of their own, so nothing can observe their test: they are
reported as run but not verified, and the display asks the operator to confirm by eye.
"""

from firmware import notifications as note

MOTOR_RUN_S = 2.0
MOTORS = ("disc", "ring", "conveyor", "head", "chain")
PARTS = (*MOTORS, "lift0", "lift1", "lift2", "lift3", "hatch", "dice")


class MaintenanceMixin:
    """Callbacks for ``maintenance.*`` (see machine.STATES)."""

    def show_menu(self, event_data) -> None:
        self._show(message="maintenance: choose a part", parts=list(PARTS))
        self.table.annunciator.show("maintenance")

    def valid_part(self, event_data) -> bool:
        if event_data.kwargs["event"].action in PARTS:
            return True
        self.table.annunciator.beep(1)
        return False

    def choose_part(self, event_data) -> None:
        self.part_under_test = event_data.kwargs["event"].action
        self._test_steps = 0

    def test_part(self, event_data) -> None:
        part, bounds = self.part_under_test, self.settings.bounds
        self._show(message=f"testing {part}")
        if part in MOTORS:
            getattr(self.table, part).on()
            self.deadlines.arm("part_tested", MOTOR_RUN_S)
        elif part.startswith("lift"):
            self.table.lifts[int(part[-1])].raise_()
            self.deadlines.arm("part", bounds.lift_travel_s, ("E401", f"{part} did not reach the top"))
        elif part == "hatch":
            self.table.hatch.open()
            self.deadlines.arm("part", bounds.hatch_travel_s, ("E403", "the hatch did not open"))
        else:
            self.table.dice.roll()
            self.deadlines.arm("part", bounds.dice_roll_s, ("E701", "no roll reported"))

    def on_part_event(self, event_data) -> None:
        """The part under test reached a position: do its second half, or finish."""
        part, bounds = self.part_under_test, self.settings.bounds
        side = getattr(event_data.kwargs["event"], "side", None)
        if side is not None and part != f"lift{side}":
            return
        self._test_steps += 1
        if self._test_steps == 1 and part.startswith("lift"):
            self.table.lifts[int(part[-1])].lower()
            self.deadlines.arm("part", bounds.lift_travel_s, ("E401", f"{part} did not come down"))
        elif self._test_steps == 1 and part == "hatch":
            self.table.hatch.close()
            self.deadlines.arm("part", bounds.hatch_travel_s, ("E403", "the hatch did not close"))
        else:
            self.part_tested()

    def end_part_test(self, event_data) -> None:
        self.deadlines.cancel_all()
        self._all_off()
        part = self.part_under_test
        if part in MOTORS:
            detail = (f"{part} ran {MOTOR_RUN_S:g} s, not verifiable by a sensor: "
                      f"confirm by eye that it turned")
            self._show(message=detail)
        else:
            detail = f"{part} worked: its sensors saw it"
        self.notifier.publish(note.PartTested, part=part, verified=part not in MOTORS,
                              detail=detail)
