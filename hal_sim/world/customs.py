"""What a rule set asks of its players, read from its declaration and learnt from its engine.

The players never look at a rule set's name. What the declaration says they read from it
(flowers, calls, several winners, where replacements come from); what it does not say they
learn the way a player learns a rule book: by asking its rules engine about a few hands once
— is a cheap complete hand below the minimum, does a closed hand with nothing but riichi
win, does the engine refuse a win on a tile the winner discarded, does it refuse a hand
holding the declared void suit, does it tell a robbed kong (``robbing_kong``) apart from a
kong-related win.
"""

from dataclasses import dataclass
from functools import cache

from firmware import rulesets

CONTEXT = {"seat_wind": "S", "round_wind": "E", "flowers": 0, "last_of_kind": False,
           "kong_related": False, "last_wall_tile": False, "riichi": False,
           "dora_indicators": "9m", "ura_dora_indicators": "", "honba": 0, "riichi_sticks": 0,
           "void_suit": "s"}
"""A context every engine reads what it knows from (each ignores the others' keys)."""
CHEAP = {"concealed": "234m456p678p789m2m", "melds": [], "win_tile": "2m", "win_by": "discard"}
"""All chows and a pair, in two suits: complete, and worth very little."""
BARE = {"concealed": "111m234p789s55s11z", "melds": [], "win_tile": "5s", "win_by": "discard"}
"""Closed and complete, with nothing to show for it but what a declaration might add."""
OPEN = {"concealed": "123m456m78p11p", "win_tile": "9p", "win_by": "discard",
        "melds": [{"type": "pon", "tiles": "999s", "called": "9s", "from": "left"}]}
"""Complete with a claimed pung and no pattern at all."""


@dataclass(frozen=True)
class Customs:
    flowers: bool
    """Flowers are set aside and replaced."""
    calls: frozenset[str]
    multiple_winners: bool
    minimum: bool
    """A complete hand can be worth too little to win (错和 below the minimum)."""
    yaku: bool
    """A complete hand needs a pattern (yaku) to win."""
    riichi: bool
    """Riichi is declared before a discard, and makes a closed ready hand a winner."""
    furiten: bool
    """A win on a tile that completes a wait in the winner's own discards is refused."""
    void_suit: bool
    """Each player declares a void suit after the deal and may not win holding it."""
    kong_discard: bool
    """A win on the discard its discarder made right after its own kong's replacement draw is
    kong-related (杠上炮); where robbed kongs are not told apart, a kong-related win on a
    discard is a robbed kong's, which the simulated players never make."""


def _status(rules: str, record: dict, **context) -> str:
    return rulesets.get(rules).score(record | {"context": CONTEXT | context})["status"]


@cache
def customs_of(rules: str) -> Customs:
    rule_set = rulesets.get(rules)
    return Customs(
        flowers=rule_set.tile_set.flowers, calls=rule_set.calls,
        multiple_winners=rule_set.multiple_winners,
        minimum=_status(rules, CHEAP) == "below_min",
        yaku=_status(rules, OPEN) == "no_yaku",
        riichi=_status(rules, BARE) != "win" and _status(rules, BARE, riichi=True) == "win",
        furiten=_status(rules, BARE, riichi=True, own_discards="5s") == "furiten",
        void_suit=_status(rules, CHEAP, void_suit="m") == "void_suit_violation"
        and _status(rules, CHEAP) == "win",
        kong_discard=_status(rules, CHEAP | {"win_by": "self_draw"}, robbing_kong=True)
        == "invalid_context")
