"""The zone reports the firmware's ZoneReader decodes from the simulated modules' M100 bytes
match the world's zones, and the seat buttons the players press reach the firmware as
``ButtonPressed``: on the table top alone, and on the whole simulated table (machine cycle,
drivers, event router) with the default config."""

import pytest
from table_config import default_config

from firmware.events import ButtonPressed, ZoneInventory
from hal_sim.harness import SimRun
from hal_sim.play_bench import PlayBench
from hal_sim.rfid.hands import ZONES

HANDS = 12


REST_S = 0.1
"""After a report, a moment of rest: every report of the move is in, the next move is not
made yet (the players move every 0.4 s; a change is reported 0.12 s after it is made)."""


class Watcher:
    """Keeps the last report of every zone and, at rest (just after each report, and at each
    button press), compares them with where the world's tiles lie."""

    def __init__(self, truth, scheduler):
        self.truth = truth
        self.scheduler = scheduler
        self.last: dict = {}
        self.events: list = []
        self.checked = 0
        self.mismatches: list = []
        self.short: list = []
        """(index in ``events``, zone) of each report that missed a tile lying there."""

    def __call__(self, event) -> None:
        self.events.append(event)
        if isinstance(event, ZoneInventory):
            zone = (event.seat, event.area)
            lying = self.truth(zone)
            if lying is not None:
                assert event.uids <= lying, f"{zone} reported a tile that is not there"
                if event.uids < lying:
                    self.short.append((len(self.events) - 1, zone))
            self.last[zone] = event.uids
            self.scheduler.call_later(REST_S, self.at_rest)
        elif isinstance(event, ButtonPressed):
            self.at_rest()

    def at_rest(self) -> None:
        for zone in ZONES:
            lying = self.truth(zone)
            if lying is not None:
                self.checked += 1
                if self.last.get(zone, frozenset()) != lying:
                    self.mismatches.append((zone, self.last.get(zone), lying))


def world_zones(players):
    """The uids lying in a zone now, by the world's truth (None between hands)."""
    def truth(zone):
        hand = players.hand
        return None if hand is None else frozenset(t.uid for t in hand.table.zone_tiles(zone))
    return truth


def placed_zones(sim):
    """The uids lying in a zone now, as the world has placed them in its module's field (the
    whole table's players think in a process of their own: hal_sim/world/ahead.py)."""
    return lambda zone: frozenset(sim.hands.zones.zones[zone].device.tags)


@pytest.mark.parametrize("rules", ["mcr", "riichi", "sichuan"])
def test_reports_match_the_zones_at_rest_and_each_change_is_reported(rules):
    watcher = Watcher(lambda zone: None, None)
    bench = PlayBench(rules, seed=5, sink=watcher)
    watcher.truth, watcher.scheduler = world_zones(bench.players), bench.scheduler
    bench.play(HANDS)
    bench.close()
    assert watcher.checked > 10000 and watcher.mismatches == []
    reports = [e for e in watcher.events if isinstance(e, ZoneInventory)]
    assert len(reports) > 3 * len(bench.log.discards)  # the hand and the pond at each discard, the draws


def test_after_a_missed_read_the_zones_next_report_is_complete_and_comes_soon():
    """A missed tag leaves that report short; the zone's next report holds every tag, comes
    within the next two events and before any button press (the spec's promise)."""
    watcher = Watcher(lambda zone: None, None)
    bench = PlayBench("mcr", seed=6, miss_rate=0.05, sink=watcher)
    watcher.truth, watcher.scheduler = world_zones(bench.players), bench.scheduler
    bench.play(HANDS)
    bench.close()
    events = watcher.events
    assert len(watcher.short) > 20 and watcher.mismatches == []
    for index, zone in watcher.short:
        following = events[index + 1:index + 4]
        nxt = next(i for i, e in enumerate(following) if isinstance(e, ZoneInventory)
                   and (e.seat, e.area) == zone)
        assert nxt <= 2 and not any(isinstance(e, ButtonPressed) for e in following[:nxt])


def test_on_the_whole_table_the_players_buttons_and_zones_reach_the_firmware(tmp_path):
    run = SimRun(default_config(tmp_path), seed=4, rules="sichuan")
    pressed, seen = [], Watcher(placed_zones(run.sim), run.scheduler)
    press = run.sim.press
    run.sim.press = lambda seat, button: (pressed.append(ButtonPressed(seat, button)),
                                          press(seat, button))
    run.service.events.subscribe((ZoneInventory, ButtonPressed), seen)
    try:
        summary = run.run_hands(2)
    finally:
        run.close()
    assert summary["hands_played"] == 2 and summary["faults"] == []
    assert [e for e in seen.events if isinstance(e, ButtonPressed)] == pressed
    assert {p.button for p in pressed} >= {"hatch", "raise", "dice", "win"}
    assert any(p.button.startswith("void_") for p in pressed)
    assert seen.checked > 1000 and seen.mismatches == []
