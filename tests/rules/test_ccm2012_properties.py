"""Property: whatever a hand's events and the game position, its transfers sum to zero except for
deduction-only penalties, and no seat's chips go below 0."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.rules.ccm2012.events import (Call, CallKind, ChaseDiscards, HangTile, Kong, KongKind, Penalty,
                                           SwapHungTile, Win)
from firmware.rules.ccm2012.payments import settle
from firmware.rules.ccm2012.position import Position
from firmware.rules.ccm2012.settings import DEFAULT, OrganiserTables

SEAT = st.integers(0, 3)
TILE = st.integers(0, 33)
VENUE = replace(DEFAULT, organiser=OrganiserTables(penalty_points=(("false_win", 10), ("late", 5))))


def _pair():
    return st.tuples(SEAT, SEAT).filter(lambda p: p[0] != p[1])


_CALL = st.one_of(
    _pair().flatmap(lambda p: st.builds(Call, st.just(p[0]), st.just(p[1]), st.just(CallKind.PUNG), TILE)),
    SEAT.flatmap(lambda s: st.builds(Call, st.just((s + 1) % 4), st.just(s), st.just(CallKind.CHOW), TILE)))
_KONG = st.one_of(_pair().map(lambda p: Kong(p[0], KongKind.MELDED, p[1])),
                  st.builds(Kong, SEAT, st.sampled_from([KongKind.ADDED, KongKind.CONCEALED, KongKind.FLOWER])))
_EVENT = st.one_of(_CALL, _KONG, st.builds(ChaseDiscards, SEAT), st.builds(HangTile, SEAT, TILE),
                   st.builds(SwapHungTile, SEAT), st.builds(Penalty, SEAT, st.sampled_from(["false_win", "late"])))


@st.composite
def _wins(draw):
    value = st.integers(1, 120)
    if draw(st.booleans()):
        return [Win(draw(SEAT), draw(value))]
    discarder = draw(SEAT)
    winners = draw(st.lists(SEAT.filter(lambda s: s != discarder), unique=True, max_size=3))
    return [Win(w, draw(value), discarder, draw(TILE), robbed_kong=draw(st.booleans()),
                after_kong=draw(st.booleans()), full_flush=draw(st.booleans())) for w in winners]


@st.composite
def _position(draw):
    chips = draw(st.lists(st.integers(0, 250), min_size=4, max_size=4))
    return Position(tuple(chips), draw(SEAT), draw(st.integers(0, 4)), draw(st.booleans()))


@settings(derandomize=True, max_examples=400, deadline=None)
@given(st.lists(_EVENT, max_size=12), _wins(), _position())
def test_payments_are_zero_sum_apart_from_penalties(events, wins, position):
    settlement = settle(events + wins, position, VENUE)
    chips = list(position.chips)
    for t in settlement.transfers:
        chips[t.payer] -= t.points
        if t.payee is not None:
            chips[t.payee] += t.points
    assert tuple(chips) == settlement.chips  # the transfers listed are the points that moved
    deducted = sum(t.points for t in settlement.transfers if t.payee is None)
    assert sum(settlement.chips) == sum(position.chips) - deducted
    assert min(settlement.chips) >= 0
    assert all(t.points > 0 for t in settlement.transfers)
