"""The yaku registry: each yaku is one entry (id, oracle name, han closed/open, yakuman) with one predicate."""

from dataclasses import dataclass
from operator import attrgetter
from typing import Callable

from firmware.rules.riichi.facts import KEY_FACTS, PLACEMENT, han_column


@dataclass(frozen=True, slots=True)
class Yaku:
    """One scoring pattern. `han_open` 0 means the yaku needs a concealed hand.

    `double` marks the yakuman that some rules count twice (13-wait kokushi, single-wait
    suuankou, 9-wait chuuren, daisuushii); `han_closed`/`han_open` then hold the doubled value.
    `needs` names facts (booleans) the pattern cannot exist without; `rule` says it in words.
    Names are the oracle's (mahjong 2.1.0), since records are compared by name.
    """

    id: int
    name: str
    han_closed: int
    han_open: int
    yakuman: bool
    double: bool
    needs: tuple[str, ...]
    applies: Callable
    hans: tuple[int, int, int, int]
    rule: str


@dataclass(frozen=True, slots=True)
class Counted:
    """The yaku of one reading as they count: (name, han) by id, their han added up, yakuman units.

    A yakuman voids the other yaku (and, in the verdict, dora); `units` is 0 without one.
    Under RCR several yakuman count once (seed 003 item 11; the oracle adds them up);
    profiles with `stack_yakuman` add them. `han` is the han listed, before that.
    A slotted class rather than a NamedTuple: the scorer reads its fields by name on every
    reading, and a slot read is the cheaper one.
    """

    named: tuple[tuple[str, int], ...]
    han: int
    units: int


def _hans(closed: int, opened: int, double: bool) -> tuple[int, int, int, int]:
    """Han by facts.han_column (open, double yakuman allowed): a double yakuman counts once unless allowed."""
    single = 2 if double else 1
    return closed // single, opened // single, closed, opened


REGISTRY: list[Yaku] = []
# Yaku key (facts.arrangement_key plus facts.PLACEMENT's bits) -> the yaku of every reading with
# that key, as they count; filled the first time a key is met. Bounded by the combinations
# of the key's facts.
_COUNTED: dict[int, Counted] = {}


def register(id: int, name: str, closed: int, opened: int = 0, *, yakuman: bool = False,
             double: bool = False, needs: tuple[str, ...] = (), rule: str = ""):
    """Decorator: add the decorated predicate `applies(facts) -> bool` to the registry as one yaku.

    The predicate may read only the facts the yaku key settles (facts.KEY_FACTS, `win`'s
    flags and winds, the profile's key switches): it is asked once per key, never per hand.
    `needs` names facts (booleans; dotted names reach into them, e.g. "win.riichi") that
    must all hold for the yaku to be possible: cheap preconditions, not the rule itself.
    `rule` defaults to the predicate's docstring.
    """

    unknown = set(needs) - KEY_FACTS
    if unknown:
        raise ValueError(f"yaku {name!r} needs unknown facts {sorted(unknown)}; see facts.KEY_FACTS")

    def add(applies: Callable) -> Callable:
        REGISTRY.append(Yaku(id, name, closed, opened, yakuman, double, needs, applies,
                             _hans(closed, opened, double), rule or (applies.__doc__ or "").strip()))
        REGISTRY.sort(key=lambda y: y.id)
        _COUNTED.clear()
        return applies

    return add


def register_fact(id: int, name: str, closed: int, opened: int = 0, *, fact: str, rule: str,
                  yakuman: bool = False) -> None:
    """Register a yaku that is exactly one fact (e.g. "pinfu", "win.ippatsu"); its predicate reads that fact.

    `rule` states the yaku in words, as a predicate's docstring does.
    """
    register(id, name, closed, opened, yakuman=yakuman, needs=(fact,), rule=rule)(attrgetter(fact))


def _count(facts, key: int) -> Counted:
    """Ask every yaku about the reading with yaku key `key` and count the ones that hold (once per key)."""
    facts.spell_out_key(key)
    profile = facts.profile
    found = [y for y in REGISTRY if (y.han_open or not facts.is_open)
             and all(attrgetter(need)(facts) for need in y.needs) and y.applies(facts)]
    if found and found[-1].yakuman:  # the registry lists yakuman (ids 100+) after every other yaku
        found = [y for y in found if y.yakuman]
    column = han_column(facts.is_open, profile.double_yakuman)
    named = tuple((y.name, y.hans[column]) for y in found)
    han = sum(h for _, h in named)
    units = (han // 13 if profile.stack_yakuman else 1) if found and found[-1].yakuman else 0
    return Counted(named, han, units)


def find_yaku(facts, concealed_triplets: int, pinfu: bool) -> Counted:
    """The yaku of the arrangement described by `facts` with the winning tile placed so that
    `concealed_triplets` pungs/kongs stay concealed and the hand is (or is not) pinfu, as they
    count (`named` is empty without any)."""
    key = facts.arrangement_key | PLACEMENT[concealed_triplets][pinfu]
    counted = _COUNTED.get(key)
    if counted is None:
        counted = _COUNTED[key] = _count(facts, key)
    return counted
