"""The tile registry: enrolment rules, clear refusals, and a real SQLite file that survives."""

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from tile_sets import enrolled, set_pairs

from firmware.tiles.registry import EnrolmentError, Tile, TileRegistry


def test_enrolled_tiles_are_found_after_reopening(tmp_path):
    path = tmp_path / "tiles.sqlite"
    enrolled(path).close()
    with TileRegistry(path) as registry:
        assert registry.lookup("0A000000") == Tile("0A000000", "1m", "A")
        assert registry.lookup("0B00008F") == Tile("0B00008F", "8f", "B")
        assert registry.lookup("FFFFFFFF") is None
        assert registry.enrolled_sets() == {"A": 144, "B": 144}


def test_the_file_is_a_write_ahead_logged_sqlite_database(tmp_path):
    path = tmp_path / "tiles.sqlite"
    enrolled(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("SELECT COUNT(*) FROM tiles").fetchone() == (288,)


def test_an_enrolment_survives_a_process_killed_right_after_it(tmp_path):
    """No close, no clean exit: the committed transaction is on disk."""
    path = tmp_path / "tiles.sqlite"
    script = ("import os, sys; from tile_sets import set_pairs;"
              "from firmware.tiles.registry import TileRegistry;"
              "TileRegistry(sys.argv[1]).enroll('A', set_pairs('A', 136)); os._exit(9)")
    done = subprocess.run([sys.executable, "-c", script, str(path)],
                          cwd=Path(__file__).parent, check=False)
    assert done.returncode == 9
    with TileRegistry(path) as registry:
        assert registry.enrolled_sets() == {"A": 136}


def test_enrolling_again_replaces_the_set(tmp_path):
    with TileRegistry(tmp_path / "t.sqlite") as registry:
        registry.enroll("A", set_pairs("A", 144))
        registry.enroll("A", set_pairs("A", 108))
        assert registry.enrolled_sets() == {"A": 108}
        assert registry.lookup("0A00008F") is None


@pytest.mark.parametrize("change, message", [
    (lambda p: p[:-1], "a set has 144, 136, 108 tiles; got 143 reads"),
    (lambda p: [("0a000000", "1m")] + p[1:], "'0a000000' is not a tag UID"),
    (lambda p: [("0A000000", "0m")] + p[1:], "'0m' is not a tile kind"),
    (lambda p: [p[1]] + p[1:], "tag 0A000001 appears twice in the set"),
    (lambda p: [("0A000000", "7p")] + p[1:], "1m: 3 (expected 4), 7p: 5 (expected 4)"),
    (lambda p: [("0B000000", "1m")] + p[1:], "tag 0B000000 is already enrolled as 1m of set B"),
])
def test_a_bad_set_is_refused_with_its_fault_named_and_nothing_changes(tmp_path, change, message):
    with TileRegistry(tmp_path / "t.sqlite") as registry:
        registry.enroll("A", set_pairs("A", 108))
        registry.enroll("B", set_pairs("B"))
        with pytest.raises(EnrolmentError, match=message.replace("(", r"\(").replace(")", r"\)")):
            registry.enroll("A", change(set_pairs("A")))
        assert registry.enrolled_sets() == {"A": 108, "B": 144}


def test_only_sets_a_and_b_exist(tmp_path):
    with TileRegistry(tmp_path / "t.sqlite") as registry:
        with pytest.raises(EnrolmentError, match="set must be one of A, B, got 'C'"):
            registry.enroll("C", set_pairs("A"))


def test_a_file_that_is_not_a_database_is_named(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("not sqlite " * 100)
    with pytest.raises(EnrolmentError, match="notes.txt"):
        TileRegistry(path)
