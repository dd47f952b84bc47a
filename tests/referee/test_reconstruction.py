"""Random hands played without a mistake (play_generator.py), their reports thinned as the
spec allows: the referee raises no flag, ends the hand in the exhaustive draw and knows, at
every discard, the tiles of every zone as the truth has them; a seat that draws twice is
the one flagged, for a wrong count."""

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


@settings(derandomize=True, max_examples=25, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 10_000), miss_rate=st.sampled_from((0.0, 0.15, 0.3)))
def test_a_clean_hand_is_followed_to_its_draw_tile_by_tile(rules, seed, miss_rate):
    hand = Hand(rules, seed, miss_rate=miss_rate)
    result = referee_on(hand.play())
    assert result["flags"] == [] and result["wins"] == []
    assert result["end"] == "draw"
    assert result["discards"] == as_changes(hand.truth)
    assert list(pictures.whole(result["discards"])) == hand.truth
    if rules == "sichuan":
        pigs = [s for s in range(4) if any(kind[1] == hand.void[s] and n
                                           for kind, n in (hand.hands[s] + hand.zone_melds[s]).items())]
        assert result["flower_pigs"] == pigs


@settings(derandomize=True, max_examples=15, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 10_000), at=st.integers(1, 30))
def test_a_seat_that_draws_twice_is_flagged_for_its_count(rules, seed, at):
    hand = Hand(rules, seed, miss_rate=0.15, drew_two_at=at)
    result = referee_on(hand.play())
    assert [(flag["seat"], flag["offence"]) for flag in result["flags"]] == [(hand.wrong_count_seat, "wrong_count")]
    assert result["end"] == "cut"


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
