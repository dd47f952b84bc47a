"""Properties over generated whole hands (settlement) and generated bad records (scoring).

Hands: kongs of every kind, self-draws, single and multiple ron (杠上炮 among them), robbed
kongs, then an empty wall with 花猪, ready and not-ready hands, a time-up, or nothing yet,
under any combination of the settlement settings. Transfers always sum to zero.
Records: any JSON value in any field never makes the scorer raise.
"""

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.rules.sichuan import TMT2016, score_record, settle
from firmware.rules.sichuan.events import (DiscardWin, Kong, KongKind, RobbedKong, SelfDraw, StandingHand,
                                           TimeUp, WallEmpty, Winner)
from firmware.rules.sichuan.settlement import End

SETTING_CHOICES = {
    "kong_shot_moves": ("last_kong", "all_kongs"),
    "kong_shot_multiple_ron": ("first_winner", "split"),
    "flower_pig_payees": ("every_other", "non_pigs"),
    "time_up_keeps_instant": (False, True),
    "void_suit_binding": (True, False),
    "cap_fan": (5, None, 3),
}


@st.composite
def table_settings(draw):
    return replace(TMT2016, **{key: draw(st.sampled_from(values)) for key, values in SETTING_CHOICES.items()})


@st.composite
def standing_hand(draw, seat: int) -> StandingHand:
    """A complete two-suit hand less one tile (ready), random tiles of two suits (seldom ready), or
    random tiles of any suit (mostly a 花猪)."""
    void = draw(st.integers(0, 2))
    suits = [suit for suit in range(3) if suit != void]
    kind = draw(st.sampled_from(("ready", "two_suits", "any")))
    if kind == "ready":
        sets = []
        for _ in range(4):
            suit = draw(st.sampled_from(suits))
            start = draw(st.integers(0, 6))
            sets += [9 * suit + start + step for step in range(3)] if draw(st.booleans()) else [9 * suit + start] * 3
        pair = 9 * draw(st.sampled_from(suits)) + draw(st.integers(0, 8))
        tiles = sorted(sets + [pair, pair])
        del tiles[draw(st.integers(0, 13))]
    else:
        kinds = [k for k in range(27) if kind == "any" or k // 9 in suits]
        tiles = sorted(draw(st.lists(st.sampled_from(kinds), min_size=13, max_size=13)))
    return StandingHand(seat, tuple(tiles), void, (), dead=draw(st.integers(0, 9)) == 0)


@st.composite
def whole_hand(draw) -> list:
    events, won, kong_makers = [], [], set()
    for _ in range(draw(st.integers(0, 10))):
        if len(won) >= 3:
            return events
        still_in = [seat for seat in range(4) if seat not in won]
        last = events[-1] if events else None
        if isinstance(last, Kong) and draw(st.booleans()):  # the kong maker's next discard deals in: 杠上炮
            seat, choice = last.seat, "discard"
        else:
            seat = draw(st.sampled_from(still_in))
            choice = draw(st.sampled_from(("kong", "kong", "kong", "kong", "self_draw", "discard", "robbed")))
        others = [other for other in still_in if other != seat]
        if choice == "kong":
            kind = draw(st.sampled_from(list(KongKind)))
            discarder = draw(st.sampled_from(others)) if kind is KongKind.DIRECT else None
            events.append(Kong(seat, kind, discarder))
            kong_makers.add(seat)
            continue
        if choice == "self_draw":
            events.append(SelfDraw(seat, draw(st.integers(1, 8))))
            won.append(seat)
            continue
        chosen = draw(st.lists(st.sampled_from(others), min_size=1, max_size=len(others), unique=True))
        winners = tuple(Winner(w, draw(st.integers(1, 8))) for w in chosen)
        if choice == "discard":
            events.append(DiscardWin(seat, winners, after_kong=seat in kong_makers and draw(st.booleans())))
        else:
            events.append(RobbedKong(seat, winners))
        won.extend(chosen)
    if len(won) >= 3:
        return events
    ending = draw(st.sampled_from(("wall", "wall", "time", "open")))
    if ending == "wall":
        events.append(WallEmpty(tuple(draw(standing_hand(seat)) for seat in range(4) if seat not in won)))
    elif ending == "time":
        events.append(TimeUp())
    return events


@settings(derandomize=True, max_examples=300, deadline=None)
@given(events=whole_hand(), rules=table_settings())
def test_transfers_always_sum_to_zero(events, rules):
    done = settle(events, rules)
    assert sum(done.net) == 0
    net = [0, 0, 0, 0]
    for transfer in done.transfers:
        assert transfer.amount > 0 and transfer.payer != transfer.payee
        net[transfer.payer] -= transfer.amount
        net[transfer.payee] += transfer.amount
    assert tuple(net) == done.net
    if done.end is End.TIME_UP and not rules.time_up_keeps_instant:
        assert done.net == (0, 0, 0, 0)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: (st.lists(inner, max_size=3)
                                   | st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                    max_leaves=8)
GOOD = {"concealed": "1111234567899m", "win_tile": "9m", "win_by": "self_draw", "melds": [],
        "context": {"void_suit": "p", "kong_related": False, "robbing_kong": False, "last_wall_tile": False}}
FIELDS = ("concealed", "win_tile", "win_by", "melds", "context")


@settings(derandomize=True, max_examples=300, deadline=None)
@given(field=st.sampled_from(FIELDS), value=JSON, meld_key=st.sampled_from(("type", "tiles", "called", "from")),
       context_key=st.sampled_from(("void_suit", "kong_related", "robbing_kong", "heavenly_win")))
def test_no_field_value_makes_the_scorer_raise(field, value, meld_key, context_key):
    for record in (
        {**GOOD, field: value},
        {**GOOD, "melds": [{"type": "pon", "tiles": "222p", "called": "2p", "from": "left", meld_key: value}]},
        {**GOOD, "context": {**GOOD["context"], context_key: value}},
        value,
    ):
        result = score_record(record)
        assert isinstance(result["status"], str) and isinstance(result["message"], str)
        json.dumps(result, ensure_ascii=False)
