"""The wall map: which tag sits at each wall position, built from the stacking events.

Each K1 pulse (``TileAtHead``) opens a position; a head read fills the open position. The
same tag read again while it is still under the head is one tile, not two. A position
without a read is a missed read: the tile-count sensor proves a tile was there, so the set
check counts it instead of calling its tile missing. Every two positions make a stack (the
first tile below, the second on top); the chain delivers stacks in the order they were made,
and each side's count sensor (``StackDelivered``) says where each one landed.
"""

from dataclasses import dataclass

from firmware.events import Event, StackDelivered, TileAtHead, TileRead


@dataclass(frozen=True)
class WallReads:
    """One cycle as the head and the side sensors saw it."""

    slots: tuple[str | None, ...]
    """The tag read at each stacking position, in stacking order; None = no read."""
    unpulsed: tuple[str, ...] = ()
    """Reads that came with no K1 pulse to pair with (a sensor miss or a stray read)."""
    stack_sides: tuple[int, ...] = ()
    """The side each stack landed on, stacks in the order they were made."""

    @property
    def missed(self) -> int:
        return sum(uid is None for uid in self.slots)

    @property
    def side_tiles(self) -> tuple[int, int, int, int] | None:
        """Tiles landed on each side, or None when no stack landing was reported."""
        if not self.stack_sides:
            return None
        return tuple(2 * self.stack_sides.count(side) for side in range(4))

    def side(self, side: int) -> list[tuple[str | None, str | None]]:
        """The stacks on ``side`` in the order they landed: (lower tile, upper tile) tags."""
        def tag(index: int) -> str | None:
            return self.slots[index] if index < len(self.slots) else None

        return [(tag(2 * n), tag(2 * n + 1))
                for n, landed in enumerate(self.stack_sides) if landed == side]


class WallCollector:
    """Feed it one cycle's stacking events; ``wall`` hands over the wall map so far (a new
    cycle gets a new collector)."""

    def __init__(self, reader: str = "head"):
        self.reader = reader
        self._slots: list[str | None] = []
        self._unpulsed: list[str] = []
        self._early: str | None = None
        self._last_uid: str | None = None
        self._stack_sides: list[int] = []

    def take(self, event: Event) -> None:
        if isinstance(event, TileAtHead):
            self._slots.append(self._early)
            self._early = None
        elif isinstance(event, TileRead) and event.reader == self.reader:
            self._read(event.uid)
        elif isinstance(event, StackDelivered):
            self._stack_sides.append(event.side)

    def _read(self, uid: str) -> None:
        if uid == self._last_uid:
            return
        self._last_uid = uid
        if self._slots and self._slots[-1] is None:
            self._slots[-1] = uid
        elif self._early is None:
            self._early = uid
        else:
            self._unpulsed.append(self._early)
            self._early = uid

    def wall(self) -> WallReads:
        """The cycle's wall map as the events so far draw it."""
        unpulsed = self._unpulsed + ([self._early] if self._early else [])
        return WallReads(tuple(self._slots), tuple(unpulsed), tuple(self._stack_sides))
