"""Table machine figures: reaction time, virtual cycle rate, peak memory, service start-up.

Usage: .venv/bin/python benchmarks/bench_table.py [--samples N] [--cycles N]
Prints:
- reaction time from a sensor edge (the lid switch opening) to the motor command (the running
  motor's output going off), p50/p99, on the simulator in real time: the controller runs on its
  own scheduler thread exactly as under `mjtable run`; the times are the pin recorder's;
- virtual cycles per second of `mjtable sim` (mcr, 144 tiles, default venue), in-process;
- wall time of `mjtable sim --cycles 100 --seed 1 --json` (the real CLI) for each tile set;
- peak RSS of this process and of the `mjtable run` children;
- `mjtable run` start-to-ready time (process start until it prints "ready"), median of 3.
"""

import argparse
import resource
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import tomllib  # noqa: E402

from firmware.clock import RealTimeScheduler  # noqa: E402
from firmware.config import DEFAULT_PATH, Config  # noqa: E402
from firmware.events import MaintenanceCommand  # noqa: E402
from firmware.service import build_service  # noqa: E402
from hal_sim.harness import SimRun  # noqa: E402


def _without_venue() -> Config:
    """The default config without the simulated players: the bench alone acts on the table."""
    with DEFAULT_PATH.open("rb") as fh:
        data = tomllib.load(fh)
    del data["venue"]
    return Config(data, str(DEFAULT_PATH))


def _wait(predicate, timeout_s: float = 10.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError("the table did not get there in time")
        time.sleep(0.001)


def _one_reaction(service, scheduler) -> float:
    """Run the disc from the maintenance menu, raise the lid, return edge-to-off seconds."""
    controller, sim = service.controller, service.backend
    controller.post(MaintenanceCommand("disc"))
    _wait(lambda: controller.state == "maintenance.testing" and controller.table.disc.is_active)
    mark = sim.recorder.recorded
    scheduler.call_soon_threadsafe(lambda: sim.set_lid(True))
    _wait(lambda: controller.state == "fault")
    history = sim.recorder.since(mark)
    edge = next(t for t, label, level in history if label == "lid.contact" and level)
    off = next(t for t, label, level in history if label == "disc.motor" and not level and t >= edge)
    scheduler.call_soon_threadsafe(lambda: sim.set_lid(False))
    _wait(lambda: not controller.lid_raised)
    sim.press_reset()
    _wait(lambda: controller.state == "maintenance.menu")
    return off - edge


def reaction_times(samples: int) -> list[float]:
    scheduler = RealTimeScheduler()
    service = build_service(_without_venue(), scheduler)
    loop = threading.Thread(target=scheduler.run_forever, daemon=True)
    try:
        scheduler.call_soon_threadsafe(service.start)
        loop.start()
        _wait(lambda: service.controller.state == "idle")
        service.controller.post(MaintenanceCommand("enter"))
        _wait(lambda: service.controller.state == "maintenance.menu")
        return [_one_reaction(service, scheduler) for _ in range(samples)]
    finally:
        scheduler.stop()
        loop.join(5)
        service.close()


def virtual_cycles_per_s(cycles: int) -> tuple[float, float]:
    run = SimRun(Config.load(), seed=1, rules="mcr")
    try:
        started = time.perf_counter()
        summary = run.run(cycles)
        wall_s = time.perf_counter() - started
    finally:
        run.close()
    return summary["cycles_completed"] / wall_s, summary["cycle_seconds_mean"]


def cli_sim_wall_s(rules: str, cycles: int) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "firmware.cli", "sim", "--cycles", str(cycles),
                    "--seed", "1", "--json", "--rules", rules],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def start_to_ready_s() -> float:
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "firmware.cli", "run"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        for line in proc.stdout:
            if line.strip() == "ready":
                return time.perf_counter() - started
        raise RuntimeError("mjtable run ended without printing ready")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=20)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--cycles", type=int, default=100)
    args = parser.parse_args()
    reactions_ms = [1000 * r for r in reaction_times(args.samples)]
    print(f"reaction, lid edge -> motor off (real time, {len(reactions_ms)} samples): "
          f"p50 {_percentile(reactions_ms, 0.5):.3f} ms, p99 {_percentile(reactions_ms, 0.99):.3f} ms, "
          f"max {max(reactions_ms):.3f} ms")
    rate, cycle_s = virtual_cycles_per_s(args.cycles)
    print(f"virtual cycles per second ({args.cycles} mcr cycles of {cycle_s:.0f} virtual s): "
          f"{rate:.1f}")
    for rules in ("mcr", "riichi", "sichuan"):
        print(f"mjtable sim --cycles {args.cycles} --rules {rules}: "
              f"{cli_sim_wall_s(rules, args.cycles):.2f} s wall")
    ready = [start_to_ready_s() for _ in range(3)]
    print(f"mjtable run start-to-ready: median {statistics.median(ready):.2f} s "
          f"(runs: {', '.join(f'{r:.2f}' for r in ready)})")
    self_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak RSS: this process {self_mib:.1f} MiB, mjtable run {child_mib:.1f} MiB")


if __name__ == "__main__":
    main()
