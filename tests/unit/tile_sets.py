"""Test helper: two enrolled tile sets with readable UIDs (set A 0A000000.., set B 0B000000..)."""

from firmware.tiles.kinds import canonical_order
from firmware.tiles.registry import TileRegistry


def set_pairs(set_id: str, n_tiles: int = 144) -> list[tuple[str, str]]:
    """(uid, kind) in canonical order; the UID's first byte says the set."""
    prefix = {"A": "0A", "B": "0B"}[set_id]
    return [(f"{prefix}{i:06X}", kind) for i, kind in enumerate(canonical_order(n_tiles))]


def enrolled(path) -> TileRegistry:
    registry = TileRegistry(path)
    for set_id in "AB":
        registry.enroll(set_id, set_pairs(set_id))
    return registry


def uid_of(set_id: str, kind: str, copy: int = 0) -> str:
    return [uid for uid, k in set_pairs(set_id) if k == kind][copy]
