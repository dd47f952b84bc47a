"""The zero-sum proof after every hand: a payment that makes or loses points is an error
naming the hand — the hand pays nothing and is shown for a judge — never accepted."""

from dataclasses import replace

import pytest

from firmware import rulesets
from firmware.ledger.game import Game, HandInput
from firmware.ledger.games import Setup
from firmware.ledger.games.mcr_family import McrGame
from firmware.ledger.money import ZeroSumError, from_net
from hands import mcr, result


def test_a_net_that_does_not_sum_to_zero_is_refused_naming_the_hand():
    with pytest.raises(ZeroSumError, match="hand 3: win gains \\[10, -5, 0, 0\\] do not sum to zero"):
        from_net([10, -5, 0, 0], "win", "hand 3")
    assert sum(t.points for t in from_net([36, -20, -8, -8], "win", "hand 1")) == 36


class Leaky(McrGame):
    """A game whose second hand gives seat 0 a point from nowhere."""

    def settle(self, position, outcome, flags, setup):
        settled = super().settle(position, outcome, flags, setup)
        if position.hands == 1:
            settled.position = replace(settled.position, scores=(position.scores[0] + 1, *position.scores[1:]))
        return settled


def test_a_hand_whose_payments_are_not_zero_sum_pays_nothing_and_says_so():
    game = Game(Setup("mcr", None, (None,) * 4), rulesets.get("mcr"), Leaky(), 1)
    for event, outcome in enumerate([result(mcr(1, None, 12)), result(mcr(2, None, 12)), result()], 2):
        game.add(HandInput(event, outcome))
    second = game.records[1]
    assert second.problem == "hand 2: cannot be paid: hand 2: 1 points on the table and deducted, the game started with 0"
    assert list(second.after.scores) == [-20, 60, -20, -20] and second.after.dealer == 1
    assert game.records[2].problem is None and game.position.total() == 0

