"""`mjtable operator`: the page's actions from the command line of a running table, through its
actions API, with the same PIN and the same answers."""

import json
import subprocess
import urllib.request

import pytest

from firmware import rulesets

from table_config_fast import PIN, fast_config, free_port
from table_run import MJTABLE, TableRun, env

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    run = TableRun(fast_config(tmp_path_factory.mktemp("cli"), free_port()))
    yield run
    run.stop()


def operator(*args, pin: str | None = PIN) -> subprocess.CompletedProcess:
    environ = env(MJTABLE_PIN=pin)
    if pin is None:
        del environ["MJTABLE_PIN"]
    return subprocess.run([*MJTABLE, "operator", *args, "--who", "Wu", "--why", "by the CLI"],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                          env=environ)


def test_the_rule_set_changes_from_the_command_line(table):
    config = str(table.proc.args[table.proc.args.index("--config") + 1])
    done = operator("change-rules", "--rules", "riichi", "--config", config)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (f"{rulesets.get('riichi').title} from the next hand; "
                                   f"recorded in the log")
    with urllib.request.urlopen(table.url + "api/view", timeout=30) as response:
        assert json.load(response)["view"]["table"]["next_rules"]["name"] == "riichi"


def test_a_refused_action_says_why(table):
    done = operator("reset-fault", "--url", table.url)
    assert done.returncode == 1
    assert "refused (409): there is no fault to reset" in done.stderr


def test_a_wrong_or_missing_pin_is_refused(table):
    wrong = operator("new-game", "--url", table.url, pin="0000")
    assert wrong.returncode == 1 and "refused (403): wrong PIN" in wrong.stderr
    missing = operator("new-game", "--url", table.url, pin=None)
    assert missing.returncode == 2 and "the operator PIN is needed" in missing.stderr


def test_no_table_answering_is_said_plainly():
    done = operator("reset-fault", "--url", f"http://127.0.0.1:{free_port()}/")
    assert done.returncode == 2 and "no table answers at" in done.stderr
