"""What can be done to a game, each as one event written ahead: start it, record a hand,
correct one, decide on a flag, correct the seats, end it — shared by the table and the CLI.

Each checks its input first and raises ``ActionError`` naming what is wrong; what an
operator enters by hand is also tried on a copy of the ledger (``preview``), so a result
the ledger could not pay is refused before it reaches the log. The referee's results are
never refused: they are recorded as they come, and a problem is shown for a judge.
"""

from firmware import rulesets
from firmware.ledger import events as kinds
from firmware.ledger.game import HandRecord
from firmware.ledger.games import game_for
from firmware.ledger.book import Book
from firmware.ledger.ledger import Ledger, LedgerError, setup_from
from firmware.ledger.money import SEATS
from firmware.ledger.results import ResultError, check_result
from firmware.ledger.settings import LedgerSettings
from firmware.ledger.view import game_view
from firmware.store import EncodingError, Event
from firmware.store.canonical import encode


class ActionError(ValueError):
    """An action refused; the message says why and, where it helps, what to do instead."""


def start_game(book: Book, settings: LedgerSettings, rules: str, players=None,
               profile: str | None = None, auto: bool = False) -> Event:
    try:
        game = game_for(rulesets.get(rules))
    except ValueError as exc:
        raise ActionError(str(exc)) from None
    body = {"rules": rules, "profile": profile, "players": list(players or [None] * SEATS),
            "ties": settings.ties, "time_limit_min": settings.game_time_limit(game.time_limit_min),
            "first_dealer": 0, "auto": auto}
    try:
        setup_from(body)
    except LedgerError as exc:
        raise ActionError(str(exc)) from None
    return book.write(kinds.GAME_STARTED, body)


def hand_body(result, source: str, table_hand: int | None = None, elapsed_s: float | None = None) -> dict:
    """A ``hand_recorded`` body. The referee's go to the log as they are (the log encodes a
    body once, and refuses one it cannot: ``EncodingError``)."""
    return {"result": result, "source": source, "table_hand": table_hand, "elapsed_s": elapsed_s}


def record_hand(book: Book, result, source: str = "operator", elapsed_s: float | None = None) -> Event:
    """An operator's hand result, checked before it is written."""
    game = _game_in_play(book)
    _check(result, game)
    body = _encodable(hand_body(result, source, elapsed_s=elapsed_s), "the hand result")
    _refuse_problem(preview(book, kinds.HAND_RECORDED, body), None)
    return book.write(kinds.HAND_RECORDED, body)


def correct_hand(book: Book, hand: int, result, why: str, judge: str | None) -> Event:
    """A judge's correction of hand ``hand``: a new event naming the hand's own event."""
    record = _record(book, hand)
    _why(why)
    if result is None:  # void: nothing paid, as a hand cut short
        result = {**record.input.result, "wins": [], "end": "cut"} if isinstance(record.input.result, dict) \
            else {"wins": [], "end": "cut"}
    _check(result, book.ledger.game)
    body = {"corrects": record.input.event, "result": result, "why": why, "judge": judge}
    _refuse_problem(preview(book, kinds.HAND_CORRECTED, body), hand)
    return book.write(kinds.HAND_CORRECTED, body)


def resolve_flag(book: Book, flag_id: str, confirmed: bool, judge: str | None, why: str) -> Event:
    if not isinstance(flag_id, str) or not flag_id:
        raise ActionError("a flag decision needs the flag's id")
    return book.write(kinds.FLAG_RESOLVED, {"flag_id": flag_id, "confirmed": confirmed,
                                               "judge": judge, "why": why})


def change_seats(book: Book, players, why: str) -> Event:
    game = _game(book)
    _why(why)
    try:
        setup_from({"rules": game.setup.rules, "players": list(players)})
    except LedgerError as exc:
        raise ActionError(str(exc)) from None
    return book.write(kinds.SEATS_CHANGED, {"players": list(players), "why": why})


def end_game(book: Book, reason: str) -> Event:
    _game_in_play(book)
    _why(reason)
    return book.write(kinds.GAME_ENDED, {"by": "operator", "reason": reason})


def seal_end(book: Book) -> Event:
    """The end the rules reached, sealed on the log with the final scores and standings."""
    view = game_view(_game(book))
    return book.write(kinds.GAME_ENDED, {"by": "rules", "reason": view["end_reason"],
                                            "scores": view["scores"], "standings": view["standings"]})


def operator_action(book: Book, action: str, who: str | None, why: str | None,
                    details: dict | None) -> Event:
    """What an operator or judge did at the table, written before it is carried out; a
    ``correct_score`` adjusts that seat's score in the game in play."""
    if not isinstance(action, str) or not action:
        raise ActionError("an action needs its name")
    details = dict(details or {})
    if action == "correct_score":
        _game(book)
        if details.get("seat") not in range(SEATS) or type(details.get("delta")) is not int:
            raise ActionError(f"correct_score needs a seat 0..3 and a whole delta, got {details!r}")
    body = _encodable({"action": action, "who": who, "why": why, "details": details}, "the action")
    return book.write(kinds.OPERATOR_ACTION, body)


def _encodable(body: dict, what: str) -> dict:
    """``body`` once it is known the log can encode it; ActionError naming ``what`` else."""
    try:
        encode(body)
    except EncodingError as exc:
        raise ActionError(f"{what} cannot be recorded: {exc}") from None
    return body


def preview(book: Book, kind: str, body: dict) -> Ledger:
    """The game in play as it would be with one more event (nothing is written): its events
    replayed from its start, so a long evening's earlier games are not read again."""
    game = book.ledger.game
    ledger = Ledger.replay(book.events(after=game.started - 1 if game else 0))
    ledger.apply(Event(ledger.last_event + 1, kind, None, body, "", ""))
    return ledger


def _game(book: Book):
    if book.ledger.game is None:
        raise ActionError("no game on this log: start one with `mjtable game new --rules R`")
    return book.ledger.game


def _game_in_play(book: Book):
    game = _game(book)
    if game.position.ended is not None:
        raise ActionError(f"the game has ended ({game.position.ended}): start a new one with "
                          f"`mjtable game new --rules R`")
    return game


def _record(book: Book, hand: int) -> HandRecord:
    game = _game(book)
    if type(hand) is not int or not 1 <= hand <= len(game.records):
        raise ActionError(f"there is no hand {hand}: this game has {len(game.records)} recorded hands")
    return game.records[hand - 1]


def _check(result, game) -> None:
    try:
        check_result(result, game.rule_set.multiple_winners)
    except ResultError as exc:
        raise ActionError(f"the hand result is not valid: {exc}") from None


def _why(why) -> None:
    if not isinstance(why, str) or not why.strip():
        raise ActionError("say why (--why \"...\"): the reason is recorded with the event")


def _refuse_problem(ledger: Ledger, hand: int | None) -> None:
    if ledger.problems:
        raise ActionError(f"refused: {ledger.problems[-1]['problem']}")
    records = ledger.game.records
    record = records[-1] if hand is None else records[hand - 1]
    if record.problem:
        raise ActionError(f"refused: {record.problem}")
    if hand is not None:
        later = [r for r in records[hand:] if r.problem]
        if later:
            raise ActionError(f"refused: after this correction {later[0].problem}")

