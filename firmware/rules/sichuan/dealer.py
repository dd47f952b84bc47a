"""Who deals: East in a game's first hand, then the first winner of the previous hand (seed line 15).

If that first win was a multiple ron (一炮多响), the discarder deals. A hand nobody won is
not covered by the seed; `dealer_after_no_win` (brief AMB-2) decides. A robbed kong counts
as the kong maker's discard.
"""

from firmware.rules.sichuan.events import SEATS, DiscardWin, RobbedKong, SelfDraw, TimeUp
from firmware.rules.sichuan.settings import SichuanSettings

FIRST_DEALER = 0  # the East seat (seed line 15: 每局首盘东风位坐庄)


def next_dealer(dealer: int, events, settings: SichuanSettings) -> int | None:
    """The seat that deals the next hand after a hand of `events` dealt by `dealer`; None after
    a time-up, which ends the game (seed line 158)."""
    for event in events:
        if isinstance(event, TimeUp):
            return None
        if isinstance(event, SelfDraw):
            return event.seat
        if isinstance(event, (DiscardWin, RobbedKong)):
            if len(event.winners) == 1:
                return event.winners[0].seat
            return event.discarder if isinstance(event, DiscardWin) else event.kong_seat
    return dealer if settings.dealer_after_no_win == "repeat" else (dealer + 1) % SEATS
