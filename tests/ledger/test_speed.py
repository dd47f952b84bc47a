"""`mjtable run --speed F`: the real-time scheduler's clock runs F times faster, waits are
F times shorter, and only a backend that says it can follow (the simulator) is run so."""

import threading

import pytest

from firmware.clock import RealTimeScheduler
from hal_sim.backend import SimBackend
from ledger_cli import config_in, mjtable


class Monotonic:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_clock_runs_faster_and_a_timer_waits_less_real_time():
    real = Monotonic()
    scheduler = RealTimeScheduler(real, speed=40.0)
    assert scheduler.now() == 4000.0
    real.now += 1.5
    assert scheduler.now() == 4060.0  # 1.5 real seconds are a minute of the table's time
    fired = threading.Event()
    fast = RealTimeScheduler(speed=1000.0)
    fast.call_later(60.0, fired.set)  # a minute at 1000× is 60 ms of real time
    fast.call_later(60.0, fast.stop)
    runner = threading.Thread(target=fast.run_forever)
    runner.start()
    runner.join(timeout=5)
    assert fired.is_set() and not runner.is_alive()


def test_only_the_simulator_says_it_can_run_faster_and_a_bad_speed_is_refused(tmp_path):
    assert SimBackend.time_scalable is True
    with pytest.raises(ValueError, match="speed must be above 0"):
        RealTimeScheduler(speed=0)
    done = mjtable("run", "--speed", "0", "--config", str(config_in(tmp_path)), timeout=60)
    assert done.returncode == 2 and "speed must be above 0" in done.stderr
