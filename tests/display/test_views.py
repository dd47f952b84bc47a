"""The page's view model, built from real inputs: the status of a table running on the
simulator (virtual time), the rules engines' results for corpus hands (the expected lines are
the reference libraries' own, from the corpus), and the ledger's game as its status gives it."""

import json
import tomllib

import pytest

from firmware import notifications as note
from firmware import rulesets
from firmware.clock import VirtualScheduler
from firmware.controller.machine import Phase, State
from firmware.display import views
from firmware.service import build_service
from firmware.config import DEFAULT_PATH, Config
from table_config import config_text, default_config

from table_run import REPO

CORPUS = REPO.parent / "shared" / "corpus"


def first_record(name: str) -> dict:
    return json.loads((CORPUS / name).read_text(encoding="utf-8").splitlines()[0])


@pytest.fixture
def service(tmp_path):
    service = build_service(default_config(tmp_path), VirtualScheduler())
    yield service
    service.close()


def run_until(service, wanted, limit_s: float = 600.0) -> None:
    scheduler = service.scheduler
    scheduler.run_until(scheduler.now() + limit_s, stop=lambda: wanted(State(service.controller.state)))


def view_of(service) -> dict:
    return service.components["display"].view()


def test_while_a_set_is_stacked_the_table_shows_its_progress(service):
    service.start()
    run_until(service, lambda s: s is State.PREPARING_STACKING)
    scheduler = service.scheduler
    scheduler.run_until(scheduler.now() + 5.0)
    table = views.build(service.status(), flags=[], result=None, notices=[],
                        has_referee=False)["table"]
    status = service.status()
    assert table["state"] == "preparing.stacking" and table["label"]["en"] == "Stacking"
    assert table["progress"]["tiles"] == 144  # MCR's set: 144 tiles (rules/common.md)
    assert table["progress"]["tiles_seen"] == status["preparing"]["tiles_seen"] > 0
    assert table["rules"] == {"name": "mcr", "title": rulesets.get("mcr").title}


def test_every_notification_is_an_event_with_an_increasing_id_and_the_view_after_it(tmp_path):
    """Served as ``mjtable run`` serves it (port 0: any free one)."""
    text = config_text(tmp_path).replace("\nport = 8080", "\nport = 0")
    service = build_service(Config(tomllib.loads(text), str(DEFAULT_PATH)), VirtualScheduler())
    try:
        stream = service.components["display"].stream
        service.components["display"].serve()
        service.start()
        run_until(service, lambda s: s.phase is Phase.PREPARING)
        ids = [int(event.id.split("-")[1]) for event in stream.after(0)]
        assert ids == list(range(1, len(ids) + 1)) and len(ids) >= 4
        kinds = [event.kind for event in stream.after(0)]
        assert kinds[0] == "start" and "StateEntered" in kinds
        assert all(event.view is not None for event in stream.after(0))
        assert json.loads(stream.after(0)[-1].data)["view"]["table"]["phase"] == "preparing"
    finally:
        service.close()


def test_with_no_page_served_the_events_carry_no_view(service):
    """``mjtable sim`` serves no page: the events are counted, no view is built for them, and
    the view the page would show is still there to ask for."""
    stream = service.components["display"].stream
    service.start()
    run_until(service, lambda s: s.phase is Phase.PREPARING)
    events = stream.after(0)
    assert len(events) >= 4 and all(event.view is None for event in events)
    assert stream.latest_view == {}
    assert view_of(service)["table"]["phase"] == "preparing"


def test_an_emergency_stop_is_the_active_fault_with_what_to_do(service):
    service.start()
    run_until(service, lambda s: s.phase is Phase.PREPARING)
    service.backend.set_estop(True)
    run_until(service, lambda s: s is State.ESTOP, limit_s=5.0)
    faults = view_of(service)["faults"]
    assert faults["active"]["code"] == "E601"
    assert faults["active"]["action"]["en"] == ("Remove the danger, release the emergency-stop "
                                                "button, then press reset.")
    assert faults["active"]["action"]["zh"].endswith("然后按复位。")


def test_a_flag_and_its_decision_as_the_judge_sees_them(service):
    flag = {"id": "f1", "seat": 1, "offence": "wrong_count", "rule": "相公",
            "penalty": {"zh": "相公", "en": "dead hand", "pay_each": 0, "dead_hand": True,
                        "disqualified": False},
            "evidence": {"hand": "123456789m1234p", "pond": ["5z", "drew twice"]}}
    service.notifier.publish(note.FlagRaised, flag=flag)
    shown = view_of(service)["flags"]["items"][0]
    assert shown["place"]["en"] == "South seat" and shown["label"]["en"] == "Wrong tile count"
    assert shown["evidence"] == [
        {"label": "hand", "tiles": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
                                    "1p", "2p", "3p", "4p"]},
        {"label": "pond", "tiles": ["5z"]}, {"label": "pond", "text": "drew twice"}]
    assert shown["status"] == "open"
    assert shown["penalty"] == {"name": {"zh": "相公", "en": "dead hand"},
                                "terms": ["pay each 0", "dead hand"]}
    service.notifier.publish(note.FlagResolved, flag_id="f1", confirmed=False, judge="Li",
                             why="a tile fell")
    shown = view_of(service)["flags"]["items"][0]
    assert (shown["status"], shown["judge"], shown["why"]) == ("dismissed", "Li", "a tile fell")


def test_an_mcr_win_lists_the_reference_librarys_fans_and_total():
    record = first_record("mcr_public.jsonl")
    result = rulesets.get("mcr").score(record, "mil")
    win = views.win_view({"seat": 3, "win_by": "self_draw", "from": None, "result": result})
    expected = record["expected"]
    assert [(line["name"]["zh"], line["value"]) for line in win["lines"]] == [
        (fan["zh"], fan["points"] * fan["count"]) for fan in expected["fans"]] + [
        ("花牌", expected["flower_points"])]
    assert win["total"] == {"value": expected["total"], "unit": "points"}
    assert win["place"]["en"] == "North seat" and win["win_by"]["en"] == "self-drawn"


def test_a_riichi_win_lists_yaku_with_han_fu_and_cost():
    record = first_record("riichi_public.jsonl")
    win = views.win_view({"seat": 0, "win_by": record["win_by"], "from": 2,
                          "result": rulesets.get("riichi").score(record)})
    assert [(line["name"]["zh"], line["value"], line["unit"]) for line in win["lines"]] == [
        ("断幺九", 1, "han"), ("对对和", 2, "han")]  # the oracle's Tanyao 1, Toitoi 2
    assert (win["total"], win["fu"], win["cost"]) == ({"value": 3, "unit": "han"}, 40, 7500)


def test_a_sichuan_win_lists_its_base_fan_and_add_ons():
    record = first_record("sichuan_public.jsonl")
    win = views.win_view({"seat": 1, "win_by": record["win_by"], "from": 0,
                          "result": rulesets.get("sichuan").score(record)})
    assert [(line["name"]["zh"], line["value"]) for line in win["lines"]] == [("七对", 3), ("根", 1)]
    assert (win["total"], win["points_per_payer"]) == ({"value": 4, "unit": "fan"}, 8)


def test_the_seats_wind_score_gap_to_the_leader_and_last_gain():
    seats = views.seats_view([25000, 31000, 19000, 25000], 1, [-2000, 6000, -2000, -2000])
    assert [seat["wind"]["en"] for seat in seats] == ["North", "East", "South", "West"]
    assert [seat["behind"] for seat in seats] == [-6000, 0, -12000, -6000]
    assert [seat["last"] for seat in seats] == [-2000, 6000, -2000, -2000]
    assert [seat["dealer"] for seat in seats] == [False, True, False, False]


def test_the_last_hand_and_the_game_come_from_the_ledger():
    result = {"wins": [{"seat": 2, "win_by": "discard", "from": 0,
                        "result": {"status": "win", "fans": [], "total": 8}}], "end": "win"}
    game = {"game": 1, "rules": "mcr", "hand": 2, "dealer": 1, "round": "E", "honba": 0,
            "sticks": 0, "scores": [-8, 0, 16, -8], "ended": False,
            "standings": [{"seat": 0, "player": "Li", "score": -8, "rank": 3, "standard_score": 1},
                          {"seat": 2, "player": None, "score": 16, "rank": 1, "standard_score": 4}],
            "hands": [{"hand": 1, "id": 3, "result": result, "gains": [-16, 8, 16, -8],
                       "scores": [-8, 0, 16, -8]}]}
    status = {"state": "playing.shuffling", "rules": "mcr", "next_rules": "mcr", "cycle": 2,
              "hand": 2, "set_in_play": {"rules": "mcr", "dealer": 1}, "faults": [],
              "preparing": {"tiles_seen": 0, "tiles": 144, "stacks_per_side": [0] * 4,
                            "layout": [18] * 4}, "ledger": game}
    view = views.build(status, flags=[], result=None, notices=[], has_referee=True)
    assert view["last_hand"]["payments"] == [-16, 8, 16, -8]
    assert view["last_hand"]["wins"][0]["place"]["en"] == "West seat"
    assert [seat["score"] for seat in view["table"]["seats"]] == [-8, 0, 16, -8]
    assert view["table"]["honba"] is None and view["table"]["round"] == {"zh": "东", "en": "East"}
    assert view["game"]["hands"][0]["winners"] == [2] and view["game"]["hands_total"] == 1
    assert [(row["rank"], row["place"]["en"], row["columns"]) for row in view["game"]["standings"]] == [
        (1, "West seat", [["standard_score", 4]]), (3, "East seat", [["standard_score", 1]])]
