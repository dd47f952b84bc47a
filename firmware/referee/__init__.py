"""The table's referee: it follows each hand from the zone readers and the seat buttons,
flags offences as they happen and has every declared win scored by the rule set in force.

``Referee`` is pure logic (no I/O, no clock: times come with the events); ``scenario``
runs play scenarios (../shared/spec/play-scenarios.md) through it; ``component`` puts it
on the table as the ``[referee]`` section's component.
"""

from firmware.referee.referee import Referee, play_rules
from firmware.referee.start import DeadWall, HandStart, StartError

__all__ = ["DeadWall", "HandStart", "Referee", "StartError", "play_rules"]
