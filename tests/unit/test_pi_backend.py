"""The pi backend's composition, off the Pi: its parts on the simulator's pin factory, its
RFID readers on pyserial loop ports — attach starts the readers, close stops everything."""

import copy
import tomllib

import pytest

from firmware.clock import VirtualScheduler
from firmware.config import DEFAULT_PATH, Config, ConfigError

from drivers.backend import PiBackend, readers_from
from drivers.table import build_table
from hal_sim.factory import SimPinFactory

RFID = {"head": {"port": "loop://"},
        "zone": {"east_hand": {"port": "loop://", "area": "hand", "seat": 0},
                 "pond": {"port": "loop://", "area": "pond"}}}


def config_with(rfid: dict) -> Config:
    with DEFAULT_PATH.open("rb") as fh:
        data = tomllib.load(fh)
    data["rfid"] = copy.deepcopy(rfid)
    return Config(data)


def test_attach_starts_every_reader_and_close_stops_them():
    config = config_with(RFID)
    scheduler = VirtualScheduler()
    factory = SimPinFactory(scheduler)
    backend = PiBackend(build_table(config, factory, scheduler), factory, readers_from(config))
    assert [r.name for r in backend.readers] == ["head", "zone-east_hand", "zone-pond"]
    backend.attach(lambda event: None)
    assert all(r._thread.is_alive() for r in backend.readers)
    backend.table.disc.on()
    backend.close()
    backend.close()  # idempotent
    assert not any(r._thread.is_alive() for r in backend.readers)
    assert not any(pin.function == "output" for pin in factory.pins.values())


def test_a_bad_reader_section_is_named():
    rfid = copy.deepcopy(RFID)
    rfid["zone"]["pond"]["area"] = "floor"
    config = config_with(rfid)
    with pytest.raises(ConfigError, match=r"\[rfid.zone.pond\] area: must be one of"):
        readers_from(config)


def test_no_rfid_sections_no_readers():
    assert readers_from(config_with({})) == []
