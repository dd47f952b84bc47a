"""End to end: the real `mjtable score --rules sichuan` in a subprocess over the public corpus.

The CLI accepts `--rules sichuan` once the rule-set registry declares this scorer.
"""

import json
import subprocess
import sys
from pathlib import Path

from test_sichuan_corpus import agreement

MJTABLE = Path(sys.executable).with_name("mjtable")


def test_every_output_line_agrees_with_its_record(shared_dir):
    corpus = shared_dir / "corpus" / "sichuan_public.jsonl"
    records = [json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip()]
    done = subprocess.run([str(MJTABLE), "score", "--rules", "sichuan", str(corpus)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o["id"] for o in out] == [r["id"] for r in records]
    disagreeing = {r["id"]: agreement(r["expected"], o["result"]) for r, o in zip(records, out)}
    assert {rid: wrong for rid, wrong in disagreeing.items() if wrong} == {}
