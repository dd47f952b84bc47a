"""The per-cycle set check: is the wall exactly one enrolled set, and if not, what is wrong.

Missing tiles are named ("missing 7p") only after the missed reads are accounted for: every
K1 pulse without a read is a tile that was physically there, so as many unread tiles as there
were missed reads are "unconfirmed", not missing. When more tiles are unread than reads were
missed, the difference is missing; if the reads cannot say which, the candidates are listed.
"""

from collections import Counter
from dataclasses import dataclass

from firmware.tiles.kinds import composition
from firmware.tiles.registry import TileRegistry
from firmware.tiles.wall import WallReads


@dataclass(frozen=True)
class Issue:
    """One finding; ``kind`` is one of ISSUE_KINDS, ``text`` what the display shows."""

    kind: str
    text: str


ISSUE_KINDS = ("missing", "unknown", "other_set", "not_in_game", "duplicate", "extra",
               "side_count", "enrolment", "reader")
MIN_IDENTIFIED = 0.5
"""Below this share of the tiles identified, the head reader itself is reported: a dead
antenna answers every poll with "no tag", so no reader fault would say so otherwise."""


@dataclass(frozen=True)
class SetCheck:
    set_id: str | None
    n_tiles: int
    tiles_counted: int
    tiles_read: int
    unconfirmed: int
    """Unread tiles the missed reads account for (present by count, not by identity)."""
    missing_named: tuple[str, ...]
    issues: tuple[Issue, ...]

    @property
    def ok(self) -> bool:
        return not self.issues

    def summary(self) -> str:
        if self.ok:
            return (f"set {self.set_id}: {self.n_tiles} tiles verified"
                    + (f" ({self.unconfirmed} by count only)" if self.unconfirmed else ""))
        return "; ".join(issue.text for issue in self.issues)


def _label(registry: TileRegistry, uid: str) -> str:
    tile = registry.lookup(uid)
    return f"{tile.kind} (tag {uid})" if tile else f"tag {uid}"


def _majority_set(registry: TileRegistry, uids) -> str | None:
    sets = Counter(t.set_id for t in map(registry.lookup, uids) if t is not None)
    return sets.most_common(1)[0][0] if sets else None


def verify_wall(registry: TileRegistry, wall: WallReads, n_tiles: int,
                set_id: str | None = None,
                side_tiles: tuple[int, ...] | None = None) -> SetCheck:
    """Check ``wall`` against the enrolled set (``set_id``, or the set most reads belong to)
    for a game of ``n_tiles``; ``side_tiles`` is the layout's tiles per side. A reader that
    identified too few tiles is reported first: then the other findings are its echo."""
    read = list(dict.fromkeys(uid for uid in wall.slots + wall.unpulsed if uid))
    set_id = set_id or _majority_set(registry, read)
    wanted = composition(n_tiles)
    issues = []
    if len(read) < MIN_IDENTIFIED * n_tiles:
        issues.append(Issue("reader", f"the head reader identified only {len(read)} of "
                                      f"{n_tiles} tiles"))
    issues += _foreign(registry, read, set_id, wanted) + _duplicates(registry, wall)
    unread: list[str] = []
    named: tuple[str, ...] = ()
    if set_id is not None:
        unread, named, found = _missing(registry, set_id, wanted, set(read), wall.missed)
        issues += found
    counted = len(wall.slots)
    if counted > n_tiles and not any(i.kind in ("unknown", "other_set", "not_in_game",
                                                "duplicate") for i in issues):
        issues.append(Issue("extra", f"{counted - n_tiles} tile(s) more than a {n_tiles}-tile "
                                     "set passed the head, unread"))
    if counted == n_tiles:  # a short or long set leaves its sides uneven: no news there
        issues += _sides(wall.side_tiles, side_tiles)
    return SetCheck(set_id, n_tiles, counted, len(read), min(len(unread), wall.missed),
                    named, tuple(issues))


def _missing(registry: TileRegistry, set_id: str, wanted: Counter, seen: set[str],
             missed: int) -> tuple[list[str], tuple[str, ...], list[Issue]]:
    """(unread kinds, kinds named missing, issues): the unread tiles beyond the missed reads."""
    n_tiles = sum(wanted.values())
    expected = {t.uid: t.kind for t in registry.tiles(set_id) if t.kind in wanted}
    issues = []
    if len(expected) != n_tiles:
        issues.append(Issue("enrolment", f"set {set_id} has {len(expected)} tiles enrolled "
                                         f"for a {n_tiles}-tile game"))
    unread = sorted((kind for uid, kind in expected.items() if uid not in seen),
                    key=lambda k: (k[-1], k))
    missing = len(unread) - missed
    named: tuple[str, ...] = ()
    if missing > 0 and missing == len(unread):
        named = tuple(unread)
        issues += [Issue("missing", f"missing {kind}") for kind in named]
    elif missing > 0:
        issues.append(Issue("missing", f"missing {missing} of: {', '.join(unread)}"))
    return unread, named, issues


def _foreign(registry: TileRegistry, read: list[str], set_id: str | None,
             wanted: Counter) -> list[Issue]:
    """Tags that do not belong in this wall: unknown, the other set's, or a kind not played."""
    issues = []
    for uid in read:
        tile = registry.lookup(uid)
        if tile is None:
            issues.append(Issue("unknown", f"unknown tag {uid}"))
        elif tile.set_id != set_id:
            issues.append(Issue("other_set", f"tile of set {tile.set_id}: {tile.kind} (tag {uid})"))
        elif tile.kind not in wanted:
            issues.append(Issue("not_in_game", f"{tile.kind} is not used with "
                                               f"{sum(wanted.values())} tiles (tag {uid})"))
    return issues


def _duplicates(registry: TileRegistry, wall: WallReads) -> list[Issue]:
    """A tag at two wall positions: a cloned tag, or a reader reporting a tile it did not see."""
    positions: dict[str, list[int]] = {}
    for index, uid in enumerate(wall.slots, 1):
        if uid:
            positions.setdefault(uid, []).append(index)
    return [Issue("duplicate", f"{_label(registry, uid)} read at wall positions "
                               f"{', '.join(map(str, where))}")
            for uid, where in positions.items() if len(where) > 1]


def _sides(landed: tuple[int, ...] | None, expected: tuple[int, ...] | None) -> list[Issue]:
    if landed is None or expected is None:
        return []
    return [Issue("side_count", f"side {'ESWN'[side]} has {got} tiles, expects {want}")
            for side, (got, want) in enumerate(zip(landed, expected)) if got != want]
