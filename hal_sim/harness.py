"""The table service in virtual time with its simulated venue, faults injected on a schedule.

It runs cycles (``run``), played hands (``run_hands``: the players play each hand, machine
cycle included) or walks the maintenance menu testing every part (``test_parts``). Cycles and
hands run back to back with the loop on a core of its own (``firmware.cores``). Used by
``mjtable sim``, the fault tests and the benchmarks. What it learns of the table comes from
the table's notifications and status, like a person watching the display (the referee's
flags and hand results among them); what it learns of the world (the pin history, the stacks
really standing, the players' log of the truth) comes from the simulator. The summary says
what a person watching would want to know: cycles done, virtual seconds per cycle, each
injected fault with its code and detection time, unsafe instants from the pin history,
whether the stacks on the sides matched the layout, the table's status, and for the hands
played the referee's verdicts against the truth (``hal_sim.truth_check``).
"""

from dataclasses import dataclass

from firmware import notifications as note
from firmware.clock import VirtualScheduler
from firmware.config import Config, ConfigError
from firmware.controller import CycleChecks
from firmware.controller.machine import State
from firmware.controller.maintenance import PARTS
from firmware.cores import loop_core
from firmware.events import MaintenanceCommand
from firmware.service import build_service

from hal_sim import truth_check
from hal_sim.backend import SimBackend
from hal_sim.faults import FaultSpec, showing
from hal_sim.recorder import MotorsAt


@dataclass
class FaultOutcome:
    kind: str | None
    at: float
    cause: tuple[str, str | None] | None = None
    """The injected cause (kind, part); None for a fault nobody injected."""
    code: str | None = None
    detected_at: float | None = None
    recovered: bool = False
    motors_after: MotorsAt | None = None
    """The motor outputs on one controller tick after detection (asked when detected)."""

    def as_json(self, motors_on_after: list[str] | None) -> dict:
        after = None if self.detected_at is None else round(self.detected_at - self.at, 3)
        return {"kind": self.kind, "at": round(self.at, 3), "code": self.code,
                "detected_after_s": after, "recovered": self.recovered,
                "motors_on_one_tick_after": motors_on_after}


class SimRun:
    """Runs cycles in virtual time and collects the summary."""

    def __init__(self, config: Config, seed: int | None = None, rules: str | None = None,
                 faults: tuple[FaultSpec, ...] = (), checks: CycleChecks | None = None,
                 miscall_rate: float | None = None, miss_rate: float | None = None,
                 profile: str | None = None):
        """``miscall_rate`` overrides ``[venue] miscall_rate``, ``miss_rate`` every zone
        reader's ``[rfid.zones] miss_rate``; ``profile`` is the scoring profile the referee's
        results are checked with (None: each rule set's default)."""
        self.scheduler = VirtualScheduler()
        options = {} if seed is None else {"seed": seed}
        self.service = build_service(config, self.scheduler, rules=rules, checks=checks, **options)
        try:
            if not isinstance(self.service.backend, SimBackend):
                raise ConfigError(f"{config.source}: [table] backend: this command needs the "
                                  f"simulator")
            self.venue = self.service.lookup("venue")
            self._override(config, miscall_rate, miss_rate)
        except BaseException:
            self.service.close()
            raise
        self.sim = self.service.backend
        self.profile = profile
        self.referee = "referee" in self.service.components
        self.flags: list[tuple[int, dict]] = []
        self.results: dict[int, dict] = {}
        """Each hand's wins as the referee gave them (its zone pictures, ``discards``, are checked
        against the truth as the result comes, into ``rebuilt``, and not kept)."""
        self.rebuilt = truth_check.Reconstruction()
        self.hand: int | None = None
        self.hands_ended: list[int] = []
        self.faults = sorted(faults, key=lambda f: (f.cycle, f.at_s))
        self.outcomes: list[FaultOutcome] = []
        self.cycle_ends: list[float] = [0.0]
        self.wall_mismatches: list[dict] = []
        self.state = State.OFF
        self._begun = False
        self.parts_tested: list[note.PartTested] = []
        self.fault_codes: list[note.FaultRaised] = []
        notifier = self.service.notifier
        notifier.subscribe(note.StateEntered, lambda n: setattr(self, "state", n.state))
        notifier.subscribe(note.DiceThrown, self._on_cycle)
        notifier.subscribe(note.FaultRaised, self._on_fault)
        notifier.subscribe(note.WallsReady, self._on_walls_ready)
        notifier.subscribe(note.PartTested, self.parts_tested.append)
        notifier.subscribe(note.HandStarted, lambda n: setattr(self, "hand", n.hand))
        notifier.subscribe(note.HandEnded, lambda n: self.hands_ended.append(n.hand))
        notifier.subscribe(note.FlagRaised, lambda n: self.flags.append((self.hand, n.flag)))
        notifier.subscribe(note.HandResult, self._on_result)

    def _override(self, config: Config, miscall_rate: float | None, miss_rate: float | None):
        if miscall_rate is not None:
            if not 0.0 <= miscall_rate <= 1.0:
                raise ValueError(f"a miscall rate is 0..1, got {miscall_rate}")
            self.venue.players.miscall_rate = miscall_rate
        if miss_rate is not None:
            if self.service.backend.hands is None:
                raise ConfigError(f"{config.source}: a miss rate needs the zone readers: "
                                  f"an [rfid.zones] section")
            self.service.backend.hands.set_miss_rate(miss_rate)

    @property
    def cycles(self) -> int:
        return len(self.cycle_ends) - 1

    @property
    def log(self):
        """The players' log of the truth."""
        return self.venue.players.log

    def run_hands(self, hands: int, limit_s: float | None = None) -> dict:
        """Run until ``hands`` hands were played to their end and the hatch opened for the
        last of them (when the referee concludes a hand), machine cycle included."""
        limit_s = limit_s if limit_s is not None else 600.0 * (hands + 2)
        self._begin()

        log = self.log  # the players' log for the venue's life; done() runs after every timer

        def done() -> bool:
            played = log.hands
            return len(played) >= hands and played[hands - 1].hand in self.hands_ended
        with loop_core():
            self.scheduler.run_until(limit_s, stop=done)
            self.scheduler.advance(1.0)
        return self.summary()

    def run(self, cycles: int, limit_s: float | None = None) -> dict:
        """Run until ``cycles`` cycles completed (or ``limit_s`` virtual seconds passed)."""
        limit_s = limit_s if limit_s is not None else 600.0 * (cycles + 2)
        self._begin()
        with loop_core():
            self.scheduler.run_until(limit_s, stop=lambda: self.cycles >= cycles)
        return self.summary()

    def test_parts(self) -> dict:
        """The maintenance menu, part by part: each part's test passes, faults (the simulated
        operator then resets and the menu comes back) or, for a part no sensor observes, ran
        unverified. Faults are scheduled as for cycle 1."""
        self._begin()
        controller = self.service.controller
        controller.post(MaintenanceCommand("enter"))
        results = []
        for part in PARTS:
            self._run_until(State.MAINTENANCE_MENU)
            seen, tested, started = len(self.fault_codes), len(self.parts_tested), self.scheduler.now()
            controller.post(MaintenanceCommand(part))
            self.scheduler.advance(0.0)
            self._run_until(State.MAINTENANCE_MENU)
            new = self.fault_codes[seen:]
            report = self.parts_tested[tested:]
            verified = bool(report) and report[-1].verified
            results.append({"part": part, "ok": not new,
                            "verified": not new and verified,
                            "code": new[0].code if new else None,
                            "detail": new[0].detail if new else report[-1].detail,
                            "seconds": round(self.scheduler.now() - started, 3)})
        controller.post(MaintenanceCommand("exit"))
        self._run_until(State.IDLE)
        return {"parts": results, "unsafe_instants": self.sim.recorder.unsafe_instants(),
                "final_state": self.state.value, "status": self.service.status()}

    def _run_until(self, state: State, limit_s: float = 120.0) -> None:
        self.scheduler.run_until(self.scheduler.now() + limit_s, stop=lambda: self.state is state)

    def close(self) -> None:
        self.service.close()

    def _begin(self) -> None:
        """The first run (``run_hands``, ``run`` or ``test_parts``) starts the table and
        schedules the first cycle's faults; a later one goes on from where the last stopped
        (starting again would run a second controller tick and inject those faults twice)."""
        if not self._begun:
            self._begun = True
            self._schedule_faults(1)
            self.service.start()

    def _schedule_faults(self, cycle: int) -> None:
        for spec in self.faults:
            if spec.cycle == cycle:
                self.scheduler.call_later(spec.at_s, lambda s=spec: self._inject(s))

    def _inject(self, spec: FaultSpec) -> None:
        """A fault cause waits for its fault code; a players' irregularity never faults (the
        hand count check reports it in ``tile_checks``)."""
        if not spec.is_irregularity:
            self.outcomes.append(FaultOutcome(spec.label, self.scheduler.now(), (spec.kind, spec.part)))
        self.venue.inject(spec.kind, spec.part)

    def _on_cycle(self, thrown: note.DiceThrown) -> None:
        self.cycle_ends.append(thrown.at)
        for outcome in self.outcomes:
            if outcome.detected_at is not None:
                outcome.recovered = True
        self._schedule_faults(thrown.cycle + 1)

    def _on_fault(self, raised: note.FaultRaised) -> None:
        self.fault_codes.append(raised)
        waiting = showing(raised.code, [o for o in self.outcomes if o.code is None], lambda o: o.cause)
        outcome = waiting[0] if waiting else FaultOutcome(None, raised.at)
        if not waiting:
            self.outcomes.append(outcome)
        outcome.code, outcome.detected_at = raised.code, raised.at
        outcome.motors_after = self.sim.recorder.watch(
            raised.at + self.service.controller.settings.bounds.tick_s)

    def _on_walls_ready(self, ready: note.WallsReady) -> None:
        truth = tuple(self.sim.wall_stacks())
        layout = ready.report.stacks_per_side
        if truth != tuple(layout):
            self.wall_mismatches.append({"cycle": ready.report.cycle, "stacks": list(truth),
                                         "layout": list(layout)})

    def _on_result(self, announced: note.HandResult) -> None:
        result = announced.result
        self.rebuilt.check(self.log.take_discards(announced.hand), {announced.hand: result})
        self.results[announced.hand] = {"wins": result.get("wins", [])}

    def _motors_on_after(self, outcome: FaultOutcome) -> list[str] | None:
        """Motor outputs still on one controller tick after the fault was detected."""
        if outcome.motors_after is None:
            return None
        return self.sim.recorder.motors_at(outcome.motors_after)

    def summary(self) -> dict:
        ends = self.cycle_ends
        seconds = [round(b - a, 3) for a, b in zip(ends, ends[1:])]
        status = self.service.status()
        tiles = {} if "tiles" not in status else {"tile_checks": status["tiles"] | {
            "hand_count_flags": status.get("tiles.hands", {}).get("hand_count_flags", [])}}
        return tiles | {
            "cycles_completed": status["cycle"],
            "cycle_seconds": seconds,
            "cycle_seconds_mean": round(sum(seconds) / len(seconds), 3) if seconds else None,
            "rules": status["rules"],
            "stacks_per_side": status["preparing"]["layout"],
            "wall_mismatches": self.wall_mismatches,
            "faults": [o.as_json(self._motors_on_after(o)) for o in self.outcomes],
            "unsafe_instants": self.sim.recorder.unsafe_instants(),
            "rfid_late_handovers": self.sim.late_handovers(),
            "final_state": status["state"],
            "virtual_s": round(self.scheduler.now(), 3),
            "status": status,
        } | self.play_summary()

    def play_summary(self) -> dict:
        """The hands played and the referee's verdicts against the truth; every referee
        figure is None when no ``[referee]`` is configured."""
        log = self.log
        results = self.results if self.referee else None
        return {
            "hands_played": len(log.hands),
            "hand_ends": log.ends(),
            "hands_unplayable": len(log.unplayable),
            "referee": True if self.referee else None,
            "miscalls": truth_check.miscalls(log, self.flags if self.referee else None),
            "wins": truth_check.wins(log, results, self.profile),
            "reconstruction": truth_check.reconstruction(log, results, self.rebuilt),
            "scores": truth_check.scores(log, results),
            "game": self._game(),
        }

    def _game(self) -> dict | None:
        """The ledger's game at the end (None without a ``[ledger]``): how many games the
        data folder holds, and the one in play or last ended, with its standings."""
        ledger = self.service.components.get("ledger")
        if ledger is None:
            return None
        view = ledger.status()
        keys = ("games", "rules", "hand", "dealer", "honba", "sticks", "scores", "ended",
                "end_reason", "standings")
        return {key: view.get(key) for key in keys}
