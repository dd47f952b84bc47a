"""Riichi (seed 003 with RCR): the scorer's cost, honba and sticks, renchan, uma.

A win pays the scorer's ``cost`` (main from the discarder, or main/additional per payer on a
tsumo) plus the table's honba (300 a counter on a ron, 100 from each payer on a tsumo) and
takes every stick on the table. A draw pays the seed's fixed 2000 difference
(``points.draw_payments``). The dealer keeps the deal on a win or tenpai (honba + 1); a
non-dealer win passes it (honba back to 0); a draw with the dealer noten passes it (honba
+ 1). After South 4 the hanchan is over; sticks left go to first place (seed item 8); final
result = points − 25000 + uma (brief §6, AMB-1). Penalties are deductions only, counted per
hanchan (seed item 4).
"""

from dataclasses import replace

from firmware.ledger.games.base import GameRules, Settled, Setup, kept, number, order, passed, shares
from firmware.ledger.money import POOL, SEATS, Transfer, from_net
from firmware.ledger.moves import standing_riichis
from firmware.ledger.position import Position
from firmware.rules import riichi
from firmware.rules.riichi import game
from firmware.rules.riichi.penalties import PENALTIES
from firmware.rules.riichi.points import draw_payments, pao_payments
from firmware.rules.riichi.profiles import PROFILE_BY_NAME

# The referee's offence names and the seed's penalty rows (seed 003 item 4, brief §7).
_OFFENCES = {"false_win": "false_win", "no_yaku": "false_win", "furiten": "false_win",
             "riichi_not_ready": "noten_riichi", "wrong_count": "called_tile_not_taken",
             "wrong_call": "false_call", "call_not_allowed": "false_call"}


class RiichiGame(GameRules):
    package = riichi
    start_score = game.START_POINTS
    voids_hand_at_time = False
    hands_after_time = game.HANDS_AFTER_TIME
    time_limit_min = None
    ladder_scope = "game"
    mjai = True

    def profile(self, setup: Setup):
        return PROFILE_BY_NAME[setup.profile or riichi.PROFILES[0]]

    @property
    def stick_points(self) -> int:
        return PROFILE_BY_NAME[riichi.PROFILES[0]].riichi_stick

    def settle(self, position: Position, result: dict, flags: list[dict], setup: Setup) -> Settled:
        profile, wins, where = self.profile(setup), result["wins"], f"hand {position.hand}"
        sticks = [Transfer(seat, POOL, profile.riichi_stick, "riichi stick")
                  for seat in standing_riichis(result.get("moves", []), wins)]
        on_table = position.pool + sum(t.points for t in sticks)
        if wins:
            transfers = self.win_payments(wins[0], position, profile)
            transfers.append(Transfer(POOL, wins[0]["seat"], on_table, "sticks on the table"))
            dealer_kept = wins[0]["seat"] == position.dealer
            honba = position.honba + 1 if dealer_kept else 0
        else:
            ready = tuple(seat in (result.get("ready") or ()) for seat in range(SEATS))
            transfers = from_net(draw_payments(profile, ready), "noten payments", where)
            dealer_kept, honba = ready[position.dealer], position.honba + 1
        following = kept(position) if dealer_kept else passed(position)
        settled = Settled([t for t in sticks + transfers if t.points], replace(following, honba=honba))
        return self.penalize(settled, flags, setup)

    def win_payments(self, win: dict, position: Position, profile) -> list[Transfer]:
        """What the losers pay the winner: the scorer's cost at this table's honba."""
        cost, winner, dealer = win["result"]["cost"], win["seat"], position.dealer
        ron, honba = win["win_by"] == "discard", position.honba
        paid = {"main": cost["main"], "additional": cost["additional"],
                "main_bonus": (profile.honba_ron if ron else profile.honba_tsumo_each) * honba,
                "additional_bonus": 0 if ron else profile.honba_tsumo_each * honba}
        liable = win.get("liable")
        names = {entry.get("name") for entry in win["result"].get("yaku", [])}
        pao = pao_payments(profile, names, paid, not ron) if type(liable) is int else None
        if pao is not None:
            shares_of = [(liable, pao["liable"], "pao")] + ([(win["from"], pao["discarder"], "ron")] if ron else [])
            return [Transfer(payer, winner, points, reason) for payer, points, reason in shares_of if points]
        if ron:
            return [Transfer(win["from"], winner, paid["main"] + paid["main_bonus"], "ron")]
        return [Transfer(payer, winner, (paid["main"] + paid["main_bonus"]) if dealer in (payer, winner)
                         else paid["additional"] + paid["additional_bonus"], "tsumo")
                for payer in range(SEATS) if payer != winner]

    def penalty(self, flag: dict, position: Position, setup: Setup):
        key = _OFFENCES.get(flag["offence"])
        if key is None:
            return [], f"{flag['offence']}: not in the seed's penalty list, no points", position
        nth, position = position.occurrence(flag["seat"], key)
        points = PENALTIES[key].for_occurrence(nth)
        note = f"{key}, occurrence {nth} this hanchan: −{points}" + (
            ", dead hand" if PENALTIES[key].dead_hand else "")
        return [Transfer(flag["seat"], None, points, key)] if points else [], note, position

    def ended(self, position: Position) -> str | None:
        if position.passes >= game.ROUNDS * SEATS:
            return "South 4 played: the hanchan is over"
        return None

    def closing(self, position: Position, setup: Setup) -> list[Transfer]:
        """Sticks left on the table go to first place (seed item 8); tied leaders split them
        under ``split`` (the odd points to the first by seat), the first by seat otherwise."""
        if not position.pool:
            return []
        ranked = order(position.scores, setup)
        leaders = [s for s in ranked if position.scores[s] == position.scores[ranked[0]]]
        if setup.ties != "split":
            leaders = leaders[:1]
        share, odd = divmod(position.pool, len(leaders))
        return [Transfer(POOL, seat, share + (i < odd), "sticks to first place")
                for i, seat in enumerate(leaders)]

    def standings(self, scores: tuple[int, ...], setup: Setup) -> list[dict]:
        """Uma by rank (split between tied players under ``split``), and oka to first."""
        oka = (game.RETURN_POINTS - game.START_POINTS) * SEATS
        bonus = shares(scores, setup, [game.UMA[0] + oka, *game.UMA[1:]])
        return [dict(row, uma=number(bonus[row["seat"]]),
                     result=number(row["score"] - game.RETURN_POINTS + bonus[row["seat"]]))
                for row in super().standings(scores, setup)]
