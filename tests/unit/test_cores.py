"""``firmware.cores``: while the table's loop runs hands back to back it holds the last core it
may use, and the helper processes started meanwhile run on the others; the loop gets every core
back at the end; a process allowed one core is left as it is.

Each check runs in a process of its own (the real ``SimRun``, the real helper processes), so
that pytest's own process keeps its cores whatever happens.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORES = sorted(os.sched_getaffinity(0))

needs_two_cores = pytest.mark.skipif(len(CORES) < 2, reason="this machine gives us one core")


def run_python(code: str, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}"})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


CHILDREN = """
def children():
    import os
    from pathlib import Path
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                cmd = (entry / "cmdline").read_bytes().split(b"\\0")
            except OSError:
                continue
            if fields[1] == str(os.getpid()):
                found[cmd[2].decode()] = sorted(os.sched_getaffinity(int(entry.name)))
    return found
"""

PLAYED = CHILDREN + """
import json, os, sys, tempfile
from pathlib import Path
from firmware import notifications as note
from hal_sim.harness import SimRun
from table_config import default_config
if len(sys.argv) > 1:
    os.sched_setaffinity(0, {int(sys.argv[1])})
with tempfile.TemporaryDirectory() as data:
    run = SimRun(default_config(Path(data)), seed=3, rules="riichi")
    seen = {}
    run.service.notifier.subscribe(
        note.HandResult, lambda n: seen.setdefault("loop", sorted(os.sched_getaffinity(0))))
    summary = run.run_hands(2)
    seen["helpers"] = children()
    seen["after"] = sorted(os.sched_getaffinity(0))
    seen["played"] = summary["hands_played"]
    run.close()
print(json.dumps(seen))
"""


@needs_two_cores
def test_played_hands_hold_the_last_core_and_the_helpers_run_on_the_others():
    seen = run_python(PLAYED)
    assert seen["played"] == 2
    assert seen["loop"] == [CORES[-1]]  # while a hand's result was announced
    assert set(seen["helpers"]) == {"hal_sim.world.ahead", "firmware.store.writer"}
    assert all(cores == CORES[:-1] for cores in seen["helpers"].values())
    assert seen["after"] == CORES


def test_a_process_allowed_one_core_is_left_as_it_is():
    seen = run_python(PLAYED, str(CORES[0]))
    assert seen["played"] == 2
    assert seen["loop"] == seen["after"] == [CORES[0]]
    assert all(cores == [CORES[0]] for cores in seen["helpers"].values())


@needs_two_cores
def test_a_block_inside_another_changes_nothing_and_the_outer_one_gives_every_core_back():
    seen = run_python("""
import json, os
from firmware.cores import loop_core
with loop_core():
    with loop_core():
        inner = sorted(os.sched_getaffinity(0))
    outer = sorted(os.sched_getaffinity(0))
print(json.dumps({"inner": inner, "outer": outer, "after": sorted(os.sched_getaffinity(0))}))
""")
    assert seen == {"inner": [CORES[-1]], "outer": [CORES[-1]], "after": CORES}
