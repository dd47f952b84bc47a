"""The walls in play as the players take from them: the deal, draws, replacements, the dead wall.

The players see the walls on the table and the break on the display; they take tiles in the
table's geometry (``firmware.tiles.wall_order.draw_order``): normal draws from the front of
that order, replacements (kongs, flowers) from the end the rule set declares — the last tile
still in the order (``tail``), the next normal draw (``front``), or the dead wall
(``dead_wall``: the last ``2 × dead_wall_stacks`` tiles of the order, which the live wall
never reaches). In the dead wall the two stacks at the break hold the replacements, taken from
the far end (the last stack, its upper tile first); the next stacks' upper tiles are the dora
indicators in the order they are turned (the first at the start, one more per kong) and their
lower tiles the ura indicators. Each replacement from the dead wall moves the live wall's last
tile into it, so the live wall ends one tile earlier per kong.
"""

from firmware.rulesets import RuleSet
from firmware.tiles.wall_order import draw_order

DEALT = 53
"""Tiles the deal takes: 4 to each seat three times over, then the dealer's jump and one each."""
REPLACEMENT_STACKS = 2
"""Dead-wall stacks at the break that hold the kong replacements (so at most 4 kongs)."""


def deal_order(dealer: int) -> list[int]:
    """The seat that takes each of the first 53 tiles: three rounds of 4 tiles per seat from the
    dealer, then the dealer takes the upper tiles of the 1st and 3rd next stacks (tiles 48 and
    52) and the others one tile each in turn (49, 50, 51)."""
    seats = [(dealer + n // 4) % 4 for _ in range(3) for n in range(16)]
    return seats + [dealer, (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4, dealer]


class PlayWall:
    """The tiles in draw order, what has been taken from each end, and the dead wall."""

    def __init__(self, tiles: list, rule_set: RuleSet):
        self.tiles = list(tiles)
        self.replacement_from = rule_set.replacement_from
        dead = 2 * rule_set.dead_wall_stacks
        self.front = 0
        self.end = self._dead_start = len(self.tiles) - dead
        self.dead = self.tiles[self._dead_start:]
        self._replacements = self._replacement_order()
        """The dead wall's replacements in the order they are taken (its tiles never change)."""
        self._dead_standing = [self._dead_after(taken) for taken in range(len(self._replacements) + 1)]
        """The dead wall's tiles still standing after each count of replacements taken (the
        walls are counted at every discard)."""
        self.replacements_taken = 0
        """Replacement draws so far (from the dead wall: its kongs)."""

    @classmethod
    def from_table(cls, stacks_by_side, wall_break, rule_set: RuleSet) -> "PlayWall":
        """The walls as they stand (``stacks_by_side[s]``: side s's stacks, (lower, upper), in
        the order they landed) broken where the dice said."""
        return cls(draw_order(stacks_by_side, wall_break), rule_set)

    def deal(self, dealer: int) -> dict[int, list]:
        """The first 53 tiles, seat by seat (dealer 14, others 13)."""
        hands: dict[int, list] = {seat: [] for seat in range(4)}
        for seat, tile in zip(deal_order(dealer), self.tiles[:DEALT]):
            hands[seat].append(tile)
        self.front = DEALT
        return hands

    def live(self) -> int:
        """Tiles the players may still draw normally."""
        return self.end - self.front

    def remaining(self) -> list:
        """Every tile still standing in the walls (live and dead)."""
        if self.replacement_from != "dead_wall":
            return self.tiles[self.front:self.end]
        return self.tiles[self.front:self._dead_start] + self._dead_standing[self.replacements_taken]

    def _dead_after(self, replacements: int) -> list:
        taken = set(map(id, self._replacements[:replacements]))
        return [t for t in self.dead if id(t) not in taken]

    def draw(self):
        tile = self.tiles[self.front]
        self.front += 1
        return tile

    def can_replace(self) -> bool:
        """Whether a replacement draw is there to take."""
        if self.replacement_from == "dead_wall":
            return self.live() > 0 and self.replacements_taken < 2 * REPLACEMENT_STACKS
        return self.live() > 0

    def replacement(self):
        """The next replacement draw from the rule set's end."""
        self.replacements_taken += 1
        if self.replacement_from == "front":
            return self.draw()
        self.end -= 1
        if self.replacement_from == "tail":
            return self.tiles[self.end]
        return self._replacements[self.replacements_taken - 1]

    def _replacement_order(self) -> list:
        """The dead wall's replacements: its last stacks from the far end, upper tile first."""
        stacks = [self.dead[i:i + 2] for i in range(0, len(self.dead), 2)][-REPLACEMENT_STACKS:]
        return [tile for upper, lower in reversed(stacks) for tile in (upper, lower)]

    def _indicator_stacks(self) -> list:
        """Dead-wall stacks after the replacement ones, nearest the break first."""
        stacks = [self.dead[i:i + 2] for i in range(0, len(self.dead), 2)][:-REPLACEMENT_STACKS]
        return list(reversed(stacks))

    def dora_indicators(self) -> list:
        """The indicators turned so far: the first, and one more per kong."""
        return [upper for upper, _ in self._indicator_stacks()[:1 + self.replacements_taken]]

    def ura_indicators(self) -> list:
        return [lower for _, lower in self._indicator_stacks()[:1 + self.replacements_taken]]
