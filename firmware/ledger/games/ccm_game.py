"""CCM 2012 (seed 001): chips, 倍打, liabilities and the end at two empty purses.

A hand's events are built from its moves (chows and pungs for the liabilities, kongs paid at
once, four players discarding one tile in a row for 追牌) and its confirmed flags (penalties,
whose amounts the organiser sets: none by default, AMB-7), then the wins; ``payments.settle``
pays them in the position of the game (chips, dealer, 倍打 while the dealer repeats) and
``position.next_position`` says who deals next. The game ends after four rounds, or when two
players have no points; the points held outside the table are added then (``after_game``).
"""

from dataclasses import replace

from firmware.ledger.games.base import GameRules, Settled, Setup
from firmware.ledger.money import SEATS, Transfer, from_net
from firmware.ledger.moves import after_own_kong, robbed_kong, win_positions
from firmware.ledger.position import Position
from firmware.ledger.results import (CHI, DISCARD, DRAW, FLOWER, KONG_ADDED, KONG_CONCEALED, KONG_MELDED, PON,
                                     REPLACEMENT)
from firmware.rules import ccm2012
from firmware.rules.ccm2012 import game
from firmware.rules.ccm2012 import position as ccm
from firmware.rules.ccm2012.events import Call, CallKind, ChaseDiscards, Kong, KongKind, Penalty, Win
from firmware.rules.ccm2012.payments import settle
from firmware.rules.ccm2012.penalties import FALSE_WIN, WRONG_COUNT, WRONG_CHOW
from firmware.rules.ccm2012.settings import DEFAULT
from firmware.rules.mcr.fans import FANS
from firmware.rules.tiles import NotationError, parse_tile

_CALLS = {CHI: CallKind.CHOW, PON: CallKind.PUNG}
_KONGS = {KONG_MELDED: KongKind.MELDED, KONG_ADDED: KongKind.ADDED, KONG_CONCEALED: KongKind.CONCEALED}
_OFFENCES = {"false_win": FALSE_WIN.code, "wrong_count": WRONG_COUNT.code, "wrong_call": WRONG_CHOW.code}
_FULL_FLUSH = next(fan.zh for fan in FANS if fan.en == "Full Flush")
_NO_CALL = (DRAW, REPLACEMENT, FLOWER)


class CcmGame(GameRules):
    package = ccm2012
    start_score = ccm.STARTING_CHIPS
    time_limit_min = None
    final_pass = game.ROUNDS_PER_GAME * SEATS - 1

    def settle(self, position: Position, result: dict, flags: list[dict], setup: Setup) -> Settled:
        before = ccm.Position(position.scores, position.dealer, position.repeats,
                              position.passes >= self.final_pass)
        events = hand_events(result, flags)
        done = settle(events, before, DEFAULT)
        transfers = [Transfer(t.payer, t.payee, t.points, t.reason.value) for t in done.transfers]
        after = ccm.next_position(before, done.chips, done.dealer_won)
        following = replace(position, dealer=after.dealer, repeats=after.dealer_repeats,
                            passes=position.passes + (after.dealer != position.dealer),
                            held=position.held + done.deferred,
                            ended="two players have no points" if done.game_over else
                            f"{game.ROUNDS_PER_GAME} rounds played" if before.final_hand else None)
        notes = [f"{type(u.event).__name__} moved nothing: {u.reason}" for u in done.unsettled]
        notes += [f"held outside the table until the game ends: {t.points} ({t.reason.value})"
                  for t in done.deferred]
        settled = Settled(transfers, following, notes)
        settled.penalties = [self._penalty_entry(flag, transfers) for flag in flags]
        return settled

    @staticmethod
    def _penalty_entry(flag: dict, transfers: list[Transfer]) -> dict:
        code = _OFFENCES.get(flag["offence"], flag["offence"])
        amount = DEFAULT.organiser.points_for(code)
        points = sum(t.points for t in transfers if t.payer == flag["seat"] and t.payee is None)
        note = (f"{code}: the organiser's {amount} points (AMB-7)" if amount is not None else
                f"{code}: no points, the organiser has set none (seed 001's penalty chapter is missing, AMB-7)")
        return {"flag": flag["id"], "seat": flag["seat"], "offence": flag["offence"], "points": points,
                "note": note}

    def doubled(self, position: Position) -> bool:
        return position.repeats > 0

    def closing(self, position: Position, setup: Setup) -> list[Transfer]:
        """The points held outside the table, added when the game ends (seed line 126)."""
        final = ccm.after_game(position.scores, position.held)
        deducted = [0] * SEATS
        for t in position.held:
            if t.payee is None:
                deducted[t.payer] += t.points
        net = [f - s + d for f, s, d in zip(final, position.scores, deducted)]
        moved = from_net(net, "held outside the table", "the game's end")
        return moved + [Transfer(seat, None, points, "penalty held outside the table")
                        for seat, points in enumerate(deducted) if points]


def hand_events(result: dict, flags: list[dict]) -> list:
    """Calls, kongs, 追牌 and penalties in order, then the wins on the hand's last tile."""
    moves, wins = result.get("moves", []), result["wins"]
    events: list = []
    run: list[dict] = []
    at = win_positions(moves, wins)
    robbed = {robbed_kong(moves, w["from"], at[i]) for i, w in enumerate(wins) if w["win_by"] == "discard"}
    for index, move in enumerate(moves):
        kind = move["move"]
        if kind in _CALLS:
            events.append(Call(move["seat"], move["from"], _CALLS[kind], _tile(move)))
        elif kind in _KONGS and index not in robbed:
            discarder = move.get("from") if kind == KONG_MELDED else None
            events.append(Kong(move["seat"], _KONGS[kind], discarder))
        if kind == DISCARD:
            run = _chase(events, run, move)
        elif kind not in _NO_CALL:
            run = []
    events += [Penalty(flag["seat"], _OFFENCES.get(flag["offence"], flag["offence"])) for flag in flags]
    for index, win in enumerate(wins):
        discarder = win["from"]
        robbed_at = robbed_kong(moves, discarder, at[index]) if discarder is not None else None
        fans = {fan.get("zh") for fan in win["result"].get("fans", [])}
        events.append(Win(win["seat"], win["result"]["total"], discarder, _win_tile(moves, at[index]),
                          robbed_at is not None,
                          discarder is not None and after_own_kong(moves, discarder, at[index]),
                          _FULL_FLUSH in fans))
    return events


def _chase(events: list, run: list[dict], discard: dict) -> list[dict]:
    """追牌: four discards in a row, by the four players in turn, of one tile."""
    if run and (discard.get("tile") != run[0].get("tile") or discard["seat"] != (run[-1]["seat"] + 1) % SEATS):
        run = []
    run = run + [discard]
    if len(run) == SEATS:
        events.append(ChaseDiscards(run[0]["seat"]))
        return []
    return run


def _tile(move: dict) -> int:
    try:
        return parse_tile(move.get("tile"))
    except (NotationError, TypeError) as exc:
        raise ValueError(f"move {move!r:.60}: {exc}") from None


def _win_tile(moves: list[dict], index: int) -> int | None:
    move = moves[index] if index < len(moves) else None
    return _tile(move) if move is not None and move.get("tile") else None
