"""One hand played by the four simulated players, move by move, on the simulated table top.

``HandPlay.script()`` is the hand as a generator: each move changes the table top (which the
zone readers then report) or presses a seat button, and each ``yield`` gives the pause in
seconds before the next move, so the caller runs it on the scheduler in virtual or real time.
The turn order and the claims follow ../shared/spec/play-scenarios.md: the dealer discards
first (after the void declarations where the rule set has them); a discard may be won on
(win > pon/kong > chi; several winners where the rule set allows, else the first
counter-clockwise from the discarder), claimed, or passed to the next seat, which draws. A
win ends the hand, except where each player declares a void suit (Sichuan's bloody battle):
there a winner leaves and play goes on from the next seat still in until three have won or
the wall is empty. A seat may declare a win only when the rules engine, given the hand's
record from the truth, says ``win`` (and, where furiten counts, none of its waits has passed
it); the players see four sets and a pair, or seven pairs (``strategy.SHAPES``), and where a
complete hand can fall below the rule set's minimum, a player with more than one discard that
leaves it ready keeps a wait the engine would pay; their mistakes (``hal_sim.world.mistakes``)
cut the hand right after they are made.
"""

from dataclasses import dataclass, field

from firmware import rulesets
from firmware.rules.shanten import is_complete
from firmware.tiles.kinds import FLOWERS, KINDS

from hal_sim.world import strategy
from hal_sim.world.customs import customs_of
from hal_sim.world.log import Discard, HandEnd, Mistake, Win, WorldLog, census_of
from hal_sim.world.mistakes import Slip, find_slip, lets_win_go, plan_for
from hal_sim.world.records import Situation, Wanted, win_record
from hal_sim.world.tabletop import TableTop, kind_of
from hal_sim.world.wall import PlayWall

SUITS = "mps"


@dataclass(frozen=True)
class HandSettings:
    """What the players bring to each hand besides the walls and the dice."""

    move_s: float
    miscall_rate: float
    offences: tuple[str, ...]
    """The offences a planned mistake is drawn from."""
    seen: bool
    """Whether zone readers watch the table top (else the moves are shown to nobody)."""


def table_for(thrown, walls, readers) -> TableTop:
    """The table top of the hand the dice (``DiceThrown``) started on ``walls`` (the stacks on
    the table), before the deal; ``readers`` are shown its zones (None: nobody)."""
    return TableTop(PlayWall.from_table(walls, thrown.wall_break, rulesets.get(thrown.rules)),
                    readers)


def deal(table: TableTop, rules: str, dealer: int) -> None:
    """A hand's first move, the deal (flowers set aside and replaced where the set has them):
    it follows from the walls alone (``hal_sim.world.ahead`` makes it on the table's side)."""
    table.deal(dealer, customs_of(rules).flowers)


@dataclass
class SeatPlay:
    """What a seat has done this hand, beyond where its tiles lie."""

    calls_freely: bool
    """Claims any tile that brings its hand nearer (else only pungs and kongs of honours)."""
    discards: list[int] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)
    """Kinds others discarded since this seat's last discard."""
    passed_riichi: set[int] = field(default_factory=set)
    riichi: bool = False
    double_riichi: bool = False
    riichi_stood: bool = False
    """Its riichi discard passed without a win on it (the stick is on the table)."""
    ippatsu: bool = False
    draws: int = 0
    void: str | None = None
    won: bool = False
    drawn: object = None
    """The tile this seat drew last (riichi discards it unless it wins)."""
    draw_kind: str = ""
    """How that tile came: a normal ``draw``, a ``kong`` replacement, a ``flower`` replacement."""
    after_kong: bool = False
    """Its last discard came right after its own kong's replacement draw."""
    kuikae: set[int] = field(default_factory=set)
    """Kinds it may not discard right after its call."""

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi


class HandPlay:
    """The players of one hand; ``script`` plays it (see the module docstring)."""

    def __init__(self, number: int, rules: str, dealer: int, table: TableTop, press, rng,
                 log: WorldLog, pace_s: float, slip: str | None = None, slip_from: int = 0):
        self.number, self.rules, self.dealer = number, rules, dealer
        self.rule_set = rulesets.get(rules)
        self.customs = customs_of(rules)
        self.table, self.wall = table, table.wall
        self.press, self.rng, self.log, self.pace_s = press, rng, log, pace_s
        free = not self.customs.yaku
        self.seats = [SeatPlay(calls_freely=free or rng.random() < 0.5) for _ in range(4)]
        self.slip, self.slip_from = slip, slip_from
        """The mistake planned for this hand (an offence name) and the discard it waits for."""
        self.forced: list[tuple[str, int]] = []
        self.discarded = 0
        self.calls = 0
        self.sticks = 0
        self.end: str | None = None

    @classmethod
    def dealt(cls, thrown, walls, settings: HandSettings, rng, log: WorldLog, readers,
              press) -> "HandPlay":
        """The hand the dice (``DiceThrown``) started, dealt from ``walls`` (the stacks on the
        table), with its planned mistake drawn: ``readers`` are shown the table top's zones
        (None: nobody), ``press(seat, button)`` presses a seat's button."""
        slip, slip_from = plan_for(rng, settings.miscall_rate, settings.offences)
        return cls(thrown.cycle, thrown.rules, thrown.dealer, table_for(thrown, walls, readers),
                   press, rng, log, settings.move_s, slip, slip_from)

    # -- the hand ---------------------------------------------------------------------------------

    def script(self):
        """The hand, move by move; each ``yield`` is the pause (seconds) before the next."""
        deal(self.table, self.rules, self.dealer)
        yield self.pace_s
        if self.customs.void_suit:
            yield from self._declare_voids()
        seat, draw = self.dealer, False
        while self.end is None:
            if self.forced:
                yield from self._forced(seat, draw)
            else:
                seat, draw = yield from self._turn(seat, draw)
        if self.end == "cut":
            self.table.inventory()
            yield self.pace_s
        self.log.hands.append(HandEnd(self.number, self.rules, self.dealer, self.end,
                                      self.rule_set.tile_set.tiles))

    def force(self, offence: str, seat: int) -> None:
        """An irregularity ordered from outside (``hand_miscount:<seat>``): made before the
        next turn."""
        if self.end is None:
            self.forced.append((offence, seat))

    def _forced(self, turn: int, draws: bool):
        """The seat takes one tile more than it may: one out of its turn, or two when it is
        ``turn``'s seat about to draw (one of them is its draw, which alone is no offence). A
        seat that has won and left the hand takes none."""
        offence, seat = self.forced.pop(0)
        if self.seats[seat].won:
            return  # out of the hand (Sichuan): its zones do not change again, it draws nothing
        count = 2 if draws and seat == turn else 1
        if self.wall.live() >= count:
            yield from self._commit(Slip(offence, seat, "draw", detail="drew one tile too many",
                                         count=count))

    def _declare_voids(self):
        """定缺: each seat from the dealer names the suit it holds fewest of."""
        for offset in range(4):
            seat = (self.dealer + offset) % 4
            held = [tile.kind[1] for tile in self.table.seats[seat].hand]
            suit = min(SUITS, key=lambda s: (held.count(s), SUITS.index(s)))
            self.seats[seat].void = suit
            self.press(seat, f"void_{suit}")
            yield self.pace_s

    def _turn(self, seat: int, draw: bool):
        """The seat plays: draws (unless it claimed or deals), may win or kong, discards; the
        seat and whether it draws next."""
        if draw:
            tile = yield from self._draw(seat)
            if tile is None or (yield from self._after_draw(seat, tile)):
                return self._turn_passes(seat)
        tile = yield from self._discard(seat)
        if self.end is not None:
            return seat, False
        return (yield from self._claims(seat, tile))

    def _next_in_play(self, seat: int) -> int:
        for offset in range(1, 5):
            if not self.seats[(seat + offset) % 4].won:
                return (seat + offset) % 4
        return seat

    def _turn_passes(self, seat: int) -> tuple[int, bool]:
        """The next seat still in play draws."""
        return self._next_in_play(seat), True

    # -- draws, kongs, self-drawn wins --------------------------------------------------------------

    def _draw(self, seat: int, replacement: bool = False):
        """A draw (or a kong's replacement), flowers set aside and replaced; the tile kept, or
        None when the wall had nothing left (the hand is then a draw)."""
        how = "kong" if replacement else "draw"
        play = self.seats[seat]
        while True:
            if not (self.wall.can_replace() if replacement else self.wall.live() > 0):
                self.end = "draw"
                return None
            if how == "draw" and (slip := find_slip(self, "draw", seat)) is not None:
                yield from self._commit(slip)
                return None
            tile = self.wall.replacement() if replacement else self.wall.draw()
            self.table.take(seat, [tile])
            yield self.pace_s
            if tile.kind not in FLOWERS:
                play.drawn, play.draw_kind = tile, how
                play.draws += 1
                return tile
            self.table.set_aside(seat, tile)
            yield self.pace_s
            replacement, how = True, "flower"

    def _after_draw(self, seat: int, tile):
        """A self-drawn win, or kongs (each with its replacement, which may win); True when the
        seat won or the hand is over."""
        while self.end is None:
            if (yield from self._self_drawn_win(seat, tile)):
                return True
            if self.end is not None or not (yield from self._kong(seat)):
                break
            tile = yield from self._draw(seat, replacement=True)
            if tile is None:
                break
        return self.end is not None

    def _self_drawn_win(self, seat: int, tile):
        """The seat declares its drawn tile a win when the engine says so (or when the planned
        mistake is to declare a refused hand); True when it won."""
        counts = self.table.counts(seat)
        if not is_complete(counts, len(self.table.seats[seat].melds), strategy.SHAPES):
            return False
        record = win_record(self.table, seat, tile, self.situation(seat, self_drawn=True))
        result = self.rule_set.score(record)
        if result["status"] == "win" and lets_win_go(self, seat):
            return False
        if result["status"] != "win":
            slip = find_slip(self, "self_drawn", seat, result=result)
            if slip is not None:
                yield from self._commit(slip)
            return False
        self._declare(seat, None, record, result)
        if self._over_with_wins():
            self.end = "win"
        yield self.pace_s
        return True

    def _kong(self, seat: int):
        """A concealed or added kong, when the seat's hand stays as near to ready; True if made."""
        play, tiles = self.seats[seat], self.table.seats[seat]
        if ("kong" not in self.customs.calls or play.in_riichi or self.wall.live() == 0
                or not self.wall.can_replace()):
            return False
        counts = self.table.counts(seat)
        for meld in tiles.melds:
            kind = kind_of(meld.tiles[0])
            if meld.type == "pon" and counts[kind] and strategy.kong_keeps(counts, len(tiles.melds),
                                                                          [kind], self._riichi_ways):
                self.table.added_kong(seat, meld, self._tile_of(seat, kind))
                return (yield from self._called())
        for kind in range(34):
            if counts[kind] == 4 and self._may_keep(seat, kind) and strategy.kong_keeps(
                    counts, len(tiles.melds), [kind] * 4, self._riichi_ways):
                self.table.concealed_kong(seat, [t for t in tiles.hand if kind_of(t) == kind])
                return (yield from self._called())
        return False

    def _called(self):
        """Any call (a concealed kong too) ends every ippatsu."""
        self.calls += 1
        for play in self.seats:
            play.ippatsu = False
        yield self.pace_s
        return True

    # -- discards ---------------------------------------------------------------------------------

    def _discard(self, seat: int):
        """The seat discards (declaring riichi first when its discard leaves a closed hand
        ready); the tile discarded, or None when a mistake cut the hand."""
        play = self.seats[seat]
        kind = self._discard_choice(seat)
        slip = find_slip(self, "discard", seat, kind=kind)
        if slip is not None:
            yield from self._commit(slip)
            return None
        if self._declares_riichi(seat, kind):
            play.riichi, play.double_riichi = self._riichi_kind(seat)
            self.press(seat, "riichi")
            yield self.pace_s
        elif play.ippatsu:
            play.ippatsu = False
        tile = play.drawn if play.riichi_stood else self._tile_of(seat, kind)
        return (yield from self._lay(seat, tile))

    def _lay(self, seat: int, tile):
        play = self.seats[seat]
        self.table.discard(seat, tile)
        self.discarded += 1
        play.after_kong = play.draw_kind == "kong"
        play.draw_kind, play.kuikae = "", set()
        play.discards.append(kind_of(tile))
        play.passed = set()
        self.log.discards.append(Discard(self.number, seat, tile.kind, self.table.zone_kinds(),
                                         census_of(self.table.placed_tiles())))
        yield self.pace_s
        return tile

    def _discard_choice(self, seat: int) -> int:
        play, tiles = self.seats[seat], self.table.seats[seat]
        if play.in_riichi:
            return kind_of(play.drawn)
        counts = self.table.counts(seat)
        if play.void is not None:
            base = 9 * SUITS.index(play.void)
            void = [k for k in range(base, base + 9) if counts[k]]
            if void:
                return strategy.least_useful(counts, void)
        allowed = None
        if play.kuikae:
            allowed = {k for k in range(34) if counts[k] and k not in play.kuikae} or None
        if (suit := self._flush_suit(seat)) is not None:  # the other suits go first
            allowed = {k for k in range(strategy.SUITED)
                       if counts[k] and k // 9 != suit and k not in play.kuikae} or allowed
        kinds, after = strategy.nearest_discards(counts, len(tiles.melds), allowed, self._riichi_ways)
        if after == 0 and len(kinds) > 1 and self.customs.minimum:
            paying = self._paying_discard(seat, counts, strategy.by_usefulness(counts, kinds))
            if paying is not None:
                return paying
        return strategy.least_useful(counts, kinds)

    def _paying_discard(self, seat: int, counts, kinds: list[int]) -> int | None:
        """The first of ``kinds`` (each a discard leaving the hand ready) after which a win on
        one of its waits, on a discard, would be paid; None when none would."""
        n_melds, situation = len(self.table.seats[seat].melds), self.situation(seat, False)
        for kind in kinds:
            counts[kind] -= 1
            waits = strategy.wait_kinds(counts, n_melds, self._riichi_ways)
            counts[kind] += 1
            discard = self._tile_of(seat, kind)
            if any(self.rule_set.score(win_record(self.table, seat, Wanted(KINDS[wait]), situation,
                                                  without=discard))["status"] == "win"
                   for wait in waits):
                return kind
        return None

    def _declares_riichi(self, seat: int, kind: int) -> bool:
        play, tiles = self.seats[seat], self.table.seats[seat]
        if (not self.customs.riichi or play.in_riichi or self.wall.live() < 4
                or any(m.type != "kan_closed" for m in tiles.melds)):
            return False
        counts = self.table.counts(seat)
        counts[kind] -= 1
        return bool(strategy.wait_kinds(counts, len(tiles.melds), riichi=True))

    def _riichi_kind(self, seat: int) -> tuple[bool, bool]:
        """(riichi, double riichi): double on the seat's first discard with no call before it."""
        double = not self.seats[seat].discards and self.calls == 0
        return not double, double

    # -- claims -----------------------------------------------------------------------------------

    def _claims(self, discarder: int, tile):
        """What the others do with the discard: win on it, claim it, or let it pass; the seat
        that plays next and whether it draws."""
        slip = find_slip(self, "claims", discarder, tile=tile)
        if slip is not None:
            yield from self._commit(slip)
            return discarder, False
        winners = self._winners(discarder, tile)
        if winners:
            return (yield from self._discard_wins(discarder, winners))
        self._passed(discarder, kind_of(tile))
        self._riichi_stands(discarder)
        if self.wall.live() == 0:
            self.end = "draw"
            return discarder, False
        claim = self._claim(discarder, tile)
        if claim is None:
            return self._next_in_play(discarder), True
        return (yield from self._make_claim(discarder, tile, *claim))

    def _passed(self, discarder: int, kind: int) -> None:
        """Nobody won on the discard: it has passed every other seat (temporary furiten, and
        riichi furiten for a seat in riichi)."""
        for seat in range(4):
            if seat != discarder:
                self.seats[seat].passed.add(kind)
                if self.seats[seat].in_riichi:
                    self.seats[seat].passed_riichi.add(kind)

    def _riichi_stands(self, discarder: int) -> None:
        """A riichi discard nobody won on: its stick is on the table and ippatsu is running."""
        play = self.seats[discarder]
        if play.in_riichi and not play.riichi_stood:
            play.riichi_stood, play.ippatsu = True, True
            self.sticks += 1

    def _winners(self, discarder: int, tile) -> list:
        """(seat, record, result) of each seat that may and will win on the discard, from the
        discarder's next seat on (only the first where the rule set allows one winner)."""
        winners = []
        for offset in (1, 2, 3):
            seat = (discarder + offset) % 4
            found = self._discard_win(seat, discarder, tile)
            if found is not None:
                winners.append(found)
                if not self.customs.multiple_winners:
                    break
        return winners

    def _discard_win(self, seat: int, discarder: int, tile):
        play, tiles = self.seats[seat], self.table.seats[seat]
        kind = kind_of(tile)
        if play.won or not strategy.may_complete(tiles.counts, kind):
            return None
        counts = self.table.counts(seat)
        counts[kind] += 1
        if not is_complete(counts, len(tiles.melds), strategy.SHAPES) or self._furiten(seat):
            return None
        record = win_record(self.table, seat, tile, self.situation(seat, False, discarder))
        result = self.rule_set.score(record)
        return (seat, record, result) if result["status"] == "win" else None

    def _furiten(self, seat: int) -> bool:
        """Where furiten counts: a wait among its own discards, passed since its last
        discard, or passed since its riichi."""
        if not self.customs.furiten:
            return False
        play, tiles = self.seats[seat], self.table.seats[seat]
        counts = self.table.counts(seat)
        waits = strategy.wait_kinds(counts, len(tiles.melds), riichi=True)
        return bool(set(waits) & (set(play.discards) | play.passed | play.passed_riichi))

    def _discard_wins(self, discarder: int, winners: list):
        """The winners press win, in turn from the discarder; in a bloody battle play goes on
        from the seat after the last winner."""
        for seat, record, result in winners:
            self._declare(seat, discarder, record, result)
            yield self.pace_s
        if self._over_with_wins():
            self.end = "win"
            return discarder, False
        if self.wall.live() == 0:
            self.end = "draw"
            return discarder, False
        return self._next_in_play(winners[-1][0]), True

    def _claim(self, discarder: int, tile):
        """(seat, own kinds, meld type) of the best claim: a kong or pung by anyone, else a
        chow by the next seat; None when nobody claims."""
        for offset in (1, 2, 3):
            seat = (discarder + offset) % 4
            claim = self._pung_or_kong(seat, tile)
            if claim is not None:
                return (seat, *claim)
        seat = (discarder + 1) % 4
        own = self._chow(seat, tile)
        return None if own is None else (seat, own, "chi")

    def _may_call(self, seat: int, kind: int) -> bool:
        play = self.seats[seat]
        if play.won or play.in_riichi or not self._may_keep(seat, kind):
            return False
        if kind < strategy.SUITED and self._flush_suit(seat) not in (None, kind // 9):
            return False
        return play.calls_freely or kind >= strategy.SUITED

    def _flush_suit(self, seat: int) -> int | None:
        """The suit the seat goes for as a flush (``strategy.flush_suit``), where the rule set
        has a minimum to reach; else None."""
        if not self.customs.minimum:
            return None
        tiles = self.table.seats[seat]
        return strategy.flush_suit(tiles.counts, [[kind_of(t) for t in m.tiles] for m in tiles.melds])

    def _may_keep(self, seat: int, kind: int) -> bool:
        """A tile the seat may build with (not of its void suit)."""
        return self.seats[seat].void != SUITS[kind // 9] if kind < 27 else True

    def _pung_or_kong(self, seat: int, tile):
        kind = kind_of(tile)
        if self.table.seats[seat].counts[kind] < 2 or not self._may_call(seat, kind):
            return None
        counts = self.table.counts(seat)
        n_melds = len(self.table.seats[seat].melds)
        now = strategy.distance(counts, n_melds, self._riichi_ways)
        if (counts[kind] == 3 and "kong" in self.customs.calls and self.wall.can_replace()
                and strategy.distance(self._less(counts, [kind] * 3), n_melds + 1,
                                      self._riichi_ways) <= now):
            return [kind] * 3, "kan_open"
        if "pon" in self.customs.calls and strategy.after_call(
                counts, n_melds, [kind] * 2, self._riichi_ways) < now:
            return [kind] * 2, "pon"
        return None

    def _chow(self, seat: int, tile):
        kind = kind_of(tile)
        if "chi" not in self.customs.calls or not self._may_call(seat, kind):
            return None
        counts = self.table.counts(seat)
        n_melds = len(self.table.seats[seat].melds)
        options = [(strategy.after_call(counts, n_melds, pair, self._riichi_ways), pair)
                   for pair in strategy.chi_pairs(counts, kind)]
        best = min(options, default=None)
        if best is None or best[0] >= strategy.distance(counts, n_melds, self._riichi_ways):
            return None
        return list(best[1])

    def _make_claim(self, discarder: int, tile, seat: int, own_kinds: list, meld_type: str):
        own = [self._tile_of(seat, kind, skip=own_kinds[:i]) for i, kind in enumerate(own_kinds)]
        self.table.claim(seat, discarder, tile, own, meld_type)
        yield from self._called()
        play = self.seats[seat]
        play.kuikae = self._kuikae(kind_of(tile), own_kinds, meld_type)
        if meld_type == "kan_open":
            drawn = yield from self._draw(seat, replacement=True)
            if drawn is None or (yield from self._self_drawn_win(seat, drawn)):
                return self._turn_passes(seat)
        return seat, False

    @staticmethod
    def _kuikae(called: int, own: list, meld_type: str) -> set[int]:
        """Not to be discarded right after the call: the called kind, and after a chow the
        kind at the run's other end."""
        if meld_type != "chi":
            return {called}
        low, high = min(own + [called]), max(own + [called])
        other = {called + 3} if called == low else {called - 3} if called == high else set()
        return {called} | {k for k in other if k // 9 == called // 9}

    # -- helpers ----------------------------------------------------------------------------------

    @property
    def _riichi_ways(self) -> bool:
        """Whether shanten is read the riichi way (seven pairs of different kinds)."""
        return self.customs.riichi

    @staticmethod
    def _less(counts, kinds) -> list[int]:
        counts = list(counts)
        for kind in kinds:
            counts[kind] -= 1
        return counts

    def _tile_of(self, seat: int, kind: int, skip=()):
        """A tile of ``kind`` in the seat's hand (the last one laid there)."""
        tiles = [t for t in self.table.seats[seat].hand if kind_of(t) == kind]
        return tiles[-1 - sum(k == kind for k in skip)]

    def situation(self, seat: int, self_drawn: bool, discarder: int | None = None) -> Situation:
        """What a win of ``seat`` now (self-drawn, or on ``discarder``'s discard; on a discard
        yet to come when ``discarder`` is None) would have beyond its tiles: the record's
        context (``records.win_record``)."""
        play = self.seats[seat]
        if self_drawn:
            after_kong = play.draw_kind == "kong"
        else:
            after_kong = (discarder is not None and self.customs.kong_discard
                          and self.seats[discarder].after_kong)
        return Situation(
            dealer=self.dealer, self_drawn=self_drawn, after_kong=after_kong,
            replacement=self_drawn and play.draw_kind != "draw",
            flower_replacement=self_drawn and play.draw_kind == "flower",
            riichi=play.riichi, double_riichi=play.double_riichi, ippatsu=play.ippatsu,
            first_draw=(self_drawn and seat != self.dealer and play.draws == 1
                        and self.calls == 0 and play.draw_kind == "draw"),
            riichi_sticks=self.sticks, void_suit=play.void)

    def _declare(self, seat: int, discarder: int | None, record: dict, result: dict) -> None:
        """The seat presses win; the world logs the win with the engine's result."""
        self.press(seat, "win")
        self.seats[seat].won = True
        self.log.wins.append(Win(self.number, seat, record["win_by"], discarder, record, result))

    def _over_with_wins(self) -> bool:
        """A win ends the hand, except in a bloody battle (void suits), which goes on until
        three have won."""
        return not self.customs.void_suit or sum(play.won for play in self.seats) >= 3

    def _commit(self, slip: Slip):
        """Make a mistake as the world planned it, log it, and cut the hand."""
        self.slip = None
        self.log.mistakes.append(Mistake(self.number, slip.seat, slip.offence, slip.detail))
        if slip.action == "win":
            self.press(slip.seat, "win")
        elif slip.action == "draw":
            self.table.take(slip.seat, [self.wall.draw() for _ in range(slip.count)])
        elif slip.action == "riichi":
            self.press(slip.seat, "riichi")
            yield self.pace_s
            yield from self._lay(slip.seat, slip.tiles[0])
        else:
            called, *own = slip.tiles
            self.table.claim(slip.seat, slip.giver, called, own, slip.action)
        self.end = "cut"
        yield self.pace_s
