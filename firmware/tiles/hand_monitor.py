"""Hand counts during play: the zone readers' inventories checked, a wrong count (相公) shown.

A wrong count is the players' irregularity, not the machine's: the table keeps running (the
next set is being shuffled and stacked meanwhile), so this is a notice on the display — code
E515 with the seat and its count — for the players or the referee to settle, never a fault
that stops the motors. ``HandCountMonitor`` is a controller listener: a hand starts when the
dice are thrown ("cycle"), and ``ZoneInventory`` events count while the state is ``playing``.
"""

from dataclasses import dataclass

from firmware.faults import fault_info
from firmware.tiles.hands import HandCount, HandWatch

NOTICE = "E515"


@dataclass(frozen=True)
class HandFlag:
    """One seat found holding the wrong number of tiles (flagged once per hand); ``cycle`` is
    the cycle during which the hand was played."""

    cycle: int
    seat: int
    at: float
    held: int
    expected: int
    message: str

    def as_json(self) -> dict:
        return {"cycle": self.cycle, "seat": self.seat, "at": round(self.at, 3),
                "held": self.held, "expected": self.expected, "message": self.message}


class HandCountMonitor:
    """Feeds ``watch`` while a hand is played and shows each confirmed wrong count.

    ``controller`` gives the state, the time, the dealer and the display the notice goes to.
    """

    def __init__(self, watch: HandWatch, controller):
        self.watch = watch
        self.controller = controller
        self.flags: list[HandFlag] = []
        self._flagged: set[int] = set()
        self._hand = 0

    def listen(self, kind: str, info: dict) -> None:
        if kind == "cycle":
            # Cycle N's dice deal the hand played while the table prepares cycle N + 1 (the
            # numbering of ``mjtable sim --fault ...@cycle=N``).
            self._hand = info["cycle"] + 1
            self._flagged.clear()
            self.watch.new_hand(self.controller.settings.dealer)
        elif kind == "event" and self._hand and self.controller.state.startswith("playing"):
            count = self.watch.take(info["event"])
            if count is not None:
                self._flag(count)

    def _flag(self, count: HandCount) -> None:
        if count.seat in self._flagged:
            return
        self._flagged.add(count.seat)
        controller = self.controller
        self.flags.append(HandFlag(self._hand, count.seat, controller.now(), count.held,
                                   count.expected, count.message()))
        controller.table.display.show({
            "state": controller.state, "cycle": controller.cycles,
            "rules": controller.settings.rules, "code": NOTICE, "notice": True,
            "message": count.message(), "action": fault_info(NOTICE).action})

    def summary(self) -> dict:
        """``hand_count_flags`` for the ``tile_checks`` of ``mjtable sim --json``."""
        return {"hand_count_flags": [flag.as_json() for flag in self.flags]}
