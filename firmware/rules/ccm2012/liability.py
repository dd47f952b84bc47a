"""包付: who alone pays for a win because of the calls and hung tiles before it (seed lines 130-133).

Three rules, checked in the seed's order; the first that names a payer decides:
1. three calls (吃牌的包付): a caller and its feeder become liable to each other, whoever
   of the two wins, self-draw included; the other pays three times the hand;
2. flush danger (险牌的包付 1): once a player shows three chow/pung melds of one suit,
   whoever feeds a further call of that suit pays for all three when that player wins,
   and whoever deals in to that player's real flush does too;
3. hung tile (险牌的包付 2): the discarder of a tile related to the single tile a
   four-meld hand hangs on the wall pays for all three, until that tile is swapped.
"""

from firmware.rules.ccm2012.events import SEATS, Call, CallKind, HangTile, SwapHungTile, Win
from firmware.rules.ccm2012.settings import DangerLiability
from firmware.rules.ccm2012.transfers import Reason
from firmware.rules.tiles import DRAGONS, WINDS, suit

THREE_CALL_MULTIPLE = 3  # "一家付三倍分" (line 130)
_CALLS_FOR_LIABILITY = 3


class Liabilities:
    """The liability state of one hand, fed its call and hung-tile events in order."""

    def __init__(self, danger: DangerLiability):
        self._danger = danger
        self._pairs: list[tuple[int, int]] = []  # mutual three-call pairs, in the order they arose
        self._left_run = [0] * SEATS  # by caller: calls in a row on its left player's discards
        self._pung_run: dict[int, tuple[int, int]] = {}  # by feeder: (punger, pungs in a row off it)
        self._suits: list[list[int | None]] = [[] for _ in range(SEATS)]  # by caller: suit of each call
        self._flush_feeder: dict[int, int] = {}  # caller -> who fed its fourth one-suit call
        self._hung: dict[int, int] = {}  # seat -> its hung tile
        self._swapped: set[int] = set()

    def call(self, event: Call) -> None:
        """Count a chow or pung towards the three-call and flush-danger rules.

        Seed line 130 says "总计连续" (in total, in a row) for the next player's calls on
        its left player's discards, where the brief says "in total": the seed wins, so a
        call of the caller's on anyone else's discard starts its count again.
        """
        caller, feeder = event.caller, event.feeder
        if feeder == (caller - 1) % SEATS:
            self._left_run[caller] += 1
            if self._left_run[caller] == _CALLS_FOR_LIABILITY:
                self._pair(caller, feeder)
        else:
            self._left_run[caller] = 0
        punger, run = self._pung_run.get(feeder, (None, 0))
        if event.kind is CallKind.PUNG:  # "被一家连续碰三次" (line 130): pungs off one feeder by one player
            run = run + 1 if punger == caller else 1
            self._pung_run[feeder] = (caller, run)
            if run == _CALLS_FOR_LIABILITY:
                self._pair(caller, feeder)
        else:
            self._pung_run.pop(feeder, None)
        suits = self._suits[caller]
        if len(suits) == _CALLS_FOR_LIABILITY and self._flush_danger(caller) and suit(event.tile) == suits[0]:
            self._flush_feeder[caller] = feeder
        suits.append(suit(event.tile))

    def hang(self, event: HangTile) -> None:
        if event.seat not in self._swapped:
            self._hung[event.seat] = event.tile

    def swap(self, event: SwapHungTile) -> None:
        self._hung.pop(event.seat, None)
        self._swapped.add(event.seat)

    def liable(self, win: Win) -> tuple[int, int, Reason] | None:
        """(payer, multiple of V, reason) when one player alone pays for `win`, else None."""
        winner, discarder = win.winner, win.discarder
        for a, b in self._pairs:
            if winner in (a, b):
                return (b if winner == a else a), THREE_CALL_MULTIPLE, Reason.THREE_CALL
        all_three = self._danger.pays_for_all_three
        if winner in self._flush_feeder:
            return self._flush_feeder[winner], all_three, Reason.FLUSH_DANGER
        if discarder is None:
            return None
        if win.full_flush and self._flush_danger(winner):
            return discarder, all_three, Reason.FLUSH_DANGER
        hung = self._hung.get(winner)
        if hung is not None and win.win_tile is not None and win.win_tile in self.related(hung):
            return discarder, all_three, Reason.HUNG_TILE
        return None

    def related(self, tile: int) -> frozenset[int]:
        """The tiles whose deal-in the hung `tile` makes liable (AMB-6)."""
        for group in (WINDS, DRAGONS):
            if tile in group:
                return frozenset(group)
        base, span = tile - tile % 9, self._danger.span
        return frozenset(range(max(base, tile - span), min(base + 8, tile + span) + 1))

    def _flush_danger(self, seat: int) -> bool:
        """Three calls or more shown, all of one suit (honours are no suit)."""
        suits = self._suits[seat]
        return len(suits) >= _CALLS_FOR_LIABILITY and suits[0] is not None and suits.count(suits[0]) == len(suits)

    def _pair(self, a: int, b: int) -> None:
        if (a, b) not in self._pairs and (b, a) not in self._pairs:
            self._pairs.append((a, b))
