"""Settle one CCM 2012 hand: from its events and the game position to point transfers (seed 001, brief §6, §8).

Kongs and 追牌 are paid at once (现场汇, lines 136-138); wins at the hand's end, several
on one discard paid by the discarder in counter-clockwise order (line 135). A payer
hands over at most the points it holds — the chips are physical, and the seed's order
for several winners only matters because a discarder can run out. Every transfer moves
points from one seat to another except a penalty, which is a deduction only.
"""

from dataclasses import dataclass

from firmware.rules.ccm2012.events import (SEATS, Call, ChaseDiscards, HangTile, Kong, KongKind, Penalty,
                                           SwapHungTile, Win)
from firmware.rules.ccm2012.liability import Liabilities
from firmware.rules.ccm2012.position import Position, ends_game, single_leader
from firmware.rules.ccm2012.settings import DEFAULT, Settings
from firmware.rules.ccm2012.transfers import Reason, Transfer, Unsettled

# Paid at once by kind: (points, from the discarder alone?) (line 90; added kong: brief [ASSUME]).
KONG_PAYMENTS = {
    KongKind.MELDED: (12, True),  # "点杠者一家支付三倍12分"
    KongKind.ADDED: (4, False),  # "明杠计为4分", from each
    KongKind.CONCEALED: (6, False),  # "三家各支付6分"
    KongKind.FLOWER: (8, False),  # "三家现场各支付8分"
}
_KONG_REASON = {KongKind.MELDED: Reason.MELDED_KONG, KongKind.ADDED: Reason.ADDED_KONG,
                KongKind.CONCEALED: Reason.CONCEALED_KONG, KongKind.FLOWER: Reason.FLOWER_KONG}
CHASE_EACH = 4  # "第一家向其他三家各支付四分" (line 138)

NO_VICTORY = "it would end the game with someone else first (禁止非胜式局结, seed lines 124-126)"
ZERO_DISCARDER = "the discarder has no points: nobody may win on that tile (盘面无分者点炮，禁止和牌, line 135)"
GAME_OVER = "the game had already ended: two players have no points (line 123)"
NO_AMOUNT = "the organiser has set no points for this offence (AMB-7)"


@dataclass(frozen=True)
class Settlement:
    """What a hand moved: `transfers` applied to the table's chips, `deferred` held outside
    the table until the game ends (position.after_game), `unsettled` events that moved
    nothing and why; `chips` after the hand, whether the game ended, whether the dealer won."""

    transfers: tuple[Transfer, ...]
    deferred: tuple[Transfer, ...]
    unsettled: tuple[Unsettled, ...]
    chips: tuple[int, ...]
    game_over: bool
    dealer_won: bool


def settle(events, position: Position = Position(), settings: Settings = DEFAULT) -> Settlement:
    """Settle a hand's events, in the order they happened; wins come last.

    Raises ValueError for an impossible sequence (something after a win, a self-draw beside
    other wins, wins on different discards, a seat winning twice).
    """
    events = list(events)
    wins = _wins_in_payment_order(events)
    ledger = _Ledger(position, settings)
    for event in events[:len(events) - len(wins)]:
        ledger.take(event)
    if wins and wins[0].discarder is not None and ledger.chips[wins[0].discarder] <= 0:
        ledger.unsettled.extend(Unsettled(win, ZERO_DISCARDER) for win in wins)
        wins = []
    dealer_won = False
    for win in wins:
        dealer_won |= ledger.win(win) and win.winner == position.dealer
    return Settlement(tuple(ledger.transfers), tuple(ledger.deferred), tuple(ledger.unsettled), tuple(ledger.chips),
                      ledger.over, dealer_won)


def _wins_in_payment_order(events) -> list[Win]:
    """The hand's closing wins: one self-draw, or the winners on one discard ordered
    counter-clockwise from the discarder (line 135)."""
    first = next((i for i, e in enumerate(events) if isinstance(e, Win)), len(events))
    wins = list(events[first:])
    if not all(isinstance(w, Win) for w in wins):
        raise ValueError("a win ends the hand: nothing but other wins on the same discard may follow it")
    if len({w.discarder for w in wins}) > 1 or (len(wins) > 1 and wins[0].discarder is None):
        raise ValueError("several wins must all be on one discard")
    if len({w.winner for w in wins}) != len(wins):
        raise ValueError("a seat wins once per hand")
    return sorted(wins, key=lambda w: (w.winner - w.discarder) % SEATS if w.discarder is not None else 0)


class _Ledger:
    """The running chips of a hand being settled, and what it has moved so far."""

    def __init__(self, position: Position, settings: Settings):
        self.position, self.settings = position, settings
        self.chips = list(position.chips)
        self.transfers: list[Transfer] = []
        self.deferred: list[Transfer] = []
        self.unsettled: list[Unsettled] = []
        self.over = ends_game(self.chips)
        self.liabilities = Liabilities(settings.danger)
        self.doubled = position.multiplier(settings.doubling)
        self.immediate = self.doubled if settings.doubling.covers_kongs_and_chase else 1

    def take(self, event) -> None:
        """One event before the wins."""
        if isinstance(event, Call):
            self.liabilities.call(event)
        elif isinstance(event, HangTile):
            self.liabilities.hang(event)
        elif isinstance(event, SwapHungTile):
            self.liabilities.swap(event)
        elif self.over:
            self.unsettled.append(Unsettled(event, GAME_OVER))
        elif isinstance(event, Kong):
            self._gated(event.seat, self._kong(event))
        elif isinstance(event, ChaseDiscards):  # the seed bars a non-victory end by kong or penalty, not 追牌
            self._apply([Transfer(event.first, seat, CHASE_EACH * self.immediate, Reason.CHASE)
                         for seat in _others(event.first)])
        elif isinstance(event, Penalty):
            points = self.settings.organiser.points_for(event.offence)
            if points is None:
                self.unsettled.append(Unsettled(event, NO_AMOUNT))
            else:
                self._gated(event.offender, [Transfer(event.offender, None, points, Reason.PENALTY)])
        else:
            raise ValueError(f"not a hand event: {event!r}")

    def win(self, win: Win) -> bool:
        """Pay one win unless it would end the game with someone else first; True if it stood."""
        if self.over:
            self.unsettled.append(Unsettled(win, GAME_OVER))
            return False
        planned = self._win_transfers(win)
        trial = list(self.chips)
        _pay(trial, planned)
        if (self.position.final_hand or ends_game(trial)) and not single_leader(trial, win.winner):
            self.unsettled.append(Unsettled(win, NO_VICTORY))
            return False
        self._apply(planned)
        return True

    def _win_transfers(self, win: Win) -> list[Transfer]:
        value, winner, discarder = win.value * self.doubled, win.winner, win.discarder
        liable = self.liabilities.liable(win)
        if liable is not None:
            payer, multiple, reason = liable
            return [Transfer(payer, winner, multiple * value, reason)]
        shares = self.settings.win_shares
        if discarder is None:
            return [Transfer(seat, winner, shares.self_draw_each * value, Reason.SELF_DRAW) for seat in _others(winner)]
        kong = self.settings.kong_deal_in
        if win.robbed_kong or (win.after_kong and kong.after_kong_discard):
            reason = Reason.ROBBED_KONG if win.robbed_kong else Reason.AFTER_KONG
            return [Transfer(discarder, winner, kong.multiple * value, reason)]
        return [Transfer(seat, winner, (shares.discarder if seat == discarder else shares.others_on_discard) * value,
                         Reason.DISCARD) for seat in _others(winner)
                if seat == discarder or shares.others_on_discard]

    def _kong(self, kong: Kong) -> list[Transfer]:
        points, discarder_alone = KONG_PAYMENTS[kong.kind]
        payers = (kong.discarder,) if discarder_alone else _others(kong.seat)
        return [Transfer(payer, kong.seat, points * self.immediate, _KONG_REASON[kong.kind]) for payer in payers]

    def _gated(self, actor: int, planned: list[Transfer]) -> None:
        """Apply a kong's or penalty's transfers, or hold them outside the table when they
        would end the game with someone other than `actor` first (line 126)."""
        trial = list(self.chips)
        _pay(trial, planned)
        if ends_game(trial) and not single_leader(trial, actor):
            self.deferred.extend(planned)
        else:
            self._apply(planned)

    def _apply(self, planned: list[Transfer]) -> None:
        self.transfers.extend(t for t in _pay(self.chips, planned) if t.points)
        self.over = ends_game(self.chips)


def _pay(chips: list[int], planned: list[Transfer]) -> list[Transfer]:
    """Move `planned` on `chips` in order, each payer handing over at most what it holds;
    the transfers as made."""
    made = []
    for t in planned:
        points = min(t.points, chips[t.payer])
        chips[t.payer] -= points
        if t.payee is not None:
            chips[t.payee] += points
        made.append(t if points == t.points else Transfer(t.payer, t.payee, points, t.reason))
    return made


def _others(seat: int) -> tuple[int, ...]:
    """The other seats in turn order from `seat`'s next player."""
    return tuple((seat + step) % SEATS for step in range(1, SEATS))
