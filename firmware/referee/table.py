"""The hand as the referee believes it stands, and the moves that change it.

Each move here is one the evidence (``referee.py``) has concluded: it updates the seats,
the wall and the pond, records itself in the move list (what the ledger and the judge's
replay read), keeps each discard's picture of every zone, and raises the flags a move
commits by itself (a riichi discard that leaves the hand not ready, a discarded flower).
Seats are 0-3 counter-clockwise; seat s + 1 plays after seat s.
"""

from dataclasses import dataclass, field
from typing import NamedTuple

from firmware.referee import pictures
from firmware.referee.kinds import N, format_counts, format_kinds, is_flower, name
from firmware.referee.start import SEATS, HandStart
from firmware.referee.wall import NO_TILE, Wall
from firmware.rules.play import PlayRules
from firmware.rules.shanten import waits

RELATIVE = {3: "left", 2: "opposite", 1: "right"}
"""Where a meld's tile came from, seen from its owner: (source - owner) mod 4."""
ZONES = tuple(f"hand.{s}" for s in range(SEATS)) + tuple(f"melds.{s}" for s in range(SEATS)) + ("pond",)


class Meld(NamedTuple):
    """A set in a seat's meld area: hand-record ``type``, its tiles, the called tile and the
    seat it came from (a kan_added keeps its pon's)."""

    type: str
    tiles: tuple[int, ...]
    called: int | None = None
    source: int | None = None

    def record(self, owner: int) -> dict:
        out = {"type": self.type, "tiles": format_kinds(self.tiles)}
        if self.type != "kan_closed":
            out |= {"called": name(self.called), "from": RELATIVE[(self.source - owner) % SEATS]}
        return out


@dataclass(eq=False)
class Seat:
    """One seat: its concealed tiles and meld area (counts of 42 kinds), melds, flowers and
    discards, and what the rules keep per player."""

    index: int
    hand: list = field(default_factory=lambda: [0] * N)
    zone_melds: list = field(default_factory=lambda: [0] * N)
    melds: list = field(default_factory=list)
    flowers: list = field(default_factory=list)
    discards: list = field(default_factory=list)
    unknown: int = 0
    """Drawn tiles the wall map could not name and no report has shown yet."""
    draws: int = 0
    drawn: int | None = None
    drawn_by: str | None = None
    """What gave the seat its last tile: "deal", "wall", "kong", "flower" or "call"."""
    passed: list = field(default_factory=list)
    """Others' discards since this seat's own last discard."""
    passed_after_riichi: list = field(default_factory=list)
    riichi_pending: bool = False
    riichi_at: int | None = None
    """Index in the pond order of the riichi discard."""
    double_riichi: bool = False
    ippatsu: bool = False
    void: int | None = None
    dead: bool = False
    out: bool = False
    count_flagged: bool = False
    misplaced: int = 0
    """Tiles put in the meld area that made no meld."""

    def concealed34(self) -> list:
        return self.hand[:34]

    def held(self) -> int:
        """Concealed tiles, flowers aside."""
        return sum(self.hand[:34]) + self.unknown

    def take(self, kind: int, n: int = 1) -> None:
        """Remove tiles from the hand; a tile never named comes out of the unknown ones."""
        have = min(self.hand[kind], n)
        self.hand[kind] -= have
        self.unknown = max(0, self.unknown - (n - have))

    def pon_of(self, kind: int) -> int | None:
        return next((i for i, meld in enumerate(self.melds) if meld.type == "pon" and meld.tiles[0] == kind), None)


class Discard(NamedTuple):
    seat: int
    kind: int
    index: int
    after_kong: bool
    last: bool
    """Made with the wall empty: the last discard of the hand."""


class Table:
    """The state of one hand and the moves that change it (see the module docstring)."""

    def __init__(self, rule_set, play: PlayRules, start: HandStart, profile: str | None = None,
                 flag_prefix: str = "F", on_flag=None):
        self.rule_set, self.play, self.start, self.profile = rule_set, play, start, profile
        self.seats = [Seat(s) for s in range(SEATS)]
        self.wall = Wall(start.wall, rule_set.replacement_from, start.dead_wall)
        self.pond = [0] * N
        self.pond_order: list[tuple[int, int]] = []
        self.holder: int | None = start.dealer
        """The seat that must discard (it drew, called, or was dealt fourteen)."""
        self.due: int | None = None
        """The seat that draws next."""
        self.replacing: tuple[int, str] | None = None
        """(seat, "kong" | "flower") owed a replacement draw."""
        self.last_discard: Discard | None = None
        self.open_discard = False
        """The last discard can still be claimed (nobody drew since)."""
        self.robbable: tuple[int, int, str] | None = None
        """(seat, kind, meld type) of a kong just declared, until its replacement is drawn."""
        self.calls = 0
        self.t = 0.0
        self.index = 0
        """Events taken so far."""
        self.reports: dict[str, tuple] = {}
        """Each zone's latest report, as sensed."""
        self.earlier: dict[str, tuple] = {}
        """Each zone's report before its latest."""
        self.awaiting: tuple[int, int] | None = None
        """(seat, move index) of a discard known only because the next seat drew."""
        self.pond_reports = 0
        """Pond reports taken so far (after the deal's)."""
        self.pond_reports_at_discard = -1
        """``pond_reports`` when the last discard was taken (-1 before the first: the table
        may fold the pond's reports until then into the deal's)."""
        self.pond_doubt = False
        """A discard made unseen was ruled out only for want of the pond's report of it."""
        self.pond_read: tuple[tuple, tuple, tuple] | None = None
        """The latest pond report: (the report before it, it, the pond as taken before it)."""
        self.pending_wins: list = []
        """Wins declared on one tile, each (its standing entry or None, the tile), until the next
        event or the claim window's end (``settle_due``)."""
        self.claims_t = 0.0
        """When the last win was declared."""
        self.moves: list[dict] = []
        self.flags: list[dict] = []
        self.discard_log: list[dict] = []
        self.wins: list[dict] = []
        self.won_by_wins = False
        self.over = False
        self._flag_prefix, self._on_flag = flag_prefix, on_flag

    # --- queries ------------------------------------------------------------------------

    def next_in_play(self, seat: int) -> int:
        for step in range(1, SEATS + 1):
            candidate = (seat + step) % SEATS
            if not self.seats[candidate].out:
                return candidate
        return seat

    def legal_count(self, seat: int) -> int:
        """Concealed tiles the seat should hold now, given the melds it made: 13, less each
        meld's tiles (a kong's fourth was replaced), one more while it must discard."""
        s = self.seats[seat]
        in_melds = sum(len(meld.tiles) - meld.type.startswith("kan") for meld in s.melds)
        return 13 - in_melds - s.misplaced + (self.holder == seat)

    def is_ready(self, counts34, n_melds: int) -> bool:
        """Whether a standing hand waits on a tile it does not already hold all four of."""
        try:
            found = waits(list(counts34), n_melds, self.play.ready_shapes, riichi=self.play.distinct_pairs)
        except ValueError:
            return False
        return any(counts34[kind] < 4 for kind in found)

    def zones(self) -> tuple[tuple, ...]:
        """Every zone's tiles as the referee believes them now, in ZONES order (counts)."""
        return (*(tuple(s.hand) for s in self.seats), *(tuple(s.zone_melds) for s in self.seats), tuple(self.pond))

    # --- record keeping -----------------------------------------------------------------

    def record(self, seat: int | None, move: str, tile: int | None = None, source: int | None = None,
               **extra) -> None:
        self.moves.append({"t": self.t, "seat": seat, "move": move,
                           "tile": None if tile is None or tile < 0 else name(tile), "from": source} | extra)

    def flag(self, seat: int, offence: str, evidence: dict, detail: dict | None = None) -> dict | None:
        """Raise `offence` against `seat` if the rule set has it; its penalty may kill the hand."""
        rule = self.play.offences.get(offence)
        if rule is None:
            return None
        penalty = rule.penalty(detail or {})
        flag = {"id": f"{self._flag_prefix}{len(self.flags) + 1}", "seat": seat, "offence": offence,
                "rule": rule.rule, "penalty": penalty, "evidence": evidence | {"t": self.t}}
        self.flags.append(flag)
        if penalty.get("dead_hand") or penalty.get("xianggong"):
            self.seats[seat].dead = True
        if self._on_flag is not None:
            self._on_flag(flag)
        return flag

    # --- moves --------------------------------------------------------------------------

    def draw(self, seat: int, seen: int | None = None, in_turn: bool = True) -> None:
        """`seat` draws the next wall tile (`seen`: the kind a report showed, if the wall map
        had none); a draw out of turn (`in_turn` False) leaves the turn where it was."""
        tile = self.wall.draw()
        self._receive(seat, seen if tile is None else tile, "wall", in_turn)
        self.record(seat, "draw", self.seats[seat].drawn)

    def replacement(self, seat: int, seen: int | None = None) -> None:
        """`seat` draws the replacement it is owed (after a kong or a flower)."""
        source = self.replacing[1] if self.replacing and self.replacing[0] == seat else "kong"
        tile = self.wall.replace()
        self.replacing, self.robbable = None, None
        self._receive(seat, seen if tile is None else tile, source)
        self.record(seat, "replacement", self.seats[seat].drawn)

    def _receive(self, seat: int, tile: int | None, source: str, in_turn: bool = True) -> None:
        s = self.seats[seat]
        if tile is None:
            s.unknown += 1
        else:
            s.hand[tile] += 1
        s.draws += source == "wall"
        s.drawn, s.drawn_by = tile, source
        if in_turn:
            self.holder, self.due, self.open_discard = seat, None, False

    def discard(self, seat: int, kind: int) -> None:
        s = self.seats[seat]
        s.take(kind)
        self.pond[kind] += 1
        self.pond_order.append((seat, kind))
        s.discards.append(kind)
        for other in self.seats:
            if other is not s:
                other.passed.append(kind)
                if other.riichi_at is not None:
                    other.passed_after_riichi.append(kind)
        s.passed = []
        if s.ippatsu and s.riichi_at is not None:
            s.ippatsu = False  # its next discard after riichi: the one go-around is over
        self.last_discard = Discard(seat, kind, len(self.pond_order) - 1, s.drawn_by == "kong", self.wall.empty)
        self.holder, self.due, self.open_discard, self.robbable = None, self.next_in_play(seat), True, None
        self.pond_reports_at_discard = self.pond_reports
        self.record(seat, "discard", kind)
        if s.riichi_pending:
            self._riichi_discard(s)
        if is_flower(kind):
            self.flag(seat, "flower_discarded", {"tile": name(kind)})
        self.discard_log.append((seat, kind, self.zones()))

    def _riichi_discard(self, s: Seat) -> None:
        s.riichi_pending = False
        s.riichi_at = len(self.pond_order) - 1
        s.ippatsu = True
        s.double_riichi = len(s.discards) == 1 and self.calls == 0
        if not self.is_ready(s.concealed34(), len(s.melds)):
            self.flag(s.index, "riichi_not_ready", {"hand": format_counts(s.concealed34()),
                                                    "melds": [m.record(s.index) for m in s.melds],
                                                    "discard": name(s.discards[-1])})

    def call(self, seat: int, meld_type: str, tiles: tuple[int, ...], claimed: Discard) -> None:
        """`seat` claims the last discard with `tiles` (the claimed one among them)."""
        s = self.seats[seat]
        for kind in tiles:
            s.zone_melds[kind] += 1
        used = list(tiles)
        used.remove(claimed.kind)
        for kind in used:
            s.take(kind)
        self.pond[claimed.kind] = max(0, self.pond[claimed.kind] - 1)
        s.melds.append(Meld(meld_type, tuple(sorted(tiles)), claimed.kind, claimed.seat))
        self._called(seat, kong=meld_type == "kan_open")
        move = {"chi": "chi", "pon": "pon", "kan_open": "kong_melded"}.get(meld_type, "call")
        self.record(seat, move, claimed.kind, claimed.seat, tiles=format_kinds(tiles))

    def self_kong(self, seat: int, kind: int, added: bool) -> None:
        s = self.seats[seat]
        if added:
            at = s.pon_of(kind)
            s.take(kind)
            s.melds[at] = Meld("kan_added", (kind,) * 4, kind, s.melds[at].source)
        else:
            s.take(kind, 4)
            s.melds.append(Meld("kan_closed", (kind,) * 4))
        s.zone_melds[kind] += 1 if added else 4
        self._called(seat, kong=True)
        self.robbable = (seat, kind, "kan_added" if added else "kan_closed")
        self.record(seat, "kong_added" if added else "kong_concealed", kind, tiles=format_kinds((kind,) * 4))

    def _called(self, seat: int, kong: bool) -> None:
        """After any call: no more ippatsu, and no more temporary furiten (the reading that
        a call ends it: play-scenarios.md leaves it open); a kong is owed its replacement, a
        chi or pon discards."""
        self.calls += 1
        for s in self.seats:
            s.ippatsu = False
            s.passed = []
        if kong:
            self.wall.kong_declared()
            self.holder, self.replacing = None, (seat, "kong")
        else:
            self.holder, self.replacing = seat, None
            self.seats[seat].drawn_by = "call"
        self.due, self.open_discard = None, False

    def set_aside(self, seat: int, flower: int) -> None:
        """A flower drawn is laid in the meld area and replaced."""
        s = self.seats[seat]
        s.take(flower)
        s.zone_melds[flower] += 1
        s.flowers.append(flower)
        if self.wall.next_replacement() != NO_TILE:  # none on the last tile: the seat discards
            self.holder, self.replacing = None, (seat, "flower")
        self.record(seat, "flower", flower)

    def misplaced(self, seat: int, tiles: list[int]) -> None:
        """Tiles put in the meld area that make no move: they leave the hand all the same."""
        s = self.seats[seat]
        for kind in tiles:
            s.take(kind)
            s.zone_melds[kind] += 1
        s.misplaced += len(tiles)

    def discards(self) -> list[dict]:
        """Each discard with the zones whose tiles it found changed since the discard before
        (``pictures``: what the simulator checks the referee's reconstruction against, and what
        a judge's replay draws)."""
        return pictures.changed(((seat, name(kind), zones) for seat, kind, zones in self.discard_log),
                                ZONES, format_counts)

    def counts_of(self, seat: int) -> tuple:
        """34 counts over a seat's concealed tiles and melds."""
        s = self.seats[seat]
        counts = list(s.hand[:34])
        for meld in s.melds:
            for kind in meld.tiles:
                counts[kind] += 1
        return tuple(counts)


def positive(report, model) -> list[int]:
    """The kinds a report holds beyond the model, one entry per extra tile."""
    out = []
    for kind, (seen, held) in enumerate(zip(report, model)):
        if seen > held:
            out += [kind] * (seen - held)
    return out

