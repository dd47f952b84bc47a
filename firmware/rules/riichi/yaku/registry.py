"""The yaku registry: each yaku is one entry (id, oracle name, han closed/open, yakuman) with one predicate."""

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True, slots=True)
class Yaku:
    """One scoring pattern. `han_open` 0 means the yaku needs a concealed hand.

    `double` marks the yakuman that some rules count twice (13-wait kokushi, single-wait
    suuankou, 9-wait chuuren, daisuushii); `han_closed`/`han_open` then hold the doubled value.
    Names are the oracle's (mahjong 2.1.0), since records are compared by name.
    """

    id: int
    name: str
    han_closed: int
    han_open: int
    yakuman: bool
    double: bool
    applies: Callable

    def han(self, is_open: bool, double_yakuman: bool) -> int:
        """The han this yaku adds to a hand that is open or not, under the profile's double-yakuman rule."""
        value = self.han_open if is_open else self.han_closed
        return value // 2 if self.double and not double_yakuman else value


REGISTRY: list[Yaku] = []


def register(id: int, name: str, closed: int, opened: int = 0, yakuman: bool = False, double: bool = False):
    """Decorator: add the decorated predicate `applies(facts) -> bool` to the registry as one yaku."""

    def add(applies: Callable) -> Callable:
        REGISTRY.append(Yaku(id, name, closed, opened, yakuman, double, applies))
        REGISTRY.sort(key=lambda y: y.id)
        return applies

    return add


def find_yaku(facts) -> list[Yaku]:
    """Every registered yaku the hand has, by id; when any yakuman applies, only the yakuman.

    Concealed-only yaku are skipped for an open hand before their predicate runs, so each
    predicate only states its own pattern.
    """
    is_open = facts.is_open
    found = [y for y in REGISTRY if (y.han_open or not is_open) and y.applies(facts)]
    yakuman = [y for y in found if y.yakuman]
    return yakuman or found
