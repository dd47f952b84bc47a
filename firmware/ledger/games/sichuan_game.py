"""Sichuan bloody battle (seed 004): the hand's events settled by ``sichuan.settle``.

The events come from the result: kongs from its moves (a direct kong pays 2 from the
discarder, an added kong made at once with the drawn tile 1 from each player still in, a
concealed kong 2 from each; an added kong made later, or robbed, pays nothing), and the wins
in the order they happened — self-draws, and discards won by one or several players (杠上炮
when the scorer's result holds that add-on). At a draw with players still in, their standing
hands (``result["standing"]``) give 查花猪, 查大叫 and the kong refunds. The first winner deals
next, the discarder after a multiple ron (``dealer.next_dealer``). 16 hands or 100 minutes;
the score is the sum of the hands.
"""

from dataclasses import replace

from firmware.ledger.games.base import GameRules, Settled, Setup
from firmware.ledger.money import SEATS, Transfer
from firmware.ledger.moves import added_kong_at_once, after_own_kong, robbed_kong, win_positions
from firmware.ledger.position import Position
from firmware.ledger.results import KONG_ADDED, KONG_CONCEALED, KONG_MELDED, WIN, ResultError
from firmware.rules import sichuan
from firmware.rules.melds import Meld
from firmware.rules.sichuan import game
from firmware.rules.sichuan.context import SUIT_LETTERS
from firmware.rules.sichuan.dealer import next_dealer
from firmware.rules.sichuan.events import (DiscardWin, Kong, KongKind, RobbedKong, SelfDraw,
                                           StandingHand, WallEmpty, Winner)
from firmware.rules.sichuan.fans import DISCARD_AFTER_KONG
from firmware.rules.sichuan.penalties import OFFENCE_BY_STATUS, OFFENCES
from firmware.rules.sichuan.settings import SETTINGS_BY_PROFILE
from firmware.rules.tiles import NotationError, parse_tiles

_KONG_KINDS = {KONG_MELDED: KongKind.DIRECT, KONG_CONCEALED: KongKind.CONCEALED}
# The referee's offence names and the seed's rows (seed §三); a chi or a wrong call is not in
# the seed: the nearest rule is the call-word ladder (../shared/rules/common.md §5).
_OFFENCES = {"false_win": OFFENCES["false_win"], "void_suit": OFFENCE_BY_STATUS["void_suit_violation"],
             "wrong_count": OFFENCES["wrong_tile_count"],
             "wrong_call": OFFENCES["draw_early_or_call_without_word"],
             "call_not_allowed": OFFENCES["draw_early_or_call_without_word"]}


class SichuanGame(GameRules):
    package = sichuan
    start_score = game.STARTING_SCORE
    hands_per_game = game.HANDS_PER_GAME
    time_limit_min = game.GAME_MINUTES
    voids_hand_at_time = game.TIME_UP_VOIDS_HAND

    def settings(self, setup: Setup):
        return SETTINGS_BY_PROFILE[setup.profile or sichuan.PROFILES[0]]

    def settle(self, position: Position, result: dict, flags: list[dict], setup: Setup) -> Settled:
        settings = self.settings(setup)
        events = hand_events(result)
        settlement = sichuan.settle(events, settings)
        transfers = [Transfer(t.payer, t.payee, t.amount, t.reason.value) for t in settlement.transfers]
        dealer = next_dealer(position.dealer, events, settings)
        following = replace(position, dealer=dealer, passes=position.passes + (dealer != position.dealer),
                            repeats=position.repeats + 1 if dealer == position.dealer else 0)
        notes = [f"wall empty: flower pigs {list(settlement.flower_pigs)}, ready {list(settlement.ready)}"
                 ] if settlement.end.value == "wall_empty" else []
        return self.penalize(Settled(transfers, following, notes), flags, setup)

    def penalty(self, flag: dict, position: Position, setup: Setup):
        offence = _OFFENCES.get(flag["offence"])
        if offence is None:
            return [], f"{flag['offence']}: not in the seed's penalty list, no points", position
        nth, position = position.occurrence(flag["seat"], offence.key)
        transfers = [Transfer(flag["seat"], None, offence.for_occurrence(nth), offence.key)]
        transfers += [Transfer(flag["seat"], other, offence.pay_each, offence.key)
                      for other in range(SEATS) if other != flag["seat"]]
        note = f"{offence.zh} (seed line {offence.seed_line}), occurrence {nth} this hand" + (
            ", dead hand" if offence.dead_hand else "")
        return [t for t in transfers if t.points], note, position

    def ended(self, position: Position) -> str | None:
        if position.counted >= self.hands_per_game:
            return f"{self.hands_per_game} hands played"
        return None


def hand_events(result: dict) -> list:
    """The hand's Sichuan events, in the order they happened."""
    moves, wins = result.get("moves", []), result["wins"]
    at = win_positions(moves, wins)
    robbed = {robbed_kong(moves, win["from"], at[i]) for i, win in enumerate(wins)
              if win["win_by"] == "discard"}
    events, index = [], 0
    for position, move in enumerate(moves):
        kind = _kong_kind(moves, position)
        if kind is not None and position not in robbed:
            events.append(Kong(move["seat"], kind, move.get("from") if kind is KongKind.DIRECT else None))
        while index < len(wins) and at[index] == position:
            index = _add_win(events, moves, wins, at, index)
    while index < len(wins):
        index = _add_win(events, moves, wins, at, index)
    if result["end"] == "draw" and len(wins) < SEATS - 1:
        events.append(WallEmpty(_standing(result)))
    return events


def _kong_kind(moves: list[dict], index: int) -> KongKind | None:
    move = moves[index]["move"]
    if move == KONG_ADDED:
        return KongKind.ADDED if added_kong_at_once(moves, index) else KongKind.LATE_ADDED
    return _KONG_KINDS.get(move)


def _add_win(events: list, moves: list[dict], wins: list[dict], at: list[int], index: int) -> int:
    """Add the win at ``index`` (with the others on the same discard); the next win's index."""
    win = wins[index]
    if win["win_by"] == "self_draw":
        events.append(SelfDraw(win["seat"], _fan(win)))
        return index + 1
    group = [win]
    while (index + len(group) < len(wins) and wins[index + len(group)]["win_by"] == "discard"
           and wins[index + len(group)]["from"] == win["from"]
           and not _moves_between(moves, at[index], at[index + len(group)])):
        group.append(wins[index + len(group)])
    winners = tuple(Winner(w["seat"], _fan(w)) for w in group)
    if robbed_kong(moves, win["from"], at[index]) is not None:
        events.append(RobbedKong(win["from"], winners))
    else:
        after_kong = any(a["zh"] == DISCARD_AFTER_KONG.zh for w in group for a in w["result"].get("addons", []))
        events.append(DiscardWin(win["from"], winners, after_kong or after_own_kong(moves, win["from"], at[index])))
    return index + len(group)


def _moves_between(moves: list[dict], first: int, last: int) -> bool:
    """Any move other than a win between two win moves (then they are on different discards)."""
    return any(m["move"] != WIN for m in moves[first + 1:last])


def _fan(win: dict) -> int:
    return win["result"]["fan"]


def _standing(result: dict) -> tuple[StandingHand, ...]:
    """The hands still in play at an empty wall, from ``result["standing"]``."""
    standing = result.get("standing")
    if not isinstance(standing, list):
        raise ResultError("a Sichuan draw with players still in needs their standing hands: "
                          "standing [{seat, concealed, melds, void_suit, dead}] (查花猪, 查大叫)")
    hands = []
    for index, hand in enumerate(standing):
        try:
            hands.append(StandingHand(
                hand["seat"], tuple(parse_tiles(hand["concealed"])), SUIT_LETTERS.index(hand["void_suit"]),
                tuple(Meld.from_record(meld) for meld in hand.get("melds", [])), bool(hand.get("dead", False))))
        except (KeyError, TypeError, ValueError, NotationError) as exc:
            raise ResultError(f"standing[{index}] cannot be read: {exc}") from None
    return tuple(hands)
