"""Moves the zone reports did not show, worked out from the moves that followed them.

A missed read can hide a move's own evidence until after the next move: a drawn tile
discarded at once may never appear in the hand, a discard may be claimed before the pond
is read again, a meld area may miss the kong whose replacement is already in the hand, a
replacement discarded at once may be claimed, or the next seat draw, before the pond
shows it, and a replacement may go into a kong before the hand shows it. Each inference
here is made only when a later move cannot be explained otherwise, and only from what the
hands show gone; a discard, only where the pond's reports leave room for one
(``_pond_may_hide``).
"""

from firmware.referee.calls import claimed_set, could_complete
from firmware.referee.kinds import FLOWER, N, format_kinds, is_flower, name
from firmware.referee.table import Table
from firmware.rules.tiles import suit

SUITS = "mps"


def fits(kind: int, expected) -> bool:
    """A tile seen where the wall says `expected` (None: the wall map could not name it)."""
    return expected is None or kind == expected


class Unseen(Table):
    """The inferences (see the module docstring); ``reports`` holds each zone's latest report."""

    def _loss(self, seat: int) -> list[int]:
        """What the seat's latest hand report lacks against the model, per kind."""
        report = self.reports.get(f"hand.{seat}")
        hand = self.seats[seat].hand
        return [0] * N if report is None else [max(0, hand[k] - report[k]) for k in range(N)]

    def _short_before(self, seat: int, kind: int) -> int | None:
        """The seat before `seat` that discarded without drawing, shown by `seat` taking the
        tile it should have drawn (its draw worked out unseen: ``_draw_never_made``; or its
        discard not yet in a pond report: ``_undrawn_discard``); None if none did."""
        if self.due == seat and self.holder is None:
            return self._draw_never_made(seat, kind)
        return self._undrawn_discard(seat) if fits(kind, self.wall.next_draw()) else None

    def _draw_never_made(self, seat: int, kind: int) -> int | None:
        """`seat`, due to draw, shows the tile the seat before it was worked out to have drawn
        unseen just before its discard (``unseen_draw``), and that seat's hand report still
        lacks it, holding too few: that seat discarded without drawing. Its draw is taken
        back (so the tile is this seat's draw in turn) and the seat is returned; None when
        that is not what happened."""
        if self.unseen_draw is None or self.awaiting is not None:
            return None
        before, drawn, at = self.unseen_draw
        report = self.reports.get(f"hand.{before}")
        after = [(m["seat"], m["move"]) for m in self.moves[at:]]
        if (drawn != kind or self.next_in_play(before) != seat or report is None
                or after != [(before, "draw"), (before, "discard")]
                or not self._loss(before)[kind] or sum(report) >= self.legal_count(before)):
            return None
        self.unseen_draw = None
        self.wall.undraw()
        s = self.seats[before]
        s.hand[kind] -= 1
        s.draws -= 1
        s.drawn = None
        del self.moves[at]
        who, discarded, zones = self.discard_log[-1]
        hand = list(zones[before])
        hand[kind] -= 1
        self.discard_log[-1] = (who, discarded, (*zones[:before], tuple(hand), *zones[before + 1:]))
        return before

    def _undrawn_discard(self, seat: int) -> int | None:
        """`seat` shows the next wall tile while the seat due to draw shows one tile gone and
        too few left, and the pond's reports leave room for that tile (a report may have missed
        it): the due seat discarded without drawing and `seat` draws in turn. The discard is
        made now and the due seat returned; None when that is not what happened (a seat that
        takes the tile before the due seat moved at all is the one out of turn)."""
        due = self.due
        if due in (None, seat) or self.holder is not None or seat != self.next_in_play(due):
            return None
        report, gone = self.reports.get(f"hand.{due}"), self._gone_after(due, None)
        if (report is None or len(gone) != 1 or sum(self._loss(due)) != 1
                or sum(report) >= self.legal_count(due) or not self._pond_may_hide(gone, claimed=False)):
            return None
        self.discard(due, gone[0])
        return due

    def _own_move_unseen(self, seat: int) -> bool:
        """The holder's hand shows a flower or a kong gone whose meld report missed it: make
        that move now (its replacement is what just appeared)."""
        move = self._move_gone(seat, self.seats[seat].hand)
        if move is None:
            return False
        kind, how = move
        if how == "flower":
            self.set_aside(seat, kind)
        else:
            self._own_kong(seat, kind, added=how == "added")
        return True

    def _move_gone(self, seat: int, hand) -> tuple[int, str] | None:
        """(kind, "flower" | "concealed" | "added") that `hand` has and the seat's latest
        hand report lacks: a flower laid aside or a kong made; None if none is. Of two kongs
        that could be, the one whose tiles the report before it lacked too: a zone missed by
        one read is read whole within the next two, so tiles gone from both are gone."""
        report, s = self.reports.get(f"hand.{seat}"), self.seats[seat]
        if report is None:
            return None
        loss = [max(0, hand[k] - report[k]) for k in range(N)]
        flower = next((k for k in range(FLOWER, N) if loss[k]), None)
        if flower is not None:
            return flower, "flower"
        kongs = [kind for kind in range(34) if loss[kind] == 4 or (loss[kind] and s.pon_of(kind) is not None)]
        if not kongs:
            return None
        earlier = self.earlier.get(f"hand.{seat}")
        kind = next((k for k in kongs if earlier is not None and earlier[k] < hand[k]), kongs[0])
        return kind, "concealed" if loss[kind] == 4 else "added"

    def _flower_never_aside(self, seat: int, kind: int) -> bool:
        """The flower `kind` shows in the seat's hand again just after it was worked out laid
        aside (``_own_move_unseen``: a hand report missed it, and the tile that came with it
        was taken for its replacement) and no meld report has shown it: it never left the
        hand, a flower being the only tile of its kind. The two moves are taken back, so the
        tile taken for the replacement comes in as what it was: a draw (one too many when
        the seat already holds the flower it drew). Only when they are the last moves, and
        the flower was the seat's draw."""
        moves, s = self.moves, self.seats[seat]
        if not is_flower(kind) or s.drawn is None or (self.reports.get(f"melds.{seat}") or [0] * N)[kind]:
            return False
        drew_it_and_laid_it_aside = [(seat, "draw", name(kind)), (seat, "flower", name(kind))]
        if [(m["seat"], m["move"], m["tile"]) for m in moves[-3:-1]] != drew_it_and_laid_it_aside \
                or (moves[-1]["seat"], moves[-1]["move"]) != (seat, "replacement"):
            return False
        taken = s.drawn
        del moves[-2:]
        self.wall.unreplace()
        s.hand[taken] -= 1
        s.flowers.remove(kind)
        s.zone_melds[kind] -= 1
        s.hand[kind] += 1
        s.drawn, s.drawn_by = kind, "wall"
        self._hand_gain(seat, taken)
        return True

    def _drawn_then_own_move(self, seat: int, kind: int) -> bool:
        """The due seat got `kind` as a replacement: it drew, then laid a flower aside or made
        a kong, none of which showed."""
        wall, drawn = self.wall, self.wall.next_draw()
        after = wall.next_draw(after=1) if wall.replacement_from == "front" else wall.next_replacement()
        if drawn is None or drawn < 0 or not fits(kind, after):
            return False
        hand = list(self.seats[seat].hand)
        hand[drawn] += 1
        if self._move_gone(seat, hand) is None:
            return False
        self.draw(seat)
        return self._own_move_unseen(seat)

    def _replaced_then_own_move(self, seat: int, kind: int) -> bool:
        """The seat owed a replacement got `kind`, the one after it: its replacement went
        into a kong (or a flower laid aside), none of which showed."""
        if self.replacing is None or self.replacing[0] != seat:
            return False
        owed = self.wall.next_replacement()
        if owed is None or owed < 0 or not fits(kind, self.wall.replacement_after(1)):
            return False
        hand = list(self.seats[seat].hand)
        hand[owed] += 1
        if self._move_gone(seat, hand) is None:
            return False
        self.replacement(seat)
        return self._own_move_unseen(seat)

    def _next_after_unseen_discard(self, seat: int) -> bool:
        """The next seat drew while the holder's discard is not yet in a pond report."""
        return self.holder is not None and seat == self.next_in_play(self.holder) and self._unseen_discard(seat)

    def _gone_after(self, seat: int, tile: int | None) -> list[int]:
        """The kinds the seat's latest hand report lacks once the wall tile `tile` (None or
        ``NO_TILE``: none known) is in its hand; none without a report."""
        report = self.reports.get(f"hand.{seat}")
        if report is None:
            return []
        hand = list(self.seats[seat].hand)
        if tile is not None and tile >= 0:
            hand[tile] += 1
        return [kind for kind in range(34) if hand[kind] > report[kind]]

    def _next_after_unseen_replacement(self, seat: int, kind: int) -> bool:
        """The next seat drew `kind` while a replacement is owed and none shows (see
        ``_unseen_replacement``)."""
        if self.replacing is None or seat != self.next_in_play(self.replacing[0]):
            return False
        wall = self.wall
        return fits(kind, wall.next_draw(after=1 if wall.replacement_from == "front" else 0)) \
            and self._unseen_replacement(seat)

    def _unseen_replacement(self, seat: int, meld: list | None = None) -> bool:
        """Another seat moved (the next one drew, or one called with the tiles `meld`) while
        the seat owed a replacement (after its kong or flower) shows none: it drew the
        replacement and discarded it at once, and the pond's report missed the discard. Made
        when its hand, the replacement added, shows a tile gone."""
        if self.replacing is None or self.replacing[0] == seat:
            return False
        owed = self.replacing[0]
        if not self._gone_after(owed, self.wall.next_replacement()):
            return False
        self.replacement(owed)
        return self._unseen_discard(seat, meld)

    def _unseen_flowers(self, seat: int, kind: int) -> bool:
        """`kind` is a replacement owed for flowers the seat drew and laid aside unseen: make
        those moves (the meld area's next report shows the flowers)."""
        if self.due == seat and self.holder is None:
            chain = [self.wall.next_draw()]
        elif self.replacing is not None and self.replacing[0] == seat:
            chain = []
        else:
            return False
        chain += [self.wall.replacement_after(later) for later in range(4)]
        ends = next((at for at, tile in enumerate(chain) if tile is None or not is_flower(tile)), None)
        if not ends or not fits(kind, chain[ends]):
            return False
        for at, flower in enumerate(chain[:ends]):
            if at == 0 and self.due == seat and self.holder is None:
                self.draw(seat, flower)
            else:
                self.replacement(seat, flower)
            self.set_aside(seat, flower)
        return True

    def _unseen_turn(self, seat: int, meld: list | None = None) -> bool:
        """`seat` drew the tile after the due seat's, or called (with the tiles `meld`) a tile
        nobody was seen to discard: the due seat drew and discarded with neither showing (a
        drawn tile discarded at once may never be seen)."""
        due = self.due
        if due in (None, seat) or self.holder is not None or (meld is None and seat != self.next_in_play(due)):
            return False
        gone = self._gone_after(due, self.wall.next_draw())
        if not gone or (meld is not None and not any(self._could_claim(meld, k) for k in gone)):
            return False
        if not self._pond_may_hide(gone, claimed=meld is not None):
            return False
        self.draw(due)
        return self._unseen_discard(seat, meld)

    def _unseen_discard(self, seat: int, meld: list | None = None) -> bool:
        """Another seat moved (it drew, or called with the tiles `meld`) while the holder's
        discard has not appeared in the pond: if the holder's hand shows a tile gone, it
        discarded. The tile is the one gone if only one is; else the one the call can use;
        else the pond's next report names it."""
        holder = self.holder
        if holder is None or holder == seat:
            return False
        loss = [k for k in range(34) for _ in range(self._loss(holder)[k])]
        if not loss or self.seats[holder].held() - len(loss) >= self.legal_count(holder):
            return False
        if not self._pond_may_hide(loss, claimed=meld is not None):
            return False
        usable = [k for k in dict.fromkeys(loss) if meld is not None and self._could_claim(meld, k)]
        if usable or len(loss) == 1:
            self.discard(holder, (usable or loss)[0])
        else:
            self.awaiting = (holder, len(self.moves))
            self.holder, self.due, self.open_discard = None, self.next_in_play(holder), False
        return True

    def _pond_may_hide(self, kinds: list[int], claimed: bool) -> bool:
        """Whether the pond can hold a discard of one of ``kinds`` made since the last discard
        taken (``claimed``: and taken from it by a call since). A discard changes the pond, and
        the pond reports it before the next move shows: with no report since, none was made.
        One was when the latest report shows one of ``kinds`` beyond the pond as taken (a move
        before it was taken after it). When that report is known complete (``_pond_whole``) and
        lacks them, the tile is not there: none was made, unless a call took it away again."""
        if self.pond_reports > self.pond_reports_at_discard:
            report = self.reports["pond"]
            if claimed or not self._pond_whole() or any(report[k] > self.pond[k] for k in kinds):
                return True
        self.pond_doubt = not claimed
        return False

    def _pond_whole(self) -> bool:
        """Whether the latest pond report re-read a tile (one the report before it lacked and
        the pond already held): after a report that misses tiles the zone's next is complete,
        so this one shows the whole pond."""
        if self.pond_read is None:
            return False  # no pond report since the deal's
        before, report, pond = self.pond_read
        return any(b < c <= p for b, c, p in zip(before, report, pond))

    @staticmethod
    def _could_claim(meld: list, kind: int) -> bool:
        tiles = [0] * 34
        for tile in meld:
            tiles[tile] += 1
        tiles[kind] = max(1, tiles[kind])
        return claimed_set(tiles, kind) is not None or could_complete(tiles, kind)

    def _could_call(self, seat: int, meld: list, kind: int) -> bool:
        """Whether the tiles `meld` a seat's meld area gained could be its call on `kind`: a
        set the rule set calls on `kind` could hold them, and its hand held them (the claimed
        tile aside). A seat that held no 1s did not chow a 3s with 1s 2s, nor, without chi, an
        8p pung a 9p: that tile was a discard nobody saw."""
        if not self._could_claim(meld, kind) or ("chi" not in self.rule_set.calls and set(meld) != {kind}):
            return False
        need = [0] * 34
        for tile in meld:
            need[tile] += 1
        need[kind] = max(0, need[kind] - 1)
        s = self.seats[seat]
        return sum(max(0, n - s.hand[k]) for k, n in enumerate(need)) <= s.unknown

    def _own_kong_after_draw(self, seat: int, tiles: list[int]) -> bool:
        """Whether the due seat's meld tiles are a kong of its own once it has drawn, rather
        than a call on the last discard (whose tile they do not hold). A kong leaves none of
        its kind standing, so when the hand's report (which comes before its meld area's)
        still shows one and the tiles could go with the discard, they are a call whose meld
        report missed tiles (a seat holding four 6p chows 6p 8p on a 7p); so are they when
        the report lacks, beside that kind, a tile that goes with them and the discard, and
        the seat held that kind (a seat with a pung of 3p and a 3p chows 1p 3p on a 2p; one
        that held no 3p made the kong with its draw)."""
        discard = self.last_discard if self.open_discard else None
        if discard is not None and discard.kind in tiles:
            return False
        kinds = set(tiles)
        if len(kinds) != 1:
            return False
        kind = kinds.pop()
        held = self.seats[seat].hand[kind] + (self.wall.next_draw() == kind)
        if not (held == 4 or (held >= 1 and self.seats[seat].pon_of(kind) is not None)):
            return False
        report = self.reports.get(f"hand.{seat}")
        if discard is None or report is None:
            return True
        if report[kind]:
            return not self._could_claim(tiles, discard.kind)
        if not self.seats[seat].hand[kind]:
            return True  # the kong's tile can only be the draw: no call holds it
        loss = self._loss(seat)
        return not any(self._could_claim([*tiles, other], discard.kind)
                       for other in range(34) if other != kind and loss[other])

    def _own_kong(self, seat: int, kind: int, added: bool) -> None:
        """A kong of the seat's own tiles. One whose tile the hand lacks, made while the seat
        is owed a replacement of that kind, was made with the replacement, drawn unseen (a
        flower's replacement that matches a pung goes straight to it)."""
        if self.replacing is not None and self.replacing[0] == seat \
                and self.seats[seat].hand[kind] < (1 if added else 4) and fits(kind, self.wall.next_replacement()):
            self.replacement(seat)
        self.self_kong(seat, kind, added)
        s = self.seats[seat]
        if self.play.void_suit and s.void is not None and suit(kind) == s.void:
            self.flag(seat, "void_suit", {"tiles": format_kinds((kind,) * 4),
                                          "why": f"a kong of the declared void suit {SUITS[s.void]}"})
