"""Tile kinds as the tile registry names them, and which kinds make up each tile set."""

from collections import Counter

from firmware import rulesets
from firmware.rules.tiles import SUIT_LETTERS

SUITED = tuple(f"{rank}{suit}" for suit in SUIT_LETTERS[:3] for rank in range(1, 10))
HONOURS = tuple(f"{rank}z" for rank in range(1, 8))
FLOWERS = tuple(f"{rank}f" for rank in range(1, 9))
"""Flowers and seasons, one of each: 1f..4f 春夏秋冬, 5f..8f 梅兰竹菊."""
KINDS = SUITED + HONOURS + FLOWERS


def set_sizes() -> tuple[int, ...]:
    """The sizes of tile set the declared rule sets play (144, 136, 108)."""
    return rulesets.tile_sizes()


def canonical_order(n_tiles: int) -> tuple[str, ...]:
    """The order an operator feeds a set for enrolment: each kind's copies together, 1m first,
    the flowers (one each) last. ValueError names the sizes when no rule set plays ``n_tiles``."""
    tile_set = rulesets.tile_set_of(n_tiles)
    kinds = SUITED + HONOURS if tile_set.honours else SUITED
    order = tuple(kind for kind in kinds for _ in range(4))
    return order + FLOWERS if tile_set.flowers else order


def composition(n_tiles: int) -> Counter[str]:
    """How many tiles of each kind a set of ``n_tiles`` holds."""
    return Counter(canonical_order(n_tiles))


def check_kind(kind: str) -> str:
    """``kind`` if it names a tile ("7p", "5z", "3f"); ValueError naming it otherwise."""
    if kind not in KINDS:
        raise ValueError(f"{kind!r} is not a tile kind (1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..8f)")
    return kind
