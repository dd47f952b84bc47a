"""Whole-hand settlement: from one hand's events to the transfers between the four seats.

Kongs pay as they happen (seed lines 65-70, 84); every win is paid at once, by the
discarder or by every player still in (lines 78-80); play goes on until three have won or
the wall is empty (line 33). At an empty wall come 查花猪, then 查大叫 with the refund of
kong income (lines 37-43). Time-up voids the hand (line 158). Each transfer says why it
was made; the transfers always sum to zero.
"""

from dataclasses import dataclass
from enum import Enum

from firmware.rules.melds import Meld
from firmware.rules.sichuan.events import (SEATS, DiscardWin, Kong, KongKind, RobbedKong, SelfDraw,
                                           StandingHand, TimeUp, WallEmpty, Winner)
from firmware.rules.sichuan.settings import TMT2016, SichuanSettings
from firmware.rules.sichuan.value import ready_value
from firmware.rules.sichuan.void_suit import is_flower_pig
from firmware.rules.tiles import to_counts

_KONG_UNITS = {KongKind.DIRECT: 2, KongKind.ADDED: 1, KongKind.CONCEALED: 2, KongKind.LATE_ADDED: 0}


class SettlementError(ValueError):
    """Events that cannot have happened in one hand; the message names the event."""


class Reason(str, Enum):
    DIRECT_KONG = "直杠"
    ADDED_KONG = "面下杠"
    CONCEALED_KONG = "下雨"
    SELF_DRAW = "自摸"
    DISCARD_WIN = "点炮"
    ROBBED_KONG = "抢杠"
    KONG_TRANSFER = "呼叫转移"
    FLOWER_PIG = "查花猪"
    NOT_READY = "查大叫"
    KONG_REFUND = "退税"


_KONG_REASON = {KongKind.DIRECT: Reason.DIRECT_KONG, KongKind.ADDED: Reason.ADDED_KONG,
                KongKind.CONCEALED: Reason.CONCEALED_KONG}


class End(str, Enum):
    THREE_WON = "three_won"
    WALL_EMPTY = "wall_empty"
    TIME_UP = "time_up"
    IN_PROGRESS = "in_progress"


@dataclass(frozen=True)
class Transfer:
    payer: int
    payee: int
    amount: int
    reason: Reason


@dataclass(frozen=True)
class Settlement:
    """The hand's transfers in the order they were made, each seat's net, how the hand ended,
    the winners in winning order, and at an empty wall the 花猪 and the ready players.
    `voided` holds what a time-up cancelled."""

    transfers: tuple[Transfer, ...]
    net: tuple[int, ...]
    end: End
    winners: tuple[int, ...]
    flower_pigs: tuple[int, ...] = ()
    ready: tuple[int, ...] = ()
    voided: tuple[Transfer, ...] = ()


def settle(events, settings: SichuanSettings = TMT2016) -> Settlement:
    """Settle one hand's events in order; SettlementError if they cannot have happened."""
    book = _Book(settings)
    for index, event in enumerate(events):
        if book.end is not End.IN_PROGRESS:
            raise SettlementError(f"event {index} ({type(event).__name__}) comes after the hand ended "
                                  f"({book.end.value})")
        book.apply(index, event)
    return book.settlement()


class _Book:
    """The running account of one hand while its events are read."""

    def __init__(self, settings: SichuanSettings):
        self.settings = settings
        self.transfers: list[Transfer] = []
        self.voided: list[Transfer] = []
        self.winners: list[int] = []
        # Per seat, one entry per kong made: the payments it collected and still holds.
        self.kong_income: list[list[list[Transfer]]] = [[] for _ in range(SEATS)]
        self.flower_pigs: tuple[int, ...] = ()
        self.ready: tuple[int, ...] = ()
        self.end = End.IN_PROGRESS

    def apply(self, index: int, event) -> None:
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise SettlementError(f"event {index}: {event!r} is not a Sichuan hand event")
        handler(self, f"event {index} ({type(event).__name__})", event)

    def settlement(self) -> Settlement:
        net = [0] * SEATS
        for transfer in self.transfers:
            net[transfer.payer] -= transfer.amount
            net[transfer.payee] += transfer.amount
        return Settlement(tuple(self.transfers), tuple(net), self.end, tuple(self.winners),
                          self.flower_pigs, self.ready, tuple(self.voided))

    # --- checks -----------------------------------------------------------------------

    def in_play(self, where: str, seat, role: str) -> int:
        """`seat` as a seat still in play, or SettlementError."""
        if type(seat) is not int or not 0 <= seat < SEATS:
            raise SettlementError(f"{where}: {role} must be a seat 0..{SEATS - 1}, got {seat!r}")
        if seat in self.winners:
            raise SettlementError(f"{where}: {role} {seat} has already won and left play")
        return seat

    def still_in(self, *besides: int) -> list[int]:
        return [seat for seat in range(SEATS) if seat not in self.winners and seat not in besides]

    def pay(self, payer: int, payee: int, amount: int, reason: Reason) -> Transfer | None:
        if amount <= 0:
            return None
        transfer = Transfer(payer, payee, amount, reason)
        self.transfers.append(transfer)
        return transfer

    def win_points(self, where: str, fan) -> int:
        if type(fan) is not int or fan < 1:
            raise SettlementError(f"{where}: a win scores at least 1 fan, got {fan!r}")
        return self.settings.points(fan)

    def won(self, seats) -> None:
        self.winners.extend(seats)
        if len(self.winners) >= SEATS - 1:
            self.end = End.THREE_WON

    # --- events -----------------------------------------------------------------------

    def kong(self, where: str, event: Kong) -> None:
        seat = self.in_play(where, event.seat, "kong maker")
        if not isinstance(event.kind, KongKind):
            raise SettlementError(f"{where}: kind must be a KongKind, got {event.kind!r}")
        if event.kind is KongKind.DIRECT:
            payers = [self.in_play(where, event.discarder, "discarder")]
            if payers[0] == seat:
                raise SettlementError(f"{where}: a direct kong takes another player's discard")
        elif event.discarder is not None:
            raise SettlementError(f"{where}: only a direct kong has a discarder")
        else:
            payers = self.still_in(seat)
        units = _KONG_UNITS[event.kind] * self.settings.base_points
        reason = _KONG_REASON.get(event.kind)
        income = [self.pay(payer, seat, units, reason) for payer in payers]
        self.kong_income[seat].append([transfer for transfer in income if transfer])  # none for a late kong

    def self_draw(self, where: str, event: SelfDraw) -> None:
        seat = self.in_play(where, event.seat, "winner")
        points = self.win_points(where, event.fan)
        for payer in self.still_in(seat):
            self.pay(payer, seat, points, Reason.SELF_DRAW)
        self.won([seat])

    def discard_win(self, where: str, event: DiscardWin) -> None:
        discarder = self.in_play(where, event.discarder, "discarder")
        winners = self.paid_by(where, discarder, event.winners, Reason.DISCARD_WIN)
        if event.after_kong:
            self.move_kong_income(where, discarder, winners)
        self.won(winners)

    def robbed_kong(self, where: str, event: RobbedKong) -> None:
        kong_seat = self.in_play(where, event.kong_seat, "kong maker")
        self.won(self.paid_by(where, kong_seat, event.winners, Reason.ROBBED_KONG))

    def paid_by(self, where: str, payer: int, winners, reason: Reason) -> list[int]:
        """Each winner of one tile is paid by `payer`; the winners counter-clockwise from the payer."""
        if not isinstance(winners, tuple) or not winners or not all(isinstance(w, Winner) for w in winners):
            raise SettlementError(f"{where}: winners must be a non-empty tuple of Winner, got {winners!r}")
        seats = [self.in_play(where, winner.seat, "winner") for winner in winners]
        if len(set(seats)) != len(seats) or payer in seats:
            raise SettlementError(f"{where}: winners {seats} must be distinct and not the payer {payer}")
        for winner in winners:
            self.pay(payer, winner.seat, self.win_points(where, winner.fan), reason)
        return sorted(seats, key=lambda seat: (seat - payer) % SEATS)

    def move_kong_income(self, where: str, discarder: int, winners: list[int]) -> None:
        """呼叫转移 (seed line 70): the kong income the discarder still holds goes to the winner(s)."""
        held = self.kong_income[discarder]
        if not held:
            raise SettlementError(f"{where}: 杠上炮, but seat {discarder} has made no kong")
        entries = held[-1:] if self.settings.kong_shot_moves == "last_kong" else held
        total = sum(transfer.amount for entry in entries for transfer in entry)
        for entry in entries:
            entry.clear()  # moved on: no longer the discarder's to refund at the draw
        if self.settings.kong_shot_multiple_ron == "first_winner":
            self.pay(discarder, winners[0], total, Reason.KONG_TRANSFER)
            return
        share, odd = divmod(total, len(winners))
        for position, winner in enumerate(winners):
            self.pay(discarder, winner, share + (position < odd), Reason.KONG_TRANSFER)

    def wall_empty(self, where: str, event: WallEmpty) -> None:
        hands = self.standing_hands(where, event.hands)
        binding = self.settings.void_suit_binding
        pigs = [hand.seat for hand in hands if is_flower_pig(_tile_counts(hand), hand.void_suit, binding)]
        self.check_flower_pigs(pigs)
        values = {hand.seat: None if hand.dead or hand.seat in pigs else
                  ready_value(hand.concealed, hand.melds, hand.void_suit, self.settings) for hand in hands}
        ready = [seat for seat, value in values.items() if value is not None]
        for hand in hands:  # 查大叫 (seed line 43): the non-ready, 花猪 excepted, pay each ready hand
            if hand.seat not in ready and hand.seat not in pigs:
                for seat in ready:
                    self.pay(hand.seat, seat, values[seat].points, Reason.NOT_READY)
        for hand in hands:
            if hand.seat not in ready:
                self.refund_kong_income(hand.seat)
        self.flower_pigs, self.ready, self.end = tuple(pigs), tuple(ready), End.WALL_EMPTY

    def check_flower_pigs(self, pigs: list[int]) -> None:
        """查花猪 (seed line 39): each 花猪 pays `flower_pig_each` to every other player, or to
        the players who are not 花猪 themselves (brief AMB-8)."""
        each = self.settings.flower_pig_each
        for pig in pigs:
            for seat in range(SEATS):
                if seat != pig and (self.settings.flower_pig_payees == "every_other" or seat not in pigs):
                    self.pay(pig, seat, each, Reason.FLOWER_PIG)

    def refund_kong_income(self, seat: int) -> None:
        """退税: a player not ready at the draw gives back, the way it came, all the kong income
        it still holds (income already moved by 呼叫转移 is no longer its own).

        The seed wins over the brief here: brief §5 puts the refund in the 查大叫 step, whose
        payers exclude the 花猪, but seed line 25 (流局时玩家还没有听牌，则必须原路退回全部刮风下雨所得)
        and line 86 (流局无叫时再原路退回) make every player without a wait refund, so a 花猪
        refunds too; line 43's "花猪除外" exempts it from paying 查大叫 only."""
        owed = [0] * SEATS
        for entry in self.kong_income[seat]:
            for transfer in entry:
                owed[transfer.payer] += transfer.amount
            entry.clear()
        for payer, amount in enumerate(owed):
            self.pay(seat, payer, amount, Reason.KONG_REFUND)

    def standing_hands(self, where: str, hands) -> list[StandingHand]:
        """The hands at the draw, in seat order: exactly the players still in, each well formed."""
        if not isinstance(hands, tuple) or not all(isinstance(hand, StandingHand) for hand in hands):
            raise SettlementError(f"{where}: hands must be a tuple of StandingHand, got {hands!r}")
        seats = [hand.seat for hand in hands]
        if any(type(seat) is not int for seat in seats) or sorted(seats) != self.still_in():
            raise SettlementError(f"{where}: hands must be those of the players still in, "
                                  f"{self.still_in()}, got seats {seats}")
        for hand in hands:
            _check_standing(where, hand)
        return sorted(hands, key=lambda hand: hand.seat)

    def time_up(self, where: str, event: TimeUp) -> None:
        """Time-up voids the hand (seed line 158); brief AMB-9 decides whether what was paid stands."""
        if not self.settings.time_up_keeps_instant:
            self.voided, self.transfers = self.transfers, []
        self.end = End.TIME_UP


def _check_standing(where: str, hand: StandingHand) -> None:
    """A standing hand holds suited tile kinds and Melds, 13 − 3 × melds tiles unless it is dead."""
    if hand.void_suit not in (0, 1, 2):
        raise SettlementError(f"{where}: seat {hand.seat} void_suit must be 0, 1 or 2, got {hand.void_suit!r}")
    tiles, melds = hand.concealed, hand.melds
    readable = (isinstance(tiles, tuple) and all(type(k) is int and 0 <= k < 27 for k in tiles)
                and isinstance(melds, tuple) and all(isinstance(meld, Meld) for meld in melds))
    if not readable or (not hand.dead and len(tiles) != 13 - 3 * len(melds)):
        raise SettlementError(f"{where}: seat {hand.seat} holds {len(tiles)} suited tiles with {len(melds)} "
                              f"melds; expected {13 - 3 * len(melds)} (mark a 相公 hand dead)")


def _tile_counts(hand: StandingHand) -> tuple[int, ...]:
    """34 counts over a standing hand's concealed tiles and melds."""
    return tuple(to_counts([*hand.concealed, *(k for meld in hand.melds for k in meld.tiles)]))


_HANDLERS = {Kong: _Book.kong, SelfDraw: _Book.self_draw, DiscardWin: _Book.discard_win,
             RobbedKong: _Book.robbed_kong, WallEmpty: _Book.wall_empty, TimeUp: _Book.time_up}
