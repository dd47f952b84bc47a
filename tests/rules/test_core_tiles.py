"""Tile notation and predicates of firmware.rules.tiles."""

import pytest

from firmware.rules import tiles
from firmware.rules.tiles import NotationError, format_tiles, parse_tile, parse_tiles, to_counts


def test_parse_orders_kinds_as_written():
    assert parse_tiles("123m456p789s1234567z") == list(range(0, 3)) + list(range(12, 15)) + list(range(24, 34))


def test_honour_order_is_tenhou():
    assert parse_tiles("5z6z7z") == [tiles.WHITE, tiles.GREEN, tiles.RED]


@pytest.mark.parametrize("text", ["0m", "8z", "9z", "123", "12m3", "m", "1x", "1 m"])
def test_bad_notation_is_rejected_with_the_text(text):
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert repr(text) in str(caught.value)


def test_parse_tile_needs_exactly_one():
    assert parse_tile("9s") == 26
    with pytest.raises(NotationError, match="exactly one"):
        parse_tile("99s")


def test_format_is_canonical():
    assert format_tiles(parse_tiles("7z1m9s11p1m")) == "11m11p9s7z"
    assert format_tiles([]) == "" and parse_tiles("") == []


def test_counts():
    counts = to_counts(parse_tiles("1112m7z"))
    assert len(counts) == 34 and counts[0] == 3 and counts[1] == 1 and counts[33] == 1 and sum(counts) == 5


def test_predicates():
    assert tiles.suit(0) == 0 and tiles.suit(17) == 1 and tiles.suit(18) == 2 and tiles.suit(27) is None
    assert tiles.rank(26) == 9 and tiles.rank(33) == 7
    assert tiles.is_terminal(8) and not tiles.is_terminal(27) and not tiles.is_terminal(4)
    assert tiles.is_terminal_or_honour(27) and tiles.is_honour(33) and not tiles.is_honour(26)
    assert len(tiles.TERMINALS_AND_HONOURS) == 13
    assert all(tiles.is_terminal_or_honour(k) for k in tiles.TERMINALS_AND_HONOURS)
    assert tiles.WIND_BY_LETTER["N"] == tiles.NORTH == 30
