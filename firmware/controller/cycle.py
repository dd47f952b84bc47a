"""Where the table is in its machine cycle: the sets, the count, the lifts, the dice, the hand.

One object with one owner, the controller; the phase callbacks change it only through these
methods and read it through its attributes, so what a cycle step does to the table's state
is written in one place.
"""

from dataclasses import dataclass, field

from firmware.controller.settings import Settings
from firmware.controller.stacking import StackCount
from firmware.layout import layout_for
from firmware.wall_break import WallBreak


@dataclass(frozen=True)
class PreparedSet:
    """A set whose walls stand ready under the table, with the settings it was prepared for."""

    settings: Settings
    count: StackCount


@dataclass
class CycleState:
    """The set being prepared (``count``), the set ready under the table and the set in play,
    the lifts' motion, the dice thrown so far and the hand being played."""

    count: StackCount
    cycles: int = 0
    """Cycles completed: walls raised and their break thrown."""
    last_break: WallBreak | None = None
    ready: PreparedSet | None = None
    in_play: PreparedSet | None = None
    throws: list[tuple[int, int]] = field(default_factory=list)
    belt_active: bool = False
    fed: bool = False
    """The feed (disc and ring) has run while this set was stacking, so tiles may lie on the
    belt: a resume after a jam finds it full of them, with none yet past the head."""
    hatch_requested: bool = False
    purged: bool = False
    last_tile_at: float = float("-inf")
    hand: int | None = None
    """The hand being played (numbered by the cycle whose dice dealt it), None between hands."""
    _commanded: dict[int, float] = field(default_factory=dict)
    _arrived: set[int] = field(default_factory=set)

    @classmethod
    def start(cls, settings: Settings) -> "CycleState":
        return cls(StackCount(layout_for(settings.rules)))

    # -- preparing a set ---------------------------------------------------------------------

    def begin_set(self, settings: Settings) -> None:
        self.count = StackCount(layout_for(settings.rules))
        self.hatch_requested = False
        self.purged = False
        self.fed = False

    def tile_seen(self, now: float):
        """A tile passed the head: count it; the count's fault, if any."""
        self.last_tile_at = now
        return self.count.tile(now)

    def belt(self, active: bool) -> None:
        self.belt_active = active

    def feed_started(self) -> None:
        self.fed = True

    def request_hatch(self) -> None:
        self.hatch_requested = True

    def take_hatch_request(self) -> bool:
        requested, self.hatch_requested = self.hatch_requested, False
        return requested

    def purge_done(self) -> None:
        self.purged = True

    def set_ready(self, settings: Settings) -> None:
        self.ready = PreparedSet(settings, self.count)

    # -- lifts -------------------------------------------------------------------------------

    def lifts_commanded(self, now: float) -> None:
        self._commanded = {side: now for side in range(4)}
        self._arrived = set()

    def lift_travel_s(self, side: int, now: float) -> float:
        return now - self._commanded.get(side, now)

    def lift_arrived(self, side: int) -> bool:
        """Note one lift at its limit; True once all four are there."""
        self._arrived.add(side)
        return len(self._arrived) == 4

    def lifts_missing(self) -> list[int]:
        return sorted(set(range(4)) - self._arrived)

    def walls_raised(self) -> None:
        self.in_play, self.ready = self.ready, None

    # -- dice and the hand -------------------------------------------------------------------

    def walls_lowered(self) -> None:
        self.throws = []

    def throw(self, faces: tuple[int, int]) -> None:
        self.throws.append(faces)

    def broken(self, wall_break: WallBreak) -> int:
        """The dice broke the walls in play: the cycle is complete and its hand starts."""
        self.cycles += 1
        self.last_break = wall_break
        self.hand = self.cycles
        return self.cycles

    def end_hand(self) -> int | None:
        """The hatch opens for the used set: the hand (if one was played) is over."""
        hand, self.hand = self.hand, None
        return hand
