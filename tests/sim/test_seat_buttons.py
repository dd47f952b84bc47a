"""The players' seat buttons on the simulated table: every panel has all eight, the new ones
sit on the fourth expander (EXPD; the north seat's on EXPC), each press reaches the firmware
as ``ButtonPressed`` through the real drivers, and the controller ignores the buttons its
machine does not use, whatever it is doing."""

import tomllib

import pytest
from table_config import config_text

from firmware.clock import VirtualScheduler
from firmware.config import Config
from firmware.controller.machine import State
from firmware.events import BUTTONS, ButtonPressed
from firmware.service import build_service

PLAYERS_BUTTONS = ("win", "riichi", "void_m", "void_p", "void_s")


@pytest.fixture
def table(tmp_path):
    """The default table without its simulated venue: the test presses the buttons itself."""
    data = tomllib.loads(config_text(tmp_path))
    del data["venue"]
    scheduler = VirtualScheduler()
    service = build_service(Config(data, "<buttons test>"), scheduler)
    pressed = []
    service.events.subscribe((ButtonPressed,), pressed.append)
    service.start()
    yield service, scheduler, pressed
    service.close()


def run_until(scheduler, service, state: State, limit_s: float = 200.0) -> None:
    scheduler.run_until(scheduler.now() + limit_s, stop=lambda: service.controller.current is state)
    assert service.controller.current is state


def press_all_players_buttons(service, scheduler, pressed) -> None:
    before, state = len(pressed), service.controller.current
    for seat in range(4):
        for button in PLAYERS_BUTTONS:
            service.backend.press(seat, button)
            scheduler.advance(0.05)  # past the 20 ms debounce
    assert pressed[before:] == [ButtonPressed(seat, b) for seat in range(4) for b in PLAYERS_BUTTONS]
    assert service.controller.current is state


def test_every_panel_has_eight_buttons_and_the_new_ones_sit_on_the_expanders(table):
    service, _, _ = table
    assert BUTTONS == ("raise", "dice", "hatch", *PLAYERS_BUTTONS)
    pins = service.backend.physics.pin_of
    assert [pins[f"buttons0.{b}"] for b in PLAYERS_BUTTONS] == [f"EXPD{n}" for n in range(5)]
    assert [pins[f"buttons3.{b}"] for b in PLAYERS_BUTTONS] == [f"EXPC{n}" for n in range(5, 10)]


def test_the_players_buttons_reach_the_firmware_and_the_machine_ignores_them(table):
    service, scheduler, pressed = table
    run_until(scheduler, service, State.IDLE)
    press_all_players_buttons(service, scheduler, pressed)
    service.backend.press(0, "hatch")
    run_until(scheduler, service, State.COLLECTING_OPEN)
    press_all_players_buttons(service, scheduler, pressed)
    service.backend.load_set(144)
    service.backend.press(0, "raise")
    run_until(scheduler, service, State.PREPARING_STACKING)
    press_all_players_buttons(service, scheduler, pressed)
    assert service.status()["faults"] == []
