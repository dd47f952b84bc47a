"""``--fault KIND[:PART]@cycle=N[,at=SECONDS]``: when ``mjtable sim`` injects which fault cause."""

from dataclasses import dataclass

from firmware.simulation import FAULT_KINDS, LIFT_PARTS, MOTOR_PARTS


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


def parse_fault_spec(text: str) -> FaultSpec:
    """Parse one ``--fault`` value; ValueError says what is wrong and what is expected."""
    usage = f"bad --fault {text!r}: expected KIND[:PART]@cycle=N[,at=SECONDS]"
    what, sep, when = text.partition("@")
    if not sep or not what:
        raise ValueError(usage)
    kind, _, part = what.partition(":")
    if kind not in FAULT_KINDS:
        raise ValueError(f"{usage}; KIND is one of {', '.join(FAULT_KINDS)}")
    _check_part(kind, part or None, usage)
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


def _check_part(kind: str, part: str | None, usage: str) -> None:
    if kind == "motor_stall" and part not in MOTOR_PARTS:
        raise ValueError(f"{usage}; motor_stall needs a motor: {', '.join(MOTOR_PARTS)}")
    if kind == "limit_stuck":
        lift, _, mode = (part or "").partition(":")
        if lift not in LIFT_PARTS or mode not in ("", "open", "closed"):
            raise ValueError(f"{usage}; limit_stuck needs <lift>[:open|closed], lift one of "
                             f"{', '.join(LIFT_PARTS)}")
    elif kind == "hand_miscount":
        if part not in ("0", "1", "2", "3"):
            raise ValueError(f"{usage}; hand_miscount needs a seat: 0, 1, 2, 3 (E S W N)")
    elif kind != "motor_stall" and part is not None:
        raise ValueError(f"{usage}; {kind} takes no part")
