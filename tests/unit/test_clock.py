"""The virtual scheduler: timers run in due order, then armed order; cancelled ones never run,
and however many are cancelled over an evening the heap holds no more than twice the live ones."""

import random

from firmware.clock import VirtualScheduler


def test_timers_run_in_due_then_armed_order_and_cancelled_ones_are_swept_out():
    scheduler, ran = VirtualScheduler(), []
    rng = random.Random(7)
    live = []
    for n in range(20_000):  # a watchdog re-armed every step with a long delay, and live timers
        timer = scheduler.call_later(600.0, lambda: ran.append("stale"))
        timer.cancel()
        if n % 100 == 0:
            when = rng.choice([1.0, 2.0, 3.0])
            scheduler.call_later(when, lambda n=n, when=when: ran.append((when, n)))
            live.append((when, n))
    assert len(scheduler._timers._heap) <= 2 * len(live) + 1024
    scheduler.advance(1000.0)
    assert ran == sorted(live)
