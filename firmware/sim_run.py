"""One simulated table with its venue: the controller on the sim backend, faults on a schedule.

It runs cycles (``run``) or walks the maintenance menu testing every part (``test_parts``).
Used by ``mjtable sim`` (virtual time), ``mjtable run`` on the simulator (real time), the
fault tests and the benchmarks. The summary says what a person watching would want to know:
cycles done, virtual seconds per cycle, each injected fault with its code and detection time,
unsafe instants from the pin history, and whether the stacks on the sides matched the layout.
"""

from dataclasses import dataclass

from firmware.clock import VirtualScheduler
from firmware.config import Config
from firmware.controller import CycleChecks
from firmware.controller.maintenance import PARTS
from firmware.events import MaintenanceCommand
from firmware.fault_spec import FaultSpec
from firmware.service import build_service
from firmware.simulation import IRREGULARITIES


@dataclass
class FaultOutcome:
    kind: str | None
    at: float
    code: str | None = None
    detected_at: float | None = None
    recovered: bool = False

    def as_json(self, motors_on_after: list[str] | None) -> dict:
        after = None if self.detected_at is None else round(self.detected_at - self.at, 3)
        return {"kind": self.kind, "at": round(self.at, 3), "code": self.code,
                "detected_after_s": after, "recovered": self.recovered,
                "motors_on_one_tick_after": motors_on_after}


class SimRun:
    """Runs cycles in virtual time and collects the summary."""

    def __init__(self, config: Config, seed: int | None = None, rules: str | None = None,
                 faults: tuple[FaultSpec, ...] = (), checks: CycleChecks | None = None):
        self.scheduler = VirtualScheduler()
        self.service = build_service(config, self.scheduler, seed=seed, rules=rules, checks=checks,
                                     require_sim=True)
        self.sim, self.controller, self.venue = (self.service.backend, self.service.controller,
                                                 self.service.venue)
        self.faults = sorted(faults, key=lambda f: (f.cycle, f.at_s))
        self.outcomes: list[FaultOutcome] = []
        self.cycle_ends: list[float] = [0.0]
        self.wall_mismatches: list[dict] = []
        self.controller.listeners.append(self._on)

    def run(self, cycles: int, limit_s: float | None = None) -> dict:
        """Run until ``cycles`` cycles completed (or ``limit_s`` virtual seconds passed)."""
        limit_s = limit_s if limit_s is not None else 600.0 * (cycles + 2)
        self._schedule_faults(1)
        self.controller.start()
        self.scheduler.run_until(limit_s, stop=lambda: self.controller.cycles >= cycles)
        return self.summary()

    def test_parts(self) -> dict:
        """The maintenance menu, part by part: each part's test passes or faults (the simulated
        operator then resets and the menu comes back). Faults are scheduled as for cycle 1."""
        self._schedule_faults(1)
        self.controller.start()
        self.controller.post(MaintenanceCommand("enter"))
        results = []
        for part in PARTS:
            self._run_until("maintenance.menu")
            seen, started = len(self.controller.faults), self.scheduler.now()
            self.controller.post(MaintenanceCommand(part))
            self.scheduler.advance(0.0)
            self._run_until("maintenance.menu")
            new = self.controller.faults[seen:]
            results.append({"part": part, "ok": not new,
                            "code": new[0].code if new else None,
                            "detail": new[0].detail if new else "",
                            "seconds": round(self.scheduler.now() - started, 3)})
        self.controller.post(MaintenanceCommand("exit"))
        self._run_until("idle")
        return {"parts": results, "unsafe_instants": self.sim.recorder.unsafe_instants(),
                "final_state": self.controller.state}

    def _run_until(self, state: str, limit_s: float = 120.0) -> None:
        self.scheduler.run_until(self.scheduler.now() + limit_s,
                                 stop=lambda: self.controller.state == state)

    def close(self) -> None:
        self.service.close()

    def _schedule_faults(self, cycle: int) -> None:
        for spec in self.faults:
            if spec.cycle == cycle:
                self.scheduler.call_later(spec.at_s, lambda s=spec: self._inject(s))

    def _inject(self, spec: FaultSpec) -> None:
        """A fault cause waits for its fault code; a players' irregularity never faults (the
        hand count check reports it in ``tile_checks``)."""
        if spec.kind not in IRREGULARITIES:
            self.outcomes.append(FaultOutcome(spec.label, self.scheduler.now()))
        self.venue.inject(spec.kind, spec.part)

    def _on(self, kind: str, info: dict) -> None:
        now = self.scheduler.now()
        if kind == "cycle":
            self.cycle_ends.append(now)
            for outcome in self.outcomes:
                if outcome.detected_at is not None:
                    outcome.recovered = True
            self._schedule_faults(info["cycle"] + 1)
        elif kind == "fault":
            waiting = [o for o in self.outcomes if o.code is None]
            outcome = waiting[0] if waiting else FaultOutcome(None, now)
            if not waiting:
                self.outcomes.append(outcome)
            outcome.code, outcome.detected_at = info["code"], now
        elif kind == "walls_ready":
            truth = tuple(self.sim.wall_stacks())
            layout = self.controller.count.layout.stacks_per_side
            if truth != layout:
                self.wall_mismatches.append({"cycle": self.controller.cycles + 1,
                                             "stacks": list(truth), "layout": list(layout)})

    def _motors_on_after(self, outcome: FaultOutcome) -> list[str] | None:
        """Motor outputs still on one controller tick after the fault was detected."""
        if outcome.detected_at is None:
            return None
        tick_s = self.controller.settings.bounds.tick_s
        return self.sim.recorder.motors_on_at(outcome.detected_at + tick_s)

    def summary(self) -> dict:
        ends = self.cycle_ends
        seconds = [round(b - a, 3) for a, b in zip(ends, ends[1:])]
        service = self.service
        tiles = {} if service.tile_check is None else \
            {"tile_checks": service.tile_check.summary() | service.hand_monitor.summary()}
        return tiles | {
            "cycles_completed": self.controller.cycles,
            "cycle_seconds": seconds,
            "cycle_seconds_mean": round(sum(seconds) / len(seconds), 3) if seconds else None,
            "rules": self.controller.settings.rules,
            "stacks_per_side": list(self.controller.count.layout.stacks_per_side),
            "wall_mismatches": self.wall_mismatches,
            "faults": [o.as_json(self._motors_on_after(o)) for o in self.outcomes],
            "unsafe_instants": self.sim.recorder.unsafe_instants(),
            "final_state": self.controller.state,
            "virtual_s": round(self.scheduler.now(), 3),
        }
