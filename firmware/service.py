"""Builds the table service from a config: backend, controller and (on the simulator) a venue."""

import sys
from dataclasses import dataclass

from firmware.backend import load_backend
from firmware.config import Config, ConfigError
from firmware.controller import Controller, CycleChecks, Settings
from firmware.simulation import Simulation
from firmware.tiles.checker import TileCheck
from firmware.tiles.enrolment import enrol_from_station
from firmware.tiles.hand_monitor import HandCountMonitor
from firmware.tiles.hands import HandWatch
from firmware.tiles.registry import EnrolmentError
from firmware.venue import Venue, VenueSettings


@dataclass
class Service:
    backend: object
    controller: Controller
    venue: Venue | None
    tile_check: TileCheck | None = None
    hand_monitor: HandCountMonitor | None = None

    def close(self) -> None:
        """Every output safe, then every device released."""
        try:
            self.controller.close()
        finally:
            self.backend.close()


def build_service(config: Config, scheduler, *, seed: int | None = None, rules: str | None = None,
                  checks: CycleChecks | None = None, require_sim: bool = False,
                  with_venue: bool = True) -> Service:
    """Load the configured backend, read the controller's and venue's sections, then reject
    any option nobody read (ConfigError names it). The venue exists only on the simulator (and
    ``with_venue``); the RFID set check only when ``[tiles]`` is configured."""
    backend = load_backend(config, scheduler, **({} if seed is None else {"seed": seed}))
    try:
        is_sim = isinstance(backend, Simulation)
        if require_sim and not is_sim:
            raise ConfigError(f"{config.source}: [table] backend: this command needs the simulator")
        settings = Settings.from_config(config)
        if rules is not None:
            settings = Settings(rules, settings.dealer, settings.bounds)
        venue_settings = VenueSettings.from_config(config)
        tile_check = TileCheck.from_config(config.section("tiles")) \
            if config.has_section("tiles") else None
        hand_confirm = config.section("tiles", required=False).get_int(
            "hand_confirm", 2, minval=1, maxval=20)
        config.check_unused()
        if tile_check is not None and is_sim:
            _enrol_simulated_sets(config, tile_check, backend)
    except BaseException:
        backend.close()
        raise
    checks = checks or CycleChecks()
    if tile_check is not None:
        checks.register(tile_check)
    controller = Controller(backend.table, scheduler, settings, checks)
    hand_monitor = None
    if tile_check is not None:
        controller.listeners.append(tile_check.listen)
        hand_monitor = HandCountMonitor(HandWatch(tile_check.registry, hand_confirm), controller)
        controller.listeners.append(hand_monitor.listen)
    venue = Venue(backend, controller, venue_settings) if is_sim and with_venue else None
    return Service(backend, controller, venue, tile_check, hand_monitor)


def _enrol_simulated_sets(config: Config, tile_check: TileCheck, backend) -> None:
    """On the simulator, an empty registry gets both sets from the simulator's enrolment
    station (head reader bytes, as an operator's enrolment); said on stderr."""
    registry = tile_check.registry
    try:
        enrolled = enrol_from_station(registry, backend.enrolment_reads)
    except EnrolmentError as exc:
        raise ConfigError(f"{config.source}: [tiles] registry: {exc}") from None
    if enrolled:
        print(f"mjtable: tile registry {registry.path} lacked set(s) {', '.join(enrolled)}: "
              f"enrolled from the simulator's enrolment station", file=sys.stderr)
