"""The RFID set check as a controller cycle check: verify each cycle's wall, report by policy.

``TileCheck`` is registered in the controller's ``CycleChecks``. When the walls are ready it
builds the wall map from the cycle's stacking events (``CycleReport.reads``: K1 pulses, head
reads, stack landings, in arrival order), verifies it against the registry and, by policy,
stops the table with a fault code ("stop") or only records a warning ("warn"). As a
controller listener it also keeps a ``ReaderFault`` reported outside preparation.
"""

import logging
from dataclasses import dataclass, field
from pathlib import Path

from firmware.config import Section
from firmware.controller.checks import CheckFailure, CycleReport
from firmware.events import ReaderFault
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
    """A ``CycleCheck`` (call it with the cycle's report) and a controller listener."""

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

    @classmethod
    def from_config(cls, section: Section) -> "TileCheck":
        """``[tiles]``: ``registry`` (path of the SQLite file; a relative path is taken from
        the config file's folder, and missing folders are made), ``on_failure``
        ("stop"/"warn")."""
        return cls(open_registry(section),
                   section.get_str("on_failure", "stop", choices=POLICIES))

    def listen(self, kind: str, info: dict) -> None:
        """A controller listener: keep a reader fault the controller did not act on itself
        (one reported outside preparation), to be shown when the walls are checked."""
        event = info.get("event") if kind == "event" else None
        if isinstance(event, ReaderFault):
            self.reader_faults.append(event)

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
        check = verify_wall(self.registry, self._wall(report), layout.tiles,
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

    def _wall(self, report: CycleReport) -> WallReads:
        """The cycle's wall map, from the stacking events the controller collected."""
        collector = WallCollector(self.reader)
        for event in report.reads:
            collector.take(event)
        return collector.finish()

    def summary(self) -> dict:
        """``tile_checks`` for ``mjtable sim --json``."""
        return {"sets_verified": sum(check.ok for check in self.results),
                "failures": sum(not check.ok for check in self.results),
                "acknowledged": self.acknowledged,
                "missing_named": [kind for check in self.results for kind in check.missing_named]}
