"""Enrolling a set from head reads, and the simulator's sets into an empty registry.

An operator feeds a set under the stacking head in canonical order (each kind's copies
together, 1m first); the reads, paired with that order, are the set's enrolment. On the
simulator its enrolment station does the feeding — real PN532 bytes through a pty, decoded by
the firmware's head reader — so the firmware learns the simulated tiles only from reader
bytes, exactly as on a table.
"""

from collections.abc import Callable, Sequence

from firmware.tiles.kinds import canonical_order
from firmware.tiles.registry import SET_IDS, EnrolmentError, TileRegistry

Station = Callable[[str, int], Sequence[str | None]]
"""(set id, tiles) -> the head's reads in canonical order, None where a tile went unread."""
STATION_SET = 144
"""The simulator enrols full sets: the 136- and 108-tile games use a part of them."""


def pairs_in_order(uids: Sequence[str | None], source: str) -> list[tuple[str, str]]:
    """(uid, kind) for reads taken in canonical order; EnrolmentError naming ``source`` when a
    tile went unread (the set must be fed again)."""
    unread = [n for n, uid in enumerate(uids, 1) if uid is None]
    if unread:
        raise EnrolmentError(f"{source}: tile {unread[0]} of {len(uids)} was not read; "
                             f"enrolment needs every tile read, feed the set again")
    return list(zip(uids, canonical_order(len(uids))))


def enrol_from_station(registry: TileRegistry, station: Station) -> list[str]:
    """Enrol every set the registry lacks from the simulator's enrolment station; returns the
    set ids enrolled (none when both were there already)."""
    missing = [set_id for set_id in SET_IDS if set_id not in registry.enrolled_sets()]
    for set_id in missing:
        reads = station(set_id, STATION_SET)
        registry.enroll(set_id, pairs_in_order(reads, f"enrolment station, set {set_id}"))
    return missing
