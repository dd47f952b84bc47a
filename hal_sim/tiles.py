"""The simulator's tiles: each one an object with a uid, a kind and the set it belongs to."""

import random
from dataclasses import dataclass

from firmware.tiles.kinds import FLOWERS, HONOURS, SUITED

SET_KINDS = {
    144: SUITED * 4 + HONOURS * 4 + FLOWERS,   # MCR / CMCR 1998 / CCM 2012: 136 + 8 flowers
    136: SUITED * 4 + HONOURS * 4,             # riichi
    108: SUITED * 4,                           # Sichuan: three suits only
}


@dataclass(frozen=True)
class SimTile:
    """One tile: ``uid`` is the 8-hex-digit id its RFID tag carries (first digit = set: A or B,
    E for a foreign tile slipped in by the ``tile_extra`` fault); ``kind`` is mpsz ("5m", "7z")
    or a flower "1f".."8f"; ``set_id`` is "A" or "B" (the back colour)."""

    uid: str
    kind: str
    set_id: str


def make_set(n_tiles: int, set_id: str) -> list[SimTile]:
    """A full set in a fixed order (the disc shuffles it)."""
    if n_tiles not in SET_KINDS:
        raise ValueError(f"no tile set of {n_tiles} tiles; sets are {', '.join(map(str, SET_KINDS))}")
    return [SimTile(f"{set_id}{i:07X}", kind, set_id) for i, kind in enumerate(SET_KINDS[n_tiles])]


def foreign_tile(rng: random.Random, serial: int) -> SimTile:
    """A tile that does not belong to the table's sets (another table's, or a spare)."""
    return SimTile(f"E{serial:07X}", rng.choice(SUITED + HONOURS), "E")
