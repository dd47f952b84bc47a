"""The ledger: every game on one event log, rebuilt by applying its events in order.

``Ledger.replay(events)`` at start-up and ``apply(event)`` for each new one give the same
state, because the state is nothing but the events applied in order. Replaying never raises:
an event the ledger cannot use (a body from a hand-edited log, a rule set no longer
installed) is listed in ``problems`` with its id, and the rest is applied.
"""

from collections.abc import Iterable

from firmware import rulesets
from firmware.ledger import events as kinds
from firmware.ledger.game import Adjustment, Game, HandInput, OperatorEnd, SeatChange
from firmware.ledger.games import TIES, Setup, game_for
from firmware.ledger.money import SEATS
from firmware.ledger.results import is_seat
from firmware.store import Event

EVIDENCE = frozenset({"discards", "sensed"})
"""A hand result's evidence for a judge: each discard's zone pictures and the reports the
readers and buttons sensed (kept in ``sensed`` events, given to the hand's result on replay;
in the result itself in logs written before those events). Nothing the table shows or pays
reads them."""


class LedgerError(ValueError):
    """An event body the ledger cannot apply; the message names the key at fault."""


def setup_from(body: dict) -> Setup:
    """The game a ``game_started`` body describes; LedgerError naming what is wrong."""
    try:
        rule_set = rulesets.get(body.get("rules"))
    except ValueError as exc:
        raise LedgerError(str(exc)) from None
    profile = body.get("profile")
    if profile is not None and profile not in rule_set.profiles:
        raise LedgerError(f"profile {profile!r} is not one of {rule_set.name}'s: "
                          f"{', '.join(rule_set.profiles)}")
    players = body.get("players", [None] * SEATS)
    if (not isinstance(players, list) or len(players) != SEATS
            or not all(p is None or isinstance(p, str) and p.strip() for p in players)):
        raise LedgerError(f"players must be {SEATS} names (or null), got {players!r}")
    ties = body.get("ties", TIES[0])
    if ties not in TIES:
        raise LedgerError(f"ties must be one of {', '.join(TIES)}, got {ties!r}")
    limit = body.get("time_limit_min")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, (int, float)) or limit <= 0):
        raise LedgerError(f"time_limit_min must be a positive number of minutes, got {limit!r}")
    first = body.get("first_dealer", 0)
    if not is_seat(first):
        raise LedgerError(f"first_dealer must be a seat 0..{SEATS - 1}, got {first!r}")
    return Setup(rule_set.name, profile, tuple(players), ties, limit, first)


class Ledger:
    """The games of one log, the last of them the one in play.

    A running table asks for less than a judge's replay: ``games_kept`` holds only the last
    games (the one in play and the one before, say), and ``evidence=False`` drops the
    ``EVIDENCE`` (each discard's zone pictures, the sensed reports) from the hand results it
    holds. Both leave the log as it is: ``mjtable replay`` and ``mjtable game`` read every
    game, evidence and all, from it.
    """

    def __init__(self, games_kept: int | None = None, evidence: bool = True):
        self.games: list[Game] = []
        """The games held, oldest first (all of them unless ``games_kept``)."""
        self.game_count = 0
        self.games_kept, self.evidence = games_kept, evidence
        self.let_go = 0
        """The last event id of the games no longer held (0: none let go)."""
        self.problems: list[dict] = []
        self.decisions: list[dict] = []  # operators' decisions on damaged logs
        self.actions: list[dict] = []  # what operators and judges did at the table
        self.last_event = 0

    @classmethod
    def replay(cls, events: Iterable[Event], **options) -> "Ledger":
        ledger = cls(**options)
        for event in events:
            ledger.apply(event)
        return ledger

    @property
    def game(self) -> Game | None:
        return self.games[-1] if self.games else None

    def apply(self, event: Event) -> None:
        """Apply one event (in id order); one it cannot use is listed in ``problems``."""
        self.last_event = event.id
        handler = _HANDLERS.get(event.kind)
        try:
            if handler is None:
                raise LedgerError(f"unknown kind {event.kind!r}")
            handler(self, event)
        except _LetGo:
            pass  # about a game no longer held: on the log, and nothing held changes
        except (LedgerError, KeyError, TypeError, ValueError) as exc:
            self.problems.append({"event": event.id, "kind": event.kind, "problem": str(exc)})

    def _current(self) -> Game:
        if self.game is None:
            raise LedgerError("no game has been started on this log")
        return self.game

    def _game_holding(self, event_id: int) -> Game:
        game = next((g for g in reversed(self.games) if g.holds(event_id)), None)
        if game is None and event_id <= self.let_go:
            raise _LetGo
        if game is None:
            raise LedgerError(f"no recorded hand has event id {event_id}")
        return game

    def _started(self, event: Event) -> None:
        setup = setup_from(event.body)
        rule_set = rulesets.get(setup.rules)
        self.games.append(Game(setup, rule_set, game_for(rule_set), event.id))
        self.game_count += 1
        if self.games_kept is not None and len(self.games) > self.games_kept:
            del self.games[0]
            self.let_go = self.games[0].started - 1

    def _held(self, result):
        """A hand result as this ledger holds it (without the zone pictures and the sensed
        reports unless kept)."""
        if self.evidence or not isinstance(result, dict) or not EVIDENCE.intersection(result):
            return result
        return {key: value for key, value in result.items() if key not in EVIDENCE}

    def _hand(self, event: Event) -> None:
        body = event.body
        elapsed = body.get("elapsed_s")
        if elapsed is not None and (isinstance(elapsed, bool) or not isinstance(elapsed, (int, float))):
            raise LedgerError(f"elapsed_s must be seconds, got {elapsed!r}")
        game, result, source = self._current(), self._held(body.get("result")), body.get("source", "referee")
        if self.evidence and source == "referee":
            result = game.sensed_into(body.get("table_hand"), result)
        game.add(HandInput(event.id, result, elapsed, source, body.get("table_hand")))

    def _corrected(self, event: Event) -> None:
        original = event.body.get("corrects")
        self._game_holding(original).correct(original, event.id, self._held(event.body.get("result")))

    def _sensed(self, event: Event) -> None:
        body = event.body
        reports = body.get("reports")
        if (type(body.get("n")) is not int or body["n"] < 0 or not isinstance(reports, list)
                or not all(isinstance(report, dict) for report in reports)):
            raise LedgerError("sensed reports need n (the first one's place in the hand, from 0) "
                              "and the reports (a list of objects)")
        game = self._current()
        if self.evidence:
            game.sense(body.get("table_hand"), body["n"], reports)

    def _raised(self, event: Event) -> None:
        if not isinstance(event.body.get("flag"), dict):
            raise LedgerError("a raised flag needs its flag (the referee's record)")
        self._current().raised.append({"event": event.id, **event.body})

    def _flag(self, event: Event) -> None:
        body = event.body
        if not isinstance(body.get("flag_id"), str) or not isinstance(body.get("confirmed"), bool):
            raise LedgerError("a flag decision needs flag_id and confirmed (true or false)")
        decision = {"confirmed": body["confirmed"], "judge": body.get("judge"),
                    "why": body.get("why"), "event": event.id}
        game = next((g for g in reversed(self.games) if g.index_of_flag(body["flag_id"]) is not None),
                    self._current())
        game.resolve(body["flag_id"], decision)

    def _seats(self, event: Event) -> None:
        players = setup_from({**event.body, "rules": self._current().setup.rules}).players
        self._current().add(SeatChange(event.id, players))

    def _ended(self, event: Event) -> None:
        if event.body.get("by") == "operator":
            self._current().add(OperatorEnd(event.id, f"ended by the operator: {event.body.get('reason')}"))

    def _accepted(self, event: Event) -> None:
        self.decisions.append({"event": event.id, **event.body})

    def _action(self, event: Event) -> None:
        body = event.body
        self.actions.append({"event": event.id, "at": event.at, **body})
        if body.get("action") == "correct_score":
            details = body.get("details") or {}
            seat, delta = details.get("seat"), details.get("delta")
            if not is_seat(seat) or type(delta) is not int:
                raise LedgerError(f"correct_score needs a seat 0..3 and a whole delta, got {details!r}")
            self._current().add(Adjustment(event.id, seat, delta, body.get("who"), body.get("why")))


class _LetGo(Exception):
    """The event concerns a game the ledger no longer holds."""


_HANDLERS = {kinds.GAME_STARTED: Ledger._started, kinds.HAND_RECORDED: Ledger._hand,
             kinds.HAND_CORRECTED: Ledger._corrected, kinds.FLAG_RAISED: Ledger._raised,
             kinds.SENSED: Ledger._sensed,
             kinds.FLAG_RESOLVED: Ledger._flag,
             kinds.SEATS_CHANGED: Ledger._seats, kinds.GAME_ENDED: Ledger._ended,
             kinds.LOG_ACCEPTED: Ledger._accepted, kinds.OPERATOR_ACTION: Ledger._action}
