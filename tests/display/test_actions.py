"""The operator's and judge's actions on a real table in virtual time (simulator, ledger on a
real SQLite log in a temporary folder): what each checks, what it writes ahead, what it does.
The HTTP side and the hand-off between threads are tested end to end (test_page, test_security)."""

import asyncio

import pytest

from firmware import notifications as note
from firmware import rulesets
from firmware.clock import VirtualScheduler
from firmware.config import Config
from firmware.controller.machine import Phase, State
from firmware.display.actions import ActionGate, Refused, read_request
from firmware.display.pin_gate import pin_checker
from firmware.service import build_service

from table_config_fast import PIN, fast_config

WHO = {"who": "Judge Wu", "why": "checked at the table"}


@pytest.fixture
def service(tmp_path):
    service = build_service(Config.load(fast_config(tmp_path)), VirtualScheduler())
    service.start()
    yield service
    service.close()


def run(service, seconds: float) -> None:
    service.scheduler.advance(seconds)


def perform(service, action: str, **args) -> dict:
    request, _ = read_request(action, {"pin": "-", **WHO, **args}, "test")
    return service.components["display"].perform(request)


def recorded(service) -> list[note.ResultRecorded]:
    seen = []
    service.notifier.subscribe(note.ResultRecorded, seen.append)
    return seen


@pytest.mark.parametrize("name, body, status, says", [
    ("fly", {}, 404, "no action 'fly'"),
    ("reset_fault", [], 400, "JSON object"),
    ("reset_fault", {**WHO}, 401, "PIN is required"),
    ("reset_fault", {"pin": "", **WHO}, 401, "PIN is required"),
    ("reset_fault", {"pin": "1", "why": "x"}, 400, "who is required"),
    ("reset_fault", {"pin": "1", "who": "A", "why": " "}, 400, "why is required"),
    ("change_rules", {"pin": "1", **WHO, "rules": "go"}, 400, "rules must be one of"),
    ("correct_score", {"pin": "1", **WHO, "hand": "2"}, 400, "hand must be a whole number"),
    ("correct_score", {"pin": "1", **WHO, "hand": 0}, 400, "hand must be 1 to"),
    ("confirm_flag", {"pin": "1", **WHO}, 400, "flag_id is missing"),
])
def test_a_request_is_refused_naming_what_is_wrong(name, body, status, says):
    with pytest.raises(Refused) as refused:
        read_request(name, body, "test")
    assert refused.value.status == status and says in refused.value.message["en"]


def test_the_gate_takes_the_operator_pin_and_nothing_else(service):
    gate = ActionGate(pin_checker(service), lambda fn: fn(),
                      service.components["display"].perform)
    body = {**WHO, "rules": "riichi"}
    status, answer = asyncio.run(gate("change_rules", {**body, "pin": "0000"}, "test"))
    assert (status, answer["ok"]) == (403, False) and "wrong PIN" in answer["message"]["en"]
    assert service.controller.next_settings.rules == "mcr"
    status, answer = asyncio.run(gate("change_rules", {**body, "pin": PIN}, "test"))
    assert (status, answer["ok"]) == (200, True)
    assert service.controller.next_settings.rules == "riichi"


def test_a_reset_needs_a_fault_and_the_e_stop_released(service):
    with pytest.raises(Refused, match="no fault to reset"):
        perform(service, "reset_fault")
    run(service, 10)
    service.backend.set_estop(True)
    run(service, 0.5)
    with pytest.raises(Refused, match="release the e-stop first"):
        perform(service, "reset_fault")
    service.backend.set_estop(False)
    run(service, 0.5)
    assert perform(service, "reset_fault")["recorded_in"] == "log"
    run(service, 0.5)
    assert State(service.controller.state).phase not in (Phase.ESTOP, Phase.FAULT)


def test_a_new_rule_set_applies_from_the_next_hand(service):
    answer = perform(service, "change_rules", rules="sichuan")
    assert answer["message"]["en"] == f"{rulesets.get('sichuan').title} from the next hand"
    assert service.controller.next_settings.rules == "sichuan"
    assert service.controller.settings.rules == "mcr"


def test_a_new_game_is_on_the_ledger_before_the_page_hears_of_it(service):
    seen = recorded(service)
    answer = perform(service, "new_game", rules="riichi")
    game = service.components["ledger"].status()
    assert game["rules"] == "riichi" and game["scores"] == [25000] * 4  # RCR: 25,000 each
    assert [n.event_id for n in seen] == [answer["event_id"]]
    assert service.components["display"].view()["table"]["seats"][0]["score"] == 25000


def test_a_recorded_hand_is_confirmed_or_made_void(service):
    record = {"concealed": "123m456p789s1122z", "melds": [], "win_tile": "2z",
              "win_by": "self_draw",
              "context": {"seat_wind": "E", "round_wind": "E", "flowers": 0}}
    win = {"seat": 0, "win_by": "self_draw", "from": None,
           "result": rulesets.get("mcr").score(record)}
    service.notifier.publish(note.HandResult, hand=1, result={"wins": [win], "end": "win"})
    hands = service.components["ledger"].status()["hands"]
    assert len(hands) == 1 and sum(hands[0]["gains"]) == 0 and hands[0]["gains"][0] > 0
    assert perform(service, "confirm_result", hand=1)["recorded_in"] == "log"
    with pytest.raises(Refused, match="there is no hand 2"):
        perform(service, "confirm_result", hand=2)
    with pytest.raises(Refused, match="either void"):
        perform(service, "correct_score", hand=1)
    answer = perform(service, "correct_score", hand=1, void=True)
    assert answer["recorded_in"] == "ledger"
    assert service.components["ledger"].status()["hands"][0]["gains"] == [0, 0, 0, 0]


def test_a_flag_needs_the_referee_and_a_known_open_flag(service):
    with pytest.raises(Refused) as refused:
        perform(service, "confirm_flag", flag_id="f9")
    expected = "no referee configured" if "referee" not in service.components else "no flag"
    assert expected in refused.value.message["en"]
