"""The one encoding the event log stores and hashes: RFC 8785 canonical JSON.

Any tool can re-check a chain by re-encoding an event the same way: keys sorted, no spaces,
one spelling per number and string. Each event's hash covers its id, kind, stamp, body and
the hash of the event before it, so changing, dropping or reordering an event breaks a link.
The log stores each body in this encoding, so the hash is taken over the stored text itself
(the members of a canonical object are the canonical members, in key order).
"""

import hashlib

import rfc8785

GENESIS = "0" * 64
"""The link the first event of a log points back to."""


class EncodingError(ValueError):
    """A body the log cannot store (a value JSON has no spelling for); the message names it."""


def encode(value) -> bytes:
    """``value`` as canonical JSON bytes; EncodingError for what JSON cannot hold."""
    try:
        return rfc8785.dumps(value)
    except (rfc8785.CanonicalizationError, TypeError, ValueError) as exc:
        raise EncodingError(f"cannot encode {value!r:.80} as canonical JSON: {exc}") from None


def link_hash(event_id: int, kind: str, at: str | None, body: bytes, prev: str) -> str:
    """The SHA-256 (hex) of one event and its link to the one before: the hash of the
    canonical JSON of ``{"id", "kind", "at", "body", "prev"}``, ``body`` being the event's
    body already in its canonical encoding (as the log stores it)."""
    record = b"".join((b'{"at":', encode(at), b',"body":', body, b',"id":', encode(event_id),
                       b',"kind":', encode(kind), b',"prev":', encode(prev), b"}"))
    return hashlib.sha256(record).hexdigest()
