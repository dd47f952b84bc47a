"""The table controller's state machine, declared as data: states, transitions, event triggers.

Phases nest with "." (``playing.stacking``). ``preparing`` and ``playing`` run the same steps
(shuffle → stack → walls ready); ``playing`` means a set is on the table meanwhile. Callbacks
are names of ``Controller`` methods. ``build_machine`` wires the declaration to a controller:
queued (a trigger fired from a callback runs after the current transition), no auto
transitions, events a state does not list are ignored, and any exception inside a transition
goes to ``Controller.crashed``, which stops every motor and enters ``fault``.
"""

from enum import StrEnum

from transitions.extensions import HierarchicalMachine
from transitions.extensions.nesting import NestedState

from firmware import events as ev


class _State(NestedState):
    separator = "."


class TableMachine(HierarchicalMachine):
    state_cls = _State


_PREP_STEPS = [
    {"name": "shuffling", "on_enter": "start_shuffle", "on_exit": "cancel_deadlines"},
    {"name": "stacking", "on_enter": "start_stacking", "on_exit": "cancel_deadlines"},
    {"name": "ready", "on_enter": "walls_ready"},
]

STATES = [
    "off",
    {"name": "self_test", "on_enter": "start_self_test", "on_exit": "cancel_deadlines"},
    {"name": "idle", "on_enter": "show_idle"},
    {"name": "collecting", "initial": "opening", "children": [
        {"name": "opening", "on_enter": "open_hatch", "on_exit": "cancel_deadlines"},
        {"name": "open", "on_enter": "hatch_is_open"},
        {"name": "closing", "on_enter": "close_hatch", "on_exit": "cancel_deadlines"},
    ]},
    {"name": "raising", "initial": "up", "children": [
        {"name": "up", "on_enter": "raise_lifts", "on_exit": "cancel_deadlines"},
        {"name": "down", "on_enter": "lower_lifts", "on_exit": "cancel_deadlines"},
    ]},
    {"name": "dice", "initial": "waiting", "children": [
        {"name": "waiting", "on_enter": "await_dice"},
        {"name": "rolling", "on_enter": "roll_dice", "on_exit": "cancel_deadlines"},
    ]},
    {"name": "preparing", "initial": "shuffling", "children": _PREP_STEPS},
    {"name": "playing", "initial": "shuffling", "children": _PREP_STEPS},
    {"name": "fault", "on_enter": "enter_fault"},
    {"name": "estop", "on_enter": "enter_estop"},
    {"name": "maintenance", "initial": "menu", "children": [
        {"name": "menu", "on_enter": "show_menu"},
        {"name": "testing", "on_enter": "test_part", "on_exit": "end_part_test"},
    ]},
]

def _leaves(states, prefix: str = ""):
    for state in states:
        spec = {"name": state} if isinstance(state, str) else state
        name = prefix + spec["name"]
        if spec.get("children"):
            yield from _leaves(spec["children"], name + ".")
        else:
            yield name


_PHASES = [spec if isinstance(spec, str) else spec["name"] for spec in STATES]
Phase = StrEnum("Phase", {name.upper(): name for name in _PHASES})
Phase.__doc__ = """The machine's top-level phases (OFF, SELF_TEST, IDLE, COLLECTING, RAISING, DICE,
PREPARING, PLAYING, FAULT, ESTOP, MAINTENANCE), named from STATES."""


class _StateMixin:
    @property
    def phase(self) -> "Phase":
        return Phase(self.value.partition(".")[0])

    @property
    def is_ready(self) -> bool:
        """Walls ready under the table (``preparing.ready`` or ``playing.ready``)."""
        return self.value.endswith(".ready")


State = StrEnum("State", {name.upper().replace(".", "_"): name for name in _leaves(STATES)},
                type=_StateMixin)
State.__doc__ = """Every state the machine can be in (its leaves: IDLE, COLLECTING_OPEN,
DICE_WAITING, PLAYING_READY, ...), named from STATES; ``phase`` gives its top-level Phase.
Code outside this module compares against these, never against strings."""

SAFE_STOPS = ["fault", "estop"]
RUNNING = ["self_test", "idle", "collecting", "raising", "dice", "preparing", "playing", "maintenance"]

# Where the table goes back to after a fault, by the phase it was interrupted in.
RESUME = {
    "idle": "idle", "collecting": "collecting", "raising": "raising", "dice": "dice",
    "preparing": "preparing", "preparing_ready": "preparing.ready",
    "playing": "playing", "playing_ready": "playing.ready", "maintenance": "maintenance",
}


def _prep_transitions(phase: str) -> list[dict]:
    steps = [f"{phase}.shuffling", f"{phase}.stacking"]
    return [
        {"trigger": "shuffled", "source": steps[0], "dest": steps[1]},
        {"trigger": "tile_at_head", "source": steps, "dest": None, "after": "on_tile"},
        {"trigger": "stack_delivered", "source": steps, "dest": None, "after": "on_stack"},
        {"trigger": "chain_at_zero", "source": steps[1], "dest": None, "after": "on_chain"},
        {"trigger": "belt_full", "source": steps[1], "dest": None, "after": "on_belt_full"},
        {"trigger": "component_fault", "source": steps, "dest": None, "after": "on_component_fault"},
        {"trigger": "purge", "source": steps[1], "dest": None, "after": "on_purged"},
        {"trigger": "stacked", "source": steps[1], "dest": f"{phase}.ready"},
        {"trigger": "press_hatch", "source": steps, "dest": None, "after": "remember_hatch"},
        {"trigger": "press_hatch", "source": f"{phase}.ready", "dest": "collecting"},
        {"trigger": "tile_at_head", "source": f"{phase}.ready", "dest": None, "after": "on_tile"},
    ]


TRANSITIONS = [
    # Safety first: these apply in every phase.
    {"trigger": "e_stop_pressed", "source": "*", "dest": "estop", "before": "stop_all"},
    {"trigger": "lid_changed", "source": RUNNING, "dest": None, "after": "on_lid"},
    {"trigger": "fail", "source": RUNNING, "dest": "fault", "before": "stop_all"},
    {"trigger": "operator_reset", "source": SAFE_STOPS, "dest": "self_test",
     "conditions": "safe_to_reset", "before": "acknowledge_reset"},
    {"trigger": "operator_reset", "source": SAFE_STOPS, "dest": None, "after": "refuse_reset"},
    {"trigger": "timeout", "source": "*", "dest": None, "after": "on_timeout"},
    # Tiles and stacks still arriving while stopped are counted, so a resume starts from the truth.
    {"trigger": "tile_at_head", "source": SAFE_STOPS, "dest": None, "after": "count_tile"},
    {"trigger": "stack_delivered", "source": SAFE_STOPS, "dest": None, "after": "count_stack"},
    # Self test, then back to where the table was.
    {"trigger": "power_on", "source": "off", "dest": "self_test"},
    {"trigger": "lift_at_bottom", "source": "self_test", "dest": None, "after": "check_self_test"},
    {"trigger": "hatch_closed", "source": "self_test", "dest": None, "after": "check_self_test"},
    *({"trigger": f"resume_{key}", "source": "self_test", "dest": dest} for key, dest in RESUME.items()),
    # Collecting: the used set drops in through the open hatch.
    {"trigger": "press_hatch", "source": "idle", "dest": "collecting"},
    {"trigger": "hatch_opened", "source": "collecting.opening", "dest": "collecting.open"},
    {"trigger": "press_raise", "source": "collecting.open", "dest": "collecting.closing"},
    {"trigger": "hatch_closed", "source": "collecting.closing", "dest": "raising",
     "conditions": "has_ready_walls"},
    {"trigger": "hatch_closed", "source": "collecting.closing", "dest": "preparing", "before": "begin_set"},
    # Raising the prepared walls, then the plates go back down for the next set.
    {"trigger": "lift_at_top", "source": "raising.up", "dest": None, "after": "on_lift_up"},
    {"trigger": "walls_up", "source": "raising.up", "dest": "raising.down"},
    {"trigger": "lift_at_bottom", "source": "raising.down", "dest": None, "after": "on_lift_down"},
    {"trigger": "walls_down", "source": "raising.down", "dest": "dice"},
    # Dice: one or two throws by rule set, then play starts and the dropped set is prepared.
    {"trigger": "press_dice", "source": "dice.waiting", "dest": "dice.rolling"},
    {"trigger": "dice_rolled", "source": "dice.rolling", "dest": None, "after": "on_dice_rolled"},
    {"trigger": "throw_again", "source": "dice.rolling", "dest": "dice.waiting"},
    {"trigger": "thrown", "source": "dice.rolling", "dest": "playing", "before": "begin_set"},
    *_prep_transitions("preparing"),
    *_prep_transitions("playing"),
    # Maintenance: one part at a time from the menu.
    {"trigger": "maintenance_enter", "source": "idle", "dest": "maintenance"},
    {"trigger": "maintenance_test", "source": "maintenance.menu", "dest": "maintenance.testing",
     "conditions": "valid_part", "before": "choose_part"},
    {"trigger": "maintenance_exit", "source": "maintenance.menu", "dest": "self_test"},
    *({"trigger": t, "source": "maintenance.testing", "dest": None, "after": "on_part_event"}
      for t in ("lift_at_top", "lift_at_bottom", "hatch_opened", "hatch_closed", "dice_rolled")),
    {"trigger": "part_tested", "source": "maintenance.testing", "dest": "maintenance.menu"},
]

_TRIGGERS = {
    ev.TileAtHead: "tile_at_head", ev.StackDelivered: "stack_delivered",
    ev.ChainAtZero: "chain_at_zero", ev.LiftAtTop: "lift_at_top", ev.LiftAtBottom: "lift_at_bottom",
    ev.HatchOpened: "hatch_opened", ev.HatchClosed: "hatch_closed", ev.DiceRolled: "dice_rolled",
    ev.BeltFull: "belt_full", ev.LidChanged: "lid_changed", ev.EStopPressed: "e_stop_pressed",
    ev.EStopReleased: "e_stop_released", ev.OperatorReset: "operator_reset", ev.Timeout: "timeout",
    ev.ComponentFault: "component_fault",
}
MACHINE_EVENTS = (*_TRIGGERS, ev.ButtonPressed, ev.MaintenanceCommand)
"""The hardware events the controller takes (the RFID readers' go to the tile components)."""


def trigger_for(event: ev.Event) -> str | None:
    """The machine trigger an event fires (buttons and menu commands by their action)."""
    if isinstance(event, ev.ButtonPressed):
        return f"press_{event.button}"
    if isinstance(event, ev.MaintenanceCommand):
        return f"maintenance_{event.action if event.action in ('enter', 'exit') else 'test'}"
    return _TRIGGERS.get(type(event))


# The busiest events (one per tile, stack or chain turn) only ever fire unconditional internal
# transitions on leaf states; the controller runs those callbacks directly, sparing the
# nested dispatch, which would otherwise cost more than the rest of the controller together.
DIRECT_TRIGGERS = ("tile_at_head", "stack_delivered", "chain_at_zero")


def direct_callbacks() -> dict[tuple[str, str], tuple[str, ...]]:
    """(leaf state, trigger) → callback names, read from TRANSITIONS for DIRECT_TRIGGERS."""
    table: dict[tuple[str, str], tuple[str, ...]] = {}
    for t in TRANSITIONS:
        if t["trigger"] not in DIRECT_TRIGGERS:
            continue
        if t["dest"] is not None or "conditions" in t or "before" in t:
            raise ValueError(f"{t['trigger']} must stay an unconditional internal transition")
        sources = [t["source"]] if isinstance(t["source"], str) else t["source"]
        for source in sources:
            table[(source, t["trigger"])] = (t["after"],)
    return table


def build_machine(controller) -> TableMachine:
    return TableMachine(
        model=controller, states=STATES, transitions=TRANSITIONS, initial="off",
        queued=True, auto_transitions=False, ignore_invalid_triggers=True, send_event=True,
        on_exception="crashed", after_state_change="state_changed",
    )
