"""Tile-string helpers shared by the rules tests, offered as fixtures: `hand`, `meld`, `counts`."""

import pytest

from firmware.rules.hand import Hand
from firmware.rules.melds import Meld, MeldType
from firmware.rules.tiles import parse_tile, parse_tiles, to_counts


def _meld(text: str) -> Meld:
    """"345m" chi from left, "777p" pon from opposite, "9999s" open kong from right,
    "+1111z" added kong from left, "[5555m]" concealed kong."""
    if text.startswith("[") and text.endswith("]"):
        tiles = tuple(sorted(parse_tiles(text[1:-1])))
        return Meld(MeldType.KAN_CLOSED, tiles, None, None)
    if text.startswith("+"):
        tiles = tuple(sorted(parse_tiles(text[1:])))
        return Meld(MeldType.KAN_ADDED, tiles, tiles[0], "left")
    tiles = tuple(sorted(parse_tiles(text)))
    if len(tiles) == 4:
        return Meld(MeldType.KAN_OPEN, tiles, tiles[0], "right")
    if len(set(tiles)) == 1:
        return Meld(MeldType.PON, tiles, tiles[0], "opposite")
    return Meld(MeldType.CHI, tiles, tiles[0], "left")


def _hand(tiles: str, win: str | None = None, melds=(), self_drawn: bool = False) -> Hand:
    """Build a Hand from its closed tiles; the winning tile is `win`, or else the last tile written."""
    kinds = parse_tiles(tiles)
    win_tile = parse_tile(win) if win is not None else kinds[-1]
    kinds.remove(win_tile)
    return Hand(tuple(sorted(kinds)), tuple(_meld(m) for m in melds), win_tile, self_drawn)


def _counts(tiles: str) -> list[int]:
    return to_counts(parse_tiles(tiles))


@pytest.fixture
def hand():
    return _hand


@pytest.fixture
def meld():
    return _meld


@pytest.fixture
def counts():
    return _counts
