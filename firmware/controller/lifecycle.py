"""The controller's cycle outside preparation: self test, collecting, raising, dice, resume."""

from firmware import notifications as note
from firmware.wall_break import throws_needed, wall_break


class LifecycleMixin:
    """Callbacks for the phases that move lifts, hatch and dice (see machine.STATES)."""

    def _remember_step(self, state: str) -> None:
        """Where to resume after a reset; a stop during the self test keeps the earlier step."""
        top, _, leaf = state.partition(".")
        if top in ("self_test", "fault", "estop"):
            return
        self._resume = f"{top}_ready" if leaf == "ready" else top

    # -- self test ---------------------------------------------------------------------------

    def start_self_test(self, event_data) -> None:
        """Every lift down and the hatch closed, within the self-test bound; then resume."""
        self._show(message="self test")
        self.table.annunciator.show("busy")
        for side, lift in enumerate(self.table.lifts):
            if lift.at_top and lift.at_bottom:
                self._fail("E102", f"lift {side} reports top and bottom together")
                return
        for lift in self.table.lifts:
            if not lift.at_bottom:
                lift.lower()
        if not self.table.hatch.is_closed:
            self.table.hatch.close()
        self.deadlines.arm("self_test", self.settings.bounds.self_test_s, self._self_test_fault)
        self.check_self_test(event_data)

    def _self_test_fault(self) -> tuple[str, str]:
        late = [f"lift {s}" for s, lift in enumerate(self.table.lifts) if not lift.at_bottom]
        if not self.table.hatch.is_closed:
            late.append("hatch")
        return "E101", f"{', '.join(late) or 'a part'} not in its safe position in time"

    def check_self_test(self, event_data) -> None:
        if all(lift.at_bottom for lift in self.table.lifts) and self.table.hatch.is_closed:
            self.deadlines.cancel("self_test")
            step, self._resume = self._resume, "idle"
            self.trigger(f"resume_{step}")

    def show_idle(self, event_data) -> None:
        self._show(message="press the hatch button to start")
        self.table.annunciator.show("ready")

    # -- collecting --------------------------------------------------------------------------

    def open_hatch(self, event_data) -> None:
        hand = self.cycle.end_hand()
        if hand is not None:
            self.notifier.publish(note.HandEnded, hand=hand)
        self._show(message="opening the hatch")
        self.table.hatch.open()
        self.deadlines.arm("hatch", self.settings.bounds.hatch_travel_s,
                           ("E403", "the hatch did not open in time"))

    def hatch_is_open(self, event_data) -> None:
        self._show(message="push the tiles in, then press raise")

    def close_hatch(self, event_data) -> None:
        self.table.hatch.close()
        self.deadlines.arm("hatch", self.settings.bounds.hatch_travel_s,
                           ("E403", "the hatch did not close in time"))

    def has_ready_walls(self, event_data) -> bool:
        return self.cycle.ready is not None

    # -- raising -----------------------------------------------------------------------------

    def raise_lifts(self, event_data) -> None:
        self._show(message="raising the walls")
        self._move_lifts("raise_", "top")

    def lower_lifts(self, event_data) -> None:
        self._move_lifts("lower", "bottom")

    def _move_lifts(self, command: str, limit: str) -> None:
        self.cycle.lifts_commanded(self.now())
        for lift in self.table.lifts:
            getattr(lift, command)()
        self.deadlines.arm("lifts", self.settings.bounds.lift_travel_s, lambda: (
            "E401", f"lift(s) {self.cycle.lifts_missing()} did not reach the {limit}"))

    def _lift_arrived(self, event_data, limit: str) -> bool:
        """Note one lift at its limit; fault if it came too soon. True once all four are there."""
        side = event_data.kwargs["event"].side
        travel_s = self.cycle.lift_travel_s(side, self.now())
        if travel_s < self.settings.bounds.lift_min_travel_s:
            self._fail("E402", f"lift {side} reached its {limit} after {travel_s:.2f} s")
            return False
        return self.cycle.lift_arrived(side)

    def on_lift_up(self, event_data) -> None:
        if self._lift_arrived(event_data, "top"):
            self.cycle.walls_raised()
            self.walls_up()

    def on_lift_down(self, event_data) -> None:
        if self._lift_arrived(event_data, "bottom"):
            self.cycle.walls_lowered()
            self.walls_down()

    # -- dice --------------------------------------------------------------------------------

    def await_dice(self, event_data) -> None:
        self._show(message=f"press dice (throw {len(self.cycle.throws) + 1})")

    def roll_dice(self, event_data) -> None:
        self.table.dice.roll()
        self.deadlines.arm("dice", self.settings.bounds.dice_roll_s, ("E701", "no roll reported"))

    def on_dice_rolled(self, event_data) -> None:
        faces = tuple(event_data.kwargs["event"].faces)
        if len(faces) != 2 or not all(1 <= f <= 6 for f in faces):
            self._fail("E701", f"the roll sensor read {faces!r}")
            return
        self.deadlines.cancel("dice")
        self.cycle.throw(faces)
        played = self.cycle.in_play.settings if self.cycle.in_play else self.settings
        if len(self.cycle.throws) < throws_needed(played.rules):
            self.throw_again()
            return
        broken = wall_break(played.rules, self.cycle.throws, played.dealer)
        cycle = self.cycle.broken(broken)
        self._show(message="play")
        self.notifier.publish(note.DiceThrown, cycle=cycle, rules=played.rules,
                              dealer=played.dealer, wall_break=broken)
        self.notifier.publish(note.HandStarted, hand=cycle, cycle=cycle + 1, rules=played.rules,
                              dealer=played.dealer, wall_break=broken)
        self.thrown()
