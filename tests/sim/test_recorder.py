"""The pin recorder keeps a window of edges: the motors on at a time inside it are the same as
with the whole history (worked out here from every edge), and a time before it is refused; a
time asked about in advance (``watch``) is answered whatever the window has dropped since."""

import random

import pytest

from hal_sim.recorder import PinRecorder

MOTORS = {"disc.motor", "lift.0"}


def _on_at(edges, t: float) -> list[str]:
    """The motors on at the end of ``t``, from every edge."""
    on = {"lift.0"}
    for when, label, level in edges:
        if when <= t:
            (on.add if level else on.discard)(label)
    return sorted(on)


def _recorded(watched=()):
    """95 random edges, several at one instant, across trims of a 10-edge window; each of
    ``watched`` asked about (``watch``) from the start."""
    now = [0.0]
    recorder = PinRecorder(MOTORS, {"lid.contact"}, lambda: now[0], {"lift.0": True}, keep=10)
    watches = [recorder.watch(t) for t in watched]
    rng, edges = random.Random(3), []
    for step in range(95):
        now[0] = step // 3 * 0.5
        label, level = rng.choice(sorted(MOTORS)), rng.random() < 0.5
        recorder.record(label, level)
        edges.append((now[0], label, level))
    return recorder, edges, watches


def test_the_window_answers_as_the_whole_history_would():
    recorder, edges, _ = _recorded()
    assert len(recorder.history) < 20 and recorder.recorded == 95
    assert recorder.since(90) == edges[90:]
    for t in sorted({t for t, _, _ in recorder.history}):
        assert recorder.motors_on_at(t) == _on_at(edges, t)
    with pytest.raises(ValueError, match="pin history kept starts"):
        recorder.motors_on_at(0.0)


def test_a_watched_time_is_answered_after_the_window_has_dropped_it():
    """As a long run's summary asks about a fault detected hours before its end."""
    watched = [0.0, 0.2, 0.5, 0.7, 1.0, 15.5, 99.0]  # at edges, between them, past the last
    recorder, edges, watches = _recorded(watched)
    assert recorder.history[0][0] > 3.0
    assert [recorder.motors_at(w) for w in watches] == [_on_at(edges, t) for t in watched]
