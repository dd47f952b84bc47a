"""What a rule set declares: its tile set, its walls and dice, its calls and its scorer.

A declaration is checked when it is made, so a rule set whose walls cannot hold its tiles, or
whose wall break the table cannot count, never reaches the machine.
"""

import importlib
from dataclasses import dataclass
from types import ModuleType

BREAK_COUNTS = ("sum_of_throws", "lower_die")
"""How many stacks are counted off the chosen wall: the sum of every throw (MCR, riichi), or
the lower die of the one throw (Sichuan); ``firmware.wall_break`` counts each."""
REPLACEMENT_ENDS = ("tail", "dead_wall", "front")
"""Where kong and flower replacements come from: the wall's tail, the far end of the dead
wall, or the front of the live wall (the next ordinary draw)."""
CALLS = ("chi", "pon", "kong")


@dataclass(frozen=True)
class TileSet:
    """Three suits of 1-9 (×4), with the seven honours (×4) and the eight flowers (×1) or not."""

    honours: bool
    flowers: bool

    @property
    def tiles(self) -> int:
        return 108 + 28 * self.honours + 8 * self.flowers


@dataclass(frozen=True)
class RuleSet:
    """One rule set as the table plays it (see ../shared/rules/common.md for the figures)."""

    name: str
    title: str
    tile_set: TileSet
    stacks_per_side: tuple[int, int, int, int]
    """Two-high stacks on each side, from the dealer's side (E) counter-clockwise."""
    dice_throws: int
    """1, or 2 where the first throw picks the second thrower."""
    break_count: str
    """One of BREAK_COUNTS."""
    replacement_from: str
    """One of REPLACEMENT_ENDS."""
    dead_wall_stacks: int
    calls: frozenset[str]
    multiple_winners: bool
    """Whether several players may win on one discard (else the head bump decides)."""
    scorer: str | None = None
    """The module that scores this rule set's hand records (``PROFILES`` and ``score_record``),
    None until its engine lands."""
    profiles: tuple[str, ...] = ()
    """The scorer's profiles; the first is the default."""

    def __post_init__(self):
        problems = []
        if 2 * sum(self.stacks_per_side) != self.tile_set.tiles or len(self.stacks_per_side) != 4:
            problems.append(f"stacks per side {self.stacks_per_side} do not hold "
                            f"{self.tile_set.tiles} tiles in four walls two high")
        if self.dice_throws not in (1, 2):
            problems.append(f"dice throws must be 1 or 2, not {self.dice_throws!r}")
        if self.break_count not in BREAK_COUNTS:
            problems.append(f"break count {self.break_count!r} is not one of {', '.join(BREAK_COUNTS)}")
        if self.replacement_from not in REPLACEMENT_ENDS:
            problems.append(f"replacement end {self.replacement_from!r} is not one of "
                            f"{', '.join(REPLACEMENT_ENDS)}")
        if not self.calls <= set(CALLS):
            problems.append(f"calls {sorted(self.calls)} are not among {', '.join(CALLS)}")
        if bool(self.scorer) != bool(self.profiles):
            problems.append("a scorer needs its profiles, and profiles need a scorer")
        if problems:
            raise ValueError(f"rule set {self.name!r}: " + "; ".join(problems))

    def scoring_module(self) -> ModuleType:
        """The scorer's module; ValueError when this rule set has none yet."""
        if not self.scorer:
            raise ValueError(f"rule set {self.name} has no scorer yet")
        return importlib.import_module(self.scorer)

    def score(self, record: dict, profile: str | None = None) -> dict:
        """The ``result`` object for one hand record (the scorer never raises on bad input)."""
        return self.scoring_module().score_record(record, profile)
