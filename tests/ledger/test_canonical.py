"""The event log's canonical JSON, byte for byte against the ``rfc8785`` package (an
independent implementation of RFC 8785) on generated values, on the floats whose spelling
ECMAScript and Python disagree about, and on what neither may encode."""

import math

import pytest
import rfc8785
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.store.canonical import SAFE_INTEGER, EncodingError, encode

SCALARS = (st.none() | st.booleans() | st.integers(-SAFE_INTEGER, SAFE_INTEGER)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text())
KEYS = st.text() | st.sampled_from(["a", "b", "\ue000", "\U0001f600", "€", "é", "aa", ""])
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=6)
                      | st.tuples(inner, inner)
                      | st.dictionaries(KEYS, inner, max_size=6), max_leaves=40)


@settings(max_examples=600, deadline=None)
@given(VALUES)
def test_the_bytes_are_those_rfc8785_writes(value):
    assert encode(value) == rfc8785.dumps(value)


@pytest.mark.parametrize("number", [
    0.0, -0.0, 1.0, -3.0, 0.5, 0.1, 12.25, 1e-4, 9.999e15, 1e16, 1e20, 1e21, 1e-6, 1e-7,
    1.5e-5, 123456789012345680000.0, 5e-324, -5e-324, 1.7976931348623157e308, 2.0**53,
    1 / 3, 1e100, 4.35, 0.000001234])
def test_floats_are_spelt_as_ecmascript_spells_them(number):
    assert encode(number) == rfc8785.dumps(number)
    assert encode({"t": [number]}) == b'{"t":[' + rfc8785.dumps(number) + b"]}"


def test_hand_computed_spellings():
    # ECMA-262 Number::toString: plain below 1e21 and from 1e-6, exponent form beyond
    assert encode([2.0, 1e-7, 1e21, 1e20, 0.000001, -0.0, 1.5e300]) == \
        b"[2,1e-7,1e+21,100000000000000000000,0.000001,0,1.5e+300]"
    # keys in UTF-16 order: U+1F600 (D83D DE00) before U+E000, though its code point is higher
    assert encode({"\ue000": 1, "\U0001f600": 2, "a": 3}) == \
        '{"a":3,"\U0001f600":2,"\ue000":1}'.encode()
    assert encode({"s": "\"\\\b\f\n\r\t\x01\x7f/é"}) == '{"s":"\\"\\\\\\b\\f\\n\\r\\t\\u0001\x7f/é"}'.encode()


@pytest.mark.parametrize("value", [
    math.nan, math.inf, [-math.inf], SAFE_INTEGER + 1, {"n": -SAFE_INTEGER - 1}, {1: "a"},
    {"a": {None: 1}}, {1, 2}, {"s": "\ud800"}, object()])
def test_what_json_cannot_hold_is_refused_by_both(value):
    with pytest.raises(EncodingError):
        encode(value)
    with pytest.raises((rfc8785.CanonicalizationError, TypeError, ValueError)):
        rfc8785.dumps(value)
