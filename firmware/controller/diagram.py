"""The controller machine as a Mermaid state diagram, drawn by transitions from machine.py.

transitions (0.9.3) renders nested machines as Mermaid itself (``graph_engine="mermaid"``, no
graphviz); the diagram is built from the same declaration the controller runs, on a bare
model, so it cannot drift from the machine.
"""

from transitions.extensions.diagrams import HierarchicalGraphMachine

from firmware.controller.machine import STATES, TRANSITIONS, TableMachine


class _DiagramMachine(HierarchicalGraphMachine):
    state_cls = TableMachine.state_cls


class _Model:
    """A bare model: the diagram needs the declaration, not a controller."""


def render_mermaid() -> str:
    """``stateDiagram-v2`` text: nested states and every transition, internal ones marked."""
    machine = _DiagramMachine(model=_Model(), states=STATES, transitions=TRANSITIONS,
                              initial="off", graph_engine="mermaid", auto_transitions=False,
                              show_conditions=True, title="Table controller")
    return machine.get_graph().draw(None).rstrip("\n") + "\n"


def render_markdown() -> str:
    """docs/state-diagram.md."""
    return ("# Controller state diagram\n\n"
            "Generated from `firmware/controller/machine.py` by `mjtable diagram --markdown`"
            " (transitions' own Mermaid renderer) — do not edit by hand.\n\n"
            f"```mermaid\n{render_mermaid()}```\n")
