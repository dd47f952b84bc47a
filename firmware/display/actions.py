"""The operator's and the judge's actions: confirm a result, correct a score, confirm or
dismiss a flag, reset a fault, change the rule set (from the next hand), start a new game.

Why two halves: the request is checked where it arrives (the HTTP server's thread: its fields,
then the operator PIN, whose slow hash and rate limit must never hold up the table), and only
a checked request is handed to the scheduler's thread, where the table and its components
live. There every action is written ahead — an event in the ledger with who and why, the
ledger stamping when — and only then carried out. An action the table cannot take now (no
fault to reset, no referee, a flag already decided) is refused with a reason, never guessed.
"""

import asyncio
import concurrent.futures
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from firmware import rulesets
from firmware.controller.machine import Phase, State
from firmware.display.texts import pair
from firmware.events import OperatorReset

log = logging.getLogger("mjtable.actions")
TABLE_ANSWER_S = 5.0
"""How long a request waits for the table's control loop before saying it does not answer."""
WHO_MAX, WHY_MAX = 40, 300


class Refused(Exception):
    """The table cannot take the action now; ``message`` is a language pair, ``status`` the
    HTTP status that says why."""

    def __init__(self, zh: str, en: str, status: int = 409):
        super().__init__(en)
        self.message = pair(zh, en)
        self.status = status


@dataclass(frozen=True)
class Field:
    """One argument of an action: a whole number in a range, or a text among ``choices``."""

    name: str
    kind: type
    low: int | None = None
    high: int | None = None
    choices: Callable[[], tuple[str, ...]] | None = None
    required: bool = True

    def read(self, body: dict):
        if self.name not in body or body[self.name] is None:
            if self.required:
                raise Refused(f"缺少 {self.name}", f"{self.name} is missing", 400)
            return None
        value = body[self.name]
        if not _is_a(value, self.kind):
            raise Refused(f"{self.name} 的类型不对", f"{self.name} must be {_KIND_NAMES[self.kind]}, "
                          f"got {value!r}", 400)
        if self.low is not None and not self.low <= value <= self.high:
            raise Refused(f"{self.name} 超出范围 {self.low}–{self.high}",
                          f"{self.name} must be {self.low} to {self.high}, got {value}", 400)
        if self.choices is not None and value not in self.choices():
            raise Refused(f"{self.name} 只能是 {', '.join(self.choices())}",
                          f"{self.name} must be one of {', '.join(self.choices())}; got "
                          f"{value!r}", 400)
        return value


_KIND_NAMES = {int: "a whole number", str: "text", bool: "true or false", dict: "a JSON object"}


def _is_a(value, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


_RULES = Field("rules", str, choices=rulesets.names)
FIELDS: dict[str, tuple[Field, ...]] = {
    "reset_fault": (),
    "confirm_result": (Field("hand", int, 1, 100_000),),
    "correct_score": (Field("hand", int, 1, 100_000), Field("void", bool, required=False),
                      Field("result", dict, required=False)),
    "confirm_flag": (Field("flag_id", str),),
    "dismiss_flag": (Field("flag_id", str),),
    "change_rules": (_RULES,),
    "new_game": (replace(_RULES, required=False),),
}
"""Every action by name, with the arguments it takes besides ``pin``, ``who`` and ``why``."""


@dataclass(frozen=True)
class Request:
    action: str
    who: str
    why: str
    args: dict
    remote: str


def read_request(name: str, body, remote: str) -> tuple[Request, str]:
    """The request and the PIN it carries; Refused (400/404) names what is wrong."""
    if name not in FIELDS:
        raise Refused(f"没有操作 {name}", f"no action {name!r}; actions: {', '.join(FIELDS)}", 404)
    if not isinstance(body, dict):
        raise Refused("请求必须是 JSON 对象", "the request must be a JSON object", 400)
    pin = body.get("pin")
    if not isinstance(pin, str) or not pin:
        raise Refused("需要操作密码", "the operator PIN is required", 401)
    who, why = (body.get(key) for key in ("who", "why"))
    for key, value, most in (("who", who, WHO_MAX), ("why", why, WHY_MAX)):
        if not isinstance(value, str) or not value.strip() or len(value) > most:
            raise Refused(f"需要填写{'姓名' if key == 'who' else '理由'}",
                          f"{key} is required (text of 1 to {most} characters)", 400)
    args = {field.name: field.read(body) for field in FIELDS[name]}
    return Request(name, who.strip(), why.strip(), args, remote), pin


class ActionGate:
    """The server-side half: ``await gate(name, body, remote)`` → (HTTP status, answer).

    :param check_pin: ``check_pin(pin, who, remote)`` returns when the PIN is right and
        raises Refused otherwise; slow by design (a scrypt hash), so it runs off the event
        loop; it rate-limits and logs wrong PINs itself.
    :param run_on_table: hands a callable to the scheduler's thread (thread-safe).
    :param perform: ``perform(request) -> answer``, run there.
    """

    def __init__(self, check_pin, run_on_table, perform):
        self._check_pin = check_pin
        self._run_on_table = run_on_table
        self._perform = perform

    async def __call__(self, name: str, body, remote: str) -> tuple[int, dict]:
        try:
            request, pin = read_request(name, body, remote)
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(None, self._check_pin, pin, request.who, remote)
            return 200, await self._on_table(request)
        except Refused as refused:
            log.warning("action %s refused (%s): %s", name, remote, refused)
            return refused.status, {"ok": False, "message": refused.message}

    async def _on_table(self, request: Request) -> dict:
        done: concurrent.futures.Future = concurrent.futures.Future()

        def run() -> None:
            try:
                done.set_result(self._perform(request))
            except Refused as refused:
                done.set_exception(refused)
            except Exception as exc:  # noqa: BLE001 - the page gets an answer, the log the trace
                log.exception("action %s failed", request.action)
                done.set_exception(Refused("操作失败，见服务日志", f"the action failed: {exc}", 500))

        self._run_on_table(run)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(done), TABLE_ANSWER_S)
        except TimeoutError:
            raise Refused("牌桌控制循环无应答", "the table's control loop does not answer", 503) from None


class TableActions:
    """The scheduler-side half: each action checked against the table as it is now, written
    ahead through ``records`` (``firmware.display.records``), then carried out. ``flags`` is
    the display's view of the referee's flags by id."""

    def __init__(self, service, records, flags: dict):
        self._service = service
        self._records = records
        self._flags = flags

    def perform(self, request: Request) -> dict:
        answer = getattr(self, request.action)(request)
        log.info("action %s by %s from %s: %s", request.action, request.who, request.remote,
                 request.why)
        return {"ok": True} | answer

    def reset_fault(self, request: Request) -> dict:
        controller = self._service.controller
        if State(controller.state).phase not in (Phase.FAULT, Phase.ESTOP):
            raise Refused("没有需要复位的故障", "there is no fault to reset")
        if not controller.safe_to_reset(None):
            raise Refused("先合上盖板并松开急停按钮", "close the lid and release the e-stop first")
        record = self._records.note(request, {"fault": controller.faults[-1].code})
        controller.post(OperatorReset())
        return {"message": pair("已复位：牌桌自检后继续", "reset: the table self-tests and resumes")} | record

    def change_rules(self, request: Request) -> dict:
        controller = self._service.controller
        rules = request.args["rules"]
        record = self._records.note(request, {"rules": rules})
        controller.update_settings(replace(controller.next_settings, rules=rules))
        title = rulesets.get(rules).title
        return {"message": pair(f"下一局起使用 {title}", f"{title} from the next hand")} | record

    def confirm_flag(self, request: Request) -> dict:
        return self._resolve(request, True)

    def dismiss_flag(self, request: Request) -> dict:
        return self._resolve(request, False)

    def _resolve(self, request: Request, confirmed: bool) -> dict:
        """The referee decides and announces it; the ledger records that decision."""
        referee = self._service.components.get("referee")
        if referee is None:
            raise Refused("未配置裁判", "no referee configured")
        flag_id = request.args["flag_id"]
        flag = self._flags.get(flag_id)
        if flag is None:
            raise Refused(f"没有提示 {flag_id}", f"no flag {flag_id!r}", 404)
        if flag["status"] != "open":
            raise Refused("该提示已裁决", f"flag {flag_id} is already {flag['status']}")
        referee.resolve(flag_id, confirmed, request.who, request.why)
        verdict = pair("已确认", "confirmed") if confirmed else pair("已驳回", "dismissed")
        return {"message": pair(f"提示 {flag_id} {verdict['zh']}", f"flag {flag_id} {verdict['en']}"),
                "recorded_in": "ledger"}

    def confirm_result(self, request: Request) -> dict:
        hand = request.args["hand"]
        row = self._records.hand_of_game(hand)
        record = self._records.note(request, {"hand": hand, "hand_event": row.get("id")})
        return {"message": pair(f"第 {hand} 局结果已确认", f"hand {hand} confirmed as recorded")} | record

    def correct_score(self, request: Request) -> dict:
        hand, void, result = (request.args[key] for key in ("hand", "void", "result"))
        if bool(void) == (result is not None):
            raise Refused("请选择作废，或给出更正后的结果（二选一）",
                          "give either void = true or the corrected result, not both", 400)
        self._records.hand_of_game(hand)
        record = self._records.correct_hand(request, None if void else result)
        what = pair("作废", "void") if void else pair("已更正", "corrected")
        return {"message": pair(f"第 {hand} 局{what['zh']}", f"hand {hand} {what['en']}")} | record

    def new_game(self, request: Request) -> dict:
        rules = request.args["rules"] or self._service.controller.next_settings.rules
        record = self._records.new_game(request, rules)
        return {"message": pair(f"新比赛开始：{rulesets.get(rules).title}",
                                f"a new game of {rulesets.get(rules).title}")} | record
