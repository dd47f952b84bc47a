"""Test helper: the simulator's two tile sets enrolled in a registry file."""

from firmware.tiles.registry import TileRegistry
from hal_sim.tiles import make_set


def enrol_sim_sets(path) -> None:
    """Enrol sets A and B of the simulator (144 tiles each) into the registry at ``path``."""
    with TileRegistry(path) as registry:
        for set_id in ("A", "B"):
            registry.enroll(set_id, [(t.uid, t.kind) for t in make_set(144, set_id)])
