"""The rule sets the table plays: one declaration each, the only place a rule set is named.

Each module of this package declares one ``RULE_SET``; a venue's own rule set, shipped as a
package of its own, declares the ``mjtable.rulesets`` entry point instead. Config validation,
the CLI's choices, the wall layout, the wall break, the tile kinds, the scorers and the
simulator's tile sets all read these declarations, so a new rule set is one new module.
"""

import importlib
import pkgutil
from importlib.metadata import entry_points

from firmware.rulesets.declaration import (BREAK_COUNTS, CALLS, REPLACEMENT_ENDS, RuleSet,
                                           TileSet)

ENTRY_POINTS = "mjtable.rulesets"
DEFAULT = "mcr"
"""What ``[table] rules`` is when the config names none."""

__all__ = ["BREAK_COUNTS", "CALLS", "DEFAULT", "REPLACEMENT_ENDS", "RuleSet", "TileSet", "get",
           "names", "scorable", "tile_set_of", "tile_sizes", "all_rule_sets"]

_registry: dict[str, RuleSet] | None = None


def _load() -> dict[str, RuleSet]:
    found: dict[str, RuleSet] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.name != "declaration":
            _add(found, importlib.import_module(f"{__name__}.{module.name}").RULE_SET,
                 f"{__name__}.{module.name}")
    for point in entry_points(group=ENTRY_POINTS):
        _add(found, point.load(), f"entry point {point.value}")
    return found


def _add(found: dict[str, RuleSet], rule_set: RuleSet, source: str) -> None:
    if not isinstance(rule_set, RuleSet):
        raise TypeError(f"{source} declares {rule_set!r}, not a RuleSet")
    if rule_set.name in found:
        raise ValueError(f"{source} declares rule set {rule_set.name!r} a second time")
    found[rule_set.name] = rule_set


def all_rule_sets() -> dict[str, RuleSet]:
    """Every declared rule set by name (read once, on first use)."""
    global _registry
    if _registry is None:
        _registry = _load()
    return _registry


def names() -> tuple[str, ...]:
    return tuple(all_rule_sets())


def scorable() -> tuple[str, ...]:
    """The rule sets whose scorer has landed (``mjtable score`` offers these)."""
    return tuple(name for name, rule_set in all_rule_sets().items() if rule_set.scorer)


def get(name: str) -> RuleSet:
    """The rule set called ``name``; ValueError naming the choices when there is none."""
    rule_sets = all_rule_sets()
    if name not in rule_sets:
        raise ValueError(f"unknown rule set {name!r}; choose one of {', '.join(rule_sets)}")
    return rule_sets[name]


def tile_sizes() -> tuple[int, ...]:
    """The sizes of tile set the rule sets play, largest first (144, 136, 108)."""
    return tuple(sorted({r.tile_set.tiles for r in all_rule_sets().values()}, reverse=True))


def tile_set_of(n_tiles: int) -> TileSet:
    """The tile set of ``n_tiles`` tiles; ValueError naming the sizes when none has that many."""
    for rule_set in all_rule_sets().values():
        if rule_set.tile_set.tiles == n_tiles:
            return rule_set.tile_set
    raise ValueError(f"a tile set has {', '.join(map(str, tile_sizes()))} tiles, not {n_tiles}")
