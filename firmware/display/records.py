"""Where the display's actions are written before they take effect: the ledger's log.

Why one module: the ledger (firmware/ledger) owns the game's durable events and the calls
that write them (``firmware.ledger.actions``: correct a hand, end a game, start one); this is
the one place the display uses them, and after each durable write it publishes
``ResultRecorded`` as the ledger itself does, so the page shows the change only once it is on
the disk. A judge's decision on a flag is the ledger's to record when the referee announces
it (``FlagResolved``). Actions the ledger keeps no event for — resetting a fault, changing
the rule set, confirming a hand as it stands — are written to the service log (the journal,
with ACTION, WHO and WHY fields) before they take effect, and the answer says so.
"""

import logging

from firmware import notifications as note
from firmware.display.actions import Refused
from firmware.ledger import actions as ledger_actions
from firmware.store import StoreError

log = logging.getLogger("mjtable.actions")


class ActionRecords:
    """The ledger's log (``[ledger]`` component) and the service log, for ``TableActions``."""

    def __init__(self, service):
        self._service = service

    def _ledger(self):
        ledger = self._service.components.get("ledger")
        if ledger is None:
            raise Refused("没有比赛记录（未配置计分）", "no game: no [ledger] configured")
        return ledger

    def note(self, request, details: dict) -> dict:
        """An action the ledger keeps no event for, in the service log with who and why."""
        fields = {"ACTION": request.action, "WHO": request.who, "WHY": request.why,
                  "REMOTE": request.remote}
        log.info("%s by %s (%s): %s %s", request.action, request.who, request.remote,
                 request.why, details, extra={"journal_fields": fields})
        return {"recorded_in": "log"}

    def hand_of_game(self, hand: int) -> dict:
        """Hand ``hand`` of the game on the ledger; Refused when there is none."""
        hands = self._ledger().status().get("hands") or []
        if not 1 <= hand <= len(hands):
            raise Refused(f"没有第 {hand} 局", f"there is no hand {hand}: the game has "
                                              f"{len(hands)} recorded hands")
        return hands[hand - 1]

    def correct_hand(self, request, result) -> dict:
        """The judge's correction of a recorded hand (``result`` None: the hand is void)."""
        hand = request.args["hand"]
        return self._write(lambda book: [ledger_actions.correct_hand(
            book, hand, result, request.why, request.who)], hand)

    def new_game(self, request, rules: str) -> dict:
        """End the game in play (if any) with the operator's reason, then start one."""
        ledger = self._ledger()

        def write(book) -> list:
            events = []
            game = book.ledger.game
            if game is not None and game.position.ended is None:
                events.append(ledger_actions.end_game(book, f"{request.who}: {request.why}"))
            events.append(ledger_actions.start_game(book, ledger.settings, rules))
            return events

        return self._write(write, None)

    def _write(self, write, hand: int | None) -> dict:
        book = self._ledger().book
        try:
            book.catch_up()
            events = write(book)
        except ledger_actions.ActionError as exc:
            raise Refused("记录拒绝了该操作", str(exc)) from None
        except StoreError as exc:
            raise Refused("无法写入记录", f"the ledger could not write: {exc}", 500) from None
        for event in events:
            self._service.notifier.publish(note.ResultRecorded, event_id=event.id,
                                           kind=event.kind, hand=hand)
        return {"recorded_in": "ledger", "event_id": events[-1].id}
