"""The referee's tests: the helpers beside them (agreement, play_generator) and the scenario
builder's tile notation (tests/scenarios/builder.py) import as modules."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(1, str(Path(__file__).parent.parent / "scenarios"))
