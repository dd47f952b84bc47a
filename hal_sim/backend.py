"""The simulator backend: the real drivers on the simulated pin factory, the physics, and what
the world around the table (players, operator, tests) does to it."""

import functools
import random

from firmware.config import Config
from firmware.events import BUTTONS, SIDES, OperatorReset

from drivers.table import build_table
from hal_sim.factory import SimPinFactory
from hal_sim.faults import IRREGULARITIES, FaultInjector, parse
from hal_sim.physics import TablePhysics
from hal_sim.recorder import PinRecorder
from hal_sim.rfid.enrolment import enrolment_reads
from hal_sim.rfid.hands import install as install_zone_rfid
from hal_sim.rfid.head import install as install_head_rfid
from hal_sim.tiles import make_set


class SimBackend:
    """``table`` for the controller and ``attach``/``close`` for the service, like every
    backend; the rest is the simulator's own API, for the simulated world and the tests: the
    truth the firmware never sees (``tiles_in_machine``, ``wall_stacks``, ``walls_in_play``,
    the pin ``recorder``) and the hands that act on the table (``press``, ``load_set``,
    ``inject``; the zones of the table top, ``hands``, for the simulated players)."""

    time_scalable = True
    """Every simulated part follows the scheduler's clock, however fast it runs (``--speed``)."""

    def __init__(self, config: Config, scheduler, seed: int | None = None):
        sim = config.section("sim", required=False)
        configured_seed = sim.get_int("seed", 1)
        self.seed = configured_seed if seed is None else seed
        self.dice_rng = random.Random(f"dice:{self.seed}")
        shuffle_rng = random.Random(f"shuffle:{self.seed}")
        self._scheduler = scheduler
        self._sink = None
        self.factory = SimPinFactory(scheduler)
        self.table = build_table(config, self.factory, scheduler)
        self.rfid = self.hands = None
        try:
            self.physics = TablePhysics(scheduler, self.factory, self.table, shuffle_rng,
                                        self.dice_rng, lambda *entry: self.recorder.record(*entry))
            self.recorder = self._recorder()
            self.faults = FaultInjector(self.physics, shuffle_rng)
            self.rfid = install_head_rfid(config, self, scheduler)
            self.hands = install_zone_rfid(config, self, scheduler)
        except BaseException:
            self.close()
            raise

    @property
    def readers(self) -> list:
        """The simulated RFID readers configured (head, zones)."""
        return [rfid for rfid in (self.rfid, self.hands) if rfid is not None]

    @property
    def reader_devices(self) -> list:
        """The simulated modules on the readers' ptys (the head's, then each zone's)."""
        return ([self.rfid.device] if self.rfid else []) + (
            [zone.device for zone in self.hands.zones.zones.values()] if self.hands else [])

    def late_handovers(self) -> int:
        """Reader answers the pty had not handed over whole when read (see rfid/device.py)."""
        return sum(device.late_handovers for device in self.reader_devices)

    def attach(self, sink) -> None:
        """Every part's and reader's events to ``sink``."""
        self._sink = sink
        self.table.attach(sink)
        for reader in self.readers:
            reader.attach(sink)

    def _recorder(self) -> PinRecorder:
        """The recorder, first to hear every labelled pin's edges (an edge is in the history
        before the edges it sets off); the heartbeat's are not history and never reach it."""
        labels = {pin: label for label, pin in self.physics.pin_of.items()
                  if label != "heartbeat.out"}
        hazards = {"lid.contact", "estop.contact"}
        levels = {label: bool(self.factory.pin(pin).state) for pin, label in labels.items()}
        recorder = PinRecorder(self.physics.motor_labels(), hazards, self._scheduler.now, levels)
        for pin, label in labels.items():
            self.factory.watch(pin, functools.partial(recorder.record, label), first=True)
        return recorder

    @property
    def on_tile_at_head(self) -> list:
        return self.physics.flow.on_tile_at_head

    @property
    def tiles_in_machine(self) -> list:
        return self.physics.flow.everywhere()

    def wall_stacks(self) -> tuple[int, int, int, int]:
        return tuple(len(side) for side in self.physics.flow.sides)

    def walls_in_play(self) -> tuple[list, list, list, list]:
        """The walls standing on the table, as the players see them: side s's stacks in the
        order they landed (its stacks 1..n from the owner's right end), each (lower, upper)."""
        return tuple([tuple(stack) for stack in side] for side in self.physics.flow.walls)

    def press(self, seat: int, button: str) -> None:
        if seat not in SIDES or button not in BUTTONS:
            raise ValueError(f"press: seat must be one of {SIDES} and button one of {BUTTONS}; "
                             f"got seat {seat!r}, button {button!r}")
        pin = self.factory.pin(self.physics.pin_of[f"buttons{seat}.{button}"])
        pin.drive_low()
        pin.drive_high()

    def press_reset(self) -> None:
        """The operator turns the reset key (it reports straight to the controller's queue)."""
        self._sink(OperatorReset())

    def set_lid(self, raised: bool) -> None:
        self.physics.lid.set(not raised)

    def set_estop(self, pressed: bool) -> None:
        self.physics.estop.set(not pressed)

    def load_set(self, n_tiles: int) -> None:
        """Put a whole set (the back colour not yet in the machine) onto the disc."""
        present = {tile.set_id for tile in self.tiles_in_machine}
        free = [s for s in ("A", "B") if s not in present]
        if not free:
            raise ValueError("load_set: both tile sets (A and B) are already in the machine")
        self._to_disc(make_set(n_tiles, free[0]))

    def drop_used_set(self) -> None:
        """The tiles in play fall through the open centre hatch onto the disc."""
        if self.physics.hatch.position < 1.0:
            raise ValueError("drop_used_set: the centre hatch is not open")
        flow = self.physics.flow
        if not flow.in_play:
            raise ValueError("drop_used_set: no tiles are in play (walls not raised and lowered yet)")
        tiles = flow.take_used_set()
        if self.hands is not None:
            self.hands.collect()
        self._to_disc(tiles)

    def enrolment_reads(self, set_id: str, n_tiles: int) -> list[str | None]:
        """The enrolment station: set ``set_id`` fed through a simulated head in canonical
        order; the head reader's reads (the firmware enrols from these bytes only)."""
        return enrolment_reads(set_id, n_tiles, seed=self.seed)

    def _to_disc(self, tiles: list) -> None:
        self.physics.flow.pool += self.faults.spoil(tiles)
        self.physics.update()

    def inject(self, kind: str, part: str | None = None) -> None:
        """A fault cause of the machine (the players' irregularities are theirs to make:
        ``hal_sim.world``); ValueError naming the kind otherwise."""
        if parse(kind, part)[0] in IRREGULARITIES:
            raise ValueError(f"{kind} is the players' doing, not the machine's: the simulated "
                             f"venue makes it")
        self.faults.inject(kind, part)

    def clear(self, kind: str, part: str | None = None) -> None:
        """Remove a fault cause; an irregularity is over with its hand (nothing to clear)."""
        if parse(kind, part)[0] not in IRREGULARITIES:
            self.faults.clear(kind, part)

    def close(self) -> None:
        """Idempotent: readers, parts (outputs safe first) and the pin factory, each released
        even if another fails."""
        if self.factory is None:
            return
        try:
            for reader in self.readers:
                reader.close()
            self.rfid = self.hands = None
        finally:
            try:
                self.table.close()
            finally:
                self.factory.close()
                self.factory = None


def build(config: Config, scheduler, seed: int | None = None) -> SimBackend:
    """Entry point ``mjtable.backends:sim``; ``seed`` overrides ``[sim] seed``."""
    return SimBackend(config, scheduler, seed)
