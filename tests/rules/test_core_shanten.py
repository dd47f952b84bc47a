"""Shanten for each shape, and the waits of ready hands (corpus figures: test_core_corpus.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.rules.shanten import (is_complete, shanten, shanten_changed, shanten_seven_pairs,
                                    shanten_thirteen_orphans, waits)
from firmware.rules.shapes import MCR_SHAPES, RIICHI_SHAPES, Shape
from firmware.rules.tiles import format_tiles, parse_tiles

# One shape at a time, through `shanten` itself (the production path).
STANDARD, HONOURS_KNITTED, KNITTED_STRAIGHT = {Shape.STANDARD}, {Shape.HONOURS_KNITTED}, {Shape.KNITTED_STRAIGHT}


def test_standard(counts):
    assert shanten(counts("123m456p789s1122z"), 0, STANDARD) == 0
    assert shanten(counts("123m456p789s11222z"), 0, STANDARD) == -1
    assert shanten(counts("1m"), 4, STANDARD) == 0
    assert shanten(counts("19m19p19s1234567z"), 0, STANDARD) == 8


def test_fifth_copy_wait_counts_for_mcr_only(counts):
    # Four 5s: the only pair wait would be a fifth 5s.
    hand = counts("999m888p999p5555s")
    assert shanten(hand, 0, STANDARD) == 0
    assert shanten(hand, 0, STANDARD, riichi=True) == 1


def test_seven_pairs_four_of_a_kind(counts):
    hand = counts("1111m2233p4455s6z")
    assert shanten_seven_pairs(hand) == 0
    assert shanten_seven_pairs(hand, riichi=True) == 2  # five pairs, and a seventh kind is missing


def test_special_shapes(counts):
    assert shanten_thirteen_orphans(counts("19m19p19s1234567z")) == 0
    assert shanten_thirteen_orphans(counts("19m19p19s1234566z")) == 0
    assert shanten_thirteen_orphans(counts("19m19p11s1234566z")) == 1
    assert shanten(counts("147m258p369s1234z"), 0, HONOURS_KNITTED) == 0
    assert shanten(counts("147m258p369s12345z"), 0, HONOURS_KNITTED) == -1
    assert shanten(counts("147m258p369s1z789p"), 0, KNITTED_STRAIGHT) == 0
    assert shanten(counts("147m258p369s11z"), 1, KNITTED_STRAIGHT) == -1
    with pytest.raises(ValueError, match="knitted_straight"):
        shanten(counts("147m258p369s1z"), 2, KNITTED_STRAIGHT)


def test_shapes_that_need_no_melds_are_skipped_with_melds(counts):
    pairs = counts("1122m3344p5566s77z")
    assert shanten(pairs, 0, {Shape.SEVEN_PAIRS, Shape.STANDARD}) == -1
    assert shanten(counts("1122m3344p77z"), 1, {Shape.SEVEN_PAIRS, Shape.STANDARD}) == 2
    with pytest.raises(ValueError, match="seven_pairs"):
        shanten(counts("1122m3344p77z"), 1, {Shape.SEVEN_PAIRS})
    assert not is_complete(counts("1122m3344p77z"), 1, {Shape.SEVEN_PAIRS})


def test_waits(counts):
    assert format_tiles(waits(counts("1112345678999m"), 0, MCR_SHAPES)) == "123456789m"
    assert format_tiles(waits(counts("19m19p19s1234567z"), 0, RIICHI_SHAPES, riichi=True)) == "19m19p19s1234567z"
    assert waits(counts("1358m"), 3, MCR_SHAPES) == []
    # Riichi seven pairs cannot wait on a kind already paired.
    assert waits(counts("1111m2233p4455s6z"), 0, {Shape.SEVEN_PAIRS}, riichi=True) == []
    assert waits(counts("1111m2233p4455s6z"), 0, {Shape.SEVEN_PAIRS}) == parse_tiles("6z")


def test_fifth_copy_waits_are_listed(counts):
    assert parse_tiles("5s") == [k for k in waits(counts("999m888p999p5555s"), 0, MCR_SHAPES) if k == 22]


def test_is_complete(counts):
    assert is_complete(counts("11m"), 4, RIICHI_SHAPES)
    assert not is_complete(counts("12m"), 4, RIICHI_SHAPES)
    assert is_complete(counts("1111m2233p4455s66z"), 0, {Shape.SEVEN_PAIRS})
    assert not is_complete(counts("1111m2233p4455s66z"), 0, {Shape.SEVEN_PAIRS}, riichi=True)


@pytest.mark.parametrize("text, n_melds", [("1112345678999m", 0), ("1111m2233p4455s66z", 0),
                                           ("19m19p19s1234567z", 0), ("147m258p369s1234z", 0),
                                           ("999m888p999p5555s", 0), ("1358m77z", 2), ("1122m3344p77z", 1)])
@pytest.mark.parametrize("shapes", [MCR_SHAPES, RIICHI_SHAPES, {Shape.STANDARD, Shape.SEVEN_PAIRS}])
@pytest.mark.parametrize("riichi", [False, True])
def test_shanten_changed_is_shanten_after_each_change(counts, text, n_melds, shapes, riichi):
    hand = counts(text)
    held = [kind for kind in range(34) if hand[kind]]
    for kinds, step in ((held, -1), (range(34), 1)):
        expected = []
        for kind in kinds:
            changed = list(hand)
            changed[kind] += step
            expected.append(shanten(changed, n_melds, shapes, riichi=riichi))
        assert shanten_changed(hand, n_melds, shapes, kinds, step, riichi=riichi) == expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=13, max_size=14), st.sampled_from([-1, 1]),
       st.sampled_from([MCR_SHAPES, RIICHI_SHAPES, {Shape.STANDARD, Shape.SEVEN_PAIRS}]),
       st.booleans())
def test_shanten_changed_is_shanten_after_each_change_of_any_hand(drawn, step, shapes, riichi):
    """Hands with copies and pairs enough for seven pairs to matter (kinds drawn from 34 with
    repeats, at most four of each); one shanten per changed hand is the full computation."""
    hand = [min(4, drawn.count(kind)) for kind in range(34)]
    kinds = [kind for kind in range(34) if hand[kind] + step >= 0]
    expected = []
    for kind in kinds:
        changed = list(hand)
        changed[kind] += step
        expected.append(shanten(changed, 0, shapes, riichi=riichi))
    assert shanten_changed(hand, 0, shapes, kinds, step, riichi=riichi) == expected
