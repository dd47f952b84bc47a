"""Every suit pattern's distance vector, worked out ahead of time and shipped as a file.

``suit_table`` computes how far one suit's nine counts are from n sets and a pair on first
use of each pattern. That costs 0.1-0.3 ms a pattern, and a table playing or checking hands
meets new patterns for thousands of hands: the first hands after a start are many times
slower than the rest, and a simulated player weighing every discard stays in that fill for
hundreds of hands. A suit of at most four copies per kind and at most 14 tiles has 405,350
patterns, and between them they have only some 130 distinct vectors, so the whole table is a
byte per pattern: ``suit_vectors.bin`` (zlib) holds, for each copy cap ``suit_table`` uses,
the distinct vectors and then one byte per base-5 number of nine counts (``ABSENT`` where the
counts add up to more than 14).

The file is built by ``suit_table``'s own computation (``python -m firmware.rules.suit_file``
writes it again, about a minute); ``tests/rules/test_core_suit_file.py`` checks the shipped
file against that computation. A pattern outside the file (a fifth copy, which ``shanten.waits``
tries, or more than 14 tiles) is computed as before.
"""

import itertools
import sys
import zlib
from functools import cache
from pathlib import Path

PATH = Path(__file__).with_name("suit_vectors.bin")
MAGIC = b"mjtable suit vectors 1\n"
KINDS, COPIES, MOST_TILES = 9, 5, 14
PATTERNS = COPIES ** KINDS
"""Base-5 numbers of nine counts 0..4: the file's index, the first kind most significant."""
ABSENT = 0xFF
CAPS = (4, 16)
"""The copy caps ``suit_table`` computes with (strict, loose), in the file's order."""
VECTOR = 10
"""Entries of a distance vector (pairs 0..1 by sets 0..4), each under 100: a byte each."""


class SuitFileError(RuntimeError):
    """The shipped suit file is missing or damaged; the message says how to rebuild it."""


def index(pattern: tuple) -> int:
    number = 0
    for count in pattern:
        number = number * COPIES + count
    return number


def lookup(pattern: tuple, cap: int) -> tuple | None:
    """The pattern's distance vector from the file, or None when the file cannot hold it
    (a kind held five times, more than 14 tiles, not nine kinds)."""
    if len(pattern) != KINDS or max(pattern) >= COPIES or sum(pattern) > MOST_TILES:
        return None
    vectors, slots = _tables()[cap]
    return vectors[slots[index(pattern)]]


@cache
def _tables() -> dict[int, tuple[list[tuple], bytes]]:
    try:
        payload = zlib.decompress(PATH.read_bytes())
    except (OSError, zlib.error) as exc:
        raise SuitFileError(f"the suit table {PATH} cannot be read ({exc}); write it again with "
                            f"`python -m firmware.rules.suit_file`") from None
    return _parse(payload)


def _parse(payload: bytes) -> dict[int, tuple[list[tuple], bytes]]:
    if not payload.startswith(MAGIC):
        raise SuitFileError(f"{PATH} is not a suit table (its first line is wrong)")
    tables, pos = {}, len(MAGIC)
    for cap in CAPS:
        count = payload[pos] if pos < len(payload) else 0
        pos += 1
        vectors = [tuple(payload[pos + i * VECTOR:pos + (i + 1) * VECTOR]) for i in range(count)]
        pos += count * VECTOR
        tables[cap] = (vectors, payload[pos:pos + PATTERNS])
        pos += PATTERNS
    if pos != len(payload):  # every slice above was whole exactly when the end is where it lands
        raise SuitFileError(f"{PATH} has the wrong length for {len(CAPS)} tables of "
                            f"{PATTERNS} patterns")
    return tables


def build() -> bytes:
    """The file's bytes, from ``suit_table``'s computation over every pattern (the first kind
    varies fastest, so the computation's cache of suffixes is reused pattern after pattern)."""
    from firmware.rules.suit_table import suit_vector
    payload = bytearray(MAGIC)
    for cap in CAPS:
        ids: dict[tuple, int] = {}
        slots = bytearray([ABSENT]) * PATTERNS
        for reversed_pattern in itertools.product(range(COPIES), repeat=KINDS):
            if sum(reversed_pattern) <= MOST_TILES:
                pattern = reversed_pattern[::-1]
                vector = suit_vector(pattern, cap)
                slots[index(pattern)] = ids.setdefault(vector, len(ids))
        if len(ids) >= ABSENT:
            raise SuitFileError(f"{len(ids)} distinct vectors do not fit in a byte")
        payload.append(len(ids))
        for vector in ids:
            payload += bytes(vector)
        payload += slots
    return zlib.compress(bytes(payload), 9)


if __name__ == "__main__":
    data = build()
    PATH.write_bytes(data)
    print(f"wrote {PATH} ({len(data):,} bytes)", file=sys.stderr)
