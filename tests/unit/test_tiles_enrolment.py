"""Enrolling the simulator's sets into an empty registry, from the enrolment station's reads."""

import pytest

from firmware.tiles.enrolment import enrol_from_station, pairs_in_order
from firmware.tiles.kinds import canonical_order
from firmware.tiles.registry import EnrolmentError, TileRegistry
from hal_sim.rfid.enrolment import enrolment_reads


def test_an_empty_registry_gets_both_sets_from_the_station_once(tmp_path):
    fed = []

    def station(set_id, n_tiles):
        fed.append(set_id)
        return enrolment_reads(set_id, n_tiles)

    with TileRegistry(tmp_path / "var" / "tiles.sqlite") as registry:
        assert enrol_from_station(registry, station) == ["A", "B"]
        assert registry.enrolled_sets() == {"A": 144, "B": 144}
        assert enrol_from_station(registry, station) == []
    assert fed == ["A", "B"]


def test_reads_in_canonical_order_pair_with_the_kinds():
    uids = [f"0A{n:06X}" for n in range(108)]
    assert pairs_in_order(uids, "x") == list(zip(uids, canonical_order(108)))


def test_a_tile_the_station_did_not_read_stops_the_enrolment(tmp_path):
    reads = enrolment_reads("A", 144)
    reads[9] = None
    with TileRegistry(tmp_path / "tiles.sqlite") as registry:
        with pytest.raises(EnrolmentError, match="station, set A: tile 10 of 144 was not read"):
            enrol_from_station(registry, lambda set_id, n: reads)
        assert registry.enrolled_sets() == {}
