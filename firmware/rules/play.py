"""What a rule set tells the referee about play beyond its declaration: a value each rule
package's ``play`` module holds, so the referee follows every rule set without naming one.

The declaration (``firmware.rulesets``) already says which calls exist, whether several may
win one discard, where replacements come from and whether there is a dead wall. A play
module adds what only the rule set's own data knows: the offences it has, with the brief's
reference and the penalty its penalty data sets; which verdict of its scorer is which
offence; riichi, the declared void suit, winners leaving play; what a hand counts as ready
for; and how the facts the table saw make the ``context`` of its hand records.
"""

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple


class WinFacts(NamedTuple):
    """What the table saw of one declared win, before any rule set reads it.

    Winds are letters (E S W N); tile lists are tile strings. `replacement` says what the
    self-drawn winning tile replaced ("kong", "flower") or None; `discard_after_kong`: the
    winning discard came right after its discarder's own kong replacement (杠上炮);
    `first_draw`: self-drawn on a non-dealer's first draw with no call before it.
    """

    seat_wind: str
    round_wind: str
    self_drawn: bool
    flowers: int
    last_of_kind: bool
    wall_empty: bool
    last_live_draw: bool
    last_discard: bool
    replacement: str | None
    robbed_kong: bool
    discard_after_kong: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    first_draw: bool
    dora_indicators: str
    ura_indicators: str
    honba: int
    riichi_sticks: int
    void_suit: str | None
    own_discards: str
    passed_since_discard: str
    passed_after_riichi: str


@dataclass(frozen=True)
class PlayOffence:
    """One offence the referee can flag: the brief/seed reference, and its penalty for a
    move (`penalty(detail)` gets the scorer's result of a declared win, or the call's kind)."""

    rule: str
    penalty: Callable[[Any], dict]


@dataclass(frozen=True)
class PlayRules:
    """The rule set's play data (see the module docstring).

    `verdicts`: scorer status → offence code of a declared win that does not stand.
    `furiten_context`: the extra context keys that let the scorer judge furiten (None: the
    rule set has no furiten); the referee asks for it only once a win has stood without it,
    so furiten comes last among the verdicts, as the spec orders them. `ready_shapes` and
    `distinct_pairs` say what a ready hand is (riichi's seven pairs need seven kinds);
    `flower_pig(counts, void_suit)` whether a standing hand breaks its void suit.
    """

    offences: dict[str, PlayOffence]
    verdicts: dict[str, str]
    context: Callable[[WinFacts], dict]
    ready_shapes: frozenset
    distinct_pairs: bool = False
    riichi: str | None = None
    """The riichi declaration's name — its seat button and its move — where the rule set has
    one (with it come furiten and ippatsu); None where it has none."""
    void_suit: bool = False
    winners_leave: bool = False
    ready_at_draw: bool = False
    furiten_context: Callable[[WinFacts], dict] | None = None
    flower_pig: Callable[[tuple, int], bool] | None = None


def penalty_record(penalty, **extra) -> dict:
    """A rule package's penalty value (a dataclass) as the plain dict a flag carries."""
    return asdict(penalty) | extra
