"""The controller's building blocks: deadlines, stack counting, settings, the machine's
declaration and its generated docs, fault specs, the backend loader and the layer rule."""

import ast
from pathlib import Path

import pytest

from firmware import faults
from firmware.clock import VirtualScheduler
from firmware.config import Config, ConfigError
from firmware.controller import Settings
from firmware.controller.deadlines import Deadlines
from firmware.controller.diagram import render_markdown, render_mermaid
from firmware.controller.machine import TRANSITIONS, direct_callbacks
from firmware.controller.stacking import StackCount
from firmware.backend import load_backend
from hal_sim.faults import FaultSpec, parse_fault_spec
from firmware.layout import layout_for

REPO = Path(__file__).resolve().parents[2]


def test_deadline_expiry_comes_back_as_a_timeout_event_and_stale_ones_are_ignored():
    scheduler, posted = VirtualScheduler(), []
    deadlines = Deadlines(scheduler, posted.append)
    deadlines.arm("lift", 2.0, ("E401", "late"))
    scheduler.advance(1.0)
    deadlines.arm("lift", 2.0, lambda: ("E401", "computed late"))  # re-armed: the old timer dies
    scheduler.advance(1.5)
    assert posted == []
    scheduler.advance(1.0)
    assert [e.name for e in posted] == ["lift"]
    assert deadlines.expire("lift").fault == ("E401", "computed late")
    assert deadlines.expire("lift") is None  # taken once
    deadlines.arm("step", 1.0)
    deadlines.cancel_all()
    scheduler.advance(5)
    assert len(posted) == 1


def test_stack_count_classifies_where_the_flow_stopped():
    count = StackCount(layout_for("riichi"))
    for _ in range(100):
        count.tile(0.0)
    assert count.flow_stopped()[0] == "E201"
    for _ in range(35):
        count.tile(0.0)
    assert count.flow_stopped() == ("E302", "135 of 136 tiles passed the head")
    assert count.tile(0.0) is None and count.tile(0.0)[0] == "E301"
    count.discount_extra()
    assert count.tiles_seen == 136


def test_stack_count_checks_each_side_against_the_layout():
    count = StackCount(layout_for("sichuan"))
    for side, n in enumerate((14, 13, 13, 13)):
        for _ in range(n):
            assert count.stack(side) is None
    assert count.side_check() == ("E204", "side 2 counted 13 stacks; its layout holds 14")
    assert count.stack(1)[0] == "E204"


def test_settings_from_config_with_defaults_and_range_errors():
    settings = Settings.from_config(Config({"table": {"rules": "riichi"},
                                            "controller": {"lift_travel_s": 20}}))
    assert (settings.rules, settings.bounds.lift_travel_s, settings.bounds.tick_s) == \
        ("riichi", 20.0, 0.2)
    with pytest.raises(ConfigError, match=r"\[controller\] tick_s: must be at most 0.4"):
        Settings.from_config(Config({"controller": {"tick_s": 1}}))
    with pytest.raises(ConfigError, match=r"\[table\] rules: must be one of"):
        Settings.from_config(Config({"table": {"rules": "hk"}}))


def test_unknown_backend_names_the_installed_ones():
    with pytest.raises(ConfigError, match=r"\[table\] backend: no installed backend 'x'.*sim"):
        load_backend(Config({"table": {"backend": "x"}}), VirtualScheduler())


@pytest.mark.parametrize("text, spec", [
    ("estop@cycle=3", FaultSpec("estop", None, 3, 0.0)),
    ("motor_stall:lift2@cycle=1,at=12.5", FaultSpec("motor_stall", "lift2", 1, 12.5)),
    ("limit_stuck:lift0:closed@at=4,cycle=2", FaultSpec("limit_stuck", "lift0:closed", 2, 4.0)),
])
def test_fault_spec_parses(text, spec):
    assert parse_fault_spec(text) == spec


@pytest.mark.parametrize("text", ["estop", "estop@", "estop@cycle=0", "estop@cycle=1,at=-1",
                                  "estop@cycle=x", "estop@cycle=1,cycle=2", "estop@when=1",
                                  "estop:disc@cycle=1", "limit_stuck:lift9@cycle=1"])
def test_bad_fault_specs_say_what_is_expected(text):
    with pytest.raises(ValueError, match="expected KIND"):
        parse_fault_spec(text)


def test_direct_callbacks_mirror_the_declared_internal_transitions():
    table = direct_callbacks()
    assert table[("playing.stacking", "tile_at_head")] == ("on_tile",)
    assert table[("fault", "stack_delivered")] == ("count_stack",)
    declared = {(s, t["trigger"]) for t in TRANSITIONS if t["trigger"] in ("chain_at_zero",)
                for s in ([t["source"]] if isinstance(t["source"], str) else t["source"])}
    assert declared == {k for k in table if k[1] == "chain_at_zero"}


def test_state_diagram_doc_is_generated_from_the_machine():
    assert (REPO / "docs" / "state-diagram.md").read_text() == render_markdown()
    mermaid = render_mermaid()
    assert "collecting.closing --> raising: hatch_closed [has_ready_walls]" in mermaid
    assert "maintenance --> estop: e_stop_pressed" in mermaid  # from every state
    assert "preparing.stacking --> preparing.stacking: tile_at_head [internal]" in mermaid


def test_fault_table_doc_is_generated_from_the_table():
    assert (REPO / "docs" / "faults.md").read_text() == faults.render_markdown()
    assert all(f.code.startswith("E") and f.meaning and f.cause and f.action
               for f in faults.FAULTS.values())
    with pytest.raises(KeyError, match="E999"):
        faults.fault_info("E999")


FORBIDDEN = ("gpiozero", "RPi", "serial", "hal_sim", "drivers", "lgpio")


def test_firmware_never_imports_hardware_or_simulator_modules():
    offenders = []
    for path in (REPO / "firmware").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            offenders += [f"{path.relative_to(REPO)}: {n}" for n in names
                          if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_no_sleep_in_firmware():
    hits = [str(p.relative_to(REPO)) for p in (REPO / "firmware").rglob("*.py")
            if "time.sleep(" in p.read_text()]
    assert hits == []
