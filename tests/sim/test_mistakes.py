"""Every offence of the play-scenario spec, made by a simulated player in every rule set that
has it, logged by the world (hand, seat, offence) and visible to the table only as zone reports
and seat buttons — read back here from the zone readers' reports, tile kinds from the set."""

import pytest

from firmware import rulesets
from firmware.events import ButtonPressed, ZoneInventory
from firmware.rules.shanten import shanten
from firmware.rules.shapes import RIICHI_SHAPES
from firmware.rules.tiles import parse_tile
from hal_sim.play_bench import PlayBench
from hal_sim.tiles import make_set
from hal_sim.world.customs import customs_of
from hal_sim.world.mistakes import offences_of

ALL = set(rulesets.names())
SPEC = {  # ../shared/spec/play-scenarios.md, "Mistakes and the flags they raise"
    "false_win": ALL, "below_minimum": {"mcr", "cmcr1998"}, "no_yaku": {"riichi"},
    "furiten": {"riichi"}, "riichi_not_ready": {"riichi"}, "wrong_count": ALL,
    "wrong_call": ALL, "call_not_allowed": {"sichuan", "riichi"}, "void_suit": {"sichuan"},
}
CASES = [(rules, offence) for offence, where in SPEC.items() for rules in sorted(where)]
MAX_HANDS = 60


@pytest.mark.parametrize("rules", sorted(ALL))
def test_each_rule_set_has_the_offences_the_spec_lists(rules):
    assert set(offences_of(customs_of(rules))) == {o for o, where in SPEC.items() if rules in where}


class Hand:
    """One hand's reports and presses, tile kinds read from the set's tags."""

    def __init__(self, events, kinds):
        self.events = events
        self.kinds = kinds

    def presses(self, seat=None):
        return [e for e in self.events if isinstance(e, ButtonPressed)
                and (seat is None or e.seat == seat)]

    def reports(self, seat, area):
        return [sorted(self.kinds[u] for u in e.uids) for e in self.events
                if isinstance(e, ZoneInventory) and (e.seat, e.area) == (seat, area)]

    def last_change(self, seat, area) -> tuple[list, list]:
        """The zone's last report and the last one before it that differs (the hand's end
        reports every zone once more)."""
        reports = self.reports(seat, area)
        return reports[-1], next(r for r in reversed(reports) if r != reports[-1])

    def new_melds(self, seat) -> list[int]:
        """The meld tiles the seat's last meld change added, as the core's kind numbers."""
        last, before = self.last_change(seat, "melds")
        added = list(last)
        for kind in before:
            added.remove(kind)
        return sorted(parse_tile(kind) for kind in added)


def is_run(kinds) -> bool:
    a, b, c = kinds
    return c < 27 and a // 9 == c // 9 and (b, c) == (a + 1, a + 2)


def made(rules: str, offence: str):
    """Play hands with this mistake planned until a player makes it: (log entry, its hand)."""
    tiles = rulesets.get(rules).tile_set.tiles
    kinds = {t.uid: t.kind for set_id in "AB" for t in make_set(tiles, set_id)}
    events: list = []
    bench = PlayBench(rules, seed=11, miscall_rate=1.0, sink=events.append)
    bench.players.offences = (offence,)
    try:
        for _ in range(MAX_HANDS):
            events.clear()
            bench.play_one()
            if bench.log.mistakes:
                return bench.log.mistakes[-1], bench.log.hands[-1], Hand(list(events), kinds)
    finally:
        bench.close()
    pytest.fail(f"no {offence} made in {MAX_HANDS} hands of {rules}")


@pytest.mark.parametrize("rules, offence", CASES)
def test_the_mistake_is_made_logged_and_shows_on_the_table(rules, offence):
    mistake, hand, seen = made(rules, offence)
    assert (mistake.offence, mistake.hand, hand.end) == (offence, hand.hand, "cut")
    seat = mistake.seat
    last_press = seen.presses()[-1] if seen.presses() else None
    if offence in ("false_win", "below_minimum", "no_yaku", "furiten"):
        assert last_press == ButtonPressed(seat, "win")
    elif offence == "riichi_not_ready":
        assert last_press == ButtonPressed(seat, "riichi")
        standing = [parse_tile(kind) for kind in seen.reports(seat, "hand")[-1]]
        counts = [standing.count(kind) for kind in range(34)]
        assert len(standing) == 13 and shanten(counts, 0, RIICHI_SHAPES, riichi=True) >= 1
    elif offence == "wrong_count":
        last, before = seen.last_change(seat, "hand")
        assert len(last) == len(before) + 2
    elif offence == "wrong_call":
        added = seen.new_melds(seat)
        assert len(added) == 3 and not is_run(added) and len(set(added)) > 1
    elif offence == "call_not_allowed":
        added = seen.new_melds(seat)
        if rules == "sichuan":
            assert is_run(added)
        else:
            assert ButtonPressed(seat, "riichi") in seen.presses(seat)
            assert is_run(added) or len(set(added)) == 1
    else:
        void = next(p.button[-1] for p in seen.presses(seat) if p.button.startswith("void_"))
        if last_press == ButtonPressed(seat, "win"):
            held = seen.reports(seat, "hand")[-1] + seen.reports(seat, "melds")[-1]
            assert any(kind.endswith(void) for kind in held)
        else:
            added = seen.new_melds(seat)
            assert len(set(added)) == 1 and "mps"[added[0] // 9] == void


def test_a_miscount_ordered_for_a_seat_that_has_won_and_left_is_not_made():
    """Sichuan: a winner's zones do not change again (../shared/spec/play-scenarios.md), so
    ``hand_miscount`` for a seat already out takes no tile, and no mistake is logged."""
    bench = PlayBench("sichuan", seed=5)
    ordered: list = []

    def order_for_a_winner():
        hand = bench.players.hand
        out = [seat for seat in range(4) if hand is not None and hand.seats[seat].won]
        if out and not ordered:
            seat = out[0]
            ordered.append((seat, hand.table.seats[seat], len(hand.table.seats[seat].hand)))
            bench.players.force("wrong_count", seat)
        bench.scheduler.call_later(0.2, order_for_a_winner)

    bench.scheduler.call_later(0.2, order_for_a_winner)
    try:
        while not ordered and len(bench.log.hands) < 10:
            bench.play_one()
    finally:
        bench.close()
    (seat, tiles, held), = ordered
    assert bench.log.mistakes == [] and bench.log.hands[-1].end != "cut"
    assert len(tiles.hand) == held
