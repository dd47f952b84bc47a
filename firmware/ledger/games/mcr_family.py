"""MCR and the 1998 rules: 8 + H per loser, the deal passing every hand, 16 hands, 4-2-1-0.

Payments are ``firmware.rules.mcr.payments`` (seed 000 §5: self-drawn, each pays 8 + H; on a
discard, the discarder 8 + H and the others 8); penalties its offences (错和 10 and 诈和 20 to
each other player) and, under 1998, ``cmcr1998.penalties`` (有意诈和 two tiles short). The
1998 game keeps a 500-point stake and ranks by its own formula (``cmcr1998.standings``).
"""

from firmware.ledger.games.base import GameRules, Settled, Setup, number, passed, shares
from firmware.ledger.money import from_net
from firmware.ledger.position import Position
from firmware.rules import cmcr1998, mcr
from firmware.rules.cmcr1998 import game as game_1998
from firmware.rules.cmcr1998 import penalties as penalties_1998
from firmware.rules.cmcr1998 import standings as standings_1998
from firmware.rules.cmcr1998 import time_limits
from firmware.rules.mcr import game, payments

# The referee's offence names (../shared/spec/play-scenarios.md) and what the seed makes of
# them (seed 000 §7): 错和, 诈和, 相公; a wrong call is a dead hand and costs no points.
_OFFENCES = {"below_minimum": payments.INVALID_WIN, "false_win": payments.FALSE_WIN,
             "wrong_count": payments.WRONG_COUNT}


class McrGame(GameRules):
    package = mcr
    start_score = game.STARTING_SCORE
    hands_per_game = game.HANDS_PER_GAME
    time_limit_min = game.GAME_MINUTES
    voids_hand_at_time = game.TIME_UP_VOIDS_HAND
    by_rank = game.STANDARD_SCORES

    def settle(self, position: Position, result: dict, flags: list[dict], setup: Setup) -> Settled:
        transfers = []
        for win in result["wins"]:
            gains = payments.win_payments(win["seat"], win["from"], win["result"]["total"])
            transfers += from_net(gains, "win", f"hand {position.hand}")
        return self.penalize(Settled(transfers, passed(position)), flags, setup)

    def offence(self, flag: dict) -> payments.Offence | None:
        return _OFFENCES.get(flag["offence"])

    def penalty(self, flag: dict, position: Position, setup: Setup):
        offence = self.offence(flag)
        if offence is None:
            return [], f"{flag['offence']}: a dead hand or a warning, no points (seed §7)", position
        gains = payments.penalty_payments(flag["seat"], offence)
        note = f"{offence.zh} ({offence.en}): {offence.pay_each} to each other player"
        if offence.disqualified:
            note += "; the player is disqualified"
        return from_net(gains, offence.zh, f"hand {position.hand}") if offence.pay_each else [], note, position

    def ended(self, position: Position) -> str | None:
        if position.counted >= self.hands_per_game:
            return f"{self.hands_per_game} hands played"
        return None

    def standings(self, scores: tuple[int, ...], setup: Setup) -> list[dict]:
        standard = self.standard_scores(scores, setup)
        return [dict(row, standard_score=number(standard[row["seat"]]))
                for row in super().standings(scores, setup)]

    def standard_scores(self, scores, setup: Setup) -> dict:
        """4 / 2 / 1 / 0 by game score (seed 000 3.9.2); ties by the ``ties`` setting (AMB-9)."""
        return shares(scores, setup, self.by_rank)


class Cmcr1998Game(McrGame):
    package = cmcr1998
    start_score = standings_1998.STAKE
    hands_per_game = game_1998.HANDS_PER_GAME
    time_limit_min = time_limits.GAME_MINUTES
    voids_hand_at_time = game_1998.TIME_UP_VOIDS_HAND

    def offence(self, flag: dict) -> payments.Offence | None:
        """Seed 002 第十四条 六: a false win one tile short costs 20 each, two or more short
        disqualifies; how far off it was comes with the flag (the scorer's shanten)."""
        if flag["offence"] == "false_win":
            shanten = _shanten(flag)
            return penalties_1998.offence_for_1998("not_win", 1 if shanten is None else shanten)
        return super().offence(flag)

    def standard_scores(self, scores, setup: Setup) -> dict:
        """The rank formula of seed 002 第十条 二 (first: the number of players; rank r: N − r);
        tied players share the ranks they span, or take them by seat under ``seat_order``."""
        if setup.ties == "split":
            return dict(enumerate(standings_1998.standard_scores(list(scores))))
        by_rank = sorted(standings_1998.standard_scores([4, 3, 2, 1]), reverse=True)
        return shares(scores, setup, by_rank)


def _shanten(flag: dict) -> int | None:
    evidence = flag.get("evidence")
    if not isinstance(evidence, dict):
        return None
    scored = evidence.get("result")
    found = evidence.get("shanten_before_win",
                         scored.get("shanten_before_win") if isinstance(scored, dict) else None)
    return found if type(found) is int else None
