"""The controller's settings: the rule set it prepares walls for and every motion's time bound."""

from dataclasses import dataclass, field, fields

from firmware.config import Config
from firmware import rulesets


@dataclass(frozen=True)
class Bounds:
    """Time bounds in seconds; a motion that overruns its bound is a fault (stall/jam)."""

    tick_s: float = 0.2
    shuffle_s: float = 4.0
    first_tile_s: float = 15.0
    tile_gap_s: float = 8.0
    stack_deliver_s: float = 12.0
    chain_rev_s: float = 4.0
    belt_full_s: float = 4.0
    belt_backup_s: float = 2.0
    purge_s: float = 3.0
    lift_travel_s: float = 15.0
    lift_min_travel_s: float = 2.0
    hatch_travel_s: float = 5.0
    dice_roll_s: float = 4.0
    self_test_s: float = 20.0


# Sensible ranges: a bound below 1 tick could never be met, one above 10 minutes hides a fault.
_RANGES = {"tick_s": (0.01, 0.4), "lift_min_travel_s": (0.0, 60.0)}
_DEFAULT_RANGE = (0.05, 600.0)


@dataclass(frozen=True)
class Settings:
    """What the operator may change; a change applies from the next cycle (see Controller)."""

    rules: str = rulesets.DEFAULT
    dealer: int = 0
    bounds: Bounds = field(default_factory=Bounds)

    @classmethod
    def from_config(cls, config: Config) -> "Settings":
        """Read ``[table] rules`` and the optional ``[controller]`` section (every key optional)."""
        rules = config.section("table", required=False).get_str("rules", rulesets.DEFAULT,
                                                              choices=rulesets.names())
        section = config.section("controller", required=False)
        values = {}
        for f in fields(Bounds):
            low, high = _RANGES.get(f.name, _DEFAULT_RANGE)
            values[f.name] = section.get_float(f.name, f.default, minval=low, maxval=high)
        return cls(rules=rules, bounds=Bounds(**values))
