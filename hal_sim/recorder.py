"""The pin-history recorder: every pin edge with its scheduler time, and the unsafe instants among them."""

import bisect
from dataclasses import dataclass

KEEP_EDGES = 20_000
"""Pin edges kept (a hand with its machine cycle makes several hundred): the history is a
window, so an evening's run does not grow it without bound; older edges are folded into the
motor state they leave behind."""


@dataclass
class MotorsAt:
    """The motor outputs on at the end of one scheduler time (``PinRecorder.watch``): filled
    in by the first edge after that time, so no trimming of the history can lose them."""

    time: float
    on: list[str] | None = None


class PinRecorder:
    """Keeps ``history`` as (time, label, level) for the latest recorded pin edges (at least
    ``keep`` of them), and counts unsafe instants over every edge: scheduler times at whose
    end some motor output is on while a hazard input is high (lid raised, e-stop pressed:
    their normally-closed contacts are open).

    Why "at the end of an instant": in virtual time the controller reacts to an edge at the same
    scheduler time; a motor switched off at the very instant the lid rises was never on with the
    lid up. A motor still on when the scheduler moves to a later time was.

    :param motor_labels: labels of motor outputs.
    :param hazard_labels: labels of inputs that are unsafe while high.
    :param keep: edges the history keeps at least (it trims them in blocks of ``keep``).
    """

    def __init__(self, motor_labels: set[str], hazard_labels: set[str], clock,
                 levels: dict[str, bool], keep: int = KEEP_EDGES):
        self._motors = motor_labels
        self._hazard_labels = hazard_labels
        self._clock = clock
        self.history: list[tuple[float, str, bool]] = []
        self._keep = keep
        self.dropped = 0
        """Edges trimmed from the front of ``history``."""
        self._on = {m for m in motor_labels if levels.get(m)}
        self._on_before = set(self._on)
        """Motor outputs on just before ``history``'s first edge."""
        self._hazards = {h for h in hazard_labels if levels.get(h)}
        self._instant: float | None = None
        self.unsafe_times: list[float] = []
        self._watches: list[MotorsAt] = []
        """Times asked about (``watch``) that no edge has closed yet, the earliest first."""

    def record(self, label: str, level: bool) -> None:
        """One edge of pin ``label`` (the backend has each labelled pin call this, a thousand or
        two times a hand): the instant before it closed (counted unsafe if it ended so) when
        the edge starts a new one, then the edge kept and the sets updated."""
        now = self._clock()
        if now != self._instant:
            if self._instant is not None and self._on and self._hazards:
                self.unsafe_times.append(self._instant)
            self._instant = now
            if self._watches and now > self._watches[0].time:
                self._close_watches(now)
        history = self.history
        history.append((now, label, level))
        if len(history) >= 2 * self._keep:
            self._trim()
        if label in self._motors:
            (self._on.add if level else self._on.discard)(label)
        elif label in self._hazard_labels:
            (self._hazards.add if level else self._hazards.discard)(label)

    def unsafe_instants(self) -> int:
        """Unsafe instants so far, including the current one if it is unsafe now."""
        now_unsafe = bool(self._on and self._hazards) and (
            not self.unsafe_times or self.unsafe_times[-1] != self._instant)
        return len(self.unsafe_times) + int(now_unsafe)

    def _fold(self, on: set[str], edges) -> set[str]:
        """``on`` (motor outputs on) after ``edges``."""
        for _, label, level in edges:
            if label in self._motors:
                (on.add if level else on.discard)(label)
        return on

    def _trim(self) -> None:
        self._fold(self._on_before, self.history[:self._keep])
        del self.history[:self._keep]
        self.dropped += self._keep

    @property
    def recorded(self) -> int:
        """Edges recorded so far (a mark for ``since``)."""
        return self.dropped + len(self.history)

    def since(self, mark: int) -> list[tuple[float, str, bool]]:
        """The edges recorded after ``recorded`` was ``mark`` (those still kept)."""
        return self.history[max(0, mark - self.dropped):]

    def watch(self, t: float) -> MotorsAt:
        """The motor outputs on at the end of scheduler time ``t`` (now or later), kept as the
        first edge after ``t`` comes (``motors_at`` answers until then)."""
        watch = MotorsAt(t)
        bisect.insort(self._watches, watch, key=lambda entry: entry.time)
        return watch

    def _close_watches(self, now: float) -> None:
        """An edge at ``now``: the outputs on before it are those on at the end of every
        watched time before ``now``."""
        while self._watches and self._watches[0].time < now:
            self._watches.pop(0).on = sorted(self._on)

    def motors_at(self, watch: MotorsAt) -> list[str]:
        """What ``watch`` asked: the outputs on at the end of its time, or, while no edge has
        come after that time, those on now."""
        return watch.on if watch.on is not None else sorted(self._on)

    def motors_on_at(self, t: float) -> list[str]:
        """Motor outputs on at the end of scheduler time ``t`` (ValueError for a time before
        the history kept)."""
        if self.dropped and t < self.history[0][0]:
            raise ValueError(f"the pin history kept starts at {self.history[0][0]} s, after {t} s")
        end = bisect.bisect_right(self.history, t, key=lambda entry: entry[0])
        return sorted(self._fold(set(self._on_before), self.history[:end]))
