"""Components load sorted by section name, whatever order the installed metadata lists them in:
``[tiles.hands]`` and ``[venue]`` look up ``[tiles]`` as they load."""

from importlib.metadata import EntryPoint

from firmware import service


def test_components_load_sorted_by_section_name_not_in_metadata_order(monkeypatch):
    listed = [EntryPoint(name, f"module_{n}:load_component", service.COMPONENTS)
              for n, name in enumerate(("venue", "tiles.hands", "referee", "tiles", "display"))]
    monkeypatch.setattr(service, "entry_points", lambda group: list(listed))
    assert list(service.component_loaders()) == ["display", "referee", "tiles", "tiles.hands",
                                                 "venue"]


def test_the_installed_components_include_the_default_configs_sections():
    names = list(service.component_loaders())
    assert {"tiles", "tiles.hands", "referee", "ledger", "display", "venue"} <= set(names)
    assert names.index("tiles") < names.index("tiles.hands") < names.index("venue")
