"""Declared sets (chi, pon, kongs) as the table records them, validated on the way in."""

from dataclasses import dataclass
from enum import Enum

from firmware.rules.suit_table import Memo
from firmware.rules.tiles import NotationError, format_tiles, is_honour, parse_tile, parse_tiles

SOURCES = ("left", "opposite", "right")


class MeldType(str, Enum):
    CHI = "chi"
    PON = "pon"
    KAN_OPEN = "kan_open"
    KAN_ADDED = "kan_added"
    KAN_CLOSED = "kan_closed"


# Bound once: looking a member up on the Enum class costs more than the test itself.
_CHI, _KAN_CLOSED = MeldType.CHI, MeldType.KAN_CLOSED
_SIZE = {MeldType.CHI: 3, MeldType.PON: 3, MeldType.KAN_OPEN: 4, MeldType.KAN_ADDED: 4, MeldType.KAN_CLOSED: 4}


@dataclass(frozen=True)
class Meld:
    """One declared set. `called` is the claimed tile and `source` who discarded it (None for kan_closed)."""

    type: MeldType
    tiles: tuple[int, ...]
    called: int | None
    source: str | None

    @property
    def is_kong(self) -> bool:
        return len(self.tiles) == 4  # a kong's four tiles: cheaper to test than its type

    @property
    def is_chow(self) -> bool:
        return self.type is _CHI

    @property
    def is_concealed(self) -> bool:
        return self.type is _KAN_CLOSED

    @classmethod
    def from_record(cls, obj: dict) -> "Meld":
        """Build a meld from its record object, raising NotationError that says what is wrong.

        Valid melds are kept by their four record fields: a table meets a few hundred
        distinct melds, and every scored record with melds would otherwise re-read them.
        """
        if not isinstance(obj, dict):
            raise NotationError(f"meld must be an object, got {obj!r}")
        fields = (obj.get("type"), obj.get("tiles", ""), obj.get("called"), obj.get("from"))
        try:
            return _KNOWN[fields]
        except TypeError:  # an unhashable field: read it anyway, to name what is wrong
            return _read(*fields)


def _read(type_name, text, called_text, source) -> Meld:
    """A meld from its record fields (type, tiles, called, from), checked."""
    try:
        meld_type = MeldType(type_name)
    except ValueError:
        raise NotationError(f"unknown meld type {type_name!r}") from None
    tiles = tuple(sorted(parse_tiles(text)))
    _check_shape(meld_type, tiles)
    called, source = _read_call(meld_type, tiles, called_text, source)
    return Meld(meld_type, tiles, called, source)


_KNOWN = Memo(lambda fields: _read(*fields), limit=4096)


def _check_shape(meld_type: MeldType, tiles: tuple[int, ...]) -> None:
    """A chi is a run of one suit; every other meld is copies of one kind."""
    text = format_tiles(tiles)
    if len(tiles) != _SIZE[meld_type]:
        raise NotationError(f"{meld_type.value} needs {_SIZE[meld_type]} tiles, got {text!r}")
    if meld_type is MeldType.CHI:
        low = tiles[0]
        is_run = tiles == (low, low + 1, low + 2) and not is_honour(low) and low % 9 <= 6
        if not is_run:
            raise NotationError(f"chi must be three consecutive tiles of one suit, got {text!r}")
    elif len(set(tiles)) != 1:
        raise NotationError(f"{meld_type.value} must be copies of one tile, got {text!r}")


def _read_call(meld_type: MeldType, tiles: tuple[int, ...], called_text, source) -> tuple[int | None, str | None]:
    """Read `called` and `from`: required for claimed melds, absent for a concealed kong."""
    if meld_type is MeldType.KAN_CLOSED:
        if called_text is not None or source is not None:
            raise NotationError("kan_closed takes neither 'called' nor 'from'")
        return None, None
    if called_text is None:
        raise NotationError(f"{meld_type.value} {format_tiles(tiles)!r} lacks 'called'")
    called = parse_tile(called_text)
    if called not in tiles:
        raise NotationError(f"called tile {called_text!r} is not in {format_tiles(tiles)!r}")
    if source not in SOURCES:
        raise NotationError(f"{meld_type.value} 'from' must be one of {', '.join(SOURCES)}, got {source!r}")
    if meld_type is MeldType.CHI and source != "left":
        raise NotationError(f"chi can only be called from the left, got {source!r}")
    return called, source
