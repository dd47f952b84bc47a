"""The table controller: a state machine (machine.py) driving the parts through one event queue."""

from firmware.controller.checks import CheckFailure, CycleChecks, CycleReport
from firmware.controller.core import Controller, FaultRecord
from firmware.controller.settings import Bounds, Settings

__all__ = ["Bounds", "CheckFailure", "Controller", "CycleChecks", "CycleReport", "FaultRecord",
           "Settings"]
