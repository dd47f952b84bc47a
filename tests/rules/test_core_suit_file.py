"""The shipped suit file against the computation it was built from, and its bad-file errors.

Checking all 405,350 patterns of both caps takes a minute (`python -m firmware.rules.suit_file`
rebuilds the file, and `git diff` shows any change); here a seeded sample of patterns of every
size, and the corners, must read back exactly what ``suit_table`` computes for them.
"""

import itertools
import random
import zlib

import pytest

from firmware.rules import suit_file, suit_table
from firmware.rules.suit_file import CAPS, SuitFileError, lookup


def _patterns() -> list[tuple]:
    rng = random.Random(20261201)
    sample = [(0,) * 9, (4, 4, 4, 2, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0, 4),
              (2, 1, 1, 1, 1, 1, 1, 1, 4), (1,) * 9]
    for tiles in range(15):
        for _ in range(120):
            counts = [0] * 9
            while sum(counts) < tiles:
                kind = rng.randrange(9)
                if counts[kind] < 4:
                    counts[kind] += 1
            sample.append(tuple(counts))
    return sample


@pytest.mark.parametrize("cap", CAPS)
def test_the_file_holds_what_the_computation_gives(cap):
    for pattern in _patterns():
        assert lookup(pattern, cap) == suit_table._distance.__wrapped__(pattern, 0, 0, True, cap), pattern


def test_every_pattern_of_at_most_fourteen_tiles_is_in_the_file():
    _, slots = suit_file._tables()[CAPS[0]]
    held = sum(1 for slot in slots if slot != suit_file.ABSENT)
    expected = sum(1 for counts in itertools.product(range(5), repeat=9) if sum(counts) <= 14)
    assert held == expected == 405_350


def test_patterns_the_file_cannot_hold_are_computed():
    fifth = (5, 1, 1, 0, 0, 0, 0, 0, 0)
    many = (4, 4, 4, 3, 0, 0, 0, 0, 0)
    assert lookup(fifth, 16) is None and lookup(many, 4) is None
    assert suit_table._suited(fifth, 16) == suit_table._intern(suit_table.suit_vector(fifth, 16))
    # Five 1m and 23m hold a pung and a pair (111, 11); a chow more needs a sixth 1m or a 4m.
    vector = suit_table.suit_vector(fifth, 16)
    assert (vector[suit_table.SETS + 1], vector[suit_table.SETS + 2]) == (0, 1)


def _load(tmp_path, monkeypatch, data: bytes):
    path = tmp_path / "suit_vectors.bin"
    path.write_bytes(data)
    monkeypatch.setattr(suit_file, "PATH", path)
    suit_file._tables.cache_clear()
    try:
        return suit_file._tables()
    finally:
        suit_file._tables.cache_clear()


def test_a_damaged_file_is_named_with_how_to_rebuild_it(tmp_path, monkeypatch):
    good = suit_file.PATH.read_bytes()
    with pytest.raises(SuitFileError, match=r"suit_vectors.bin cannot be read .*python -m firmware.rules.suit_file"):
        _load(tmp_path, monkeypatch, good[:-100])
    with pytest.raises(SuitFileError, match="not a suit table"):
        _load(tmp_path, monkeypatch, zlib.compress(b"something else"))
    payload = zlib.decompress(good)
    for cut in (payload[:-1], payload[:len(suit_file.MAGIC)], payload[:len(suit_file.MAGIC) + 500],
                payload + b"\0"):
        with pytest.raises(SuitFileError, match="wrong length"):
            _load(tmp_path, monkeypatch, zlib.compress(cut))
    monkeypatch.setattr(suit_file, "PATH", tmp_path / "absent.bin")
    with pytest.raises(SuitFileError, match="absent.bin cannot be read"):
        suit_file._tables()
    suit_file._tables.cache_clear()
