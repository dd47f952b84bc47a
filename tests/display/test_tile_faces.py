"""The tile pictures: one well-formed SVG per tile of the notation, each its own drawing, and
notation read into picture codes (flowers included) with bad text refused by name."""

import xml.etree.ElementTree as ET

import pytest

from firmware.display.tile_faces import CODES, svg, tile_codes
from firmware.rules.tiles import NotationError

SVG = "{http://www.w3.org/2000/svg}"


def test_every_tile_of_the_notation_has_a_picture():
    suits = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]
    assert set(CODES) == {*suits, *(f"{r}z" for r in range(1, 8)), *(f"{r}f" for r in range(1, 9)),
                          "back"}


@pytest.mark.parametrize("code", CODES)
def test_each_picture_is_an_svg_image_named_for_its_tile(code):
    root = ET.fromstring(svg(code))
    assert root.tag == f"{SVG}svg" and root.get("aria-label") == code
    assert root.get("viewBox") == "0 0 60 80"


def test_no_two_tiles_look_the_same():
    assert len({svg(code) for code in CODES}) == len(CODES)


@pytest.mark.parametrize("rank", range(1, 10))
def test_a_circles_tile_shows_as_many_circles_as_its_rank(rank):
    rings = ET.fromstring(svg(f"{rank}p")).findall(f"{SVG}circle")
    assert len(rings) == 3 * rank  # each circle is drawn as three rings


@pytest.mark.parametrize("rank", range(2, 10))
def test_a_bamboo_tile_shows_as_many_sticks_as_its_rank(rank):
    sticks = [r for r in ET.fromstring(svg(f"{rank}s")).findall(f"{SVG}rect")][2:]
    assert len(sticks) == rank


def test_characters_and_honours_carry_their_chinese_names():
    assert [t.text for t in ET.fromstring(svg("7m")).iter(f"{SVG}text")][:2] == ["七", "萬"]
    assert [t.text for t in ET.fromstring(svg("1z")).iter(f"{SVG}text")][0] == "東"
    assert [t.text for t in ET.fromstring(svg("7z")).iter(f"{SVG}text")] == ["中"]
    assert [t.text for t in ET.fromstring(svg("5f")).iter(f"{SVG}text")][0] == "梅"


def test_an_unknown_picture_is_refused_by_name():
    with pytest.raises(ValueError, match="'8z'"):
        svg("8z")


def test_notation_reads_into_picture_codes_in_writing_order():
    assert tile_codes("123m55z2f") == ["1m", "2m", "3m", "5z", "5z", "2f"]
    assert tile_codes("9s1p") == ["9s", "1p"]


@pytest.mark.parametrize("text", ["", "12", "123x", "0m", "8z", "9f", "m", 123, None])
def test_text_that_is_not_tiles_is_refused(text):
    with pytest.raises(NotationError):
        tile_codes(text)
