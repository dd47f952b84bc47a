"""The operator PIN: stored only as a salted scrypt hash, wrong PINs logged one line each and
slowed down after three in a row, shared by the command line and the display through a file."""

import logging

import re

import pytest

from firmware.operator_pin import (Attempts, OperatorPin, PinError, PinRefused, checker, hash_pin,
                                   matches)
from table_config import default_config


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_stored_form_is_a_salted_scrypt_hash_never_the_pin():
    one, two = hash_pin("2468"), hash_pin("2468")
    # Nothing but scrypt's parameters, a 16-byte salt and a 32-byte key, in hex: no room for the PIN.
    assert re.fullmatch(r"scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}", one)
    assert one != two  # a fresh salt each time
    assert matches("2468", one) and matches("2468", two) and not matches("2469", one)
    with pytest.raises(PinError, match="at least 4"):
        hash_pin("12")
    with pytest.raises(PinError, match="not a scrypt hash"):
        matches("2468", "2468")


def test_wrong_pins_are_logged_and_slowed_down_until_the_right_one(tmp_path, caplog):
    clock, attempts = Clock(), Attempts(tmp_path / "attempts.json")
    guard = OperatorPin(hash_pin("2468"), attempts, clock)
    with caplog.at_level(logging.WARNING, logger="firmware.operator_pin"):
        for n in range(1, 3):
            with pytest.raises(PinRefused, match="^wrong PIN$"):
                guard.check("0000")
        with pytest.raises(PinRefused, match="wrong PIN; the next try in 30 s"):
            guard.check("1111")
    assert [r.getMessage() for r in caplog.records] == [f"wrong operator PIN ({n} in a row)" for n in (1, 2, 3)]
    clock.now += 29
    with pytest.raises(PinRefused, match="3 wrong PINs in a row: try again in 1 s"):
        guard.check("2468")  # even the right PIN waits: the lockout is not a hint
    clock.now += 1
    with pytest.raises(PinRefused, match="next try in 60 s"):
        guard.check("3333")  # the wait doubles
    # Another process (the display, the next command) reads the same file.
    again = OperatorPin(guard.stored, Attempts(tmp_path / "attempts.json"), clock)
    with pytest.raises(PinRefused, match="try again in 60 s"):
        again.check("2468")
    clock.now += 60
    again.check("2468")
    assert Attempts(tmp_path / "attempts.json").failures == 0


def test_no_pin_set_refuses_everything_and_an_unreadable_file_counts_as_tried_out(tmp_path):
    with pytest.raises(PinError, match="mjtable pin set"):
        OperatorPin("", Attempts(), Clock()).check("2468")
    (tmp_path / "attempts.json").write_text("{not json")
    guard = OperatorPin(hash_pin("2468"), Attempts(tmp_path / "attempts.json"), Clock())
    with pytest.raises(PinRefused, match="next try in 60 s"):
        guard.check("0000")


def test_the_displays_checker_reads_the_ledger_section_and_logs_who_asked(tmp_path, caplog):
    config = default_config(tmp_path)
    check = checker(config, Clock())
    with caplog.at_level(logging.WARNING, logger="firmware.operator_pin"):
        assert check("2468", "judge Li", "10.0.0.7") is False  # no PIN configured
    assert "judge Li from 10.0.0.7" in caplog.text and "no operator PIN is set" in caplog.text
