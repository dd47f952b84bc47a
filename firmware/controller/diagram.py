"""The controller machine as a Mermaid state diagram, drawn from its declaration in machine.py.

Written by hand rather than with transitions' diagram extension, which needs graphviz for
nested machines; the declaration is plain data, so walking it is short.
"""

from firmware.controller.machine import STATES, TRANSITIONS


def _id(name: str) -> str:
    return name.replace(".", "_")


def _states(states, prefix: str, indent: str) -> list[str]:
    lines = []
    for state in states:
        spec = {"name": state} if isinstance(state, str) else state
        name = f"{prefix}{spec['name']}"
        children = spec.get("children")
        if not children:
            lines.append(f'{indent}state "{spec["name"]}" as {_id(name)}')
            continue
        lines.append(f"{indent}state {_id(name)} {{")
        lines.append(f"{indent}    [*] --> {_id(name + '.' + spec['initial'])}")
        lines += _states(children, name + ".", indent + "    ")
        lines.append(f"{indent}}}")
    return lines


def _label(t: dict) -> str:
    label = t["trigger"]
    if "conditions" in t:
        label += f" [{t['conditions']}]"
    return label


def render_mermaid() -> str:
    """``stateDiagram-v2`` text: nested states, every transition that changes state, and a
    note for the transitions allowed from any state. Internal transitions are not drawn."""
    lines = ["stateDiagram-v2", "    [*] --> off"]
    lines += _states(STATES, "", "    ")
    for t in TRANSITIONS:
        if t["dest"] is None:
            continue
        if t["source"] == "*":
            lines.append(f"    note right of {_id(t['dest'])}: {_label(t)} from any state")
            continue
        sources = [t["source"]] if isinstance(t["source"], str) else t["source"]
        lines += [f"    {_id(s)} --> {_id(t['dest'])}: {_label(t)}" for s in sources]
    return "\n".join(lines) + "\n"


def render_markdown() -> str:
    """docs/state-diagram.md."""
    return ("# Controller state diagram\n\n"
            "Generated from `firmware/controller/machine.py` by `mjtable diagram --markdown`"
            " — do not edit by hand.\nInternal transitions (counting tiles and stacks, the"
            " heartbeat, deadlines) are not drawn; see machine.py.\n\n"
            f"```mermaid\n{render_mermaid()}```\n")
