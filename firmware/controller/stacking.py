"""Counting one set through the stacking head and onto the four sides.

Pure bookkeeping, no I/O: the controller feeds it the head and side-count events and asks
whether the set is complete. Each check returns a fault (code, detail) or None.
"""

from dataclasses import dataclass, field

from firmware.layout import Layout

Fault = tuple[str, str]


@dataclass
class StackCount:
    """Tiles seen at the head and stacks landed per side, against the cycle's layout."""

    layout: Layout
    tiles_seen: int = 0
    per_side: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    pair_times: list[float] = field(default_factory=list)
    """When each stack's second tile passed the head, for stacks not yet landed."""

    @property
    def delivered(self) -> int:
        return sum(self.per_side)

    @property
    def all_tiles_seen(self) -> bool:
        return self.tiles_seen >= self.layout.tiles

    @property
    def complete(self) -> bool:
        return self.all_tiles_seen and self.delivered >= self.layout.stacks

    def tile(self, now: float) -> Fault | None:
        self.tiles_seen += 1
        if self.tiles_seen > self.layout.tiles:
            return "E301", f"tile {self.tiles_seen} passed the head; the set has {self.layout.tiles}"
        if self.tiles_seen % 2 == 0:
            self.pair_times.append(now)
        return None

    def stack(self, side: int) -> Fault | None:
        self.per_side[side] += 1
        if self.pair_times:
            self.pair_times.pop(0)
        if self.per_side[side] > self.layout.stacks_per_side[side]:
            return "E204", (f"side {side} counted {self.per_side[side]} stacks; "
                            f"its layout holds {self.layout.stacks_per_side[side]}")
        return None

    def restart(self, now: float) -> None:
        """The flow (re)starts: stacks still waiting get their full delivery time from now."""
        self.pair_times = [now] * len(self.pair_times)

    def oldest_pending(self) -> float | None:
        """When the oldest finished-but-undelivered stack left the head, if any."""
        return self.pair_times[0] if self.pair_times else None

    def flow_stopped(self) -> Fault:
        """The fault for a tile flow that stopped before the set was through: near the end
        (one or two tiles short) the set is short, earlier the flow stalled."""
        short = self.layout.tiles - self.tiles_seen
        if 0 < short <= 2:
            return "E302", f"{self.tiles_seen} of {self.layout.tiles} tiles passed the head"
        return "E201", f"tile flow stopped after {self.tiles_seen} of {self.layout.tiles} tiles"

    def side_check(self) -> Fault | None:
        """Every side holds exactly its layout's stacks (called when the set is complete)."""
        for side, (got, want) in enumerate(zip(self.per_side, self.layout.stacks_per_side)):
            if got != want:
                return "E204", f"side {side} counted {got} stacks; its layout holds {want}"
        return None

    def discount_extra(self) -> None:
        """The operator took the extra tile(s) out: count only the set's own tiles."""
        self.tiles_seen = min(self.tiles_seen, self.layout.tiles)
