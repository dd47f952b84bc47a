"""Reading a hand's ``moves`` for what its payments depend on: riichi sticks that stood, kongs
and calls, wins in the order they happened.

A move is ``{"t", "seat", "move", "tile", "from"}`` (firmware/ledger/results.py lists the
moves). These helpers only look; what a kong or a call is worth is the rules packages'.
"""

from firmware.ledger.results import (DISCARD, DRAW, KONG_ADDED, KONG_CONCEALED, KONG_MELDED,
                                     REPLACEMENT, RIICHI, WIN)

KONGS = (KONG_MELDED, KONG_ADDED, KONG_CONCEALED)
DRAWS = (DRAW, REPLACEMENT)


def standing_riichis(moves: list[dict], wins: list[dict]) -> list[int]:
    """Seats whose riichi stood: each pays a stick, unless its riichi discard was won on
    (seed 003: the stick is placed after the discard; play-scenarios.md: "a riichi whose
    discard is won on pays no stick")."""
    discards = [i for i, move in enumerate(moves) if move["move"] == DISCARD]
    last_discard = discards[-1] if discards else None
    seats = []
    for index, move in enumerate(moves):
        if move["move"] != RIICHI:
            continue
        seat = move["seat"]
        discard = next((i for i in discards if i > index and moves[i]["seat"] == seat), None)
        if discard is None:
            continue  # the hand ended before the riichi tile was discarded
        won_on = discard == last_discard and any(
            win["win_by"] == "discard" and win["from"] == seat for win in wins)
        if not won_on:
            seats.append(seat)
    return seats


def added_kong_at_once(moves: list[dict], index: int) -> bool:
    """The added kong at ``index`` was made with the tile its maker had just drawn."""
    kong = moves[index]
    before = next((m for m in reversed(moves[:index]) if m["seat"] == kong["seat"]), None)
    return before is not None and before["move"] in DRAWS and before.get("tile") == kong.get("tile")


def last_move_of(moves: list[dict], seat: int, before: int) -> int | None:
    """The index of ``seat``'s last move before index ``before``."""
    return next((i for i in range(min(before, len(moves)) - 1, -1, -1) if moves[i]["seat"] == seat), None)


def win_positions(moves: list[dict], wins: list[dict]) -> list[int]:
    """For each win, the index of its ``win`` move (the wins taken in order, each matched to the
    next win move of its seat); wins the moves do not show come after the last move."""
    positions, start = [], 0
    for win in wins:
        found = next((i for i in range(start, len(moves))
                      if moves[i]["move"] == WIN and moves[i]["seat"] == win["seat"]), None)
        positions.append(len(moves) if found is None else found)
        start = found + 1 if found is not None else start
    return positions


def after_own_kong(moves: list[dict], discarder: int, before: int) -> bool:
    """The discarder's last discard before ``before`` came right after its own kong's
    replacement draw (杠上炮, 因杠牌点炮)."""
    own = [m for m in moves[:before] if m["seat"] == discarder]
    return (len(own) >= 3 and own[-1]["move"] == DISCARD and own[-2]["move"] == REPLACEMENT
            and own[-3]["move"] in KONGS)


def robbed_kong(moves: list[dict], discarder: int, before: int) -> int | None:
    """The index of the added kong whose tile the win at ``before`` took (抢杠), if it did:
    the discarder's last move was adding that tile to its pung."""
    last = last_move_of(moves, discarder, before)
    return last if last is not None and moves[last]["move"] == KONG_ADDED else None
