"""How a rule set's tiles stand on the four sides: the walls the stacking machine builds."""

from dataclasses import dataclass

from firmware import rulesets


@dataclass(frozen=True)
class Layout:
    """A tile set and its walls: ``stacks_per_side[s]`` two-high stacks on side ``s`` (0 = E)."""

    tiles: int
    stacks_per_side: tuple[int, int, int, int]

    @property
    def stacks(self) -> int:
        return sum(self.stacks_per_side)


def layout_for(rules: str) -> Layout:
    """The layout the table builds for ``rules``; ValueError names the choices if unknown."""
    rule_set = rulesets.get(rules)
    return Layout(rule_set.tile_set.tiles, rule_set.stacks_per_side)
