"""A hand result as the referee (or an operator) gives it, checked before anything is paid.

The referee's contract: ``{"wins": [{"seat", "win_by", "from", "result"}], "end": "win" |
"draw" | "cut", "ready": [seats], "flower_pigs": [seats], "flags": [{"id", "seat", "offence",
...}], "moves": [{"t", "seat", "move", "tile", "from"}]}``, each win's ``result`` being the
rule set's scorer output. A result the ledger cannot pay gets a ``ResultError`` naming the key
at fault; it is still recorded (nothing is lost) and shown as a problem for a judge.
"""

from firmware.ledger.money import SEATS

ENDS = ("win", "draw", "cut")
WIN_BY = ("discard", "self_draw")
MOVES = ("draw discard chi pon kong_melded kong_added kong_concealed replacement flower riichi void "
         "win draw_end").split()
"""The referee's move names, each also a constant below."""
(DRAW, DISCARD, CHI, PON, KONG_MELDED, KONG_ADDED, KONG_CONCEALED, REPLACEMENT, FLOWER, RIICHI, VOID,
 WIN, DRAW_END) = MOVES


class ResultError(ValueError):
    """A hand result that cannot be paid as it stands; the message names what is wrong."""


def is_seat(value) -> bool:
    return type(value) is int and 0 <= value < SEATS


def check_result(result, several_winners: bool) -> dict:
    """``result`` if it is a well-formed hand result, else ResultError naming the key."""
    if not isinstance(result, dict):
        raise ResultError(f"a hand result must be an object, got {result!r:.60}")
    if result.get("end") not in ENDS:
        raise ResultError(f"end must be one of {', '.join(ENDS)}, got {result.get('end')!r}")
    wins = _list(result, "wins")
    for index, win in enumerate(wins):
        _check_win(f"wins[{index}]", win)
    if len({win["seat"] for win in wins}) != len(wins):
        raise ResultError("a seat wins at most once in a hand")
    if len(wins) > 1 and not several_winners:
        raise ResultError(f"{len(wins)} wins, but this rule set has one winner a hand (head bump)")
    if result["end"] == "win" and not wins:
        raise ResultError("end is win, but wins is empty")
    for key in ("ready", "flower_pigs"):  # null where the rule set has none
        if not all(is_seat(seat) for seat in _list(result, key) or ()):
            raise ResultError(f"{key} must list seats 0..{SEATS - 1}, got {result.get(key)!r}")
    for index, flag in enumerate(_list(result, "flags")):
        if not isinstance(flag, dict) or not isinstance(flag.get("id"), str) or not flag["id"]:
            raise ResultError(f"flags[{index}] must be an object with an id, got {flag!r:.60}")
        if not is_seat(flag.get("seat")) or not isinstance(flag.get("offence"), str):
            raise ResultError(f"flags[{index}] ({flag['id']}) needs a seat 0..3 and an offence")
    moves = _list(result, "moves")
    if not all(type(move) is dict and move.get("move") in _MOVES and type(move.get("seat")) in _SEAT_TYPES
               and move["seat"] in _SEATS for move in moves):  # the seat is null for the table's own
        index = next(i for i, move in enumerate(moves) if not _good_move(move))
        raise ResultError(f"moves[{index}] must have a seat 0..3 (or null) and a move among "
                          f"{', '.join(MOVES)}, got {moves[index]!r:.80}")
    return result


_MOVES = frozenset(MOVES)
_SEAT_TYPES = frozenset((int, type(None)))
_SEATS = frozenset((0, 1, 2, 3, None))


def _good_move(move) -> bool:
    return (isinstance(move, dict) and move.get("move") in _MOVES
            and (is_seat(move.get("seat")) or move.get("seat") is None))


def _list(result: dict, key: str) -> list | None:
    value = result.get(key, [])
    if value is None and key in ("ready", "flower_pigs"):
        return None
    if not isinstance(value, list):
        raise ResultError(f"{key} must be a list, got {value!r:.60}")
    return value


def _check_win(where: str, win) -> None:
    if not isinstance(win, dict) or not is_seat(win.get("seat")):
        raise ResultError(f"{where} must be an object with a seat 0..3, got {win!r:.60}")
    if win.get("win_by") not in WIN_BY:
        raise ResultError(f"{where}.win_by must be one of {', '.join(WIN_BY)}, got {win.get('win_by')!r}")
    source = win.get("from")
    if win["win_by"] == "self_draw" and source is not None:
        raise ResultError(f"{where}: a self-drawn win comes from nobody, got from {source!r}")
    if win["win_by"] == "discard" and (not is_seat(source) or source == win["seat"]):
        raise ResultError(f"{where}.from must be the discarder's seat (not the winner's), got {source!r}")
    scored = win.get("result")
    if not isinstance(scored, dict) or scored.get("status") != "win":
        status = scored.get("status") if isinstance(scored, dict) else scored
        raise ResultError(f"{where} (seat {win['seat']}): the scorer's result is {status!r}, not a "
                          f"win; a declaration that does not stand is a flag, not a win")


def confirmed_flags(result: dict, resolutions: dict) -> list[dict]:
    """The result's flags a judge confirmed (the latest decision on each counts)."""
    return [flag for flag in result.get("flags", [])
            if resolutions.get(flag["id"], {}).get("confirmed") is True]
