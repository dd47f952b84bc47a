"""A started table leaves its startup heap to reference counting (``Service.start`` freezes it,
``close`` gives it back): while the table plays, the cyclic collector's full collections walk
what play created, not every loaded library's modules, classes and functions over again."""

import gc

from table_config import default_config
from hal_sim.harness import SimRun


def test_a_playing_table_has_the_collector_walk_only_what_play_created(tmp_path):
    run = SimRun(default_config(tmp_path), seed=1, rules="mcr")
    try:
        built = len(gc.get_objects())
        run.run_hands(1)
        frozen, walked = gc.get_freeze_count(), len(gc.get_objects())
        assert frozen > built / 2, (frozen, built)
        assert walked < frozen / 4, (walked, frozen)
    finally:
        run.close()
    assert gc.get_freeze_count() == 0
