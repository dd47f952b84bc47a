"""The referee agrees with every scenario of the public play corpus, through the real CLI."""

import json

from agreement import disagreements
from cli_run import lines


def test_the_cli_agrees_with_all_fifty_public_scenarios(shared_dir):
    path = shared_dir / "corpus" / "play_public.jsonl"
    scenarios = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    out = lines(path)
    assert [line["id"] for line in out] == [scenario["id"] for scenario in scenarios]
    problems = {scenario["id"]: disagreements(scenario, line) for scenario, line in zip(scenarios, out)}
    assert {ident: found for ident, found in problems.items() if found} == {}
    assert len(scenarios) == 50
