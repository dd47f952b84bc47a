"""The simulator's tiles: each one an object with a uid, a kind and the set it belongs to."""

import random
from dataclasses import dataclass

from firmware import rulesets
from firmware.tiles.kinds import FLOWERS, HONOURS, SUITED


@dataclass(frozen=True)
class SimTile:
    """One tile: ``uid`` is the 8-hex-digit id its RFID tag carries (first digit = set: A or B,
    E for a foreign tile slipped in by the ``tile_extra`` fault); ``kind`` is mpsz ("5m", "7z")
    or a flower "1f".."8f"; ``set_id`` is "A" or "B" (the back colour)."""

    uid: str
    kind: str
    set_id: str


def set_kinds(n_tiles: int) -> tuple[str, ...]:
    """The kinds of a set of ``n_tiles`` (a declared rule set's tile set), in factory order:
    the suits four times over, then the honours four times over, then the flowers."""
    tile_set = rulesets.tile_set_of(n_tiles)
    return SUITED * 4 + HONOURS * 4 * tile_set.honours + FLOWERS * tile_set.flowers


def make_set(n_tiles: int, set_id: str) -> list[SimTile]:
    """A full set in a fixed order (the disc shuffles it); ValueError names the sizes."""
    return [SimTile(f"{set_id}{i:07X}", kind, set_id) for i, kind in enumerate(set_kinds(n_tiles))]


def foreign_tile(rng: random.Random, serial: int) -> SimTile:
    """A tile that does not belong to the table's sets (another table's, or a spare)."""
    return SimTile(f"E{serial:07X}", rng.choice(SUITED + HONOURS), "E")
