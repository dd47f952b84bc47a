"""Score a complete hand: every arrangement the core finds, keep the highest (principle 4).

The order of trial follows pymahjonggb so that ties resolve alike under `mil`: a knitted
straight first; else a special shape; a seven-pairs hand is also read as standard hands,
which replace it only when worth strictly more.
"""

from dataclasses import dataclass

from firmware.rules.decompose import Shape, arrangements
from firmware.rules.hand import Hand
from firmware.rules.mcr.fans import F, FANS
from firmware.rules.mcr.profiles import Profile
from firmware.rules.mcr.situation import Situation, WinContext
from firmware.rules.mcr.special import score_knitted_straight, score_special
from firmware.rules.mcr.standard import score_standard
from firmware.rules.shapes import MCR_SHAPES

_SPECIAL_ORDER = (Shape.SEVEN_PAIRS, Shape.THIRTEEN_ORPHANS, Shape.HONOURS_KNITTED)


@dataclass(frozen=True)
class FanCount:
    """One fan as scored: its id, points of one instance under the profile, and how many."""

    fan: int
    points: int
    count: int


def score_hand(hand: Hand, context: WinContext, profile: Profile) -> list[FanCount] | None:
    """The fans of the best arrangement, or None when the hand is not complete."""
    sit = Situation(hand, context, profile)
    found = arrangements(sit.closed, hand.melds, MCR_SHAPES)
    if not found:
        return None
    by_shape = {}
    for arr in found:
        by_shape.setdefault(arr.shape, []).append(arr)
    if Shape.KNITTED_STRAIGHT in by_shape:
        return _listed(score_knitted_straight(by_shape[Shape.KNITTED_STRAIGHT][0], sit), profile)
    best, best_total = None, -1
    special = next((by_shape[s][0] for s in _SPECIAL_ORDER if s in by_shape), None)
    if special is not None:
        best = score_special(special, sit)
        best_total = _total(best, profile)
        if not best[F.SEVEN_PAIRS]:
            return _listed(best, profile)
    for arr in by_shape.get(Shape.STANDARD, ()):
        table = score_standard(arr, sit)
        total = _total(table, profile)
        if total > best_total:
            best, best_total = table, total
    return _listed(best, profile)


def _total(table: list[int], profile: Profile) -> int:
    return sum(profile.points(fan, FANS[fan].points) * n for fan, n in enumerate(table) if n)


def _listed(table: list[int], profile: Profile) -> list[FanCount]:
    return [FanCount(fan, profile.points(fan, FANS[fan].points), n) for fan, n in enumerate(table) if n]
