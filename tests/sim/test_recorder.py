"""The pin recorder keeps a window of edges: the motors on at a time inside it are the same as
with the whole history (worked out here from every edge), and a time before it is refused."""

import random

import pytest

from hal_sim.recorder import PinRecorder

MOTORS = {"disc.motor", "lift.0"}


def test_the_window_answers_as_the_whole_history_would():
    now = [0.0]
    recorder = PinRecorder(MOTORS, {"lid.contact"}, lambda: now[0], {"lift.0": True}, keep=10)
    rng, edges = random.Random(3), []
    for step in range(95):
        now[0] = step // 3 * 0.5  # several edges at one instant, across trims too
        label, level = rng.choice(sorted(MOTORS)), rng.random() < 0.5
        recorder.record(label, level)
        edges.append((now[0], label, level))
    assert len(recorder.history) < 20 and recorder.recorded == 95
    assert recorder.since(90) == edges[90:]
    for t in sorted({t for t, _, _ in recorder.history}):
        on = {"lift.0"}
        for when, label, level in edges:
            if when <= t:
                (on.add if level else on.discard)(label)
        assert recorder.motors_on_at(t) == sorted(on)
    with pytest.raises(ValueError, match="pin history kept starts"):
        recorder.motors_on_at(0.0)
