"""The world around the simulated table: the players and the operator who use it.

What the world knows is the truth the table has to find out for itself: nothing in
``firmware/`` may import the simulator or touch these names (tests/sim/test_truth_boundary.py
checks every firmware module).
"""

TRUTH_NAMES = frozenset({
    "tiles_in_machine", "wall_stacks", "walls_in_play", "recorder",  # the backend's truth
    "zone_tiles", "zone_kinds", "placed_tiles", "census", "WorldLog", "TableTop", "PlayWall",
    "HandPlay", "Players", "PlayAhead", "SimBackend", "SimHands", "SimZoneRfid",  # the world's and the zones' truth
})
"""Attributes and classes that hold the simulator's truth."""
WORLD_COMPONENT = "venue"
"""The section the simulated world is loaded from (the firmware never looks it up)."""
