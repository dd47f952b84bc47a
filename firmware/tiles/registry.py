"""The tile registry: which tag UID is which tile of which set, kept in a SQLite file.

Enrolling a set replaces that set's rows in one transaction, in write-ahead-log mode with full
sync, so a power cut during enrolment leaves either the old set or the new one, never half.
"""

import re
import sqlite3
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from firmware.tiles.kinds import check_kind, composition, set_sizes

SET_IDS = ("A", "B")
"""The table's two sets, by back colour; one is played while the other is shuffled."""
_UID = re.compile(r"^(?:[0-9A-F]{2}){4,12}$")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tiles (
    uid    TEXT PRIMARY KEY,
    kind   TEXT NOT NULL,
    set_id TEXT NOT NULL CHECK (set_id IN ('A', 'B'))
)
"""


class EnrolmentError(ValueError):
    """A set that cannot be enrolled; the message names the tile or kind at fault."""


@dataclass(frozen=True)
class Tile:
    uid: str
    kind: str
    set_id: str


def check_uid(uid: str) -> str:
    """A UID in upper-case hex, 4 to 12 bytes; EnrolmentError naming it otherwise."""
    if not isinstance(uid, str) or not _UID.match(uid):
        raise EnrolmentError(f"{uid!r} is not a tag UID (upper-case hex, 4 to 12 bytes)")
    return uid


class TileRegistry:
    """The enrolled sets. ``TileRegistry(path)`` opens (or creates) the file."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(_SCHEMA)
        except (sqlite3.DatabaseError, OSError) as exc:
            raise EnrolmentError(f"tile registry {self.path}: {exc}") from None
        self._cache = self._load()

    def _load(self) -> dict[str, Tile]:
        rows = self._db.execute("SELECT uid, kind, set_id FROM tiles")
        return {uid: Tile(uid, kind, set_id) for uid, kind, set_id in rows}

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "TileRegistry":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def lookup(self, uid: str) -> Tile | None:
        return self._cache.get(uid)

    def tiles(self, set_id: str) -> list[Tile]:
        return [tile for tile in self._cache.values() if tile.set_id == set_id]

    def enrolled_sets(self) -> dict[str, int]:
        """Set id → number of tiles enrolled."""
        return dict(Counter(tile.set_id for tile in self._cache.values()))

    def enroll(self, set_id: str, pairs: list[tuple[str, str]]) -> None:
        """Replace set ``set_id`` by ``pairs`` of (uid, kind): a full 144, 136 or 108 set."""
        self._validate(set_id, pairs)
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM tiles WHERE set_id = ?", (set_id,))
            db.executemany("INSERT INTO tiles (uid, kind, set_id) VALUES (?, ?, ?)",
                           [(uid, kind, set_id) for uid, kind in pairs])
            db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            db.execute("ROLLBACK")
            raise EnrolmentError(f"tile registry {self.path}: enrolment failed: {exc}") from None
        self._cache = self._load()

    def _validate(self, set_id: str, pairs: list[tuple[str, str]]) -> None:
        if set_id not in SET_IDS:
            raise EnrolmentError(f"set must be one of {', '.join(SET_IDS)}, got {set_id!r}")
        if len(pairs) not in set_sizes():
            raise EnrolmentError(f"a set has {', '.join(map(str, set_sizes()))} tiles; "
                                 f"got {len(pairs)} reads")
        seen: set[str] = set()
        for uid, kind in pairs:
            check_uid(uid)
            try:
                check_kind(kind)
            except ValueError as exc:
                raise EnrolmentError(str(exc)) from None
            if uid in seen:
                raise EnrolmentError(f"tag {uid} appears twice in the set")
            other = self.lookup(uid)
            if other is not None and other.set_id != set_id:
                raise EnrolmentError(f"tag {uid} is already enrolled as {other.kind} of set "
                                     f"{other.set_id}")
            seen.add(uid)
        counts = Counter(kind for _, kind in pairs)
        wanted = composition(len(pairs))
        wrong = sorted(set(counts) | set(wanted), key=lambda k: (k[-1], k))
        problems = [f"{kind}: {counts[kind]} (expected {wanted[kind]})"
                    for kind in wrong if counts[kind] != wanted[kind]]
        if problems:
            raise EnrolmentError("the kinds do not make a full set: " + ", ".join(problems))
