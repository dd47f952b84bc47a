"""docs/referee.md's offence table is the judge's reference: it must list exactly the offences
each rule package gives the referee, with the same brief or seed reference."""

import importlib
import re
from pathlib import Path

from firmware import rulesets

DOC = Path(__file__).resolve().parents[2] / "docs" / "referee.md"
ROW = re.compile(r"^\| `(?P<rules>[a-z0-9]+)` \| `(?P<offence>[a-z_]+)` \| (?P<rule>.+) \|$", re.MULTILINE)


def test_the_doc_lists_every_offence_of_every_rule_set_with_its_reference():
    documented = {(row["rules"], row["offence"]): row["rule"] for row in ROW.finditer(DOC.read_text())}
    declared = {}
    for name in rulesets.names():
        play = importlib.import_module(f"{rulesets.get(name).scorer}.play").PLAY
        declared |= {(name, offence): entry.rule for offence, entry in play.offences.items()}
    assert documented == declared
