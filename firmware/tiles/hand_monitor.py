"""Hand counts during play, the ``[tiles.hands]`` component: a wrong count (相公) shown.

A wrong count is the players' irregularity, not the machine's: the table keeps running (the
next set is being shuffled and stacked meanwhile), so this is a notice — code E515 with the
seat and its count — for the players or the referee to settle, never a fault that stops the
motors. The zone readers' inventories come straight from the readers; a hand is watched from
``HandStarted`` (the dice dealt it) to ``HandEnded`` (the hatch opened for it).

A ``[referee]`` that shows its flags (its ``notices``, E516) flags a wrong count itself, with
the tiles as evidence (``wrong_count``): the count is then kept (``hand_count_flags``, the
seats' tile counts on the display) but not shown again as E515: one miscount, one notice.
"""

from dataclasses import dataclass

from firmware import notifications as note
from firmware.config import Section
from firmware.events import ZoneInventory
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
    """Feeds ``watch`` while a hand is played and keeps each confirmed wrong count, shown as
    notice E515 unless ``shown_elsewhere()`` (the referee shows it: see the module docstring);
    ``clock`` stamps it."""

    def __init__(self, watch: HandWatch, notifier: note.Notifier, clock,
                 shown_elsewhere=lambda: False):
        self.watch = watch
        self.notifier = notifier
        self.clock = clock
        self.shown_elsewhere = shown_elsewhere
        self.flags: list[HandFlag] = []
        self._flagged: set[int] = set()
        self._cycle: int | None = None

    def hand_started(self, started: note.HandStarted) -> None:
        self._cycle = started.cycle
        self._flagged.clear()
        self.watch.new_hand(started.dealer)

    def hand_ended(self, ended: note.HandEnded) -> None:
        self._cycle = None

    def take(self, event: ZoneInventory) -> None:
        if self._cycle is None:
            return
        count = self.watch.take(event)
        if count is not None:
            self._flag(count)

    def _flag(self, count: HandCount) -> None:
        if count.seat in self._flagged:
            return
        self._flagged.add(count.seat)
        message = count.message()
        if not self.shown_elsewhere():
            self.notifier.publish(note.NoticeRaised, code=NOTICE, seat=count.seat, message=message,
                                  action=fault_info(NOTICE).action)
        self.flags.append(HandFlag(self._cycle, count.seat, self.clock(), count.held,
                                   count.expected, message))

    def status(self) -> dict:
        """``hand_count_flags`` (for ``tile_checks`` of ``mjtable sim --json``) and the tiles
        each seat holds now (``seats``, E S W N)."""
        return {"hand_count_flags": [flag.as_json() for flag in self.flags],
                "seats": self.watch.seat_counts() if self._cycle is not None else None}


def load_component(section: Section, service) -> HandCountMonitor:
    """``[tiles.hands]``: ``confirm`` (2) inventories in a row that must agree before a seat's
    count is flagged. Needs ``[tiles]`` (its registry names the tags). Asked when a count is
    confirmed, the ``[referee]`` component (if any, whichever loads first) says whether it
    shows its flags itself."""
    tiles = service.lookup("tiles", section)
    monitor = HandCountMonitor(
        HandWatch(tiles.registry, section.get_int("confirm", 2, minval=1, maxval=20)),
        service.notifier, service.scheduler.now,
        lambda: getattr(service.components.get("referee"), "notices", False))
    service.notifier.subscribe(note.HandStarted, monitor.hand_started)
    service.notifier.subscribe(note.HandEnded, monitor.hand_ended)
    service.events.subscribe((ZoneInventory,), monitor.take)
    return monitor
