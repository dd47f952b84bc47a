"""Nothing in firmware/ reads the simulator's truth: no module imports hal_sim (directly or by
name), touches an attribute or class that holds the world's truth, or looks up the simulated
world's component. The check is shown to catch each of these on a module written to break it."""

import ast
import re
from pathlib import Path

import pytest

from hal_sim.world import TRUTH_NAMES, WORLD_COMPONENT

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
MODULE_NAME = re.compile(r"hal_sim(\.\w+)*(:\w+)?")
"""A string naming a simulator module (for importlib, an entry point) — not prose about it."""


def breaches(source: str) -> list[str]:
    """What a module's source does that only the simulator may."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if a.name.split(".")[0] == "hal_sim"]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "hal_sim":
            found.append(f"from {node.module} import")
        elif isinstance(node, ast.Attribute) and node.attr in TRUTH_NAMES:
            found.append(f".{node.attr}")
        elif isinstance(node, ast.Name) and node.id in TRUTH_NAMES:
            found.append(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                MODULE_NAME.fullmatch(node.value) or node.value == WORLD_COMPONENT):
            found.append(repr(node.value))
    return found


@pytest.mark.parametrize("source, breach", [
    ("import hal_sim.backend", "import hal_sim.backend"),
    ("from hal_sim.world.log import WorldLog", "from hal_sim.world.log import"),
    ("def f(service):\n    return service.backend.tiles_in_machine", ".tiles_in_machine"),
    ("def f(b):\n    return b.walls_in_play()", ".walls_in_play"),
    ("import importlib\nm = importlib.import_module('hal_sim.world')", "'hal_sim.world'"),
    ("def f(service):\n    return service.lookup('venue').players.log", "'venue'"),
])
def test_the_check_catches_a_module_that_reads_the_truth(source, breach):
    assert breach in breaches(source)


def test_no_firmware_module_reads_the_simulators_truth():
    modules = sorted(FIRMWARE.rglob("*.py"))
    assert len(modules) > 50
    found = {str(path.relative_to(FIRMWARE)): b for path in modules
             if (b := breaches(path.read_text(encoding="utf-8")))}
    assert found == {}
