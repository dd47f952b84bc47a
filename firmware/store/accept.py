"""The operator's decision on a damaged log: keep the events that verify, set the file aside.

A damaged log is never repaired in place or deleted. ``accept`` moves the file (and its
write-ahead log) into ``damaged/`` beside it, unchanged, and starts a new log holding the
first ``upto`` events exactly as they were (same ids, same hashes), so the chain a judge or
tournament software checked before still checks. The ledger then records the decision.
"""

import os
from pathlib import Path

from firmware.store.log import LOG_FILE, EventLog, StoreError
from firmware.store.verify import verify

DAMAGED = "damaged"


def accept(folder: str | Path, upto: int) -> Path:
    """Keep events 1..``upto`` of the damaged log in ``folder``; return where the damaged
    file now lies. StoreError when the log is sound or ``upto`` reaches past what verifies."""
    folder = Path(folder)
    verdict = verify(folder)
    if verdict.ok:
        raise StoreError(f"{verdict.path}: the log verifies ({verdict.last_good} events): "
                         f"there is nothing to accept")
    if not 0 <= upto <= verdict.last_good:
        raise StoreError(f"{verdict.path}: {verdict.problem}; only events 1..{verdict.last_good} "
                         f"verify, so --upto must be at most {verdict.last_good}, not {upto}")
    aside = _set_aside(verdict.path)
    log = EventLog(folder)
    try:
        log.adopt(verdict.good[:upto])
    finally:
        log.close()
    return aside


def _set_aside(path: Path) -> Path:
    """Move the log's files into damaged/events-N.sqlite (N: the first free number)."""
    target_dir = path.parent / DAMAGED
    target_dir.mkdir(exist_ok=True)
    number = 1
    while (target_dir / f"events-{number}.sqlite").exists():
        number += 1
    target = target_dir / f"events-{number}.sqlite"
    try:
        for suffix in ("-wal", "-shm", ""):
            source = path.with_name(LOG_FILE + suffix)
            if source.exists():
                os.replace(source, target.with_name(target.name + suffix))
    except OSError as exc:
        raise StoreError(f"cannot set {path} aside into {target_dir}: {exc}") from None
    return target

