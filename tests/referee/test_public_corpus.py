"""The referee agrees with every scenario of the public play corpus, through the real CLI."""

from agreement import disagreements
from cli_run import lines, scenarios


def test_the_cli_agrees_with_all_fifty_public_scenarios(shared_dir):
    path = shared_dir / "corpus" / "play_public.jsonl"
    wanted = scenarios(path)
    out = lines(path)
    assert [line["id"] for line in out] == [scenario["id"] for scenario in wanted]
    problems = {scenario["id"]: disagreements(scenario, line) for scenario, line in zip(wanted, out)}
    assert {ident: found for ident, found in problems.items() if found} == {}
    assert len(wanted) == 50
