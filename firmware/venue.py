"""A simulated venue: players and an operator who use a simulated table the way people would.

Players play for ``play_s`` after the dice, then press the hatch button; when the hatch is
open the used set drops in (the first two times a fresh set is loaded instead: the table holds
two sets); they press raise, then dice for each throw the controller asks for. After a fault
the operator waits ``reset_delay_s``, removes every injected cause and presses reset. Every
action is scheduled on the controller's scheduler, so it runs in virtual or real time alike.
"""

from dataclasses import dataclass

from firmware.config import Config
from firmware.events import OperatorReset
from firmware.layout import layout_for
from firmware.simulation import Simulation


@dataclass(frozen=True)
class VenueSettings:
    play_s: float = 90.0
    press_delay_s: float = 1.0
    reset_delay_s: float = 5.0

    @classmethod
    def from_config(cls, config: Config) -> "VenueSettings":
        """The optional ``[venue]`` section."""
        section = config.section("venue", required=False)
        return cls(section.get_float("play_s", cls.play_s, minval=0.0, maxval=3600.0),
                   section.get_float("press_delay_s", cls.press_delay_s, minval=0.0, maxval=60.0),
                   section.get_float("reset_delay_s", cls.reset_delay_s, minval=0.0, maxval=600.0))


class Venue:
    """Acts on ``sim`` as the ``controller``'s state changes and notifications ask for."""

    SETS = 2

    def __init__(self, sim: Simulation, controller, settings: VenueSettings | None = None):
        self.sim = sim
        self.controller = controller
        self.settings = settings or VenueSettings()
        self.scheduler = controller.scheduler
        self.active_faults: list[tuple[str, str | None]] = []
        """Injected causes not yet removed by the operator."""
        self._sets_loaded = 0
        self._served = False
        self._players_done = False
        controller.listeners.append(self._on)

    def inject(self, kind: str, part: str | None = None) -> None:
        self.sim.inject(kind, part)
        self.active_faults.append((kind, part))

    def _later(self, delay_s: float, action) -> None:
        self.scheduler.call_later(delay_s, action)

    def _press(self, button: str) -> None:
        self.sim.press(0, button)

    def _on(self, kind: str, info: dict) -> None:
        if kind == "state":
            self._on_state(info["state"])
        elif kind == "cycle":
            self.sim.deal_hands(self.controller.settings.dealer)
            self._players_done = False
            self._later(self.settings.play_s, self._finish_hand)
        elif kind == "fault":
            self._later(self.settings.reset_delay_s, self._reset)

    def _on_state(self, state: str) -> None:
        delay = self.settings.press_delay_s
        if state == "idle" or state.endswith(".ready") and (
                self._players_done or state.startswith("preparing")):
            self._later(delay, lambda: self._press("hatch"))
        elif state == "collecting.opening":
            self._players_done = False
        elif state == "collecting.open":
            self._later(delay, self._fill_and_raise)
        elif state == "dice.waiting":
            self._later(delay, lambda: self._press("dice"))
        elif not state.startswith(("collecting", "fault", "estop", "self_test")):
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
                self.sim.load_set(layout_for(self.controller.next_settings.rules).tiles)
            else:
                self.sim.drop_used_set()
        self._later(self.settings.press_delay_s, lambda: self._press("raise"))

    def _reset(self) -> None:
        for kind, part in self.active_faults:
            self.sim.clear(kind, part)
        self.active_faults = []
        self.controller.post(OperatorReset())
