"""Every fault the table controller can raise: code, meaning, likely cause, operator action.

This table is the single source: the controller shows these texts on the display and
``docs/faults.md`` is rendered from it (``render_markdown``; a test keeps the file in step).
Codes group by area: 1xx self test, 2xx tile flow and stacking, 3xx tile count, 4xx lifts and
hatch, 5xx lid, 6xx e-stop, 7xx dice, 8xx cycle checks, 9xx controller software.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class FaultInfo:
    code: str
    meaning: str
    cause: str
    action: str


FAULTS: dict[str, FaultInfo] = {f.code: f for f in (
    FaultInfo("E101", "Self test: a lift did not reach its bottom or the hatch did not close in time",
              "lift or hatch motor stalled, bottom/closed limit switch stuck open, debris under a plate",
              "Clear the lift plates and the hatch, check the limit switches, then press reset."),
    FaultInfo("E102", "A lift reports top and bottom at the same time",
              "a lift limit switch is stuck closed or its wire is shorted",
              "Free or replace the stuck limit switch on that lift, then press reset."),
    FaultInfo("E201", "No tile reached the stacking head in time",
              "disc, magnet ring or conveyor motor stalled; no set was dropped in; disc rubber strip worn",
              "Open the cover, check the disc, ring and conveyor turn freely, then press reset."),
    FaultInfo("E202", "The stacking head stopped taking tiles (belt backed up)",
              "tile jammed in the stacking head, stack-push or conveyor motor stalled, chipped or dirty tile",
              "Remove the jammed tile at the head (check the head-conveyor gap), then press reset."),
    FaultInfo("E203", "A finished stack did not reach any side in time",
              "chain push rod stuck, side count sensor (S1) dirty or misaligned",
              "Clean the side count sensors, check the chain push rods, then press reset."),
    FaultInfo("E204", "A side received more stacks than its layout, or fewer at the end",
              "side count sensor (S1) double-counting or dirty, mode selector wrong, side motor weak",
              "Check the side count sensors and the layout selector; push the tiles in and press reset."),
    FaultInfo("E205", "The distribution chain did not pass its zero sensor in time",
              "chain motor stalled, chain zero sensor (S4) blocked or reflector dirty",
              "Clean the S4 sensor and reflectors, check the chain runs, then press reset."),
    FaultInfo("E206", "The belt-full sensor stays active while tiles still flow",
              "belt-full sensor (S6) stuck or dirty",
              "Clean or replace the belt-full sensor, then press reset."),
    FaultInfo("E301", "The set has more tiles than the rule set uses",
              "a tile from the other set or a spare tile was dropped in",
              "Take the extra tile out of the machine, then press reset."),
    FaultInfo("E302", "The set is short of tiles",
              "a tile was left on the table, fell out, or is stuck on the disc",
              "Find the missing tile and drop it in through the hatch, then press reset."),
    FaultInfo("E401", "A lift did not reach its limit in time",
              "lift motor stalled, limit switch stuck open, plate blocked",
              "Clear the plate, check the lift motor and its limit switches, then press reset."),
    FaultInfo("E402", "A lift reached its limit far too soon",
              "limit switch stuck closed",
              "Free or replace the stuck limit switch, then press reset."),
    FaultInfo("E403", "The centre hatch did not open or close in time",
              "hatch motor stalled, hatch switch stuck, something caught in the hatch",
              "Clear the hatch opening, check its motor and switches, then press reset."),
    FaultInfo("E501", "The lid / centre was raised while the machine was running",
              "someone lifted the centre during shuffling or a motion",
              "Close the lid, make sure no hands are inside, then press reset."),
    FaultInfo("E511", "Tile identity: the set is short of tiles, named on the display",
              "a tile was left on the table or fell out; or the set was enrolled incompletely",
              "Find the named tile and drop it in through the hatch (or re-enrol the set), then press reset."),
    FaultInfo("E512", "Tile identity: a tile that does not belong in this set",
              "a tile of the other set (other back colour), an unknown tag or a flower in a game without flowers",
              "Take out the named tile (swap it with its twin from the other set), then press reset."),
    FaultInfo("E513", "Tile identity: a tag read twice, or a side with the wrong tile count",
              "a cloned or damaged tag, or a side count sensor (S1) miscounting",
              "Check the named tile's tag or the side's count sensor, then press reset."),
    FaultInfo("E514", "An RFID reader stopped answering",
              "reader cable or USB adapter unplugged, reader without power, wrong port in the config",
              "Check the reader's cable and power (see the port in the detail), then press reset."),
    FaultInfo("E515", "Notice, not a machine fault (the motors keep running): a seat holds the wrong number of tiles (相公)",
              "a player drew or discarded one tile too many or too few, or a tile sits outside the zones",
              "Call the referee: the seat and its count are on the display; the table itself needs nothing."),
    FaultInfo("E516", "Notice, not a machine fault (the motors keep running): the referee flagged an offence",
              "a player made a move the rules forbid: a false win, a wrong call, a wrong tile count, ... (on the display)",
              "Call the judge: the seat, the offence and the tiles are on the display; the judge confirms or dismisses it."),
    FaultInfo("E601", "Emergency stop",
              "the emergency-stop button was pressed",
              "Remove the danger, release the emergency-stop button, then press reset."),
    FaultInfo("E701", "The dice did not roll",
              "dice motor dead (2 A fuse, worn motor), roll sensor dirty or too far, debris",
              "Check the dice fuse and motor, clean the roll sensor, then press reset."),
    FaultInfo("E801", "A cycle check rejected the prepared walls",
              "a check registered for the walls (e.g. tile identity) found a problem; see the detail",
              "Read the detail on the display, fix the set, then press reset."),
    FaultInfo("E901", "Controller software error",
              "an unexpected error inside the controller (see the service log)",
              "Note the detail from the log, press reset; if it repeats, restart the service."),
)}


def fault_info(code: str) -> FaultInfo:
    """The table row for ``code``; KeyError names the unknown code."""
    try:
        return FAULTS[code]
    except KeyError:
        raise KeyError(f"unknown fault code {code!r}") from None


def render_markdown() -> str:
    """docs/faults.md, generated from FAULTS."""
    lines = [
        "# Fault codes",
        "",
        "Generated from `firmware/faults.py` by `python -m firmware.faults` — do not edit by hand.",
        "On a fault every motor stops at once, the code shows on the display and the buzzer beeps;",
        "after the operator action, press reset: the table runs its self test and resumes the step",
        "it was in.",
        "",
        "| Code | Meaning | Likely cause | What the operator does |",
        "|---|---|---|---|",
    ]
    lines += [f"| {f.code} | {f.meaning} | {f.cause} | {f.action} |" for f in FAULTS.values()]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render_markdown(), end="")
