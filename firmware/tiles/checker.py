"""The RFID set check, the ``[tiles]`` component: each cycle's wall verified, reported by policy.

``TileCheck`` hears the stacking events straight from the parts and the head reader (K1
pulses, head reads, stack landings, in arrival order) and builds the cycle's wall map from
them; registered in the controller's ``CycleChecks``, it verifies the map against the
registry when the walls are ready and, by policy, stops the table with a fault code ("stop")
or only records a warning ("warn"). A head reader that fails while a set is being stacked
stops the table at once (E514): that set's walls can no longer be verified.
"""

import logging
from dataclasses import dataclass, field
from pathlib import Path

from firmware import notifications as note
from firmware.config import Section
from firmware.controller.checks import CheckFailure, CycleReport
from firmware.events import ComponentFault, ReaderFault, StackDelivered, TileAtHead, TileRead
from firmware.layout import layout_for
from firmware.tiles.registry import EnrolmentError, TileRegistry
from firmware.tiles.verify import SetCheck, verify_wall
from firmware.tiles.wall import WallCollector, WallReads

log = logging.getLogger(__name__)

POLICIES = ("stop", "warn")
READER_FAULT = "E514"
FAULT_BY_ISSUE = {"missing": "E511", "enrolment": "E511", "unknown": "E512",
                  "other_set": "E512", "not_in_game": "E512", "extra": "E512",
                  "duplicate": "E513", "side_count": "E513", "reader": READER_FAULT}
STACKING_EVENTS = (TileAtHead, TileRead, StackDelivered, ReaderFault)


def open_registry(section: Section) -> TileRegistry:
    path = Path(section.get_str("registry"))
    source = Path(section.config.source)
    if not path.is_absolute() and source.is_file():
        path = source.parent / path
    try:
        return TileRegistry(path)
    except EnrolmentError as exc:
        raise section.error("registry", str(exc)) from None


@dataclass
class TileCheck:
    """A ``CycleCheck`` (call it with the cycle's report) fed the stacking events by ``take``."""

    registry: TileRegistry
    on_failure: str = "stop"
    reader: str = "head"
    results: list[SetCheck] = field(default_factory=list)
    reader_faults: list[ReaderFault] = field(default_factory=list)

    def __post_init__(self):
        if self.on_failure not in POLICIES:
            raise ValueError(f"on_failure must be one of {', '.join(POLICIES)}, "
                             f"got {self.on_failure!r}")
        self._failed: tuple[int, str] | None = None
        self.acknowledged = 0
        """Findings the operator cleared with a reset (the same cycle checked again)."""
        self._wall = WallCollector(self.reader)
        self._stop = None
        """Where a head-reader failure during stacking goes (the controller's queue)."""
        self.last_wall: WallReads | None = None
        """The wall map of the last set verified: the referee reads it when that set is dealt."""

    @classmethod
    def from_config(cls, section: Section) -> "TileCheck":
        """``[tiles]``: ``registry`` (path of the SQLite file; a relative path is taken from
        the config file's folder, and missing folders are made), ``on_failure``
        ("stop"/"warn")."""
        return cls(open_registry(section),
                   section.get_str("on_failure", "stop", choices=POLICIES))

    def new_set(self, notification: note.SetPreparing | None = None) -> None:
        """A set starts being stacked: its wall map starts empty."""
        self._wall = WallCollector(self.reader)

    def take(self, event) -> None:
        """A stacking event or a head read, in arrival order; a reader fault while a set is
        being stacked stops the table, one reported at any other time is kept for the check."""
        if not isinstance(event, ReaderFault):
            self._wall.take(event)
        elif event.reader == self.reader and self._stop is not None:
            self._stop(ComponentFault(READER_FAULT, f"RFID reader {event.reader}: {event.reason}"))
        else:
            self.reader_faults.append(event)

    def stop_with(self, post) -> None:
        """While a set is being stacked, a head-reader failure is ``post``-ed as a fault."""
        self._stop = post

    def __call__(self, report: CycleReport) -> CheckFailure | None:
        """Verify the cycle's wall. After an operator reset the controller runs the checks on
        the same cycle again: the operator has done what the fault said, so the same findings
        (a foreign tile's read stays in the cycle's reads after it was taken out) are accepted
        once; a missing tile put back has been read by then and simply verifies."""
        failed_before, self._failed = self._failed, None
        if self.reader_faults:
            fault, self.reader_faults = self.reader_faults[-1], []
            return self._fail(report, f"RFID reader {fault.reader}: {fault.reason}",
                              READER_FAULT)
        layout = layout_for(report.rules)
        self.last_wall = self._wall.wall()
        check = verify_wall(self.registry, self.last_wall, layout.tiles,
                            side_tiles=tuple(2 * n for n in layout.stacks_per_side))
        if check.ok:
            self.results.append(check)
            return None
        if failed_before == (report.cycle, check.summary()):
            self.acknowledged += 1
            return None
        self.results.append(check)
        if self.on_failure == "warn":
            log.warning("tile check, cycle %d: %s", report.cycle, check.summary())
            return None
        return self._fail(report, check.summary(), FAULT_BY_ISSUE[check.issues[0].kind])

    def _fail(self, report: CycleReport, detail: str, code: str) -> CheckFailure:
        self._failed = (report.cycle, detail)
        return CheckFailure(detail, code)

    def status(self) -> dict:
        """The set checks so far (``tile_checks`` of ``mjtable sim --json``)."""
        return {"sets_verified": sum(check.ok for check in self.results),
                "failures": sum(not check.ok for check in self.results),
                "acknowledged": self.acknowledged,
                "missing_named": [kind for check in self.results for kind in check.missing_named]}


def load_component(section: Section, service) -> TileCheck:
    """``[tiles]``: the set check, registered as a cycle check and fed the stacking events;
    a head reader failing between a set's start and its walls being ready stops the table."""
    check = TileCheck.from_config(section)
    service.controller.checks.register(check)
    service.events.subscribe(STACKING_EVENTS, check.take)
    service.notifier.subscribe(note.SetPreparing, lambda n: (check.new_set(n),
                                                            check.stop_with(service.controller.post)))
    service.notifier.subscribe(note.WallsReady, lambda n: check.stop_with(None))
    return check
