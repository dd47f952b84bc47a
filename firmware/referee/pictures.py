"""Each discard's zone pictures in a hand's result, written as the zones that changed.

Why changes: a discard changes its seat's hand and the pond, and the draw or call before it
one zone or two more; the other zones are as they were at the discard before. Writing every
zone at every discard made two thirds of a result's pictures repeats, and every hand's
result is encoded, hashed and synced into the ledger. So each discard lists the zones whose
picture changed since the discard before (every zone at the first), and ``whole`` gives each
discard with the picture of every zone again. A result that lists every zone at every
discard (one written before this) reads the same through ``whole``.
"""

from collections.abc import Callable, Iterable, Iterator


def changed(log: Iterable[tuple[int, str, tuple]], zones: tuple[str, ...],
            picture: Callable[[tuple], str]) -> list[dict]:
    """``{"seat", "tile", "zones"}`` of each discard of ``log`` ((seat, tile name, each zone's
    tiles in ``zones`` order)), with the pictures (``picture`` of a zone's tiles) of the zones
    that changed since the discard before."""
    out, before = [], (None,) * len(zones)
    for seat, tile, tiles in log:
        out.append({"seat": seat, "tile": tile, "zones": {
            zone: picture(now) for zone, now, then in zip(zones, tiles, before) if now != then}})
        before = tiles
    return out


def whole(discards) -> Iterator[dict | None]:
    """Each discard of a result's ``discards`` with every zone's picture as it stood then (a
    zone no discard has named yet is absent), None in the place of an entry that is not one
    (a damaged result), so the rest keep their places."""
    zones: dict = {}
    for discard in discards if isinstance(discards, list) else ():
        if not isinstance(discard, dict):
            yield None
            continue
        if isinstance(discard.get("zones"), dict):
            zones = zones | discard["zones"]
        yield discard | {"zones": zones}
