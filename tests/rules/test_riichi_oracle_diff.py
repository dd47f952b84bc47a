"""Differential test: our riichi engine against the `mahjong` library over generated raw records.

Records come from riichi_records.random_record (themed standard hands, closed or with
calls and kongs, seven pairs, kokushi, chuuren; one in ten with a tile replaced; random
winds, win conditions, dora, honba, sticks; rcr2016 and tenhou_like rules). The oracle's
input is built from the raw record by the tests' own reader and its options from the
record's `rules` block. Compared: status; for a win han, fu, the whole cost, the yaku as
a multiset of (name, han) and the fu breakdown (the oracle's `fu_details`) as a multiset
of (fu, reason) (differential.py, riichi_oracle.comparable).

The one documented departure: an rcr2016 hand the oracle scores as several yakuman added
up counts one yakuman (seed 003 item 11; riichi_oracle.several_yakuman_under_rcr), and
only there is the oracle's answer rewritten (riichi_oracle.by_the_seed).
"""

import os

from differential import compare_riichi
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from riichi_records import random_record

EXAMPLES = int(os.environ.get("RIICHI_ORACLE_EXAMPLES", "400"))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_agrees_with_the_oracle(rng):
    compared = compare_riichi(random_record(rng))
    note(compared.report())
    assert compared.agree, compared.report()


def test_the_seed_rewrite_applies_to_several_yakuman_under_rcr_only():
    from riichi_oracle import by_the_seed, several_yakuman_under_rcr

    two = {"status": "win", "han": 26, "fu": 50,
           "cost": {"main": 64000, "additional": 0, "main_bonus": 300, "additional_bonus": 0,
                    "kyoutaku_bonus": 1000, "total": 65300, "yaku_level": "2x yakuman"},
           "yaku": [{"name": "Daisangen", "han": 13, "yakuman": True},
                    {"name": "Tsuu Iisou", "han": 13, "yakuman": True}], "fu_details": []}
    one = dict(two, han=13, yaku=two["yaku"][:1])
    assert several_yakuman_under_rcr({"rules": {"profile": "rcr2016"}}, two)
    assert not several_yakuman_under_rcr({"rules": {"profile": "tenhou_like"}}, two)
    assert not several_yakuman_under_rcr({"rules": {"profile": "rcr2016"}}, one)
    rewritten = by_the_seed(two)
    assert rewritten["han"] == 13 and rewritten["yaku"] == two["yaku"]
    assert rewritten["cost"] == dict(two["cost"], main=32000, total=33300, yaku_level="yakuman")
