"""Hand results as the referee gives them, and games built from them, for the ledger tests.

The wins carry only what the ledger reads of a scorer's result (its status, and the total,
cost or fan the rules package pays on); the expected figures in the tests come from the
rule briefs and seeds, worked out by hand.
"""

from firmware.ledger.ledger import Ledger
from firmware.store import Event


def win(seat: int, frm: int | None = None, **scored) -> dict:
    """A win on ``frm``'s discard (None: self-drawn), with the scorer's result fields."""
    return {"seat": seat, "win_by": "self_draw" if frm is None else "discard", "from": frm,
            "result": {"status": "win", **scored}}


def mcr(seat: int, frm: int | None, total: int) -> dict:
    return win(seat, frm, total=total)


def riichi(seat: int, frm: int | None, main: int, additional: int = 0, **more) -> dict:
    return win(seat, frm, cost={"main": main, "additional": additional}, **more)


def sichuan(seat: int, frm: int | None, fan: int, **more) -> dict:
    return win(seat, frm, fan=fan, **more)


def result(*wins: dict, end: str | None = None, ready=None, flags=(), moves=(), **more) -> dict:
    return {"wins": list(wins), "end": end or ("win" if wins else "draw"),
            "ready": None if ready is None else list(ready), "flower_pigs": None,
            "flags": list(flags), "moves": list(moves), **more}


def flag(flag_id: str, seat: int, offence: str, **evidence) -> dict:
    return {"id": flag_id, "seat": seat, "offence": offence, "rule": "", "penalty": None,
            "evidence": evidence}


def move(seat, kind: str, tile: str | None = None, frm: int | None = None) -> dict:
    return {"t": 0.0, "seat": seat, "move": kind, "tile": tile, "from": frm}


class Game:
    """Events written by hand into a ledger, as the log would hold them."""

    def __init__(self, rules: str, **setup):
        self.events: list[Event] = []
        self.ledger = Ledger()
        self.add("game_started", {"rules": rules, "players": ["A", "B", "C", "D"], **setup})

    def add(self, kind: str, body: dict) -> Event:
        event = Event(len(self.events) + 1, kind, None, body, "", "")
        self.events.append(event)
        self.ledger.apply(event)
        return event

    def hand(self, outcome: dict, minutes: float | None = None) -> Event:
        return self.add("hand_recorded", {"result": outcome, "source": "referee",
                                          "elapsed_s": None if minutes is None else minutes * 60})

    def resolve(self, flag_id: str, confirmed: bool = True) -> Event:
        return self.add("flag_resolved", {"flag_id": flag_id, "confirmed": confirmed,
                                          "judge": "J", "why": "seen"})

    def correct(self, hand: int, outcome: dict) -> Event:
        original = self.ledger.game.records[hand - 1].input.event
        return self.add("hand_corrected", {"corrects": original, "result": outcome,
                                           "why": "judge", "judge": "J"})

    @property
    def game(self):
        return self.ledger.game

    @property
    def scores(self) -> list[int]:
        return list(self.game.final().scores)

    def record(self, hand: int):
        return self.game.records[hand - 1]
