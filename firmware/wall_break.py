"""Where the wall is broken, from the dice, by each rule set's procedure (rules/common.md §2-3).

Seats and sides are numbered 0..3 counter-clockwise from East. A wall's stacks are counted from
its owner's right end (stack 1) towards the left, and counting past a wall's last stack goes on
into the next wall clockwise, i.e. side ``s - 1``. The live wall starts at the stack after the
counted ones (K+1): the briefs choose that for every rule set; the Chinese seeds only say "count
to the K-th stack and start taking" (the Sichuan seed: "数到…较小点数处抓起"), which we read the
same way as the briefs do.
"""

from dataclasses import asdict, dataclass

from firmware import rulesets

STACKS_COUNTED = {
    "sum_of_throws": lambda throws: sum(sum(t) for t in throws),
    "lower_die": lambda throws: min(throws[0]),
}
"""How many stacks are counted off the chosen wall, by the rule set's ``break_count``."""


@dataclass(frozen=True)
class StackPos:
    """One stack: ``side`` and ``stack`` (1-based, counted from that wall owner's right end)."""

    side: int
    stack: int


@dataclass(frozen=True)
class WallBreak:
    """The break: ``wall`` is the chosen wall, ``count`` the stacks counted off it;
    ``last_counted`` is where counting stopped and ``live_start`` the first stack drawn."""

    throws: tuple[tuple[int, int], ...]
    wall: int
    count: int
    last_counted: StackPos
    live_start: StackPos

    def as_view(self) -> dict:
        """Plain data for the display's view model."""
        return asdict(self) | {"text": self.describe()}

    def describe(self) -> str:
        """One line for the display and the log, e.g. "dice 2+2, 3+2: wall N, count 9, live
        wall from N stack 10" (sides as seat winds)."""
        throws = ", ".join(f"{a}+{b}" for a, b in self.throws)
        wind = "ESWN"
        return (f"dice {throws}: wall {wind[self.wall]}, count {self.count}, live wall from "
                f"{wind[self.live_start.side]} stack {self.live_start.stack}")


def throws_needed(rules: str) -> int:
    """MCR, 1998 and 2012 throw twice (the first throw picks the second thrower); riichi and
    Sichuan once (the rule set declares it)."""
    return rulesets.get(rules).dice_throws


def seat_for_total(dealer: int, total: int) -> int:
    """Count seats counter-clockwise with the dealer as 1: 1/5/9 dealer, 2/6/10 next, ..."""
    return (dealer + total - 1) % 4


def _walk(stacks_per_side, side: int, n: int) -> StackPos:
    """The n-th stack (1-based) counting from the right end of ``side``, spilling clockwise."""
    while n > stacks_per_side[side]:
        n -= stacks_per_side[side]
        side = (side - 1) % 4
    return StackPos(side, n)


def _check_throws(throws, expected: int) -> None:
    if len(throws) != expected:
        raise ValueError(f"expected {expected} throw(s) of two dice, got {len(throws)}")
    for faces in throws:
        if len(faces) != 2 or not all(isinstance(f, int) and 1 <= f <= 6 for f in faces):
            raise ValueError(f"a throw is two dice faces 1..6, got {faces!r}")


def wall_break(rules: str, throws, dealer: int = 0) -> WallBreak:
    """The wall break for ``throws`` (a sequence of (die, die)) under ``rules``."""
    if dealer not in (0, 1, 2, 3):
        raise ValueError(f"dealer seat must be 0..3, got {dealer!r}")
    rule_set = rulesets.get(rules)
    _check_throws(throws, rule_set.dice_throws)
    throws = tuple(tuple(t) for t in throws)
    wall = seat_for_total(dealer, sum(throws[0]))
    count = STACKS_COUNTED[rule_set.break_count](throws)
    stacks = rule_set.stacks_per_side
    return WallBreak(throws, wall, count, _walk(stacks, wall, count), _walk(stacks, wall, count + 1))
