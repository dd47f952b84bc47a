"""The one encoding the event log stores and hashes: RFC 8785 canonical JSON.

Any tool can re-check a chain by re-encoding an event the same way: keys sorted, no spaces,
one spelling per number and string. Each event's hash covers its id, kind, stamp, body and
the hash of the event before it, so changing, dropping or reordering an event breaks a link.
The log stores each body in this encoding, so the hash is taken over the stored text itself
(the members of a canonical object are the canonical members, in key order).

A hand's result is tens of kilobytes (its zone pictures and sensed reports), and the
``rfc8785`` package writes it value by value in Python; the standard library's C encoder
with sorted keys, no spaces and no ASCII escaping writes the same bytes, except in three
places this module looks after: a whole float (Python spells ``2.0`` where ECMAScript spells
``2``) is written as the integer it is; a float Python spells with an exponent (``1e-07``
for ECMAScript's ``1e-7``), a key outside the Basic Multilingual Plane (RFC 8785 orders keys
by UTF-16 code units, not by code points) and a value of a subclass of the JSON types go to
``rfc8785``; and what the C encoder would let through against RFC 8785 (a key that is not a
string, an integer beyond ±(2⁵³ − 1)) is refused as ``rfc8785`` refuses it.
``tests/ledger/test_canonical.py`` checks the bytes against ``rfc8785`` on generated values.
"""

import hashlib
import json
import math
import operator

import rfc8785

GENESIS = "0" * 64
"""The link the first event of a log points back to."""

SAFE_INTEGER = 2**53 - 1
"""The largest integer every JSON reader holds exactly (a double's 53-bit mantissa)."""

_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, sort_keys=True,
                            separators=(",", ":"))


class EncodingError(ValueError):
    """A body the log cannot store (a value JSON has no spelling for); the message names it."""


class _Elsewhere(Exception):
    """A value the C encoder cannot be trusted with: ``rfc8785`` encodes it."""


def encode(value) -> bytes:
    """``value`` as canonical JSON bytes; EncodingError for what JSON cannot hold."""
    try:
        try:
            plain = _plain(value)
        except _Elsewhere:
            return rfc8785.dumps(value)
        return _ENCODER.encode(plain).encode()
    except (rfc8785.CanonicalizationError, TypeError, ValueError) as exc:
        raise EncodingError(f"cannot encode {value!r:.80} as canonical JSON: {exc}") from None


def _plain(value):
    """``value`` with each whole float below 2⁵³ made an int (ECMAScript spells 2.0 as 2, and
    so does the C encoder then), the rest as it is (a container is copied only when something
    in it changed). ValueError for what RFC 8785 refuses; _Elsewhere for what only
    ``rfc8785`` orders or spells rightly: a float Python spells with an exponent or a whole one
    beyond 2⁵³, a key outside the Basic Multilingual Plane, a subclass of a JSON type."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return value
    if kind is int:
        if -SAFE_INTEGER <= value <= SAFE_INTEGER:
            return value
        raise ValueError(f"{value} is beyond the integers JSON holds exactly")
    if kind is float:
        if not math.isfinite(value):
            raise ValueError(f"{value} has no JSON spelling")
        if value.is_integer():
            if -SAFE_INTEGER <= value <= SAFE_INTEGER:
                return int(value)
        elif 1e-4 <= abs(value) < 1e16:
            return value
        raise _Elsewhere
    if kind is dict:
        changed = None
        for key, item in value.items():
            if type(key) is not str:
                raise ValueError(f"object key {key!r} is not a string")
            if not key.isascii() and max(key) > "\uffff":
                raise _Elsewhere
            plain = _plain(item)
            if plain is not item:
                changed = changed or dict(value)
                changed[key] = plain
        return value if changed is None else changed
    if kind is list or kind is tuple:
        items = [_plain(item) for item in value]
        return value if all(map(operator.is_, items, value)) else items
    raise _Elsewhere


def link_hash(event_id: int, kind: str, at: str | None, body: bytes, prev: str) -> str:
    """The SHA-256 (hex) of one event and its link to the one before: the hash of the
    canonical JSON of ``{"id", "kind", "at", "body", "prev"}``, ``body`` being the event's
    body already in its canonical encoding (as the log stores it)."""
    record = b"".join((b'{"at":', encode(at), b',"body":', body, b',"id":', encode(event_id),
                       b',"kind":', encode(kind), b',"prev":', encode(prev), b"}"))
    return hashlib.sha256(record).hexdigest()
