"""The page's two languages: every fault code and machine state has its Chinese, and every
label the page asks for exists in both languages."""

import re

from firmware.controller.machine import State
from firmware.display import texts, views
from firmware.faults import FAULTS

from table_run import REPO

PAGE = REPO / "firmware" / "display" / "page"
DYNAMIC = {"live", "offline", "open", "confirmed", "dismissed", "points", "han", "fan", "cut",
           "draw", *views.STANDING_COLUMNS}
"""Labels page.js looks up by a value (link state, flag status, unit, how a hand ended, a
standings column) rather than by name."""


def test_every_fault_and_state_has_both_languages():
    assert [code for code in FAULTS if code not in texts.FAULTS_ZH] == []
    assert [state for state in State if state not in texts.STATES] == []
    for code in FAULTS:
        pair = texts.fault_texts(code)
        assert pair["message"]["en"] == FAULTS[code].meaning
        assert pair["action"]["en"] == FAULTS[code].action
        assert pair["message"]["zh"] and pair["action"]["zh"] != pair["action"]["en"]
    assert {texts.state_text(state)["en"] for state in State} and len(texts.STATES) == len(State)


def test_every_label_the_page_uses_exists_in_both_languages():
    script = (PAGE / "page.js").read_text()
    html = (PAGE / "index.html").read_text()
    used = set(re.findall(r'\bt\("(\w+)"\)', script)) | set(re.findall(r'data-t="(\w+)"', html))
    used |= DYNAMIC
    ui = texts.ui_texts()
    assert used - set(ui) == set()
    assert all(ui[key]["zh"] and ui[key]["en"] for key in used)


def test_riichi_yaku_names_have_their_chinese():
    from firmware.rules.riichi.yaku.registry import REGISTRY
    import firmware.rules.riichi  # noqa: F401 - fills the registry
    assert [y.name for y in REGISTRY if y.name not in texts.YAKU_ZH] == []
    assert texts.yaku_text("Tanyao") == {"zh": "断幺九", "en": "Tanyao"}
