"""Each rule set's game — rotation, payments, penalties, end and standings — found by the
rules package that scores the rule set (its declaration's ``scorer``), never by its name.

A rule set declared with an existing scorer (a venue's variant of MCR, say) plays that
scorer's game; a new scorer brings its game here as one more module.
"""

from firmware.ledger.games.base import TIES, GameRules, Settled, Setup
from firmware.ledger.games.ccm_game import CcmGame
from firmware.ledger.games.mcr_family import Cmcr1998Game, McrGame
from firmware.ledger.games.riichi_game import RiichiGame
from firmware.ledger.games.sichuan_game import SichuanGame
from firmware.rulesets import RuleSet

_GAMES = {game.package: game for game in (McrGame(), Cmcr1998Game(), RiichiGame(), SichuanGame(),
                                          CcmGame())}

__all__ = ["TIES", "GameRules", "Settled", "Setup", "game_for"]


def game_for(rule_set: RuleSet) -> GameRules:
    """The game of ``rule_set``; ValueError when its scorer has no game in the ledger."""
    module = rule_set.scoring_module()
    if module not in _GAMES:
        raise ValueError(f"rule set {rule_set.name} is scored by {rule_set.scorer}, which has "
                         f"no game in the ledger")
    return _GAMES[module]
