"""Fault injection on the simulator: the one ``--fault`` grammar, and every fault kind the
simulator can start and remove on command.

``--fault KIND[:PART]@cycle=N[,at=SECONDS]`` says when ``mjtable sim`` injects which cause:
``motor_stall:<motor>`` (motors: disc, ring, conveyor, head, chain, dice, hatch,
lift0..lift3), ``head_jam``, ``tile_missing``, ``tile_extra`` (both act on the set loaded or
dropped next), ``limit_stuck:<lift>[:open|closed]`` (the lift's top switch; default open),
``lid_open``, ``estop``, ``dice_dead``, ``belt_full_stuck``, ``chain_zero_blocked``; and the
players' irregularity ``hand_miscount:<seat>`` (that seat draws one tile too many: a wrong
hand count, not a machine fault; a Sichuan seat that has won and left the hand draws nothing).
"""

from dataclasses import dataclass

from hal_sim.physics import TablePhysics
from hal_sim.signals import MOTORS
from hal_sim.tiles import foreign_tile

MACHINE_FAULTS = ("motor_stall", "head_jam", "tile_missing", "tile_extra", "limit_stuck",
                  "lid_open", "estop", "dice_dead", "belt_full_stuck", "chain_zero_blocked")
IRREGULARITIES = ("hand_miscount",)
"""Kinds that are the players' doing: the table shows them and never faults for them."""
FAULT_KINDS = MACHINE_FAULTS + IRREGULARITIES
LIFTS = ("lift0", "lift1", "lift2", "lift3")
SEATS = ("0", "1", "2", "3")


STALL_CODES = {"disc": "E201", "ring": "E201", "conveyor": "E202", "head": "E202", "chain": "E205",
               "dice": "E701", "hatch": "E403", "lift": "E401"}
CAUSE_CODES = {"head_jam": ("E202",), "tile_missing": ("E511",), "tile_extra": ("E512",),
               "limit_stuck": ("E401", "E402", "E102"), "lid_open": ("E501",), "estop": ("E601",),
               "dice_dead": ("E701",), "belt_full_stuck": ("E206",), "chain_zero_blocked": ("E205",)}
"""The fault code each cause shows on its own (docs/fault-detection.md; tests/sim/test_faults.py
injects each alone). With several causes in place, the operator and the run's summary go by
it to tell which cause a fault came from."""


def _shows(kind: str, part: str | None, code: str) -> bool:
    """Whether the cause ``kind`` (``part``) shows fault ``code`` on its own."""
    if kind == "motor_stall":
        return STALL_CODES.get("lift" if (part or "").startswith("lift") else part) == code
    return code in CAUSE_CODES.get(kind, ())


def showing(code: str, items: list, cause_of=lambda item: item) -> list:
    """Of ``items`` (each a cause ``(kind, part)``, or holding one: ``cause_of``), those whose
    cause shows fault ``code``; all of them when none does (a code no cause is known for)."""
    return [item for item in items if (cause := cause_of(item)) is not None and _shows(*cause, code)] or items


def parse(kind: str, part: str | None = None) -> tuple[str, str | None, str | None]:
    """("motor_stall:disc", None) or ("motor_stall", "disc") → (kind, part, mode); mode is
    "open"/"closed" for limit_stuck (default "open"), else None. Raises ValueError naming
    what is wrong."""
    if ":" in kind and part is None:
        kind, part = kind.split(":", 1)
    if kind not in FAULT_KINDS:
        raise ValueError(f"unknown fault kind {kind!r}; KIND is one of {', '.join(FAULT_KINDS)}")
    if kind == "motor_stall":
        if part not in MOTORS:
            raise ValueError(f"motor_stall needs a motor, one of {', '.join(MOTORS)}; got {part!r}")
        return kind, part, None
    if kind == "limit_stuck":
        lift, _, mode = (part or "").partition(":")
        if lift not in LIFTS or mode not in ("", "open", "closed"):
            raise ValueError(f"limit_stuck needs <lift>[:open|closed] with lift one of "
                             f"{', '.join(LIFTS)}; got {part!r}")
        return kind, lift, mode or "open"
    if kind == "hand_miscount":
        if part not in SEATS:
            raise ValueError(f"hand_miscount needs a seat 0..3 (E S W N); got {part!r}")
        return kind, part, None
    if part is not None:
        raise ValueError(f"fault {kind} takes no part; got {part!r}")
    return kind, None, None


@dataclass(frozen=True)
class FaultSpec:
    """Inject ``kind`` (with ``part``) ``at_s`` seconds after cycle ``cycle`` starts; cycle 1
    starts at power-on, cycle N when cycle N-1 completed (its dice were thrown)."""

    kind: str
    part: str | None
    cycle: int
    at_s: float

    @property
    def label(self) -> str:
        return self.kind if self.part is None else f"{self.kind}:{self.part}"

    @property
    def is_irregularity(self) -> bool:
        return self.kind in IRREGULARITIES


def parse_fault_spec(text: str) -> FaultSpec:
    """Parse one ``--fault`` value; ValueError says what is wrong and what is expected."""
    usage = f"bad --fault {text!r}: expected KIND[:PART]@cycle=N[,at=SECONDS]"
    what, sep, when = text.partition("@")
    if not sep or not what:
        raise ValueError(usage)
    kind, _, part = what.partition(":")
    try:
        parse(kind, part or None)
    except ValueError as exc:
        raise ValueError(f"{usage}; {exc}") from None
    options = {}
    for item in when.split(","):
        key, eq, value = item.partition("=")
        if not eq or key not in ("cycle", "at") or key in options:
            raise ValueError(usage)
        options[key] = value
    try:
        cycle = int(options["cycle"])
        at_s = float(options.get("at", "0"))
    except (KeyError, ValueError):
        raise ValueError(usage) from None
    if cycle < 1 or at_s < 0:
        raise ValueError(f"{usage}; cycle counts from 1 and at is not negative")
    return FaultSpec(kind, part or None, cycle, at_s)


class FaultInjector:
    """Starts and removes fault causes in the physics. ``tile_missing``/``tile_extra`` act on
    the next set put on the disc (``load_set`` or ``drop_used_set``); clearing them is the
    operator putting the lost tile back on the disc / taking the foreign tile out."""

    def __init__(self, physics: TablePhysics, rng):
        self._physics = physics
        self._rng = rng
        self.active: set[tuple[str, str | None]] = set()
        self.pending_missing = False
        self.pending_extra = False
        self.lost: list = []
        self.extra: list = []

    def inject(self, kind: str, part: str | None = None) -> None:
        self._switch(kind, part, on=True)

    def clear(self, kind: str, part: str | None = None) -> None:
        self._switch(kind, part, on=False)

    def _switch(self, kind: str, part: str | None, on: bool) -> None:
        kind, part, mode = parse(kind, part)
        (self.active.add if on else self.active.discard)((kind, part))
        p, flow = self._physics, self._physics.flow
        if kind in ("motor_stall", "dice_dead"):
            p.bank.stall(part or "dice", on)
        elif kind == "head_jam":
            (setattr(flow, "jam_armed", True) if on else flow.free_jam())
        elif kind == "limit_stuck":
            p.lifts[LIFTS.index(part)].forward_end.force((mode == "closed") if on else None)
        elif kind == "lid_open":
            p.lid.set(not on)
        elif kind == "estop":
            p.estop.set(not on)
        elif kind == "belt_full_stuck":
            flow.sensors.s6.force(True if on else None)
        elif kind == "chain_zero_blocked":
            flow.sensors.s4.force(False if on else None)
        elif kind == "tile_missing":
            self.pending_missing = on
            if not on:
                flow.pool += self.lost
                self.lost = []
        else:
            self.pending_extra = on
            if not on:
                for tile in self.extra:
                    flow.remove(tile)
                self.extra = []
        p.update()

    def spoil(self, tiles: list) -> list:
        """Apply pending set faults to tiles going onto the disc."""
        if self.pending_missing and tiles:
            self.pending_missing = False
            self.lost.append(tiles.pop(self._rng.randrange(len(tiles))))
        if self.pending_extra:
            self.pending_extra = False
            self.extra.append(foreign_tile(self._rng, len(self.extra) + 1))
            tiles.append(self.extra[-1])
        return tiles
