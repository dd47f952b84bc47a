"""A riichi game as mjai JSON lines, the log format riichi tools and rating sites read.

One ``start_game``, then per hand ``start_kyoku`` (round wind, kyoku, honba, sticks, dealer,
scores), the moves the referee saw as ``tsumo``/``dahai``/calls/``reach``, the ``hora`` or
``ryukyoku`` with the hand's deltas and the scores after it, ``end_kyoku``; and ``end_game``
with the final scores. The dealt hands are the zones the referee saw at the dealer's first
discard (the dealer's with that tile back) and a chi's consumed tiles the meld it saw; what
the table does not see as mjai wants it (the dora indicator, a hand with no discard) is written
as mjai's unknown tile, "?". A hand's deltas include
its penalties (mjai has no event for them), so every ``scores`` follows from the last.
"""

from firmware.ledger.money import POOL, SEATS
from firmware.rules.tiles import NotationError, parse_tiles
from firmware.ledger.results import (CHI, DISCARD, DRAW, KONG_ADDED, KONG_CONCEALED, KONG_MELDED, PON,
                                     REPLACEMENT, RIICHI, WIN)

UNKNOWN = "?"
_HONOURS = dict(zip("1234567", ("E", "S", "W", "N", "P", "F", "C")))
_CALLS = {CHI: ("chi", 2), PON: ("pon", 2), KONG_MELDED: ("daiminkan", 3), KONG_ADDED: ("kakan", 3),
          KONG_CONCEALED: ("ankan", 4)}


def tile(text) -> str:
    """Our notation ("5m", "7z", "0p" red) as mjai's ("5m", "C", "5pr")."""
    if not isinstance(text, str) or len(text) != 2:
        return UNKNOWN
    rank, suit = text
    if suit == "z":
        return _HONOURS.get(rank, UNKNOWN)
    return f"5{suit}r" if rank == "0" else text


def mjai_lines(view: dict) -> list[dict]:
    lines = [{"type": "start_game", "names": [p or f"seat {s}" for s, p in enumerate(view["players"])]}]
    for hand in view["hands"]:
        lines += _kyoku(hand, hand_scores_before(hand))
    lines.append({"type": "end_game", "scores": view["scores"]})
    return lines


def hand_scores_before(hand: dict) -> list[int]:
    return [after - gain for after, gain in zip(hand["scores"], hand["gains"])]


def _kyoku(hand: dict, before: list[int]) -> list[dict]:
    result = hand["result"] if isinstance(hand["result"], dict) else {}
    dealer = hand["dealer"]
    lines = [{"type": "start_kyoku", "bakaze": hand["round"], "kyoku": dealer + 1, "honba": hand["honba"],
              "kyotaku": hand["sticks"], "oya": dealer, "dora_marker": UNKNOWN, "scores": before,
              "tehais": _dealt(result, dealer)}]
    deposits = [0] * SEATS
    for t in hand["transfers"]:
        if t["payee"] == POOL and t["reason"] == "riichi stick":
            deposits[t["payer"]] += t["points"]
    lines += _moves(result.get("moves", []), deposits)
    deltas = [gain + deposit for gain, deposit in zip(hand["gains"], deposits)]
    lines += _ending(result, deltas, hand["scores"])
    lines.append({"type": "end_kyoku"})
    return lines


def _tiles(text) -> list[str]:
    """Our notation as mjai tiles; NotationError (or TypeError) when it is not tiles."""
    return [tile(f"{kind % 9 + 1}{'mpsz'[kind // 9]}") for kind in parse_tiles(text)]


def _dealt(result: dict, dealer: int) -> list[list[str]]:
    first = (result.get("discards") or [None])[0]
    try:
        hands = [_tiles(first["zones"][f"hand.{seat}"]) for seat in range(SEATS)]
        hands[first["seat"]].append(tile(first["tile"]))
    except (TypeError, KeyError, NotationError):
        hands = []
    if [len(hand) for hand in hands] != [14 if seat == dealer else 13 for seat in range(SEATS)]:
        return [[UNKNOWN] * (14 if seat == dealer else 13) for seat in range(SEATS)]
    return hands


def _consumed(move: dict, kind: str, used: int) -> list[str]:
    """The tiles a call took from the caller's hand: the meld seen, less the claimed tile."""
    claimed = tile(move.get("tile"))
    if kind != CHI:
        return [claimed] * used
    try:
        meld = _tiles(move.get("tiles"))
        meld.remove(claimed)
    except (TypeError, ValueError):
        return [UNKNOWN] * used
    return meld if len(meld) == used else [UNKNOWN] * used


def _moves(moves: list[dict], deposits: list[int]) -> list[dict]:
    lines, reaching = [], set()
    for move in moves:
        kind, actor = move.get("move"), move.get("seat")
        if kind in (DRAW, REPLACEMENT):
            lines.append({"type": "tsumo", "actor": actor, "pai": tile(move.get("tile"))})
        elif kind == DISCARD:
            lines.append({"type": "dahai", "actor": actor, "pai": tile(move.get("tile")), "tsumogiri": False})
            if actor in reaching and deposits[actor]:
                lines.append({"type": "reach_accepted", "actor": actor})
            reaching.discard(actor)
        elif kind == RIICHI:
            reaching.add(actor)
            lines.append({"type": "reach", "actor": actor})
        elif kind in _CALLS:
            name, used = _CALLS[kind]
            line = {"type": name, "actor": actor, "consumed": _consumed(move, kind, used)}
            if kind != KONG_CONCEALED:
                line["pai"] = tile(move.get("tile"))
            if move.get("from") is not None:
                line["target"] = move["from"]
            lines.append(line)
    return lines


def _ending(result: dict, deltas: list[int], scores: list[int]) -> list[dict]:
    wins = [w for w in result.get("wins", []) if isinstance(w, dict)]
    if not wins:
        ready = result.get("ready") or []
        return [{"type": "ryukyoku", "reason": "fanpai", "tenpais": [s in ready for s in range(SEATS)],
                 "deltas": deltas, "scores": scores}]
    win = wins[0]
    scored = win.get("result", {})
    shown = next((m.get("tile") for m in result.get("moves", [])
                  if m.get("move") == WIN and m.get("seat") == win["seat"]), None)
    return [{"type": "hora", "actor": win["seat"], "target": win["seat"] if win.get("from") is None else win["from"],
             "pai": tile(shown), "fu": scored.get("fu"), "fan": scored.get("han"),
             "yakus": [[y.get("name"), y.get("han")] for y in scored.get("yaku", [])],
             "deltas": deltas, "scores": scores}]
