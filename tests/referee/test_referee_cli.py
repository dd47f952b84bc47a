"""`mjtable referee` as a user meets it: JSON lines or a summary, bad lines answered in place,
standard input, and exit 2 only when the input cannot be read."""

import json

from cli_run import referee

SCENARIO = {"id": "tiny", "rules": "mcr", "start": {"dealer": 0, "wall": ["1m", "2m"]},
            "events": [{"t": 0.4, "zone": z, "tiles": ""} for z in
                       ("hand.0", "hand.1", "hand.2", "hand.3", "melds.0", "melds.1", "melds.2", "melds.3", "pond")]}


def test_a_malformed_line_gets_a_line_naming_the_problem_and_the_run_goes_on():
    bad_zone = dict(SCENARIO, id="bad-zone", events=[{"t": 1, "zone": "hand.7", "tiles": ""}])
    bad_tiles = dict(SCENARIO, id="bad-tiles", events=[{"t": 1, "zone": "hand.0", "tiles": "12x"}])
    bad_rules = dict(SCENARIO, id="bad-rules", rules="go")
    text = "\n".join(["{not json", json.dumps(bad_zone), json.dumps(bad_tiles), json.dumps(bad_rules),
                      json.dumps(SCENARIO), "[1, 2]"]) + "\n"
    done = referee("--json", "-", stdin=text)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["id"] for line in out] == [None, "bad-zone", "bad-tiles", "bad-rules", "tiny", None]
    assert out[0]["error"].startswith("line 1: not JSON")
    assert "event 0" in out[1]["error"] and "unknown zone 'hand.7'" in out[1]["error"]
    assert "event 0" in out[2]["error"] and "'12x' is not a tile list" in out[2]["error"]
    assert "rules must be one of" in out[3]["error"] and "'go'" in out[3]["error"]
    assert "error" not in out[4] and out[4]["end"] == "cut" and out[4]["flags"] == []
    assert "must be a JSON object" in out[5]["error"]
    assert set(out[4]) == {"id", "flags", "wins", "end", "ready", "flower_pigs"}


def test_a_bad_start_is_named_by_its_key():
    line = dict(SCENARIO, start={"dealer": 5, "wall": []})
    done = referee("--json", "-", stdin=json.dumps(line))
    assert "start.dealer must be a seat 0-3, got 5" in json.loads(done.stdout)["error"]


def test_the_runner_lines_are_the_default_and_text_mode_prints_a_summary_per_scenario(shared_dir):
    path = str(shared_dir / "corpus" / "play_public.jsonl")
    assert referee(path).stdout == referee("--json", path).stdout
    done = referee("--text", path)
    out = done.stdout.splitlines()
    assert done.returncode == 0 and len(out) == 50
    assert out[0] == ("play-mcr-4242-0000: cut; flag seat 2 false_win (mcr.md §7 (诈和; 错和 when ready on a "
                      "wrong tile))")
    assert any(line.startswith("play-sichuan-4242-0006: draw; win seat 2 on seat 3's discard") for line in out)


def test_an_unreadable_file_exits_2_naming_it(tmp_path):
    done = referee(str(tmp_path / "nowhere.jsonl"))
    assert done.returncode == 2 and "cannot read" in done.stderr and "nowhere.jsonl" in done.stderr
