"""A simulated venue, the ``[venue]`` component: players and an operator who use the simulated
table the way people would, seeing only what the table shows them.

After the dice the four players (``hal_sim.world.players``) play the hand from the walls on
the table, a move every ``move_s``, to a win or the exhaustive draw (or the mistake that cuts
it); then, once at least ``play_s`` has passed since the dice (they do not hurry: the next set
is being stacked meanwhile, and the machine's timeline stays that of docs/fault-detection.md),
they press the hatch button; when the hatch is open the used set drops in (the first two times
a fresh set is loaded instead: the table holds two sets); they press raise, then dice for each
throw the table asks for. After a fault the operator waits ``reset_delay_s``, removes the
injected causes that fault shows (every one in place when none is known to show it: the
operator looks the table over) and presses reset. At start the operator enrols the two sets at the enrolment
station if the tile registry lacks them. Every action is scheduled on the table's scheduler,
so it runs in virtual or real time alike. What the venue watches is the table's public
notifications and status (its display), never the firmware's internals.
"""

import random
import sys
from dataclasses import dataclass

from firmware import notifications as note
from firmware.config import ConfigError, Section
from firmware.controller.machine import Phase, State
from firmware.layout import layout_for
from firmware.tiles.enrolment import enrol_from_station
from firmware.tiles.registry import EnrolmentError

from hal_sim.backend import SimBackend
from hal_sim.faults import parse, showing
from hal_sim.rfid.head import POLL_S
from hal_sim.world.players import Players


@dataclass(frozen=True)
class VenueSettings:
    play_s: float = 90.0
    """The least time from the dice to the hatch button."""
    press_delay_s: float = 1.0
    reset_delay_s: float = 5.0
    move_s: float = 0.4
    """Seconds between two moves of the players (a draw, a discard, a call, a button)."""
    miscall_rate: float = 0.0
    """The share of hands in which a player makes one mistake."""

    @classmethod
    def from_section(cls, section: Section) -> "VenueSettings":
        return cls(section.get_float("play_s", cls.play_s, minval=0.0, maxval=3600.0),
                   section.get_float("press_delay_s", cls.press_delay_s, minval=0.0, maxval=60.0),
                   section.get_float("reset_delay_s", cls.reset_delay_s, minval=0.0, maxval=600.0),
                   section.get_float("move_s", cls.move_s, minval=0.01, maxval=60.0),
                   section.get_float("miscall_rate", cls.miscall_rate, minval=0.0, maxval=1.0))


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
        self.players = Players(sim, scheduler, random.Random(f"players:{sim.seed}"),
                               self.settings.move_s, self.settings.miscall_rate, ahead=True)
        self._dice_at = 0.0
        self.active_faults: list[tuple[str, str | None]] = []
        """Injected causes not yet removed by the operator."""
        self.resets: list[float] = []
        """When the operator pressed reset (the world's own log, for the tests)."""
        self._sets_loaded = 0
        self._served = False
        self._players_done = False
        notifier.subscribe(note.StateEntered, self._on_state)
        notifier.subscribe(note.DiceThrown, self._on_dice)
        notifier.subscribe(note.FaultRaised, lambda raised: self._later(
            self.settings.reset_delay_s, lambda: self._reset(raised.code)))

    def inject(self, kind: str, part: str | None = None) -> None:
        """A machine fault's cause, or the players' irregularity ``hand_miscount:<seat>``
        (that seat draws one tile too many: a wrong count, made at the hand's next move)."""
        name, seat, _ = parse(kind, part)
        if name == "hand_miscount":
            self.players.force("wrong_count", int(seat))
            return
        self.sim.inject(kind, part)
        self.active_faults.append((kind, part))

    def status(self) -> dict:
        return {"sets_loaded": self._sets_loaded, "causes_in_place": len(self.active_faults),
                **self.players.status()}

    def close(self) -> None:
        self.players.close()

    def _later(self, delay_s: float, action) -> None:
        self.scheduler.call_later(delay_s, action)

    def _press(self, button: str) -> None:
        self.sim.press(0, button)

    def _on_dice(self, thrown: note.DiceThrown) -> None:
        self._players_done = False
        self._dice_at = self.scheduler.now()
        if not self.players.start_hand(thrown, self._hand_over):
            self._later(self.settings.play_s, self._finish_hand)

    def _hand_over(self) -> None:
        """The hand is over: the hatch once ``play_s`` has passed since the dice."""
        waited = self.scheduler.now() - self._dice_at
        self._later(max(self.settings.press_delay_s, self.settings.play_s - waited),
                    self._finish_hand)

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

    def _reset(self, code: str) -> None:
        """Remove what causes fault ``code`` (every cause in place when none is known to show
        it: the operator looks the table over), then press reset."""
        found = showing(code, self.active_faults)
        for kind, part in found:
            self.sim.clear(kind, part)
        self.active_faults = [cause for cause in self.active_faults if cause not in found]
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
    """``[venue]``: ``play_s`` (90), ``press_delay_s`` (1), ``reset_delay_s`` (5), ``move_s``
    (0.4), ``miscall_rate`` (0); only on the simulator backend. ``move_s`` must leave the zone
    readers time to report a change and, after a missed read, the zone's complete report."""
    sim = service.backend
    if not isinstance(sim, SimBackend):
        raise ConfigError(f"{service.config.source}: [venue] is the simulated players and "
                          f"operator: it needs [table] backend = \"sim\"")
    settings = VenueSettings.from_section(section)
    if sim.hands is not None and settings.move_s <= 2 * (sim.hands.scan_s + POLL_S):
        raise section.error("move_s", f"must exceed two zone scans ([rfid.zones] scan_s "
                                      f"{sim.hands.scan_s} + {POLL_S} s each), got "
                                      f"{settings.move_s}")
    _enrol(service, section, sim)
    return Venue(sim, service.scheduler, service.notifier,
                 lambda: service.controller.status()["next_rules"], settings)
