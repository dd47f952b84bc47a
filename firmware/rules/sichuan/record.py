"""Reading a Sichuan hand record into a Hand, with the tile checks in the spec's order.

../shared/spec/sichuan-records.md lists the checks as "first that fails": bad notation, an
honour, a chi or a malformed meld (invalid_tiles); then the tile count (bad_tile_count);
then a fifth copy (invalid_tiles). The core's `Hand.from_record` tests copies before the
count and accepts honours and chi, so the checks are run here on the core's parsers and
its Hand, which counts the tiles once for all of them.
"""

from firmware.rules.hand import MAX_MELDS, WIN_BY, Hand
from firmware.rules.melds import Meld, MeldType
from firmware.rules.tiles import NotationError, format_tiles, parse_tile, parse_tiles

_NO_HONOURS = (0,) * 7
_ALLOWED_COPIES = frozenset(range(5))
_NO_MELDS: list = []  # read only: the default of a record without melds
_CHI = MeldType.CHI


class RecordError(ValueError):
    """A record that cannot be scored; `status` is the result status it maps to."""

    def __init__(self, status: str, message: str):
        super().__init__(message)
        self.status = status


def read_hand(record) -> Hand:
    """The hand of a record, or RecordError (invalid_tiles, bad_tile_count, invalid_context)."""
    if not isinstance(record, dict):
        raise RecordError("invalid_tiles", f"a hand record must be an object, got {type(record).__name__}")
    if "concealed" not in record or "win_tile" not in record:
        missing = "concealed" if "concealed" not in record else "win_tile"
        raise RecordError("invalid_tiles", f"the record has no {missing!r}")
    melds = record.get("melds", _NO_MELDS)
    try:
        concealed = tuple(parse_tiles(record["concealed"]))
        win_tile = parse_tile(record["win_tile"])
        if type(melds) is not list:
            raise NotationError(f"melds must be a list, got {melds!r}")
        melds = tuple(map(Meld.from_record, melds)) if melds else ()
    except NotationError as error:
        raise RecordError("invalid_tiles", str(error)) from None
    win_by = record.get("win_by")
    hand = Hand(concealed, melds, win_tile, win_by == "self_draw")
    counts = hand.all_tuple
    if counts[27:] != _NO_HONOURS:
        raise RecordError("invalid_tiles", f"honour tiles {format_tiles(k for k in range(27, 34) if counts[k])}: "
                                           f"Sichuan plays the 108 suited tiles only (seed line 13)")
    if melds and any(meld.type is _CHI for meld in melds):
        raise RecordError("invalid_tiles", "Sichuan has no chi (seed line 19: 不可以吃牌)")
    if len(melds) > MAX_MELDS:
        raise RecordError("bad_tile_count", f"{len(melds)} melds; a hand has at most {MAX_MELDS}")
    if len(concealed) != 13 - 3 * len(melds):
        raise RecordError("bad_tile_count", f"{len(concealed)} concealed tiles with {len(melds)} melds; "
                                            f"expected {13 - 3 * len(melds)}")
    if not _ALLOWED_COPIES.issuperset(counts):
        over = format_tiles(k for k in range(34) if counts[k] > 4)
        raise RecordError("invalid_tiles", f"more than 4 copies of {over}")
    if win_by not in WIN_BY:  # after the tile checks, which the spec orders first
        raise RecordError("invalid_context", f"win_by must be one of {', '.join(WIN_BY)}, got {win_by!r}")
    return hand
