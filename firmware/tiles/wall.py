"""The wall map: which tag sat at each stacking position, built from the head reader's events.

Each K1 pulse (``TileAtHead``) opens a position; a head read fills the open position. The
same tag read again while it is still under the head is one tile, not two. A position
without a read is a missed read: the tile-count sensor proves a tile was there, so the set
check counts it instead of calling its tile missing.
"""

from dataclasses import dataclass

from firmware.events import Event, StackDelivered, TileAtHead, TileRead


@dataclass(frozen=True)
class WallReads:
    """One cycle as the head saw it."""

    slots: tuple[str | None, ...]
    """The tag read at each stacking position, in stacking order; None = no read."""
    unpulsed: tuple[str, ...] = ()
    """Reads that came with no K1 pulse to pair with (a sensor miss or a stray read)."""
    side_tiles: tuple[int, int, int, int] | None = None
    """Tiles landed on each side (2 per stack delivered), when the stacks were counted."""

    @property
    def missed(self) -> int:
        return sum(uid is None for uid in self.slots)


class WallCollector:
    """Feed it the controller's events for one cycle; ``finish`` hands over the wall map."""

    def __init__(self, reader: str = "head"):
        self.reader = reader
        self._reset()

    def _reset(self) -> None:
        self._slots: list[str | None] = []
        self._unpulsed: list[str] = []
        self._early: str | None = None
        self._last_uid: str | None = None
        self._stacks = [0, 0, 0, 0]

    def take(self, event: Event) -> None:
        if isinstance(event, TileAtHead):
            self._slots.append(self._early)
            self._early = None
        elif isinstance(event, TileRead) and event.reader == self.reader:
            self._read(event.uid)
        elif isinstance(event, StackDelivered):
            self._stacks[event.side] += 1

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

    def finish(self) -> WallReads:
        """The cycle's wall map; the collector starts afresh for the next cycle."""
        unpulsed = self._unpulsed + ([self._early] if self._early else [])
        wall = WallReads(tuple(self._slots), tuple(unpulsed),
                         tuple(2 * n for n in self._stacks) if any(self._stacks) else None)
        self._reset()
        return wall
