"""A simulated table run again goes on where it stopped: one controller, one tick, the first
cycle's faults injected once (``mjtable sim`` runs once; the benchmarks and tests run a warm-up
first)."""

from table_config import default_config
from hal_sim.faults import parse_fault_spec
from hal_sim.harness import SimRun


def test_a_second_run_goes_on_with_one_heartbeat_edge_a_tick(tmp_path):
    run = SimRun(default_config(tmp_path), seed=1)
    try:
        edges = []
        run.sim.factory.watch(run.sim.physics.pin_of["heartbeat.out"],
                              lambda level: edges.append(run.scheduler.now()))
        run.run(1)
        start, before = run.scheduler.now(), len(edges)
        run.run(2)
        rate = (len(edges) - before) / (run.scheduler.now() - start)
        tick = run.service.controller.settings.bounds.tick_s
        assert abs(rate - 1 / tick) < 0.1 / tick
    finally:
        run.close()


def test_a_second_run_injects_the_first_cycles_fault_once(tmp_path):
    spec = parse_fault_spec("motor_stall:disc@cycle=1,at=10")
    run = SimRun(default_config(tmp_path), seed=1, faults=(spec,))
    try:
        run.run(1)
        run.run(2)
        assert [o.kind for o in run.outcomes] == [spec.label]
    finally:
        run.close()
