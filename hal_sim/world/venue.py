"""A simulated venue, the ``[venue]`` component: players and an operator who use the simulated
table the way people would, seeing only what the table shows them.

Players play for ``play_s`` after the dice, then press the hatch button; when the hatch is
open the used set drops in (the first two times a fresh set is loaded instead: the table holds
two sets); they press raise, then dice for each throw the table asks for. After a fault the
operator waits ``reset_delay_s``, removes every injected cause and presses reset. At start
the operator enrols the two sets at the enrolment station if the tile registry lacks them.
Every action is scheduled on the table's scheduler, so it runs in virtual or real time alike.
What the venue watches is the table's public notifications and status (its display), never
the firmware's internals.
"""

import sys
from dataclasses import dataclass

from firmware import notifications as note
from firmware.config import ConfigError, Section
from firmware.controller.machine import Phase, State
from firmware.layout import layout_for
from firmware.tiles.enrolment import enrol_from_station
from firmware.tiles.registry import EnrolmentError

from hal_sim.backend import SimBackend


@dataclass(frozen=True)
class VenueSettings:
    play_s: float = 90.0
    press_delay_s: float = 1.0
    reset_delay_s: float = 5.0

    @classmethod
    def from_section(cls, section: Section) -> "VenueSettings":
        return cls(section.get_float("play_s", cls.play_s, minval=0.0, maxval=3600.0),
                   section.get_float("press_delay_s", cls.press_delay_s, minval=0.0, maxval=60.0),
                   section.get_float("reset_delay_s", cls.reset_delay_s, minval=0.0, maxval=600.0))


class Venue:
    """Acts on ``sim`` as the table's notifications ask for; ``next_rules()`` is the rule set
    the table will prepare next (what the operator reads on its display)."""

    SETS = 2

    def __init__(self, sim: SimBackend, scheduler, notifier: note.Notifier, next_rules,
                 settings: VenueSettings | None = None):
        self.sim = sim
        self.scheduler = scheduler
        self.next_rules = next_rules
        self.settings = settings or VenueSettings()
        self.active_faults: list[tuple[str, str | None]] = []
        """Injected causes not yet removed by the operator."""
        self.resets: list[float] = []
        """When the operator pressed reset (the world's own log, for the tests)."""
        self._sets_loaded = 0
        self._served = False
        self._players_done = False
        notifier.subscribe(note.StateEntered, self._on_state)
        notifier.subscribe(note.DiceThrown, self._on_dice)
        notifier.subscribe(note.FaultRaised, lambda _: self._later(self.settings.reset_delay_s,
                                                                   self._reset))

    def inject(self, kind: str, part: str | None = None) -> None:
        self.sim.inject(kind, part)
        self.active_faults.append((kind, part))

    def status(self) -> dict:
        return {"sets_loaded": self._sets_loaded, "causes_in_place": len(self.active_faults)}

    def _later(self, delay_s: float, action) -> None:
        self.scheduler.call_later(delay_s, action)

    def _press(self, button: str) -> None:
        self.sim.press(0, button)

    def _on_dice(self, thrown: note.DiceThrown) -> None:
        self.sim.deal_hands(thrown.dealer)
        self._players_done = False
        self._later(self.settings.play_s, self._finish_hand)

    def _on_state(self, entered: note.StateEntered) -> None:
        state, delay = entered.state, self.settings.press_delay_s
        if state is State.IDLE or state.is_ready and (
                self._players_done or state.phase is Phase.PREPARING):
            self._later(delay, lambda: self._press("hatch"))
        elif state is State.COLLECTING_OPENING:
            self._players_done = False
        elif state is State.COLLECTING_OPEN:
            self._later(delay, self._fill_and_raise)
        elif state is State.DICE_WAITING:
            self._later(delay, lambda: self._press("dice"))
        elif state.phase not in (Phase.COLLECTING, Phase.FAULT, Phase.ESTOP, Phase.SELF_TEST):
            self._served = False

    def _finish_hand(self) -> None:
        self._players_done = True
        self._press("hatch")

    def _fill_and_raise(self) -> None:
        """Drop the used set (or load a fresh one while the table has fewer than two), once."""
        if not self._served:
            self._served = True
            if self._sets_loaded < self.SETS:
                self._sets_loaded += 1
                self.sim.load_set(layout_for(self.next_rules()).tiles)
            else:
                self.sim.drop_used_set()
        self._later(self.settings.press_delay_s, lambda: self._press("raise"))

    def _reset(self) -> None:
        for kind, part in self.active_faults:
            self.sim.clear(kind, part)
        self.active_faults = []
        self.resets.append(self.scheduler.now())
        self.sim.press_reset()


def _enrol(service, section: Section, sim: SimBackend) -> None:
    """An empty tile registry gets both sets from the enrolment station (head reader bytes,
    as an operator's enrolment); said on stderr."""
    if "tiles" not in service.components:
        return
    registry = service.lookup("tiles").registry
    try:
        enrolled = enrol_from_station(registry, sim.enrolment_reads)
    except EnrolmentError as exc:
        raise ConfigError(f"{service.config.source}: [tiles] registry: {exc}") from None
    if enrolled:
        print(f"mjtable: tile registry {registry.path} lacked set(s) {', '.join(enrolled)}: "
              f"enrolled from the simulator's enrolment station", file=sys.stderr)


def load_component(section: Section, service) -> Venue:
    """``[venue]``: ``play_s`` (90), ``press_delay_s`` (1), ``reset_delay_s`` (5); only on the
    simulator backend."""
    sim = service.backend
    if not isinstance(sim, SimBackend):
        raise ConfigError(f"{service.config.source}: [venue] is the simulated players and "
                          f"operator: it needs [table] backend = \"sim\"")
    settings = VenueSettings.from_section(section)
    _enrol(service, section, sim)
    return Venue(sim, service.scheduler, service.notifier,
                 lambda: service.controller.status()["next_rules"], settings)
