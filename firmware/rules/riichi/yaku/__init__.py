"""All riichi yaku; importing this package fills the registry."""

from firmware.rules.riichi.yaku import composition, sequences, sets, situational, yakuman
from firmware.rules.riichi.yaku.registry import REGISTRY, Counted, Yaku, find_yaku

__all__ = ["REGISTRY", "Counted", "Yaku", "find_yaku", "composition", "sequences", "sets", "situational", "yakuman"]
