"""Tile identity over the simulated head reader's byte stream: every cycle's set verified.

Each cycle shuffles a set, and each tile passes the stacking head: a K1 pulse
(``TileAtHead``), then the simulated PN532 in its field for a few poll exchanges, real
frames through a pty, decoded by the real ``HeadReader``. The wall map and the set check are
the firmware's. For 144, 136 and 108 tiles: 200 cycles with 2 % missed reads and 0.5 %
corrupted frames raise no alarm; a removed tile is named in the first cycle; a tile of the
other set is named too.
"""

import random

import pytest

from firmware.events import TileAtHead
from firmware.tiles.registry import TileRegistry
from firmware.tiles.verify import verify_wall
from firmware.tiles.wall import WallCollector
from hal_sim.rfid.device import LineFaults
from hal_sim.rfid.head import SimHeadRfid
from hal_sim.tiles import make_set

SIZES = (144, 136, 108)
NOISY = LineFaults(miss_rate=0.02, checksum_error_rate=0.005)


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    """Both sets of the simulator enrolled, A and B, all 144 tiles each."""
    path = tmp_path_factory.mktemp("tiles") / "tiles.sqlite"
    with TileRegistry(path) as reg:
        for set_id in ("A", "B"):
            reg.enroll(set_id, [(t.uid, t.kind) for t in make_set(144, set_id)])
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
        return self.collector.finish()

    def close(self):
        self.head.close()


@pytest.fixture
def line(request):
    head = HeadLine(getattr(request, "param", NOISY), seed=7)
    yield head
    head.close()


@pytest.mark.parametrize("n_tiles", SIZES)
def test_200_noisy_cycles_verify_with_no_false_alarm(registry, line, n_tiles):
    rng = random.Random(n_tiles)
    checks = []
    for cycle in range(200):
        set_id = "AB"[cycle % 2]
        wall = line.stack(make_set(n_tiles, set_id), rng)
        check = verify_wall(registry, wall, n_tiles)
        checks.append(check)
        assert check.ok, f"cycle {cycle}: {check.summary()}"
        assert check.set_id == set_id
    assert not any(c.missing_named for c in checks)
    reader = line.head.reader
    # The faults really happened and were handled: corrupted frames NACKed, misses re-polled.
    assert reader.decoder.rejected_total > 0 and reader.stats["nack sent"] > 0
    assert reader.stats["no tag"] > 0


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
