"""The referee on the table: the ``[referee]`` component fed tags (a real registry in tmp_path),
the wall map and the break, the seat buttons as ``ButtonPressed`` — the scenarios of the public
sample and of tests/scenarios, each ending where the runner's line ends; plus what it
publishes (flags, notice E516, the hand result, a judge's decision) and its status."""

import json
from pathlib import Path

import pytest
from agreement import disagreements
from builder import Hand, voids
from cli_run import scenarios
from table_config import default_config
from tag_level import TagTable, draw_order, enrolled_registry, wall_map

from firmware import notifications as note
from firmware.clock import VirtualScheduler
from firmware.config import Config, ConfigError
from firmware.events import ButtonPressed, EventRouter, ZoneInventory
from firmware.referee.component import load_component
from firmware.rulesets import get as rule_set
from firmware.service import build_service
from firmware.tiles.checker import TileCheck
from firmware.tiles.kinds import canonical_order
from firmware.wall_break import wall_break

OWN = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.jsonl"))
BUTTONS = {"void": lambda event: f"void_{event['suit']}"}


class Table:
    """What the component needs of the service: notifier, event router, the one clock, the
    tile check (registry and wall map) and the config."""

    def __init__(self, registry, settle_s: float = 1.0):
        self.scheduler = VirtualScheduler()
        self.notifier = note.Notifier(self.scheduler.now)
        self.events = EventRouter(self.scheduler)
        self.tiles = TileCheck(registry)
        self.config = Config({"referee": {"notices": True, "settle_s": settle_s, "profiles": {"mcr": "mil"}},
                              "tiles": {"registry": str(registry.path)}}, "<component test>")
        self.component = load_component(self.config.section("referee"), self)
        self.heard: list[note.Notification] = []
        for kind in (note.FlagRaised, note.NoticeRaised, note.HandResult, note.FlagResolved, note.Sensed):
            self.notifier.subscribe(kind, self.heard.append)

    def lookup(self, name: str, needed_by=None):
        assert name == "tiles"
        return self.tiles

    def heard_of(self, kind) -> list:
        return [n for n in self.heard if isinstance(n, kind)]


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    registry = enrolled_registry(tmp_path_factory.mktemp("referee") / "tiles.sqlite")
    yield registry
    registry.close()


def play(table: Table, scenario: dict, hand: int = 1) -> dict:
    """The scenario at tag level; the HandResult the component published."""
    feed(table, scenario, scenario["events"], hand)
    table.scheduler.advance(2.0)
    table.notifier.publish(note.HandEnded, hand=hand)
    return table.heard_of(note.HandResult)[-1].result


def feed(table: Table, scenario: dict, events: list[dict], hand: int) -> None:
    """Start hand ``hand`` of the scenario and deliver ``events`` at their times, as tags."""
    rules, dealer = scenario["rules"], scenario["start"]["dealer"]
    broken = wall_break(rules, [(3, 4)] * rule_set(rules).dice_throws, dealer)
    tags = TagTable(table.tiles.registry)
    table.tiles.last_wall = wall_map(draw_order(scenario), rules, broken, tags)
    table.component.set_table(round_wind=scenario["start"]["round_wind"], honba=scenario["start"]["honba"],
                              riichi_sticks=scenario["start"]["riichi_sticks"])
    table.notifier.publish(note.HandStarted, hand=hand, cycle=hand, rules=rules, dealer=dealer, wall_break=broken)
    for event in events:
        table.scheduler.advance(max(0.0, event["t"] - table.scheduler.now()))
        if "zone" in event:
            area, _, seat = event["zone"].partition(".")
            posted = ZoneInventory(int(seat) if seat else None, area, tags.tags(event["zone"], event["tiles"]))
        else:
            posted = ButtonPressed(event["seat"], BUTTONS.get(event["button"], lambda e: e["button"])(event))
        table.events.deliver(posted)


def test_every_scenario_ends_at_tag_level_as_the_runner_ends_it(registry, shared_dir):
    every = scenarios(shared_dir / "corpus" / "play_public.jsonl") + [s for p in OWN for s in scenarios(p)]
    problems = {}
    for scenario in every:
        result = play(Table(registry), scenario)
        found = disagreements(scenario, {"id": scenario["id"]} | result)
        if found:
            problems[scenario["id"]] = found
    assert problems == {}
    assert len(every) >= 90


def test_flags_are_published_and_shown_as_notices_and_the_judge_decides(registry, shared_dir):
    scenario = scenarios(shared_dir / "corpus" / "play_public.jsonl")[0]  # seat 2's false win
    table = Table(registry)
    result = play(table, scenario, hand=7)
    (raised,) = table.heard_of(note.FlagRaised)
    flag = raised.flag
    assert (flag["seat"], flag["offence"], flag["id"]) == (2, "false_win", "H7-F1")
    assert flag["rule"].startswith("mcr.md §7") and flag["penalty"]["zh"] in ("诈和", "错和")
    assert flag["evidence"]["win_tile"] == "5m" and flag["evidence"]["from"] == 0
    (notice,) = table.heard_of(note.NoticeRaised)
    assert (notice.code, notice.seat) == ("E516", 2) and notice.message.startswith("seat W: false_win")
    assert result["flags"] == [flag] and result["end"] == "cut"
    assert result["moves"][0] == {"t": result["moves"][0]["t"], "seat": 1, "move": "discard", "tile": "4z",
                                  "from": None}
    assert len(result["discards"]) == sum(m["move"] == "discard" for m in result["moves"])
    table.component.resolve("H7-F1", confirmed=False, judge="Li", why="the tile was called in time")
    (decided,) = table.heard_of(note.FlagResolved)
    assert (decided.flag_id, decided.confirmed, decided.judge) == ("H7-F1", False, "Li")
    with pytest.raises(ValueError, match="no flag 'H7-F9'"):
        table.component.resolve("H7-F9", True, "Li", "")


def test_status_follows_the_hand_in_play(registry, shared_dir):
    scenario = scenarios(shared_dir / "corpus" / "play_public.jsonl")[30]  # riichi, seat 1's false win
    table = Table(registry)
    rules, dealer = scenario["rules"], scenario["start"]["dealer"]
    broken = wall_break(rules, [(3, 4)], dealer)
    tags = TagTable(registry)
    table.tiles.last_wall = wall_map(draw_order(scenario), rules, broken, tags)
    assert table.component.status()["state"] == "idle"
    table.notifier.publish(note.HandStarted, hand=3, cycle=3, rules=rules, dealer=dealer, wall_break=broken)
    for event in scenario["events"][:20]:
        area, _, seat = event["zone"].partition(".")
        table.events.deliver(ZoneInventory(int(seat) if seat else None, area, tags.tags(event["zone"], event["tiles"])))
    table.events.deliver(ZoneInventory(0, "hand", frozenset({"DEADBEEF"})))
    status = table.component.status()
    assert set(status) == {"hand", "rules", "hands_refereed", "unknown_tags", "flags", "state", "turn",
                           "last_discard", "seats"}
    assert (status["hand"], status["rules"], status["state"], status["unknown_tags"]) == (3, "riichi", "playing", 1)
    assert status["last_discard"] is not None and status["turn"] in range(4)
    assert [seat["seat"] for seat in status["seats"]] == [0, 1, 2, 3]
    assert set(status["seats"][0]) == {"seat", "concealed", "melds", "flowers", "discards", "declared_riichi",
                                      "void", "dead", "out"}


def test_a_profile_the_rule_set_lacks_is_refused_naming_section_and_key(registry):
    config = Config({"referee": {"notices": True, "profiles": {"mcr": "fast"}}, "tiles": {"registry": "x"}}, "t.toml")
    with pytest.raises(ConfigError, match=r"t.toml: \[referee.profiles\] mcr: must be one of wmo, mil; got 'fast'"):
        load_component(config.section("referee"), Table(registry))


def test_the_default_config_loads_the_referee(tmp_path):
    service = build_service(default_config(tmp_path), VirtualScheduler())
    try:
        status = service.status()["referee"]
        assert status["state"] == "idle" and status["flags"] == []
    finally:
        service.close()


def test_a_false_win_on_a_discard_is_flagged_when_the_claim_window_closes_with_no_further_move(registry, shared_dir):
    """Play stops after the press (a judge is called): the flag must not wait for a next move."""
    line = (shared_dir / "corpus" / "play_public.jsonl").read_text(encoding="utf-8").splitlines()[0]
    scenario = json.loads(line)  # play-mcr-4242-0000: seat 2 presses win on a discard (event 63)
    press = next(i for i, event in enumerate(scenario["events"]) if event.get("button") == "win")
    table = Table(registry, settle_s=1.0)
    feed(table, scenario, scenario["events"][:press + 1], hand=1)
    table.scheduler.advance(0.5)
    assert table.heard_of(note.FlagRaised) == []  # other seats may still claim the tile
    table.scheduler.advance(0.6)
    assert [(n.flag["seat"], n.flag["offence"]) for n in table.heard_of(note.FlagRaised)] == [(2, "false_win")]


def test_every_report_and_press_is_published_as_sensed_as_it_comes(registry, shared_dir):
    """Each report is published at once (``Sensed``, numbered in the hand, before the hand's
    result, which does not repeat them) as what changed in its zone: rebuilt report by
    report, the tags are those delivered; each gained tag carries the kind it was enrolled as
    (set A's tag 0A + position holds the canonical order's tile there); each press its seat
    and button."""
    scenario = scenarios(shared_dir / "corpus" / "play_public.jsonl")[0]  # mcr, seat 2's false win
    table = Table(registry)
    delivered = []
    deliver = table.events.deliver
    table.events.deliver = lambda event: (delivered.append((table.scheduler.now(), event)), deliver(event))
    result = play(table, scenario)
    published = table.heard_of(note.Sensed)
    assert "sensed" not in result
    assert table.heard.index(published[-1]) < table.heard.index(table.heard_of(note.HandResult)[-1])
    assert [(n.hand, n.n, n.at) for n in published] == [(1, i, t) for i, (t, _) in enumerate(delivered)]
    sensed = [n.report for n in published]
    assert len(sensed) == len(delivered) == len(scenario["events"])
    enrolled = canonical_order(144)
    zones: dict[str, set] = {}
    for (t, event), report in zip(delivered, sensed):
        assert report["t"] == t
        if isinstance(event, ButtonPressed):
            assert report == {"t": t, "seat": event.seat, "button": event.button}
            continue
        zone = "pond" if event.area == "pond" else f"{event.area}.{event.seat}"
        held = zones.setdefault(zone, set())
        gained = report.get("in", [])
        assert [kind for _, kind in gained] == [enrolled[int(uid[2:], 16)] for uid, _ in gained]
        held |= {uid for uid, _ in gained}
        held -= set(report.get("out", []))
        assert (report["zone"], report["tags"], held) == (zone, len(event.uids), set(event.uids))
    assert any("out" in report for report in sensed)  # discards leave the hands


def _seat_1_discards_its_draw_at_once(rules: str) -> dict:
    """The dealer discards; seat 1 draws a 6m and discards it at once, so no report of its
    hand shows it; seat 2 draws the next tile, a 6m too, and discards. The scenario in
    order, the final inventory added."""
    hand = Hand(rules, 0, [None, None, None, None], wall="6m6m", seed=31)
    if rules == "sichuan":
        voids(hand, "smps")
    hand.discard(0)
    hand.discard(1, hand.draw(1))
    hand.draw(2)
    hand.discard(2)
    return hand.scenario("zone-by-zone", "clean", {})


@pytest.mark.parametrize("rules", ["mcr", "riichi", "sichuan"])
def test_a_discard_the_pond_reports_after_the_next_draw_is_taken_in_turn(registry, rules):
    """On a table the readers report zone by zone: the pond's report of seat 1's discard may
    come after seat 2's hand shows its draw (the same kind as seat 1's, so seat 2 taking it
    out of turn would look the same until the pond reports). Within the window, the pond's
    report settles it: seat 1 drew and discarded, seat 2 drew in turn, nobody is flagged."""
    scenario = _seat_1_discards_its_draw_at_once(rules)
    events = scenario["events"]
    first = next(i for i, e in enumerate(events) if e.get("zone") == "pond" and e["tiles"])
    ones = [i for i, e in enumerate(events) if e.get("zone") == "hand.1" and i > first][:2]
    events = [e for i, e in enumerate(events) if i not in ones]  # seat 1's hand never shows the 6m
    pond = next(i for i, e in enumerate(events) if e.get("zone") == "pond" and i > first)
    assert events[pond + 1]["zone"] == "hand.2"
    events[pond], events[pond + 1] = events[pond + 1], events[pond]  # seat 2's draw reported first
    result = play(Table(registry, settle_s=1.0), scenario | {"events": events})
    assert result["flags"] == []
    moves = [(m["seat"], m["move"], m["tile"]) for m in result["moves"]
             if m["seat"] in (1, 2) and m["move"] in ("draw", "discard")][:3]
    assert moves == [(1, "draw", "6m"), (1, "discard", "6m"), (2, "draw", "6m")]
