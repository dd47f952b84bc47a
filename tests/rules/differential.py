"""One comparison of an engine with its oracle per raw record, for the differential tests and tests/fuzz_oracles.py.

Each function scores the record with the engine, asks the oracle through its adapter
(whose input comes from the tests' own reader, never from the firmware's parsing) and
returns a `Comparison`: both answers in full, whether they agree, and which documented
rule (if any) rewrote the oracle's answer before comparing.
Hands the spec's pre-check refuses (bad notation, a fifth copy, a wrong tile count) are
judged by the tests' own `record_reader.precheck`: the oracles have no such check (they
score a fifth copy).
"""

import json
from typing import NamedTuple

import mcr_oracle
import riichi_oracle
from record_reader import precheck

from firmware.rules.mcr import score_record as score_mcr
from firmware.rules.riichi import score_record as score_riichi

# The documented departures from the oracles, by the name a Comparison gives them.
WMO_READING = "wmo: seed 000 lines 182-213 (自摸加计不求人) and 239 (明杠 + 暗杠 = 6)"
WMO_BEST_READING = ("wmo: seed 000 lines 182-213 lift a reading concealed by definition above the one the "
                    "oracle chose (the highest reading counts)")
ONE_YAKUMAN = "rcr: seed 003 item 11 (several yakuman count once)"


class Comparison(NamedTuple):
    record: dict
    ours: dict
    theirs: dict
    agree: bool
    rule: str | None  # the documented departure from the oracle's answer that applied, if any

    def report(self) -> str:
        """The record and both answers, one JSON line each: enough to replay the case."""
        lines = [f"  record: {json.dumps(self.record, ensure_ascii=False, sort_keys=True)}",
                 f"  ours:   {json.dumps(self.ours, ensure_ascii=False, sort_keys=True)}",
                 f"  oracle: {json.dumps(self.theirs, ensure_ascii=False, sort_keys=True)}"]
        if self.rule:
            lines.append(f"  (documented departure: {self.rule})")
        return "\n".join(lines)


def compare_mcr(record: dict, profile: str) -> Comparison:
    """Our MCR engine under `profile` ("mil" or "wmo") against pymahjonggb.

    `mil` is pymahjonggb's own reading and must agree with it exactly. For `wmo` the
    oracle's answer is first rewritten by `mcr_oracle.as_wmo`, which applies the two
    readings profiles.py documents (seed 000 lines 182-213: 自摸加计不求人; line 239:
    明杠 + 暗杠 = 6) and nothing else. One more case follows from the first reading and
    is accepted by name: a self-drawn reading concealed by definition that the lift makes
    the best one (mcr_oracle.wmo_lifts_another_reading).
    """
    ours = score_mcr(record, profile)
    refused = precheck(record)
    rule = None
    if refused is not None:
        theirs = {"status": refused, "shanten_before_win": None}
    else:
        theirs = mcr_oracle.oracle_result(record)
        if profile == "wmo":
            as_read = mcr_oracle.as_wmo(theirs, record["win_by"] == "self_draw")
            if as_read != theirs:
                theirs, rule = as_read, WMO_READING
    agree = mcr_oracle.comparable(ours) == mcr_oracle.comparable(theirs)
    if not agree and profile == "wmo" and mcr_oracle.wmo_lifts_another_reading(
            ours, theirs, record["win_by"] == "self_draw"):
        agree, rule = True, WMO_BEST_READING  # accepted, and counted apart by the fuzz run
    return Comparison(record, ours, theirs, agree, rule)


def compare_riichi(record: dict) -> Comparison:
    """Our riichi engine (the record's own profile) against `mahjong` with the record's `rules`.

    One documented departure: an rcr2016 record the oracle scores as several yakuman added
    up is scored once (seed 003 item 11, see riichi_oracle.several_yakuman_under_rcr);
    the oracle's answer is rewritten for exactly those records, nothing else.
    """
    ours = score_riichi(record, None)
    refused = precheck(record)
    rule = None
    if refused is not None:
        theirs = {"status": refused}
    else:
        theirs = riichi_oracle.oracle_result(record)
        if riichi_oracle.several_yakuman_under_rcr(record, theirs):
            theirs, rule = riichi_oracle.by_the_seed(theirs), ONE_YAKUMAN
    return Comparison(record, ours, theirs, riichi_oracle.comparable(ours) == riichi_oracle.comparable(theirs), rule)
