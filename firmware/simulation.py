"""What a simulated table offers beyond the HAL: the hands and eyes of a test or a sim operator.

The sim backend implements this Protocol (``hal_sim.backend``); ``mjtable sim``, ``mjtable run``
on the simulator, the tests and the benchmarks use it only after checking
``isinstance(backend, Simulation)``, so the firmware never imports the simulator.

Fault kinds for ``inject``/``clear``: ``motor_stall:<motor>`` (motors: disc, ring, conveyor,
head, chain, dice, hatch, lift0..lift3), ``head_jam``, ``tile_missing``, ``tile_extra`` (both
act on the set loaded or dropped next), ``limit_stuck:<lift>[:open|closed]`` (the lift's top
switch; default open), ``lid_open``, ``estop``, ``dice_dead``, ``belt_full_stuck``,
``chain_zero_blocked``; and the players' irregularity ``hand_miscount:<seat>`` (that seat draws
one tile too many: a wrong hand count, not a machine fault).
"""

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from firmware.hal import Table

FAULT_KINDS = ("motor_stall", "head_jam", "tile_missing", "tile_extra", "limit_stuck", "lid_open",
               "estop", "dice_dead", "belt_full_stuck", "chain_zero_blocked", "hand_miscount")
IRREGULARITIES = ("hand_miscount",)
"""Kinds that are the players' doing: the table shows them and never faults for them."""
LIFT_PARTS = ("lift0", "lift1", "lift2", "lift3")
MOTOR_PARTS = ("disc", "ring", "conveyor", "head", "chain", "dice", "hatch", *LIFT_PARTS)
"""The part names fault kinds take: ``motor_stall:<motor>``, ``limit_stuck:<lift>[:mode]``."""


class PinHistory(Protocol):
    """The recorded pins: ``history`` is (time, pin label, level) for every edge."""

    history: list

    def unsafe_instants(self) -> int:
        """Instants at whose end a motor output was on while the lid was raised or the
        e-stop input active."""

    def motors_on_at(self, t: float) -> list[str]:
        """Motor outputs on at the end of time ``t``."""


@runtime_checkable
class Simulation(Protocol):
    table: Table
    recorder: PinHistory
    dice_rng: random.Random
    tiles_in_machine: list
    on_tile_at_head: list[Callable]

    def press(self, seat: int, button: str) -> None:
        """A player presses a seat button (one of firmware.events.BUTTONS)."""

    def set_lid(self, raised: bool) -> None: ...

    def set_estop(self, pressed: bool) -> None: ...

    def load_set(self, n_tiles: int) -> None:
        """Put a whole set of ``n_tiles`` onto the disc (the set shuffled next)."""

    def drop_used_set(self) -> None:
        """The set in play falls through the open hatch onto the disc."""

    def deal_hands(self, dealer: int) -> None:
        """After the dice the players deal from the walls into the seat zones."""

    def enrolment_reads(self, set_id: str, n_tiles: int) -> list[str | None]:
        """The head reads of set ``set_id`` fed in canonical order (the enrolment station)."""

    def inject(self, kind: str, part: str | None = None) -> None: ...

    def clear(self, kind: str, part: str | None = None) -> None: ...

    def wall_stacks(self) -> tuple[int, int, int, int]:
        """Stacks actually standing on each side (the simulator's truth)."""

    def close(self) -> None: ...
