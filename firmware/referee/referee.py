"""The referee: one hand followed from what the table senses, zone by zone and button by button.

A zone report is the zone's whole inventory, but a tag may go unread: a report never shows
a tile that is not there, and one that misses a tile is followed, within the next two
events and before any button, by a complete report of the same zone (play-scenarios.md;
on a table, by the zone's next scan). So the referee moves tiles only on positive evidence
— a tile appearing in a hand (a draw), in a meld area (a call, a kong, a flower) or in the
pond (a discard) — and reads what left a hand only to tell which move an appearance
completes (meld_area.py, unseen.py). A wrong count (more tiles than the rules allow) is
certain at once, since reports never add tiles; fewer tiles, once a whole report shows
them (``_draw_never_made``, ``_short_hands``). Times come with the events; nothing here
reads a clock or does I/O.
"""

import importlib

from firmware.referee import ending, wins
from firmware.referee.kinds import FLOWER, N, format_counts, is_flower
from firmware.referee.meld_area import MeldArea
from firmware.referee.start import SEATS, HandStart
from firmware.referee.table import ZONES, positive
from firmware.referee.unseen import fits
from firmware.rules.play import PlayRules

SUITS = "mps"


def play_rules(rule_set) -> PlayRules:
    """The rule set's play data: the ``play`` module beside its scorer."""
    if not rule_set.scorer:
        raise ValueError(f"rule set {rule_set.name} has no scorer, so no play data to referee it")
    return importlib.import_module(f"{rule_set.scorer}.play").PLAY


def zone_of(zone: str) -> tuple[str, int | None]:
    """("hand", 2) for "hand.2", ("pond", None) for "pond"; ValueError naming a bad zone."""
    if zone == "pond":
        return "pond", None
    area, _, seat = zone.partition(".") if isinstance(zone, str) else ("", "", "")
    if area not in ("hand", "melds") or seat not in ("0", "1", "2", "3"):
        raise ValueError(f"unknown zone {zone!r}: zones are hand.0-3, melds.0-3 and pond")
    return area, int(seat)


class Referee(MeldArea):
    """Feed it ``report(zone, counts, t)`` and ``button(seat, button, t, suit)`` in the order
    they happened, then ``finish()`` for the hand's conclusion. `counts` are 42 kind counts
    (``kinds.parse_counts``); flags go to `on_flag` the moment they are raised."""

    def __init__(self, rule_set, start: HandStart, profile: str | None = None, flag_prefix: str = "F",
                 on_flag=None, window_s: float = 0.0):
        """`window_s`: how long after a meld area's report its zone may still be re-read
        whole (0 in scenarios, whose bound is two events; a scan period on a table)."""
        super().__init__(rule_set, play_rules(rule_set), start, profile, flag_prefix, on_flag, window_s=window_s)
        self.dealt: set[str] = set()
        self.unseen_draw: tuple[int, int | None, int] | None = None
        """(seat, kind, index in ``moves``) of the last draw worked out unseen from a discard
        (``_discard_seen``), for ``_draw_never_made``."""
        self.held_back: tuple[int, int, float] | None = None
        """(seat, kind, time) of a tile a hand gained that only a discard the pond has not
        reported yet would make a draw in turn: on a table, kept until the pond reports or
        ``window_s`` passes (``_hold_back``)."""
        self.releasing = False
        """The tile held back is being taken now: it is not held back again."""

    # --- events -------------------------------------------------------------------------

    def report(self, zone: str, counts: tuple, t: float | None = None) -> None:
        area, seat = zone_of(zone)
        self._event(t)
        if area != "pond":
            self._release()
        self._expire(zone)
        wins.resolve(self)
        if zone in self.reports:
            self.earlier[zone] = self.reports[zone]
        self.reports[zone] = counts
        if len(self.dealt) < len(ZONES):
            self._deal(zone, area, seat, counts)
        elif not self.over:
            if area == "hand":
                self._hand(seat, counts)
            elif area == "melds":
                self._melds(seat, counts)
            else:
                self._pond_read(counts)
                self._pond(counts)
                self._release()

    def button(self, seat: int, button: str, t: float | None = None, suit_letter: str | None = None) -> None:
        if seat not in range(SEATS):
            raise ValueError(f"button seat must be 0-3, got {seat!r}")
        self._event(t)
        self._release()
        for pending in list(self.pending):
            self._settle(pending)
        if button != "win":
            wins.resolve(self)
        if self.over or self.seats[seat].out:
            return
        if button == "win":
            wins.declared(self, seat)
            self.claims_t = self.t
        elif self.play.riichi is not None and button == self.play.riichi:
            self._riichi(seat)
        elif button == "void" or button.startswith("void_"):
            self._void(seat, suit_letter if button == "void" else button[5:])

    def settle_due(self, t: float) -> None:
        """Time alone has passed (no event): settle the meld areas whose window closed, and
        judge the wins declared on a tile once its claim window closed (the flag of one that
        does not stand is shown then, not whenever the next move comes)."""
        super().settle_due(t)
        if self.held_back is not None and self.t - self.held_back[2] >= self.window_s:
            self._release()
        if self.pending_wins and self.t - self.claims_t >= self.window_s:
            wins.resolve(self)

    def finish(self, discards: bool = True) -> dict:
        """The hand's conclusion: flags, wins, end, ready, flower pigs, moves and (with
        `discards`) each discard's picture of every zone."""
        self._release()
        for pending in list(self.pending):
            self._settle(pending)
        wins.resolve(self)
        if not self.flags:
            self._short_hands()
        return ending.conclude(self, discards)

    def _short_hands(self) -> None:
        """At the end every zone's last report is whole (a report that missed a tile is
        followed by a whole one within two events; a scenario ends with all nine): a seat in
        play whose hand holds fewer tiles than the rules allow discarded without drawing, or
        put too many tiles in a meld (少张). A flower still standing in the hand counts, as it
        does for a count too high (``_full``)."""
        if not any(map(sum, self.reports.values())):
            return  # no tile ever showed: no hand was dealt to judge
        for s in self.seats:
            report = self.reports.get(f"hand.{s.index}")
            if s.out or s.dead or s.index == self.holder or self.replacing and self.replacing[0] == s.index:
                continue  # a turn under way (a flower on the last tile is laid aside unreplaced)
            if report is not None and sum(report) < self.legal_count(s.index):
                self._wrong_count(s.index, report, "fewer tiles than the rules allow")

    def _event(self, t: float | None) -> None:
        self.index += 1
        if t is not None:
            self.t = t

    # --- the deal -----------------------------------------------------------------------

    def _deal(self, zone: str, area: str, seat: int | None, counts: tuple) -> None:
        """The first report of each zone is the deal (flowers already set aside); a zone
        reported twice meanwhile is read as the union, since a report only misses tiles."""
        self.dealt.add(zone)
        if area == "pond":
            self.pond = [max(a, b) for a, b in zip(self.pond, counts)]
            return
        s = self.seats[seat]
        if area == "hand":
            s.hand = [max(a, b) for a, b in zip(s.hand, counts)]
        else:
            s.zone_melds = [max(a, b) for a, b in zip(s.zone_melds, counts)]
            s.flowers = [kind for kind in range(FLOWER, N) for _ in range(s.zone_melds[kind])]
        s.drawn_by = "deal"

    # --- hands --------------------------------------------------------------------------

    def _hand(self, seat: int, counts: tuple) -> None:
        s = self.seats[seat]
        if s.out:
            return
        gained = positive(counts, s.hand)
        while gained:  # the tile the wall says comes next first: one report may show two draws
            expected = (self.wall.next_draw(), self.wall.next_replacement())
            if self.replacing and self.replacing[0] == seat:
                expected = expected[::-1]
            # the seat's own next tile first when both are there (a flower drawn and a tile
            # after it that the front and the tail both hold: the flower was never set aside)
            kind = next((k for k in expected if k in gained), gained[0])
            gained.remove(kind)
            self._hand_gain(seat, kind)
        self._count(seat, counts)

    def _count(self, seat: int, counts: tuple) -> None:
        """A hand holding more than the rules allow is one too many (a tile held back for the
        pond's report is not counted yet)."""
        held_back = self.held_back is not None and self.held_back[0] == seat
        if sum(counts[:34]) > self.legal_count(seat) + held_back:
            self._wrong_count(seat, counts, "more tiles than the rules allow")

    def _wrong_count(self, seat: int, counts: tuple, why: str) -> None:
        """相公, flagged once per seat and hand."""
        s = self.seats[seat]
        if s.count_flagged:
            return
        s.count_flagged = True
        self.flag(seat, "wrong_count", {"hand": format_counts(counts), "held": sum(counts[:34]),
                                        "expected": self.legal_count(seat), "why": why,
                                        "drawn": [m["tile"] for m in self.moves[-3:]
                                                  if m["seat"] == seat and m["move"] == "draw"]})

    def _full(self, seat: int) -> bool:
        """Whether the seat holds every tile it should now, a flower still standing counted."""
        s = self.seats[seat]
        return s.held() + sum(s.hand[FLOWER:]) >= self.legal_count(seat)

    def _hand_gain(self, seat: int, kind: int) -> None:
        """A tile appeared in a hand: a draw, a replacement, or a tile too many."""
        s, wall = self.seats[seat], self.wall
        self.pond_doubt = False
        if self._flower_never_aside(seat, kind):
            return
        self._call_hint(seat)
        if s.unknown:  # a tile drawn unseen (the wall map had no name for it) shows up
            s.unknown -= 1
            s.hand[kind] += 1
            s.drawn = kind if s.drawn is None else s.drawn
        elif self.replacing and self.replacing[0] == seat and fits(kind, wall.next_replacement()):
            self.replacement(seat, kind)
        elif seat in self.pending and fits(kind, wall.next_replacement()) and self._kong_hint(seat):
            self._hand_gain(seat, kind)
        elif self.due == seat and self.holder is None and fits(kind, wall.next_draw()):
            self.draw(seat, kind)
        elif self.holder == seat and fits(kind, wall.next_replacement()) and self._own_move_unseen(seat):
            self._hand_gain(seat, kind)
        elif (fits(kind, wall.next_draw()) and self._next_after_unseen_discard(seat)
              or self._next_after_unseen_replacement(seat, kind)):
            self.draw(seat, kind)
        elif fits(kind, wall.next_draw(after=1)) and self._unseen_turn(seat):
            self.draw(seat, kind)
        elif self._unseen_flowers(seat, kind):
            self.replacement(seat, kind)
        elif self.due == seat and self.holder is None and self._drawn_then_own_move(seat, kind):
            self._hand_gain(seat, kind)
        elif self._replaced_then_own_move(seat, kind):
            self._hand_gain(seat, kind)
        elif (short := self._short_before(seat, kind)) is not None:
            self.draw(seat, kind)
            self._wrong_count(short, self.reports[f"hand.{short}"], "discarded without drawing")
        elif fits(kind, wall.next_draw()) and (is_flower(kind) or self._full(seat)):
            if not self._hold_back(seat, kind):
                self.draw(seat, kind, in_turn=False)
                self._wrong_count(seat, self.reports[f"hand.{seat}"], "drew a tile when it was not its draw")
        elif self.due == seat and self.holder is None and kind == wall.next_draw(after=1) and self._full(seat):
            self.draw(seat)  # its draw, which this report missed, and the tile after it too
            self.draw(seat, kind, in_turn=False)
            self._wrong_count(seat, self.reports[f"hand.{seat}"], "took two tiles at its draw")
        else:
            s.hand[kind] += 1  # there all along: an earlier report (the deal's, say) missed it

    def _hold_back(self, seat: int, kind: int) -> bool:
        """On a table (``window_s``), a tile that would be one too many unless the seat before
        discarded unseen, when only the pond's report of that discard is wanting
        (``pond_doubt``): the readers report zone by zone, so that report may still come.
        Kept back (one at a time) until the next event or ``window_s``."""
        if not (self.window_s and self.pond_doubt) or self.held_back is not None or self.releasing:
            return False
        self.held_back = (seat, kind, self.t)
        return True

    def _release(self) -> None:
        """Take the tile held back as the evidence now stands (a pond report just taken, or
        none): a draw in turn after the discard the pond showed, or one too many."""
        if self.held_back is None:
            return
        (seat, kind, _), self.held_back = self.held_back, None
        self.releasing = True
        try:
            if not self.seats[seat].out and not self.over:
                self._hand_gain(seat, kind)
                self._count(seat, self.reports[f"hand.{seat}"])
        finally:
            self.releasing = False

    # --- the pond -----------------------------------------------------------------------

    def _pond_read(self, counts: tuple) -> None:
        """Count the pond's report, and keep what tells whether it is complete
        (``_pond_whole``)."""
        self.pond_reports += 1
        self.pond_read = (self.earlier["pond"], counts, tuple(self.pond))

    def _pond(self, counts: tuple) -> None:
        """Each tile new in the pond is a discard. Two at once (the report before missed the
        first): the holder's is the one its hand shows gone, else one it holds (a seat that
        called and discarded a tile of the claimed kind leaves the pond's count of that kind
        as it was, so the next discard can show before it)."""
        gained = positive(counts, self.pond)
        if len(gained) > 1 and self.holder is not None:
            gone, held = self._loss(self.holder), self.seats[self.holder].hand
            gained.sort(key=lambda kind: (not gone[kind], not held[kind]))
        for kind in gained:
            self._discard_seen(kind)

    def _discard_seen(self, kind: int) -> None:
        """A tile appeared in the pond: the discard of the seat whose turn it is."""
        if self.awaiting is not None:
            self._late_discard(kind)
            return
        for seat in list(self.pending):
            self._settle(seat)
        if self.holder is None and self.replacing is not None:
            self.replacement(self.replacing[0])  # the replacement went unseen
        elif self.holder is None and self.due is not None and not self.wall.empty:
            self.draw(self.due)  # the draw went unseen
            self.unseen_draw = (self.holder, self.seats[self.holder].drawn, len(self.moves) - 1)
        if self.holder is None:
            self.pond[kind] += 1
            return
        self.discard(self.holder, kind)

    def _late_discard(self, kind: int) -> None:
        """The discard the next seat's draw implied, now that the pond names it."""
        (seat, at), self.awaiting = self.awaiting, None
        turn = (self.holder, self.due, self.replacing, self.robbable)
        self.discard(seat, kind)
        self.holder, self.due, self.replacing, self.robbable = turn
        self.open_discard = False
        self.moves.insert(at, self.moves.pop())

    # --- declarations -------------------------------------------------------------------

    def _riichi(self, seat: int) -> None:
        s = self.seats[seat]
        if s.riichi_at is None and not s.riichi_pending:
            s.riichi_pending = True
            self.record(seat, self.play.riichi)

    def _void(self, seat: int, letter: str | None) -> None:
        if not self.play.void_suit:
            return
        if letter not in tuple(SUITS):
            raise ValueError(f"a void declaration names suit m, p or s, got {letter!r}")
        s = self.seats[seat]
        if s.void is None:
            s.void = SUITS.index(letter)
            self.record(seat, "void", suit=letter)
