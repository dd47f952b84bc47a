"""The live wall as the referee follows it: normal draws from the front, replacement draws
from the end the rule set declares (the tail, the front, or the dead wall), and with a dead
wall the indicators a kong reveals.

Riichi keeps its dead wall at 14 tiles: each kong takes the last live tile into it, so the
last draw comes one tile earlier (play-scenarios.md, ``dead_wall``).
"""

from firmware.referee.start import DeadWall

NO_TILE = -1
"""What an exhausted wall offers: a kind no tile has (None is a tile the wall map missed)."""


class Wall:
    def __init__(self, tiles, replacement_from: str, dead: DeadWall | None = None):
        self.tiles = list(tiles)
        self.front = 0
        self.end = len(self.tiles) - 1
        """Index of the last live tile."""
        self.replacement_from = replacement_from
        self.dead = dead
        self.kongs = 0
        self.replaced = 0
        """Replacements drawn from the dead wall."""

    @property
    def empty(self) -> bool:
        return self.front > self.end

    @property
    def left(self) -> int:
        return max(0, self.end - self.front + 1)

    def next_draw(self, after: int = 0):
        """The tile the next draw takes (`after` draws later: the one after that)."""
        at = self.front + after
        return NO_TILE if at > self.end else self.tiles[at]

    def draw(self):
        tile = self.next_draw()
        self.front += 1
        return tile

    def undraw(self) -> None:
        """Take back the last normal draw: one worked out unseen that a later draw disproved
        (``Unseen._draw_never_made``)."""
        self.front -= 1

    def next_replacement(self):
        return self.replacement_after(0)

    def replacement_after(self, later: int):
        """The replacement drawn `later` replacements from now (0: the next one)."""
        if self.replacement_from == "dead_wall":
            spare = self.dead.replacements if self.dead else ()
            at = self.replaced + later
            return spare[at] if at < len(spare) else NO_TILE
        at = self.end - later if self.replacement_from == "tail" else self.front + later
        return self.tiles[at] if self.front <= at <= self.end else NO_TILE

    def replace(self):
        tile = self.next_replacement()
        if self.replacement_from == "dead_wall":
            self.replaced += 1
        elif self.replacement_from == "tail":
            self.end -= 1
        else:
            self.front += 1
        return tile

    def unreplace(self) -> None:
        """Take back the last replacement: one worked out from a report that a later one
        disproved (``Unseen._flower_never_aside``)."""
        if self.replacement_from == "dead_wall":
            self.replaced -= 1
        elif self.replacement_from == "tail":
            self.end += 1
        else:
            self.front -= 1

    def kong_declared(self) -> None:
        """A kong reveals one more indicator; with a dead wall it also takes the last live tile."""
        self.kongs += 1
        if self.dead is not None:
            self.end -= 1

    def indicators(self) -> tuple[tuple, tuple]:
        """(dora, ura) indicators showing now: the first and one per kong."""
        if self.dead is None:
            return (), ()
        shown = 1 + self.kongs
        return self.dead.dora[:shown], self.dead.ura[:shown]
