"""Loads the table's hardware backend ("sim" or "pi") through the ``mjtable.backends`` entry points.

The firmware never imports ``drivers`` or ``hal_sim``: the backend named in ``[table] backend``
is looked up among the installed entry points and built with the config and the scheduler.
"""

from importlib.metadata import entry_points

from firmware.config import Config

GROUP = "mjtable.backends"


def load_backend(config: Config, scheduler, **options):
    """Build the configured backend; ``options`` go to its ``build`` (e.g. ``seed`` for the sim)."""
    section = config.section("table", required=False)
    name = section.get_str("backend", "sim")
    found = {ep.name: ep for ep in entry_points(group=GROUP)}
    if name not in found:
        raise section.error("backend", f"no installed backend {name!r}; installed: "
                            f"{', '.join(sorted(found)) or 'none'}")
    return found[name].load()(config, scheduler, **options)
