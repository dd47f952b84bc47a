"""Declared sets (chi, pon, kongs) as the table records them, validated on the way in."""

from dataclasses import dataclass
from enum import Enum

from firmware.rules.tiles import NotationError, format_tiles, is_honour, parse_tile, parse_tiles

SOURCES = ("left", "opposite", "right")


class MeldType(str, Enum):
    CHI = "chi"
    PON = "pon"
    KAN_OPEN = "kan_open"
    KAN_ADDED = "kan_added"
    KAN_CLOSED = "kan_closed"


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
        return _SIZE[self.type] == 4

    @property
    def is_chow(self) -> bool:
        return self.type is MeldType.CHI

    @property
    def is_pung(self) -> bool:
        """A pon only: kongs are reported by is_kong, since most fans treat them apart."""
        return self.type is MeldType.PON

    @property
    def is_concealed(self) -> bool:
        return self.type is MeldType.KAN_CLOSED

    @property
    def first(self) -> int:
        return self.tiles[0]

    @classmethod
    def from_record(cls, obj: dict) -> "Meld":
        """Build a meld from its record object, raising NotationError that says what is wrong."""
        if not isinstance(obj, dict):
            raise NotationError(f"meld must be an object, got {obj!r}")
        try:
            meld_type = MeldType(obj.get("type"))
        except ValueError:
            raise NotationError(f"unknown meld type {obj.get('type')!r}") from None
        tiles = tuple(sorted(parse_tiles(obj.get("tiles", ""))))
        _check_shape(meld_type, tiles)
        called, source = _read_call(meld_type, tiles, obj)
        return cls(meld_type, tiles, called, source)


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


def _read_call(meld_type: MeldType, tiles: tuple[int, ...], obj: dict) -> tuple[int | None, str | None]:
    """Read `called` and `from`: required for claimed melds, absent for a concealed kong."""
    if meld_type is MeldType.KAN_CLOSED:
        if obj.get("called") is not None or obj.get("from") is not None:
            raise NotationError("kan_closed takes neither 'called' nor 'from'")
        return None, None
    if obj.get("called") is None:
        raise NotationError(f"{meld_type.value} {format_tiles(tiles)!r} lacks 'called'")
    called = parse_tile(obj["called"])
    if called not in tiles:
        raise NotationError(f"called tile {obj['called']!r} is not in {format_tiles(tiles)!r}")
    source = obj.get("from")
    if source not in SOURCES:
        raise NotationError(f"{meld_type.value} 'from' must be one of {', '.join(SOURCES)}, got {source!r}")
    if meld_type is MeldType.CHI and source != "left":
        raise NotationError(f"chi can only be called from the left, got {source!r}")
    return called, source
