"""A bench for the physics tests: the sim backend on the default config, with its events
collected and the heartbeat kept alive — an operator with a screwdriver, no controller."""

import tomllib

from firmware.clock import VirtualScheduler
from firmware.config import DEFAULT_PATH, Config

from hal_sim.backend import build


def parts_only() -> Config:
    """The default config without the RFID readers (tests/sim/test_tile_identity.py has them)."""
    with DEFAULT_PATH.open("rb") as fh:
        data = tomllib.load(fh)
    del data["rfid"]
    return Config(data, str(DEFAULT_PATH))


class Bench:
    def __init__(self, seed: int = 1, beat_s: float | None = 0.1):
        self.scheduler = VirtualScheduler()
        self.backend = build(parts_only(), self.scheduler, seed=seed)
        self.table = self.backend.table
        self.events: list[tuple[float, object]] = []
        self.table.attach(lambda event: self.events.append((self.scheduler.now(), event)))
        self._beat_s = beat_s
        if beat_s is not None:
            self._beat()

    def _beat(self) -> None:
        if self._beat_s is not None:
            self.table.heartbeat.beat()
            self.scheduler.call_later(self._beat_s, self._beat)

    def stop_beating(self) -> None:
        self._beat_s = None

    def run(self, seconds: float, until=lambda: False) -> float:
        """Advance virtual time (or stop early once ``until()``); returns the time spent."""
        start = self.scheduler.now()
        self.scheduler.run_until(start + seconds, stop=until)
        return self.scheduler.now() - start

    def of(self, kind) -> list:
        return [event for _, event in self.events if isinstance(event, kind)]

    def flow_on(self) -> None:
        for motor in self.table.shuffle_motors:
            motor.on()

    def flow_off(self) -> None:
        for motor in self.table.shuffle_motors:
            motor.off()

    def stack(self, n_tiles: int, layout) -> float:
        """Load a set and run the flow until every side is full; returns the seconds it took."""
        self.table.set_layout(layout)
        self.backend.load_set(n_tiles)
        self.flow_on()
        spent = self.run(300, until=lambda: self.backend.wall_stacks() == tuple(layout))
        self.flow_off()
        return spent

    def lifts(self, method: str, seconds: float = 12) -> None:
        for lift in self.table.lifts:
            getattr(lift, method)()
        self.run(seconds)

    def close(self) -> None:
        self.backend.close()
