"""Builds the table service from a config: backend, controller and (on the simulator) a venue."""

from dataclasses import dataclass

from firmware.backend import load_backend
from firmware.config import Config, ConfigError
from firmware.controller import Controller, CycleChecks, Settings
from firmware.simulation import Simulation
from firmware.tiles.checker import TileCheck
from firmware.venue import Venue, VenueSettings


@dataclass
class Service:
    backend: object
    controller: Controller
    venue: Venue | None
    tile_check: TileCheck | None = None

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
        config.check_unused()
    except BaseException:
        backend.close()
        raise
    checks = checks or CycleChecks()
    if tile_check is not None:
        checks.register(tile_check)
    controller = Controller(backend.table, scheduler, settings, checks)
    if tile_check is not None:
        controller.listeners.append(tile_check.listen)
    venue = Venue(backend, controller, venue_settings) if is_sim and with_venue else None
    return Service(backend, controller, venue, tile_check)
