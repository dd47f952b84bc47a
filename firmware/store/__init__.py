"""The event store: an append-only, hash-chained log of what the table recorded, in SQLite.

``EventLog`` appends and reads events; ``verify`` checks the chain end to end and names the
first event at fault; ``accept`` is the operator's decision on a damaged log (keep what
verifies, set the file aside). What the events mean is the ledger's (firmware/ledger).
"""

from firmware.store.accept import DAMAGED, accept
from firmware.store.canonical import GENESIS, EncodingError
from firmware.store.log import LOG_FILE, Event, EventLog, StoreError
from firmware.store.verify import Verdict, verify

__all__ = ["DAMAGED", "GENESIS", "LOG_FILE", "EncodingError", "Event", "EventLog", "StoreError",
           "Verdict", "accept", "verify"]
