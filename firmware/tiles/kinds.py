"""Tile kinds as the tile registry names them, and which kinds make up each size of set."""

from collections import Counter

from firmware.rules.tiles import SUIT_LETTERS

SUITED = tuple(f"{rank}{suit}" for suit in SUIT_LETTERS[:3] for rank in range(1, 10))
HONOURS = tuple(f"{rank}z" for rank in range(1, 8))
FLOWERS = tuple(f"{rank}f" for rank in range(1, 9))
"""Flowers and seasons, one of each: 1f..4f 春夏秋冬, 5f..8f 梅兰竹菊."""
KINDS = SUITED + HONOURS + FLOWERS
SET_SIZES = (144, 136, 108)


def canonical_order(n_tiles: int) -> tuple[str, ...]:
    """The order an operator feeds a set for enrolment: each kind's copies together, 1m first.

    144 = MCR / CMCR 1998 / CCM 2012 (with flowers), 136 = riichi, 108 = Sichuan (suits only).
    """
    if n_tiles not in SET_SIZES:
        raise ValueError(f"a tile set has {', '.join(map(str, SET_SIZES))} tiles, not {n_tiles}")
    kinds = SUITED if n_tiles == 108 else SUITED + HONOURS
    order = tuple(kind for kind in kinds for _ in range(4))
    return order + FLOWERS if n_tiles == 144 else order


def composition(n_tiles: int) -> Counter[str]:
    """How many tiles of each kind a set of ``n_tiles`` holds."""
    return Counter(canonical_order(n_tiles))


def check_kind(kind: str) -> str:
    """``kind`` if it names a tile ("7p", "5z", "3f"); ValueError naming it otherwise."""
    if kind not in KINDS:
        raise ValueError(f"{kind!r} is not a tile kind (1m..9m, 1p..9p, 1s..9s, 1z..7z, 1f..8f)")
    return kind
