"""The page in headless Chromium against running simulated tables (`mjtable run` on the
simulator with its players, referee and ledger, the page on loopback): the scores change after
a simulated hand, a fault shows its code and what to do and clears after the operator's reset,
a referee's flag shows with its evidence tiles and a judge's decision is taken only with the
operator PIN. Each main view is saved as a screenshot.

Expected texts come from the operator's documentation (docs/faults.md), the scores from the
ledger (`mjtable game show --json`), the flag's tiles from the referee's own announcement (its
notation, expanded here by hand)."""

import json
import re
import signal
import subprocess
import tomllib

import pytest
from selenium.webdriver.common.by import By

from browser import wait_until
from table_config_fast import PIN, fast_config
from table_run import MJTABLE, REPO, TableRun, env

pytestmark = pytest.mark.timeout(240)


def fault_row(code: str) -> dict:
    """The operator's documentation of ``code``: docs/faults.md's table row."""
    for line in (REPO / "docs" / "faults.md").read_text().splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if cells and cells[0] == code:
            return {"meaning": cells[1], "action": cells[3]}
    raise AssertionError(f"docs/faults.md has no row for {code}")


def start(folder, options: dict | None = None, hooks: tuple[str, ...] = ()) -> TableRun:
    config = fast_config(folder, options=options)
    run = TableRun(config, hooks=hooks)
    run.config_path = config
    run.config = tomllib.loads(config.read_text())
    return run


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    run = start(tmp_path_factory.mktemp("table"), hooks=("hooks:estop_on_usr1",))
    yield run
    assert run.stop() == 0, run.errors[-10:]


@pytest.fixture(scope="module")
def flag_table(tmp_path_factory):
    """Players who make one mistake a hand and leave the hand on the table for the judge (the
    referee's flags can be decided while their hand is in play); a table without a referee
    gets its flag from ``hooks:flag_on_usr2``."""
    run = start(tmp_path_factory.mktemp("flags"), {"venue": {"miscall_rate": 1.0, "play_s": 600.0}},
                ("hooks:flag_on_usr2",))
    yield run
    assert run.stop() == 0, run.errors[-10:]


def open_page(browser, table):
    browser.get(table.url)
    wait_until(lambda: browser.execute_script("return document.body.dataset.link") == "live",
               what="the live stream")
    if browser.execute_script("return document.documentElement.lang") != "en":
        browser.find_element(By.ID, "language").click()
    wait_until(lambda: browser.find_element(By.CSS_SELECTOR, "[href='#table']").text == "Table",
               what="the English page")
    return browser


@pytest.fixture(scope="module")
def page(browser, table):
    return open_page(browser, table)


def ledger_scores(table) -> list | None:
    shown = subprocess.run([*MJTABLE, "game", "show", "--json", "--config", str(table.config_path)],
                           capture_output=True, text=True, timeout=60, env=env())
    return json.loads(shown.stdout)["scores"]


def notations(evidence, label: str | None = None) -> list[tuple[str, str]]:
    """Every text in the evidence (in objects and lists) that is tile notation, with the name
    of the field that holds it (its nearest key; "" for none)."""
    if isinstance(evidence, dict):
        return [found for key, value in evidence.items() for found in notations(value, key)]
    if isinstance(evidence, list):
        return [found for value in evidence for found in notations(value, label)]
    return ([(label or "", evidence)] if isinstance(evidence, str)
            and re.fullmatch(r"(\d+[mpszf])+", evidence) else [])


def expand(notation: str) -> list[str]:
    """``"123m5z"`` → ``["1m", "2m", "3m", "5z"]``, by the notation's rule (digits, then suit)."""
    return [f"{digit}{suit}" for digits, suit in re.findall(r"(\d+)([mpszf])", notation)
            for digit in digits]


def show(page, view: str) -> None:
    page.execute_script(f"location.hash = '#{view}'")
    wait_until(lambda: page.execute_script("return document.body.dataset.view") == view)


def text_of(page, selector: str) -> str:
    """The text of the first element matching ``selector``, read in one step (the page redraws
    its views on every event, so an element found earlier may be gone)."""
    return page.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.innerText : null", selector)


def evidence_in(page, selector: str) -> list[tuple[str, list[str]]]:
    """(label, tile pictures' alts) of each evidence item inside ``selector`` that shows tiles
    ("" for an item without a label)."""
    return [(label or "", alts) for label, alts in page.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' .evidence .item')].map((item) => ["
        "item.querySelector('.quiet') ? item.querySelector('.quiet').textContent : null,"
        "[...item.querySelectorAll('img.tile')].map((img) => img.alt)])", selector) if alts]


def tiles_in(page, selector: str) -> list[tuple[str, int]]:
    """(alt, natural width) of each tile picture inside ``selector``."""
    return page.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' img.tile')]"
        ".map((img) => [img.alt, img.naturalWidth])", selector)


def act(page, button_selector: str, pin: str) -> str:
    """Press an action's button, fill who, why and the PIN, send; the table's answer."""
    page.execute_script("document.querySelector(arguments[0]).click()", button_selector)
    form = page.find_element(By.ID, "pin-form")
    for name, value in (("who", "Judge Wu"), ("why", "seen on the table"), ("pin", pin)):
        field = form.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)
    page.find_element(By.ID, "pin-send").click()
    answer = wait_until(lambda: (text := text_of(page, "#pin-answer")) not in ("", "…") and text,
                        what="the table's answer")
    if page.find_element(By.ID, "pin-dialog").get_attribute("open") is not None:
        page.execute_script("document.getElementById('pin-dialog').close()")
    return answer


def test_the_page_follows_the_table_through_a_cycle(page, table, screenshots):
    show(page, "table")
    states = set()

    def cycle_done():
        states.add(text_of(page, "#state"))
        cycle = text_of(page, "[data-fact='cycle']")
        return cycle is not None and int(cycle) >= 1

    wait_until(cycle_done, timeout_s=90, what="cycle 1 on the page")
    assert len(states) >= 2, states
    assert text_of(page, "#rules") == "MCR (WMO competition rules)"
    if "referee" in table.config:
        shown = lambda: [text_of(page, f"[data-score='{s}']") for s in range(4)]  # noqa: E731
        wait_until(lambda: shown()[0] not in (None, "—") and len(set(shown())) > 1,
                   timeout_s=180, what="the scores after a simulated hand")
        scores = wait_until(lambda: (now := ledger_scores(table)) and [str(v) for v in now] == shown()
                            and now, timeout_s=30, what="the page's scores being the ledger's")
        assert len(set(scores)) > 1
    screenshots(page, "table")


def test_a_fault_shows_its_code_and_instruction_and_clears_after_the_reset(page, table,
                                                                            screenshots):
    documented = fault_row("E601")
    table.signal(signal.SIGUSR1)
    banner = wait_until(lambda: page.find_element(By.ID, "fault-banner").is_displayed()
                        and text_of(page, "#fault-banner"), what="the fault banner")
    assert "E601" in banner and documented["action"] in banner
    show(page, "faults")
    assert text_of(page, ".fault-now .code") == "E601"
    assert text_of(page, ".fault-now .message") == documented["meaning"]
    assert text_of(page, ".fault-now .action") == documented["action"]
    screenshots(page, "faults")
    # The button is released a second after it was pressed; until then the reset is refused.
    answer = wait_until(lambda: (a := act(page, ".fault-now button.act", PIN)).startswith("reset")
                        and a, timeout_s=10, what="the reset accepted")
    assert answer == "reset: the table self-tests and resumes"
    wait_until(lambda: not page.find_element(By.ID, "fault-banner").is_displayed(),
               what="the fault cleared")
    assert text_of(page, ".fault-now") is None


def raised_flag(page) -> dict | None:
    """The first flag the referee announced, as the stream carried it (the page's own log)."""
    return page.execute_script(
        "const e = window.mjLog.find((e) => e.kind === 'FlagRaised'); return e ? e.note.flag : null")


def test_a_flag_shows_its_evidence_and_a_judge_confirms_it_only_with_the_pin(
        browser, flag_table, screenshots):
    page = open_page(browser, flag_table)
    if "referee" not in flag_table.config:
        flag_table.signal(signal.SIGUSR2)
    show(page, "flags")
    flag = wait_until(lambda: raised_flag(page), timeout_s=150, what="a flag from the referee")
    card = f"[data-flag='{flag['id']}']"
    text = wait_until(lambda: text_of(page, card), what="the flag on the page")
    place = ("East", "South", "West", "North")[flag["seat"]]
    assert f"{place} seat" in text and str(flag["rule"]) in text
    penalty = flag["penalty"]
    assert not isinstance(penalty, dict) or "en" not in penalty or penalty["en"] in text
    # Each notation of the evidence as its pictures, under its field's name, the fields in no
    # particular order: the flag read back from the page's log need not keep the order the page
    # draws them in (a chow's evidence came back as called, from, tiles, type).
    wanted = sorted((label, expand(value)) for label, value in notations(flag["evidence"]))
    wait_until(lambda: all(width for _, width in tiles_in(page, card)), what="the tile pictures")
    assert sorted(evidence_in(page, card)) == wanted and wanted
    screenshots(page, "flags")
    selector = f"{card} button[data-action='confirm_flag']"
    refused = act(page, selector, "0000")
    assert "wrong PIN" in refused
    assert text_of(page, f"{card} .status") == "open"
    answer = act(page, selector, PIN)
    assert answer == f"flag {flag['id']} confirmed"
    wait_until(lambda: text_of(page, f"{card} .status") == "confirmed", what="the confirmed flag")
    assert "Judge Wu: seen on the table" in text_of(page, card)


def test_the_other_views_are_drawn(browser, table, screenshots):
    page = open_page(browser, table)
    for view, selector in (("hand", "#hand"), ("game", "#game"), ("operator", "#operator")):
        show(page, view)
        assert text_of(page, selector).strip()
        screenshots(page, view)
    show(page, "operator")
    buttons = {b.get_attribute("data-action") for b in
               page.find_elements(By.CSS_SELECTOR, "#operator button.act")}
    assert buttons == {"reset_fault", "confirm_result", "correct_score", "change_rules",
                       "new_game"}
    assert re.search(r"\d+", page.execute_script("return document.body.dataset.eventId"))
    page.find_element(By.ID, "language").click()
    show(page, "table")
    wait_until(lambda: text_of(page, "[href='#table']") == "牌桌", what="the Chinese page")
    assert text_of(page, "#language") == "English"
    screenshots(page, "table-zh")
