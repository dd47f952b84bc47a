"""Which tile set a rule set plays and how its stacks stand on the four sides."""

from dataclasses import dataclass

from firmware.rulesets import check_rule_set


@dataclass(frozen=True)
class Layout:
    """A tile set and its walls: ``stacks_per_side[s]`` two-high stacks on side ``s`` (0 = E)."""

    tiles: int
    stacks_per_side: tuple[int, int, int, int]

    @property
    def stacks(self) -> int:
        return sum(self.stacks_per_side)


# 108 tiles make 54 stacks, which do not split evenly into four walls; the Sichuan brief
# (rules/common.md §3, "assumed") alternates 14 and 13, starting with the dealer's wall.
_BY_TILES = {
    144: Layout(144, (18, 18, 18, 18)),
    136: Layout(136, (17, 17, 17, 17)),
    108: Layout(108, (14, 13, 14, 13)),
}

_TILES_BY_RULES = {"mcr": 144, "cmcr1998": 144, "ccm2012": 144, "riichi": 136, "sichuan": 108}


def layout_for(rules: str) -> Layout:
    """The layout the table builds for ``rules``; ValueError names the choices if unknown."""
    return _BY_TILES[_TILES_BY_RULES[check_rule_set(rules)]]
