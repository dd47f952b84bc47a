"""Random hands played without a mistake (play_generator.py), their reports thinned as the
spec allows: the referee raises no flag, ends the hand in the exhaustive draw and knows, at
every discard, the tiles of every zone as the truth has them; a seat that draws twice,
draws before its turn or discards without drawing is the one flagged, for a wrong count."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_generator import Hand

from firmware import rulesets
from firmware.referee import HandStart, Referee, pictures
from firmware.referee.kinds import parse_counts

RULES = ("mcr", "cmcr1998", "ccm2012", "riichi", "sichuan")


def referee_on(scenario: dict) -> dict:
    referee = Referee(rulesets.get(scenario["rules"]), HandStart.from_scenario(scenario["start"]))
    for event in scenario["events"]:
        if "zone" in event:
            referee.report(event["zone"], parse_counts(event["tiles"]), event["t"])
        else:
            referee.button(event["seat"], event["button"], event["t"], event.get("suit"))
    return referee.finish()


def as_changes(truth: list[dict]) -> list[dict]:
    """The true pictures as a result writes them: at each discard the zones whose picture
    differs from the discard before (every zone at the first)."""
    out, before = [], {}
    for discard in truth:
        out.append(discard | {"zones": {zone: picture for zone, picture in discard["zones"].items()
                                        if before.get(zone) != picture}})
        before = discard["zones"]
    return out


def followed_to_its_draw(hand: Hand) -> None:
    """The hand, played without a mistake, raises no flag, ends in the draw, and its every
    discard's pictures are the truth's."""
    result = referee_on(hand.play())
    assert result["flags"] == [] and result["wins"] == []
    assert result["end"] == "draw"
    assert result["discards"] == as_changes(hand.truth)
    assert list(pictures.whole(result["discards"])) == hand.truth
    if hand.rules == "sichuan":
        pigs = [s for s in range(4) if any(kind[1] == hand.void[s] and n
                                           for kind, n in (hand.hands[s] + hand.zone_melds[s]).items())]
        assert result["flower_pigs"] == pigs


def flagged_for_its_count(hand: Hand) -> None:
    """The seat that took a tile too many (two at its draw, or one before its turn), or
    discarded without drawing, is flagged, alone, for its count, and the hand is cut."""
    result = referee_on(hand.play())
    assert [(flag["seat"], flag["offence"]) for flag in result["flags"]] == [(hand.wrong_count_seat, "wrong_count")]
    assert result["end"] == "cut"


@settings(derandomize=True, max_examples=25, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 10_000), miss_rate=st.sampled_from((0.0, 0.15, 0.3)))
def test_a_clean_hand_is_followed_to_its_draw_tile_by_tile(rules, seed, miss_rate):
    followed_to_its_draw(Hand(rules, seed, miss_rate=miss_rate))


MISREAD_ONCE = [
    ("mcr", 937, 0.6, 0.5),  # a tile drawn and discarded unseen is chowed while an earlier discard is open
    ("sichuan", 1625, 0.75, 0.5),  # the same with a pung, in a rule set without chi
    ("mcr", 622, 0.75, 0.5),  # a flower's replacement, never seen, goes into a kong
    ("riichi", 1641, 0.6, 0.5),  # a kong's replacement shows before the kong made with the replacement before it
    ("mcr", 1208, 0.75, 0.5),  # two tiles gone beside pungs: the kong is of the one gone from two reports
    # a pung by a seat holding a fourth of the kind, which it discards at once: the pond's count of the
    # kind stays, and the next seat's discard shows with it (the seats claiming one discard in five)
    ("sichuan", 1931, 0.9, 0.2),
]
"""Hands at miss rates above the property tests' that the referee once misread (found by
running the generator over thousands of seeds at 0.45-0.9), with the share of the discards
the seats claim when they can (``call_rate``)."""


@pytest.mark.parametrize("rules, seed, miss_rate, call_rate", MISREAD_ONCE)
def test_a_hand_once_misread_is_followed_to_its_draw_tile_by_tile(rules, seed, miss_rate, call_rate):
    followed_to_its_draw(Hand(rules, seed, miss_rate=miss_rate, call_rate=call_rate))


@pytest.mark.parametrize("rules, seed, miss_rate, at, call_rate", [
    ("riichi", 558, 0.6, 19, 0.5), ("mcr", 2534, 0.6, 15, 0.5),  # the chi of a tile drawn and discarded unseen
    ("mcr", 2389, 0.75, 20, 0.5),  # the same, its meld area read first with a tile that went with the open discard
    ("riichi", 33, 0.6, 20, 0.5),  # a chi of a tile drawn and discarded unseen, the same kind as an earlier discard still in the pond
    ("riichi", 310, 0.6, 22, 0.5),  # a pung of a tile drawn and discarded unseen by the seat whose own discard is the open one
    ("riichi", 428, 0.6, 24, 0.5),  # a chi by a seat with a pung of its kind, the meld area first read as a kong on the pung
    # the seats claiming nine discards in ten they can: a flower's unseen replacement makes a kong first read with three
    ("mcr", 122, 0.75, 15, 0.9), ("ccm2012", 122, 0.75, 18, 0.9),
    # a flower drawn, missed by the next hand report beside the second tile drawn, which both
    # ends of the wall hold: taken for the flower's replacement until the flower shows again
    ("mcr", 1552, 0.6, 35, 0.9), ("cmcr1998", 1552, 0.6, 35, 0.9), ("ccm2012", 1552, 0.6, 35, 0.9),
])
def test_a_seat_that_draws_twice_in_a_hand_once_misread_is_flagged_alone(rules, seed, miss_rate, at, call_rate):
    flagged_for_its_count(Hand(rules, seed, miss_rate=miss_rate, call_rate=call_rate, drew_two_at=at))


@pytest.mark.parametrize("mistake", ["drew_two_at", "early_at"])
@settings(derandomize=True, max_examples=15, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 10_000), at=st.integers(1, 30))
def test_a_seat_that_draws_twice_or_before_its_turn_is_flagged_for_its_count(mistake, rules, seed, at):
    flagged_for_its_count(Hand(rules, seed, miss_rate=0.15, **{mistake: at}))


@pytest.mark.parametrize("rules, seed, at", [("mcr", 0, 12), ("riichi", 0, 19), ("sichuan", 2, 2)])
def test_a_seat_that_draws_before_its_turn_a_tile_of_the_kind_after_it_is_flagged(rules, seed, at):
    """The wall's next two tiles are of one kind: the due seat drawing and discarding the first
    unseen would make the early seat's tile its draw, but the pond showed no change."""
    flagged_for_its_count(Hand(rules, seed, miss_rate=0.0, early_at=at))


@pytest.mark.parametrize("rules, seed, at", [("riichi", 0, 1), ("sichuan", 7, 17), ("ccm2012", 15, 2)])
def test_a_seat_that_discards_without_drawing_while_the_pond_misses_it_is_flagged(rules, seed, at):
    """The short seat's discard is missed by the pond's report, and the next seat's draw
    (the tile the short seat should have taken) shows before the pond's re-read: the next seat
    drew in turn, the seat whose hand shows a tile gone and too few left is the one flagged
    (the next seat was, as drawing before its turn)."""
    flagged_for_its_count(Hand(rules, seed, miss_rate=0.3, skipped_draw_at=at, then_next_draws=True))


@settings(derandomize=True, max_examples=25, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 10_000), at=st.integers(1, 30),
       then_next_draws=st.booleans(), miss_rate=st.sampled_from((0.0, 0.3)))
def test_a_seat_that_discards_without_drawing_is_flagged_for_its_count(rules, seed, at, then_next_draws, miss_rate):
    flagged_for_its_count(Hand(rules, seed, miss_rate=miss_rate, skipped_draw_at=at, then_next_draws=then_next_draws))


@pytest.mark.parametrize("rules", RULES)
def test_every_move_is_listed_once_with_its_seat(rules):
    """The moves the ledger pays from: every discard of the truth, in order, and the draw's end."""
    hand = Hand(rules, 7, miss_rate=0.2)
    result = referee_on(hand.play())
    discards = [(move["seat"], move["tile"]) for move in result["moves"] if move["move"] == "discard"]
    assert discards == [(d["seat"], d["tile"]) for d in hand.truth]
    assert result["moves"][-1]["move"] == "draw_end"
    assert {move["move"] for move in result["moves"]} <= {
        "draw", "discard", "chi", "pon", "kong_melded", "kong_added", "kong_concealed", "replacement", "flower",
        "void", "draw_end"}
