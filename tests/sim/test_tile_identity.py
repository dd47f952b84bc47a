"""Tile identity on the simulator: every cycle's set verified from the head reader's bytes.

Two levels. The whole machine (``SimRun``: controller, physics, the simulated PN532 on a pty
decoded by the real ``HeadReader``, the ``TileCheck`` in the controller's cycle checks): 200
cycles per rule set (144, 136, 108 tiles) with 2 % missed reads and 0.5 % corrupted frames
raise no alarm; a tile removed from the set, a tile swapped between the sets and a foreign
tile are named in the first cycle; an unplugged reader stops the table. The head line alone
(K1 pulse, then the tile in the PN532's field for a few polls): the same findings without
the machine, and a dead antenna is not taken for missing tiles.
"""

import random

import tomllib

import pytest
from sim_tile_sets import enrol_sim_sets

from firmware.config import DEFAULT_PATH, Config
from firmware.events import TileAtHead
from firmware.notifications import FaultRaised
from firmware.tiles.registry import TileRegistry
from firmware.tiles.verify import verify_wall
from firmware.tiles.wall import WallCollector
from hal_sim.faults import parse_fault_spec
from hal_sim.harness import SimRun
from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.head import SimHeadRfid
from hal_sim.tiles import make_set

SIZES = (144, 136, 108)
NOISY = LineFaults(miss_rate=0.02, checksum_error_rate=0.005)


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    """Both sets of the simulator enrolled, A and B, all 144 tiles each."""
    path = tmp_path_factory.mktemp("tiles") / "tiles.sqlite"
    enrol_sim_sets(path)
    registry = TileRegistry(path)
    yield registry
    registry.close()


class HeadLine:
    """The head: K1 pulses and the simulated reader, both feeding the firmware's collector."""

    def __init__(self, faults: LineFaults, seed: int):
        self.collector = WallCollector()
        self.head = SimHeadRfid.create(faults, random.Random(seed))
        self.head.attach(self.collector.take)

    def stack(self, tiles, rng: random.Random):
        tiles = list(tiles)
        rng.shuffle(tiles)
        for tile in tiles:
            self.collector.take(TileAtHead())
            self.head.hook(tile)
        return self.collector.wall()

    def close(self):
        self.head.close()


@pytest.fixture
def line(request):
    head = HeadLine(getattr(request, "param", NOISY), seed=7)
    yield head
    head.close()


def sim_config(registry_path, **head) -> Config:
    with DEFAULT_PATH.open("rb") as fh:
        data = tomllib.load(fh)
    data["rfid"] = {"head": {"miss_rate": 0.02, "checksum_error_rate": 0.005, **head}}
    data["tiles"] = {"registry": str(registry_path), "on_failure": "stop"}
    return Config(data, "<tile identity test>")


RULES = {144: "mcr", 136: "riichi", 108: "sichuan"}


@pytest.mark.parametrize("n_tiles", SIZES)
def test_200_noisy_machine_cycles_verify_with_no_false_alarm(registry, n_tiles):
    run = SimRun(sim_config(registry.path), seed=n_tiles, rules=RULES[n_tiles])
    try:
        summary = run.run(200)
        head = run.sim.rfid.reader
    finally:
        run.close()
    assert summary["cycles_completed"] == 200 and summary["faults"] == []
    checks = summary["tile_checks"]
    assert checks["failures"] == 0 and checks["missing_named"] == []
    assert checks["sets_verified"] >= 200
    # The line faults really happened: corrupted frames NACKed, missed polls retried.
    assert head.decoder.rejected_total > 0 and head.stats["nack sent"] > 0
    assert head.stats["no tag"] > 0


def swapped_registry(path, index: int) -> TileRegistry:
    """Tile ``index`` of set A and its twin in set B have changed sets (enrolled crosswise):
    set A as it stands now holds set B's tile, and set B holds set A's."""
    a, b = make_set(144, "A"), make_set(144, "B")
    a[index], b[index] = b[index], a[index]
    registry = TileRegistry(path)
    for set_id, tiles in (("A", a), ("B", b)):
        registry.enroll(set_id, [(t.uid, t.kind) for t in tiles])
    return registry


@pytest.mark.parametrize("n_tiles", SIZES)
def test_a_tile_of_the_other_set_is_named_in_the_first_machine_cycle(tmp_path, n_tiles):
    swapped_registry(tmp_path / "tiles.sqlite", 60).close()
    run = SimRun(sim_config(tmp_path / "tiles.sqlite"), seed=3, rules=RULES[n_tiles])
    try:
        summary = run.run(1)
    finally:
        run.close()
    twin = make_set(144, "A")[60]
    first = run.fault_codes[0]
    assert first.code == "E512"
    assert first.detail == f"tile of set B: {twin.kind} (tag {twin.uid}); missing {twin.kind}"
    assert summary["tile_checks"]["missing_named"] == [twin.kind]


def first_fault(registry, rules: str, seed: int, fault: str, truth):
    """Run one cycle with ``fault`` injected; the first fault, and ``truth(sim)`` at that
    moment (what the simulator knows: which tile was lost, which slipped in)."""
    run = SimRun(sim_config(registry.path), seed=seed, rules=rules,
                 faults=(parse_fault_spec(fault),))
    seen = []
    run.service.notifier.subscribe(FaultRaised, lambda raised: seen.append(
        (raised, truth(run.sim))) if not seen else None)
    try:
        run.run(1)
    finally:
        run.close()
    return seen[0]


def test_a_foreign_tile_slipped_in_is_named_in_the_first_machine_cycle(registry):
    first, foreign = first_fault(registry, "mcr", 4, "tile_extra@cycle=1,at=0", lambda sim: [
        t.uid for t in sim.tiles_in_machine if t.set_id == "E"])
    assert (first.code, first.detail) == ("E512", f"unknown tag {foreign[0]}")


@pytest.mark.parametrize("n_tiles", SIZES)
def test_a_removed_tile_is_named_in_the_first_cycle(registry, line, n_tiles):
    tiles = make_set(n_tiles, "A")
    removed = tiles.pop(random.Random(n_tiles).randrange(len(tiles)))
    check = verify_wall(registry, line.stack(tiles, random.Random(1)), n_tiles)
    assert not check.ok
    assert check.missing_named == (removed.kind,)
    assert f"missing {removed.kind}" in check.summary()


@pytest.mark.parametrize("n_tiles", SIZES)
def test_a_tile_of_the_other_set_is_named(registry, line, n_tiles):
    """Set B's twin swapped in for one of set A's tiles: both halves of the swap are named."""
    tiles = make_set(n_tiles, "A")
    index = random.Random(n_tiles + 1).randrange(len(tiles))
    swapped = make_set(n_tiles, "B")[index]
    tiles[index] = swapped
    check = verify_wall(registry, line.stack(tiles, random.Random(2)), n_tiles)
    assert check.set_id == "A"
    assert f"tile of set B: {swapped.kind} (tag {swapped.uid})" in check.summary()
    assert check.missing_named == (swapped.kind,)


@pytest.mark.parametrize("n_tiles", SIZES)
def test_a_tile_of_the_other_set_added_is_named(registry, line, n_tiles):
    tiles = make_set(n_tiles, "A") + [make_set(n_tiles, "B")[0]]
    check = verify_wall(registry, line.stack(tiles, random.Random(3)), n_tiles)
    assert [i.kind for i in check.issues] == ["other_set"]
    assert check.missing_named == ()


@pytest.mark.parametrize("line", [LineFaults(miss_rate=1.0)], indirect=True)
def test_reads_that_never_come_are_not_called_missing(registry, line):
    """A dead antenna reads nothing, yet K1 counted every tile: no tile is declared missing,
    the reader itself is reported."""
    check = verify_wall(registry, line.stack(make_set(136, "A"), random.Random(4)), 136, "A")
    assert check.unconfirmed == 136 and check.missing_named == ()
    assert [i.text for i in check.issues] == ["the head reader identified only 0 of 136 tiles"]


def test_an_unplugged_head_reader_stops_the_table_while_stacking(registry):
    """Unplugged from the start: the reader's silence faults E514 during the first stacking;
    after the reset the walls hold no identified tile, which is E514 again, not 144 missing."""
    run = SimRun(sim_config(registry.path, unplugged=True), seed=5,
                 rules="riichi")
    try:
        summary = run.run(1)
    finally:
        run.close()
    codes = [fault.code for fault in run.fault_codes]
    assert codes[:2] == ["E514", "E514"]
    assert run.fault_codes[0].detail == "RFID reader head: no answer for 5 tries"
    assert run.fault_codes[1].detail == "the head reader identified only 0 of 136 tiles"
    assert summary["tile_checks"]["missing_named"] == []


@pytest.mark.parametrize("n_tiles", SIZES)
def test_a_tile_removed_from_the_set_is_named_in_the_first_machine_cycle(registry, n_tiles):
    first, lost = first_fault(registry, RULES[n_tiles], n_tiles, "tile_missing@cycle=1,at=0",
                              lambda sim: list(sim.faults.lost))
    assert (first.code, first.detail) == ("E511", f"missing {lost[0].kind}")
