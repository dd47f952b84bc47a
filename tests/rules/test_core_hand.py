"""Melds and the hand pre-check (agreement with the corpora: test_core_corpus.py)."""

import pytest

from firmware.rules.hand import Hand, HandError
from firmware.rules.melds import Meld, MeldType
from firmware.rules.tiles import NotationError

def test_meld_from_record():
    chi = Meld.from_record({"type": "chi", "tiles": "534m", "called": "4m", "from": "left"})
    assert chi.tiles == (2, 3, 4) and chi.is_chow and chi.called == 3 and chi.source == "left"
    kong = Meld.from_record({"type": "kan_closed", "tiles": "5555m"})
    assert kong.is_kong and kong.is_concealed and not kong.is_chow and kong.source is None
    pon = Meld.from_record({"type": "pon", "tiles": "777p", "called": "7p", "from": "opposite"})
    assert pon.type is MeldType.PON and not pon.is_kong and not pon.is_concealed


@pytest.mark.parametrize(
    "obj, message",
    [
        ({"type": "chi", "tiles": "89m1p", "called": "9m", "from": "left"}, "consecutive"),
        ({"type": "chi", "tiles": "123z", "called": "1z", "from": "left"}, "consecutive"),
        ({"type": "pon", "tiles": "778p", "called": "7p", "from": "left"}, "copies"),
        ({"type": "pon", "tiles": "7777p", "called": "7p", "from": "left"}, "needs 3"),
        ({"type": "kan_open", "tiles": "999s", "called": "9s", "from": "left"}, "needs 4"),
        ({"type": "pon", "tiles": "777p", "called": "6p", "from": "left"}, "not in"),
        ({"type": "pon", "tiles": "777p", "from": "left"}, "lacks 'called'"),
        ({"type": "pon", "tiles": "777p", "called": "7p"}, "'from'"),
        ({"type": "pon", "tiles": "777p", "called": "7p", "from": "above"}, "'from'"),
        ({"type": "chi", "tiles": "123p", "called": "1p", "from": "right"}, "left"),
        ({"type": "kan_closed", "tiles": "5555m", "called": "5m"}, "neither"),
        ({"type": "steal", "tiles": "555m"}, "unknown meld type"),
    ],
)
def test_malformed_meld_names_the_problem(obj, message):
    with pytest.raises(NotationError, match=message):
        Meld.from_record(obj)


def _record(concealed, win_tile, melds=(), win_by="discard"):
    return {"concealed": concealed, "win_tile": win_tile, "melds": list(melds), "win_by": win_by}


def test_hand_counts():
    kong = {"type": "kan_closed", "tiles": "1111z"}
    hand = Hand.from_record(_record("123m456p789s5z", "5z", [kong], "self_draw"))
    assert hand.self_drawn and hand.is_concealed_hand
    assert hand.closed_tuple[31] == 2 and sum(hand.closed_tuple) == 11
    assert hand.all_tuple[27] == 4 and sum(hand.all_tuple) == 15
    assert hand.closed_counts == list(hand.closed_tuple)


@pytest.mark.parametrize(
    "record, status",
    [
        (_record("123m456p789s55z", "5z"), "bad_tile_count"),
        (_record("1111123m456p789s", "5z"), "invalid_tiles"),
        (_record("123m456p789s5z", "5q"), "invalid_tiles"),
        (_record("123m456p789s5z", "5z", win_by="ron"), "invalid_context"),
        (_record("123m456p789s5z", "5z", [{"type": "pon", "tiles": "555z"}]), "invalid_tiles"),
        (["not", "a", "record"], "invalid_tiles"),
    ],
)
def test_hand_precheck(record, status):
    with pytest.raises(HandError) as caught:
        Hand.from_record(record)
    assert caught.value.status == status
