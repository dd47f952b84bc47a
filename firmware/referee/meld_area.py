"""Meld areas: what the tiles gained there make, once they surely make it.

A meld area that gained tiles is read together with the hand they left: a set on the
claimed discard (chi, pon, melded kong), a kong of one's own, a flower laid aside — or
tiles that no set could hold, a wrong call, flagged at once. Tiles that may yet grow into a
set wait until the meld area can no longer be re-read whole (two events on, and on a table
its reader's next scan), or until the hand shows how many left it.
"""

from firmware.referee.calls import KONG, RUN, SAME, call_guess, claimed_set, could_complete, kinds_of
from firmware.referee.kinds import format_kinds, is_flower, name
from firmware.referee.start import SEATS
from firmware.referee.table import Discard, positive
from firmware.referee.unseen import Unseen, fits
from firmware.rules.tiles import suit

SUITS = "mps"


class PendingMeld:
    """Tiles a meld area gained that do not yet surely make (or surely not make) a move."""

    __slots__ = ("tiles", "updated", "updated_t", "claim", "flagged")

    def __init__(self, claim: Discard | None, updated: int, updated_t: float):
        self.tiles, self.claim, self.flagged = [0] * 34, claim, False
        self.updated, self.updated_t = updated, updated_t


class MeldArea(Unseen):
    """Reads meld-area reports (see the module docstring); ``pending`` holds, per seat, the
    tiles gained that do not yet surely make a move; ``window_s`` is how long after a meld
    area's report its zone may still be re-read whole (0 in scenarios, whose bound is two
    events; a scan period on a table)."""

    def __init__(self, *args, window_s: float = 0.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.pending: dict[int, PendingMeld] = {}
        self.window_s = window_s

    def _melds(self, seat: int, counts: tuple) -> None:
        s = self.seats[seat]
        if s.out:
            return
        pending = self.pending.get(seat)
        seen = s.zone_melds if pending is None else [a + b for a, b in zip(s.zone_melds, pending.tiles + [0] * 8)]
        gained = positive(counts, seen)
        for kind in gained:
            if is_flower(kind):
                self._flower_seen(seat, kind)
        rest = [kind for kind in gained if not is_flower(kind)]
        if not rest:
            return
        if pending is None:
            if self.holder not in (None, seat):
                self._unseen_discard(seat, rest)
            elif self._unseen_replacement(seat, rest):
                pass  # the replacement owed was discarded at once, unseen, and this is a call on it
            elif self.due == seat and self.holder is None and self._own_kong_after_draw(seat, rest):
                self.draw(seat)  # the draw went unseen: the kong is of its own tiles
            elif self.holder is None and not (self.open_discard and self.last_discard.seat != seat
                                              and self._could_call(seat, rest, self.last_discard.kind)):
                self._unseen_turn(seat, rest)  # a seat never calls its own discard
            claim = self.last_discard if (self.open_discard and self.holder is None
                                          and self.last_discard.seat != seat) else None
            pending = self.pending[seat] = PendingMeld(claim, self.index, self.t)
        for kind in rest:
            pending.tiles[kind] += 1
        pending.updated, pending.updated_t = self.index, self.t
        if pending.claim is not None and not pending.flagged:
            self._claimed_unseen(seat, pending)
        if self._complete(seat, pending):
            self._settle(seat)
        elif pending.claim is not None and not pending.flagged and self._no_set(pending):
            pending.flagged = True  # flagged now; tiles still to be read join the same meld
            self._wrong_call(seat, pending.tiles, pending.claim)

    def _own_kong(self, seat: int, kind: int, added: bool) -> None:
        """A kong made from the hand's report (``Unseen._own_move_unseen``) takes up the tiles
        of its kind its meld area showed first, waiting for the rest."""
        pending = self.pending.get(seat)
        if pending is not None and pending.claim is None and kinds_of(pending.tiles) == [kind]:
            del self.pending[seat]
        super()._own_kong(seat, kind, added)

    def _claimed_unseen(self, seat: int, pending: PendingMeld) -> None:
        """The tiles gained, read further, cannot be a call on the discard they seemed to
        claim (a 3s went with the 4s of the first read, not with 4s 5s 6s; a 1s with 2s 3s
        the hand never held), or that discard still lies in the pond (``_called_elsewhere``):
        if the due seat drew and discarded, unseen, a tile they can be a call on, that tile
        is the one claimed."""
        claim, tiles = pending.claim, [kind for kind in range(34) for _ in range(pending.tiles[kind])]
        if claim is not self.last_discard or not self.open_discard or (
                self._could_call(seat, tiles, claim.kind) and not self._called_elsewhere(seat, tiles, claim)):
            return
        if self._unseen_turn(seat, tiles) and self.last_discard is not claim:
            pending.claim = self.last_discard

    def _called_elsewhere(self, seat: int, tiles: list, claim: Discard) -> bool:
        """A chi of the open discard by a seat its discarder does not sit before, while the
        pond's latest report still shows every copy of its kind the pond holds: a report may
        miss a tile but never shows one that is not there, so the tile called is another one
        (the due seat's draw, discarded at once with neither read: ``_unseen_turn``)."""
        if set(tiles) <= {claim.kind} or (claim.seat + 1) % SEATS == seat:
            return False
        report = self.reports.get("pond")
        return report is not None and report[claim.kind] >= self.pond[claim.kind]

    def _flower_seen(self, seat: int, flower: int) -> None:
        """A flower laid aside (a draw or replacement that brought it unseen comes first), or
        one laid aside before whose earlier read went missing."""
        s = self.seats[seat]
        if self.due == seat and self.holder is None and fits(flower, self.wall.next_draw()):
            self.draw(seat, flower)
        elif self.replacing and self.replacing[0] == seat and fits(flower, self.wall.next_replacement()):
            self.replacement(seat, flower)
        if s.hand[flower] or s.unknown:
            self.set_aside(seat, flower)
        else:
            s.zone_melds[flower] += 1
            s.flowers.append(flower)

    def _complete(self, seat: int, pending: PendingMeld) -> bool:
        """Whether the tiles gained so far surely make the move they make (or surely none)."""
        tiles, claim = pending.tiles, pending.claim
        kinds = kinds_of(tiles)
        if claim is not None and tiles[claim.kind]:
            if not could_complete(tiles, claim.kind):
                return claimed_set(tiles, claim.kind) is not None
            if claimed_set(tiles, claim.kind) is None:
                return False
            # a set that a fourth tile could still turn into a kong: the hand tells
            return self._loss(seat)[claim.kind] < 3
        if claim is not None:
            return False
        if len(kinds) == 1 and (sum(tiles) == 4 or self.seats[seat].pon_of(kinds[0]) is not None):
            return True
        return not (len(kinds) == 1 and self._may_hold_four(seat, kinds[0]))

    def _may_hold_four(self, seat: int, kind: int) -> bool:
        """Whether the seat holds four of `kind`, the tile it is owed (its replacement, or the
        draw that is its due) counted: its meld area may yet show a concealed kong whole."""
        held = self.seats[seat].hand[kind]
        if self.replacing is not None and self.replacing[0] == seat:
            held += self.wall.next_replacement() == kind
        elif self.due == seat and self.holder is None:
            held += self.wall.next_draw() == kind
        return held >= 4

    @staticmethod
    def _no_set(pending: PendingMeld) -> bool:
        """No set on the claimed tile can hold the tiles gained, whatever is still to be read."""
        tiles = list(pending.tiles)
        tiles[pending.claim.kind] = max(1, tiles[pending.claim.kind])
        return claimed_set(tiles, pending.claim.kind) is None and not could_complete(tiles, pending.claim.kind)

    def _kong_hint(self, seat: int) -> bool:
        """A replacement-like tile reached a seat whose meld looks one short of a kong: if the
        hand shows the kong's tiles gone, the meld report missed one; settle it as the kong."""
        pending = self.pending[seat]
        kinds = kinds_of(pending.tiles)
        if len(kinds) != 1:
            return False
        kind = kinds[0]
        from_hand = 3 if pending.claim is not None and pending.claim.kind == kind else 4
        if self._loss(seat)[kind] < from_hand:
            return False
        pending.tiles[kind] = 4
        self._settle(seat)
        return True

    def _call_hint(self, seat: int) -> None:
        """The seat whose meld area shows part of a call on the open discard takes a tile
        before that area is read whole: when the tiles its hand shows gone and the claimed
        tile make a chi or a pon holding what the area showed, the meld report missed the
        rest; the call is settled first (a caller discards next, so the tile is one too many)."""
        pending = self.pending.get(seat)
        if pending is None or pending.claim is not self.last_discard or not self.open_discard:
            return
        if pending.flagged:  # a wrong call, flagged when shown: it is the move made
            self._settle(seat)
            return
        tiles = self._loss(seat)[:34]
        tiles[pending.claim.kind] += 1
        if claimed_set(tiles, pending.claim.kind) in (RUN, SAME) and all(
                have <= whole for have, whole in zip(pending.tiles, tiles)):
            pending.tiles = tiles
            self._settle(seat)

    def _settled(self, pending: PendingMeld) -> bool:
        """Whether a meld area's last report can no longer be completed: two events on (the
        spec's bound), and ``window_s`` after it (the readers' next scan, on a table)."""
        return self.index - pending.updated >= 2 and self.t - pending.updated_t >= self.window_s

    def settle_due(self, t: float) -> None:
        """Time alone has passed (no event): settle what its window has closed on."""
        self.t = max(self.t, t)
        for seat, pending in list(self.pending.items()):
            if self.t - pending.updated_t >= self.window_s:
                self._settle(seat)

    def _expire(self, zone: str) -> None:
        """Two events on without a report of its zone, a meld area's report was complete."""
        for seat, pending in list(self.pending.items()):
            if zone != f"melds.{seat}" and self._settled(pending):
                self._settle(seat)

    def _settle(self, seat: int) -> None:
        pending = self.pending.pop(seat)
        tiles, claim = pending.tiles, pending.claim
        if claim is not None and (tiles[claim.kind] or pending.flagged) and claim is self.last_discard \
                and self.open_discard:
            self._settle_claim(seat, tiles, claim, pending.flagged)
            return
        if claim is not None and self.due == seat and self.holder is None:
            self.draw(seat)  # its draw went unseen: the meld is its own
        kinds = [kind for kind in range(34) for _ in range(tiles[kind])]
        s = self.seats[seat]
        if len(set(kinds)) == 1 and len(kinds) in (1, 4) and (len(kinds) == 4 or s.pon_of(kinds[0]) is not None):
            self._own_kong(seat, kinds[0], added=len(kinds) == 1)
            return
        self.misplaced(seat, kinds)
        self.flag(seat, "wrong_call", {"tiles": format_kinds(kinds), "claimed": None,
                                       "why": "tiles put in the meld area make no set"}, {"call": SAME})

    def _settle_claim(self, seat: int, tiles: list, claim: Discard, flagged: bool) -> None:
        if not tiles[claim.kind]:
            tiles = list(tiles)
            tiles[claim.kind] = 1  # the pond lost it to this meld: its read went missing
        kinds = tuple(kind for kind in range(34) for _ in range(tiles[kind]))
        kind = claimed_set(tiles, claim.kind)
        if kind is None:
            self.call(seat, call_guess(tiles, seat, claim.seat), kinds, claim)
            if not flagged:
                self._wrong_call(seat, tiles, claim)
            return
        self.call(seat, kind, kinds, claim)
        problem = self._call_problem(seat, kind, claim)
        if problem is not None:
            self.flag(seat, problem[0], {"claimed": name(claim.kind), "from": claim.seat,
                                         "tiles": format_kinds(kinds), "why": problem[1]}, {"call": kind})

    def _wrong_call(self, seat: int, tiles: list, claim: Discard) -> None:
        kinds = [kind for kind in range(34) for _ in range(tiles[kind])]
        if claim.kind not in kinds:
            kinds.append(claim.kind)
        self.flag(seat, "wrong_call", {"claimed": name(claim.kind), "from": claim.seat, "tiles": format_kinds(kinds),
                                       "why": "the claimed tile and the tiles shown make no set"},
                  {"call": call_guess(tiles, seat, claim.seat)})

    def _call_problem(self, seat: int, kind: str, claim: Discard) -> tuple[str, str] | None:
        """The offence a well-formed call still commits, if any (call_not_allowed, void_suit)."""
        s, calls = self.seats[seat], self.rule_set.calls
        name_of = {RUN: "chi", SAME: "pon", KONG: "kong"}[kind]
        forbidden = "call_not_allowed" if "call_not_allowed" in self.play.offences else "wrong_call"
        if name_of not in calls:
            return forbidden, f"this rule set has no {name_of}"
        if kind == RUN and (claim.seat + 1) % SEATS != seat:
            return forbidden, "a chi takes only the previous player's discard"
        if s.riichi_at is not None:
            return forbidden, "no chi, pon or melded kong after one's riichi"
        if self.play.void_suit and s.void is not None and suit(claim.kind) == s.void:
            return "void_suit", f"a {name_of} of the declared void suit {SUITS[s.void]}"
        return None
