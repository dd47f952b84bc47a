"""The ``[ledger]`` component: the table's game, kept on the event log in the data folder.

At start-up the log is verified and replayed (a log that fails is refused, naming the first
bad event and the operator's decision to take). Then every ``HandResult`` from the referee
and every judge's ``FlagResolved`` is written to the log first and applied after; only when
the event is on the disk is ``ResultRecorded`` published — the acknowledgement the display
and the operator wait for (its ``hand`` is the table's hand number, as in ``HandResult``).
The display's operator actions are written ahead the same way (``record_action``). What the
referee sensed (``Sensed``: each zone report and button press) is gathered and written as
one ``sensed`` event at least every ``sensed_sync_s`` seconds, and before every flag and
result, so that what led to them is on the disk first (it is evidence: no acknowledgement,
nothing shown waits on it; one event and one sync a report would be hundreds a hand). It is
written behind (``Book.write_behind``): the table goes on while the disk syncs it. A hand
result that arrives with no game in play starts one under the rule set the hand was played
by (as does a change of the table's rule set). The game clock (for the time limits) is the
service's scheduler, counted from the game's start; a table that was off does not count it.
"""

import logging
import time

from firmware import notifications as note
from firmware.config import ConfigError, Section
from firmware.ledger import actions
from firmware.ledger import events as kinds
from firmware.ledger.book import Book
from firmware.ledger.settings import LedgerSettings
from firmware.ledger.view import ledger_view
from firmware.store import EncodingError, Event, StoreError

log = logging.getLogger(__name__)
NOTICE = "L100"
"""The notice code of a hand the ledger could not pay (a judge corrects it)."""


class LedgerComponent:
    def __init__(self, book: Book, settings: LedgerSettings, notifier: note.Notifier,
                 scheduler, table_rules):
        self.book, self.settings, self.notifier = book, settings, notifier
        self._scheduler, self._now, self._table_rules = scheduler, scheduler.now, table_rules
        self._rules_in_play: str | None = None
        self._hand_in_play: int | None = None
        self._sensed: list[note.Sensed] = []
        """What was sensed of one hand since the last ``sensed`` event."""
        self._sensed_timer = None
        self._unsensed: int | None = None
        """The hand whose sensed reports could not be written (announced once a hand)."""
        self._sensed_in_game: int | None = None
        """The hand whose sensed reports go into the game made sure of at its first batch."""
        self._clock = self._clock_for_game()
        notifier.subscribe(note.HandStarted, self._on_hand_started)
        notifier.subscribe(note.HandResult, self._on_hand_result)
        notifier.subscribe(note.FlagRaised, self._on_flag_raised)
        notifier.subscribe(note.Sensed, self._on_sensed)
        notifier.subscribe(note.FlagResolved, self._on_flag_resolved)

    def status(self) -> dict:
        """The game as ``mjtable game show --json`` gives it, with any event an operator's
        command added meanwhile."""
        try:
            self.book.catch_up()
        except StoreError as exc:
            log.error("the ledger could not read its log: %s", exc)
        return ledger_view(self.book.ledger)

    def close(self) -> None:
        self._write_sensed()
        self.book.close()

    # --- the game clock ---------------------------------------------------------------

    def _clock_for_game(self) -> tuple[int | None, float, float]:
        """(the game, seconds its clock had run, the scheduler time it was read)."""
        game = self.book.ledger.game
        if game is None:
            return None, 0.0, self._now()
        before = next((r.input.elapsed_s for r in reversed(game.records)
                       if r.input.elapsed_s is not None), 0.0)
        return game.started, before, self._now()

    def _elapsed(self) -> float:
        """The game clock now; a game begun while the table runs starts its clock at 0."""
        game = self.book.ledger.game
        started = game.started if game is not None else None
        if started != self._clock[0]:
            self._clock = (started, 0.0, self._now())
        _, before, since = self._clock
        return round(before + self._now() - since, 3)

    # --- what the table reports -------------------------------------------------------

    def _on_hand_started(self, started: note.HandStarted) -> None:
        self._write_sensed()
        self._rules_in_play = started.rules
        self._hand_in_play = started.hand

    def _on_flag_raised(self, raised: note.FlagRaised) -> None:
        """Written ahead, after what was sensed before it: this handler runs before the
        display's, which hears every notification (``Notifier.publish`` serves a
        notification's own class first)."""
        self._write_sensed()
        event = self._write_in_game(f"flag {raised.flag.get('id')}", kinds.FLAG_RAISED,
                                    lambda: {"table_hand": self._hand_in_play, "flag": raised.flag})
        if event is not None:
            self._acknowledge(event, self._hand_in_play)

    def _on_sensed(self, sensed: note.Sensed) -> None:
        """Gathered; written ``sensed_sync_s`` after the first report gathered (at once if 0)."""
        if self._sensed and self._sensed[0].hand != sensed.hand:
            self._write_sensed()
        self._sensed.append(sensed)
        if not self.settings.sensed_sync_s:
            self._write_sensed()
        elif self._sensed_timer is None:
            self._sensed_timer = self._scheduler.call_later(self.settings.sensed_sync_s, self._write_sensed)

    def _write_sensed(self) -> None:
        """The reports gathered, as one event (``{table_hand, n, reports}``, ``n`` the first
        one's place in the hand), written behind: nothing waits on it, and the flag or result
        that follows is written after it. The game in play is made sure of at a hand's first
        batch (catching up with the log waits for the writes still on their way); the hand's
        later batches follow them without waiting. One that cannot be written is announced
        once per hand."""
        if self._sensed_timer is not None:
            self._sensed_timer.cancel()
            self._sensed_timer = None
        if not self._sensed:
            return
        gathered, self._sensed = self._sensed, []
        hand = gathered[0].hand
        try:
            if hand != self._sensed_in_game:
                self._in_game()
                self._sensed_in_game = hand
            self.book.write_behind(kinds.SENSED, {
                "table_hand": hand, "n": gathered[0].n, "reports": [s.report for s in gathered]},
                lambda exc: self._unsensed_in(hand, exc))
        except (StoreError, EncodingError, actions.ActionError) as exc:
            self._unsensed_in(hand, exc)

    def _unsensed_in(self, hand: int, exc: Exception) -> None:
        what = f"what table hand {hand} sensed"
        if self._unsensed == hand:
            log.error("%s was NOT recorded: %s", what, exc)
        else:
            self._not_recorded(what, exc)
        self._unsensed = hand

    def _on_hand_result(self, result: note.HandResult) -> None:
        self._write_sensed()
        event = self._write_in_game(f"the result of table hand {result.hand}", kinds.HAND_RECORDED,
                                    lambda: actions.hand_body(result.result, "referee", result.hand,
                                                              self._elapsed()))
        if event is None:
            return
        game = self.book.ledger.game
        record = game.records[-1]
        self._acknowledge(event, result.hand)
        if record.problem:
            self.notifier.publish(note.NoticeRaised, code=NOTICE, seat=None, message=record.problem,
                                  action="Call a judge: correct the hand with `mjtable game correct`.")
        if game.position.ended is not None:
            self._seal()

    def _write_in_game(self, what: str, kind: str, body) -> Event | None:
        """Write one of the table's events in the game in play; ``body()`` makes its body
        then (a hand's game clock needs the game). None when it could not be written: ``what``
        is logged and announced as not recorded."""
        try:
            self._in_game()
            return self.book.write(kind, body())
        except (StoreError, EncodingError, actions.ActionError) as exc:
            self._not_recorded(what, exc)
            return None

    def _in_game(self) -> None:
        """The log read up to its end and a game in play (started first if there is none)."""
        self.book.catch_up()
        self._game_for(self._rules_in_play or self._table_rules())

    def _on_flag_resolved(self, decision: note.FlagResolved) -> None:
        try:
            self.book.catch_up()
            event = actions.resolve_flag(self.book, decision.flag_id, decision.confirmed,
                                         decision.judge, decision.why)
        except (StoreError, actions.ActionError) as exc:
            self._not_recorded(f"the decision on flag {decision.flag_id}", exc)
            return
        game = self.book.ledger.game
        record = game.record_of_flag(decision.flag_id) if game else None
        self._acknowledge(event, record.input.table_hand if record else None)

    def record_action(self, action: str, who: str | None = None, why: str | None = None,
                      details: dict | None = None) -> int:
        """An operator's or judge's action at the table (the display's), written ahead: its
        event id. ``new_game`` also ends the game in play and starts one (``details["rules"]``,
        else the table's rule set), with the same players."""
        self.book.catch_up()
        event = actions.operator_action(self.book, action, who, why, details)
        self._acknowledge(event, None)
        if action == "new_game":
            game = self.book.ledger.game
            if game is not None and game.position.ended is None:
                self._acknowledge(actions.end_game(self.book, f"a new game, by {who}: {why}"), None)
            rules = (details or {}).get("rules") or self._table_rules()
            players = list(game.players) if game is not None else None
            self._acknowledge(actions.start_game(self.book, self.settings, rules, players), None)
        return event.id

    def _game_for(self, rules: str) -> None:
        """A game under ``rules`` in play: started if there is none, or if the last ended or
        was played under another rule set (the operator changed the table's rules)."""
        game = self.book.ledger.game
        if game is not None and game.position.ended is None and game.setup.rules == rules:
            return
        players = list(game.players) if game is not None else None
        if game is not None and game.position.ended is None:
            self._acknowledge(actions.end_game(self.book, f"the table now plays {rules}"), None)
        self._acknowledge(actions.start_game(self.book, self.settings, rules, players, auto=True), None)

    def _seal(self) -> None:
        try:
            self._acknowledge(actions.seal_end(self.book), None)
        except StoreError as exc:
            self._not_recorded("the end of the game", exc)

    def _acknowledge(self, event, hand: int | None) -> None:
        self.notifier.publish(note.ResultRecorded, event_id=event.id, kind=event.kind, hand=hand)

    def _not_recorded(self, what: str, exc: Exception) -> None:
        log.error("%s was NOT recorded: %s", what, exc)
        self.notifier.publish(note.NoticeRaised, code=NOTICE, seat=None,
                              message=f"{what} was NOT recorded: {exc}",
                              action="Write the result down; check the ledger's data folder.")


GAMES_HELD = 2
"""Games the running table holds in memory: the one in play and the one before (its final
scores stay on the display while the next starts). An evening's earlier games, and every
hand's evidence (zone pictures, sensed reports), stay on the log for ``mjtable replay`` and
``mjtable game``, so the table's memory does not grow with the games played."""


def load_component(section: Section, service) -> LedgerComponent:
    """``[ledger]``: ``data_dir`` (relative to the config file's folder), ``operator_pin``
    (a salted scrypt hash, `mjtable pin set`), ``ties``, ``time_limit_min``."""
    settings = LedgerSettings.from_section(section)
    try:
        book = Book(settings.data_dir, clock=time.time, games_kept=GAMES_HELD, evidence=False)
    except StoreError as exc:
        raise ConfigError(f"{service.config.source}: [{section.name}] data_dir: {exc}") from None
    return LedgerComponent(book, settings, service.notifier, service.scheduler,
                           lambda: _table_rules(service))


def _table_rules(service) -> str:
    """The rule set of the hand on the table: the set in play's, else the one prepared."""
    status = service.controller.status()
    in_play = status.get("set_in_play")
    return in_play["rules"] if in_play else status["rules"]
