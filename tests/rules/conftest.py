"""Shared set-up of the rules tests: the hypothesis profile, and tile-string helpers offered as
fixtures (`hand`, `meld`, `counts`) for the engine's own unit tests.

Hypothesis runs derandomized by default (profile "ci"): every run draws the same examples,
so a red run replays exactly, and no example database is read or written. Set
HYPOTHESIS_PROFILE=dev for fresh random examples on each run (a failure then prints a
`@reproduce_failure` blob). Long random runs against the oracles are `make fuzz`
(tests/fuzz_oracles.py), not part of the test suite.
"""

import os

import pytest
from hypothesis import settings

from firmware.rules.hand import Hand
from firmware.rules.melds import Meld, MeldType
from firmware.rules.tiles import parse_tile, parse_tiles, to_counts

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
