"""Files of head reads: one tag per line, as the enrolment station or a cycle's wall produced them.

A line holds a UID (upper-case hex), optionally followed by a tile kind ("0A1B2C3D 7p"); a
line "-" is a position where the head counted a tile but read no tag. Blank lines and
``#`` comments are skipped. Every error names the file and the line.
"""

from dataclasses import dataclass

from firmware.tiles.kinds import check_kind
from firmware.tiles.registry import EnrolmentError, check_uid

MISSED = "-"


class ReadsError(ValueError):
    """A reads file that cannot be used; the message names the file and line."""


@dataclass(frozen=True)
class Read:
    uid: str | None
    kind: str | None = None


def parse_reads(lines, source: str) -> list[Read]:
    reads = []
    for number, line in enumerate(lines, 1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        if len(fields) > 2:
            raise ReadsError(f"{source}:{number}: expected 'UID [KIND]', got {line.strip()!r}")
        try:
            uid = None if fields[0] == MISSED else check_uid(fields[0])
            kind = check_kind(fields[1]) if len(fields) == 2 else None
        except (EnrolmentError, ValueError) as exc:
            raise ReadsError(f"{source}:{number}: {exc}") from None
        reads.append(Read(uid, kind))
    return reads


def format_reads(uids) -> str:
    """The reads-file text for a sequence of UIDs (None = missed)."""
    return "".join(f"{uid or MISSED}\n" for uid in uids)
