"""The yaku registry: each yaku is one entry (id, oracle name, han closed/open, yakuman) with one predicate."""

from dataclasses import dataclass
from operator import attrgetter
from typing import Callable

from firmware.rules.riichi.facts import KEY_FACTS


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
    exact: bool = False


def _hans(closed: int, opened: int, double: bool) -> tuple[int, int, int, int]:
    """Han by facts.han_column (open, double yakuman allowed): a double yakuman counts once unless allowed."""
    single = 2 if double else 1
    return closed // single, opened // single, closed, opened


REGISTRY: list[Yaku] = []
# facts.yaku_key (hand facts id, arrangement and placement facts, as one int) -> the yaku
# whose `needs` hold there with their predicates, filled the first time a combination is seen.
_CANDIDATES: dict[int, tuple[tuple[Yaku, ...], tuple[tuple[Yaku, Callable | None], ...]]] = {}


def register(id: int, name: str, closed: int, opened: int = 0, *, yakuman: bool = False,
             double: bool = False, needs: tuple[str, ...] = (), rule: str = "", exact: bool = False):
    """Decorator: add the decorated predicate `applies(facts) -> bool` to the registry as one yaku.

    `needs` names facts (booleans; dotted names reach into them, e.g. "win.riichi") that
    must all hold for the yaku to be possible: cheap preconditions that let the scorer
    skip the predicate, not the rule itself. `rule` defaults to the predicate's docstring.
    `exact` says the predicate reads only facts in the cache key (facts.HAND_KEY, the key levels,
    has_honours, profile.open_tanyao, the winds; the honour pungs), so its answer is settled once per key and never asked again.
    """

    unknown = set(needs) - KEY_FACTS
    if unknown:
        raise ValueError(f"yaku {name!r} needs unknown facts {sorted(unknown)}; see facts.KEY_FACTS")

    def add(applies: Callable) -> Callable:
        REGISTRY.append(Yaku(id, name, closed, opened, yakuman, double, needs, applies,
                             _hans(closed, opened, double), rule or (applies.__doc__ or "").strip(), exact))
        REGISTRY.sort(key=lambda y: y.id)
        _CANDIDATES.clear()
        return applies

    return add


def register_fact(id: int, name: str, closed: int, opened: int = 0, *, fact: str, rule: str,
                  yakuman: bool = False) -> None:
    """Register a yaku that is exactly one fact (e.g. "pinfu", "win.ippatsu"); its predicate reads that fact (`exact`).

    The predicate is an `operator.attrgetter`, which the scorer calls much more cheaply than
    a Python function. `rule` states the yaku in words, as a predicate's docstring does.
    """
    register(id, name, closed, opened, yakuman=yakuman, needs=(fact,), rule=rule, exact=True)(attrgetter(fact))


def _candidates(facts, key: int) -> tuple[tuple[Yaku, ...], tuple[tuple[Yaku, Callable | None], ...]]:
    """The yaku whose preconditions hold for `facts` (computed once per combination of facts).

    An `exact` yaku's predicate reads only key facts, so it is asked here, once, and kept only
    if it holds. Returned as (the yaku, if all are `exact`, else empty) and (each yaku with its
    predicate, None for an `exact` one).
    """
    facts.spell_out_key()
    found = tuple(y for y in REGISTRY if (y.han_open or not facts.is_open)
                  and all(attrgetter(need)(facts) for need in y.needs) and (not y.exact or y.applies(facts)))
    checked = tuple((y, None if y.exact else y.applies) for y in found)
    entry = _CANDIDATES[key] = (found if all(y.exact for y in found) else (), checked)
    return entry


def find_yaku(facts) -> list[Yaku]:
    """The yaku the reading described by `facts` has, by id."""
    key = facts.yaku_key
    entry = _CANDIDATES.get(key)
    if entry is None:
        entry = _candidates(facts, key)
    certain, checked = entry
    if certain:  # every candidate holds by the key alone (riichi, tsumo, tanyao, pinfu, ...)
        return list(certain)
    found = []
    for yaku, applies in checked:  # a loop, not a comprehension: no extra frame on the hot path
        if applies is None or applies(facts):
            found.append(yaku)
    return found
