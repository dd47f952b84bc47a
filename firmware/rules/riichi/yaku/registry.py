"""The yaku registry: each yaku is one entry (id, oracle name, han closed/open, yakuman) with one predicate."""

from dataclasses import dataclass
from operator import attrgetter
from typing import Callable

# What a predicate's answer depends on, so the scorer asks it once at that level:
# the tiles and win conditions only, one arrangement of the hand, or one placement of the
# winning tile in an arrangement.
SCOPES = ("hand", "arrangement", "placement")


@dataclass(frozen=True, slots=True)
class Yaku:
    """One scoring pattern. `han_open` 0 means the yaku needs a concealed hand.

    `double` marks the yakuman that some rules count twice (13-wait kokushi, single-wait
    suuankou, 9-wait chuuren, daisuushii); `han_closed`/`han_open` then hold the doubled value.
    `needs` names facts (booleans) the pattern cannot exist without.
    Names are the oracle's (mahjong 2.1.0), since records are compared by name.
    """

    id: int
    name: str
    han_closed: int
    han_open: int
    yakuman: bool
    double: bool
    scope: str
    needs: tuple[str, ...]
    applies: Callable
    hans: tuple[int, int, int, int]

    def han(self, is_open: bool, double_yakuman: bool) -> int:
        """The han this yaku adds to a hand that is open or not, under the profile's double-yakuman rule."""
        return self.hans[han_column(is_open, double_yakuman)]


def han_column(is_open: bool, double_yakuman: bool) -> int:
    """Index into `Yaku.hans` (looked up per reading, so kept to one tuple index)."""
    return is_open + 2 * double_yakuman


def _hans(closed: int, opened: int, double: bool) -> tuple[int, int, int, int]:
    """Han by han_column: a double yakuman counts once unless the profile allows doubles."""
    single = 2 if double else 1
    return closed // single, opened // single, closed, opened


REGISTRY: list[Yaku] = []
# Per scope: the facts the `needs` of its yaku name, and (their values, hand open) -> yaku worth asking.
_KEYS: dict[str, Callable] = {}
_CANDIDATES: dict[str, dict[tuple, list[Yaku]]] = {scope: {} for scope in SCOPES}


def register(id: int, name: str, closed: int, opened: int = 0, *, yakuman: bool = False,
             double: bool = False, scope: str = "arrangement", needs: tuple[str, ...] = ()):
    """Decorator: add the decorated predicate `applies(facts) -> bool` to the registry as one yaku.

    `needs` names facts (booleans) that must all hold for the yaku to be possible; they
    are cheap preconditions that let the scorer skip the predicate, not the rule itself.
    """
    if scope not in SCOPES:
        raise ValueError(f"yaku {name!r}: scope must be one of {', '.join(SCOPES)}, got {scope!r}")

    def add(applies: Callable) -> Callable:
        REGISTRY.append(Yaku(id, name, closed, opened, yakuman, double, scope, needs, applies,
                             _hans(closed, opened, double)))
        REGISTRY.sort(key=lambda y: y.id)
        names = sorted({need for y in REGISTRY if y.scope == scope for need in y.needs})
        _KEYS[scope] = attrgetter("is_open", *names)
        _CANDIDATES[scope].clear()
        return applies

    return add


def _candidates(scope: str, facts, key: tuple) -> list[Yaku]:
    """The yaku of `scope` whose preconditions hold for `facts` (first seen with this key)."""
    found = [y for y in REGISTRY if y.scope == scope and (y.han_open or not facts.is_open)
             and all(getattr(facts, need) for need in y.needs)]
    _CANDIDATES[scope][key] = found
    return found


def find_yaku(scope: str, facts) -> list[Yaku]:
    """The yaku of one scope that the hand, arrangement or placement described by `facts` has."""
    key = _KEYS[scope](facts)
    candidates = _CANDIDATES[scope].get(key)
    if candidates is None:
        candidates = _candidates(scope, facts, key)
    return [y for y in candidates if y.applies(facts)]


def keep_yakuman(found: list[Yaku]) -> list[Yaku]:
    """When any yakuman applies, the other yaku do not count."""
    yakuman = [y for y in found if y.yakuman]
    return yakuman or found
