"""The display's HTTP server over real loopback sockets: the page and its pictures, the live
stream with ``Last-Event-ID`` resume (read as a browser would, field by field), and the actions
route answering with the status the gate gives."""

import asyncio
import json
import threading

import aiohttp
import pytest

from firmware.display.server import DisplayServer
from firmware.display.stream import EventStream


async def read_events(response, count: int) -> list[dict]:
    """``count`` server-sent events as dicts of their fields (data lines joined)."""
    events, fields = [], {}
    async for raw in response.content:
        line = raw.decode().rstrip("\r\n")
        if not line:
            if fields:
                events.append(fields)
                fields = {}
            if len(events) == count:
                return events
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(": ")
        fields[name] = fields[name] + "\n" + value if name in fields else value
    return events


@pytest.fixture
def served():
    stream = EventStream(boot="run1")
    for n in range(3):
        stream.add("StateEntered", {"n": n}, {"table": {"n": n}})
    calls = []

    async def act(name, body, remote):
        calls.append((name, body, remote))
        return 409, {"ok": False, "message": {"zh": "不行", "en": "no"}}

    server = DisplayServer(stream, {"ui": {}, "language": "en"}, act, "127.0.0.1", 0)
    url = server.start()
    yield stream, url, calls
    server.close()


def get(coro):
    return asyncio.run(asyncio.wait_for(coro, 20))


def test_the_address_names_the_port_it_got(served):
    _, url, _ = served
    assert url.startswith("http://127.0.0.1:") and not url.endswith(":0/")


def test_the_page_its_script_style_and_tiles_are_served(served):
    _, url, _ = served

    async def fetch():
        async with aiohttp.ClientSession() as session:
            answers = {}
            for path in ("", "page.js", "page.css", "tiles/5z.svg", "tiles/9z.svg", "healthz"):
                async with session.get(url + path) as response:
                    answers[path] = (response.status, response.content_type, await response.text())
            return answers

    answers = get(fetch())
    assert answers[""][0] == 200 and answers[""][1] == "text/html" and "page.js" in answers[""][2]
    assert answers["page.js"][1] == "text/javascript" and answers["page.css"][1] == "text/css"
    assert answers["tiles/5z.svg"][:2] == (200, "image/svg+xml")
    assert answers["tiles/9z.svg"][0] == 404 and "'9z'" in answers["tiles/9z.svg"][2]
    assert answers["healthz"][2] == "ok"


def stream_from_path(url: str, path: str, count: int) -> list[dict]:
    return stream_from(url, {}, count, path=path)


def stream_from(url: str, headers: dict, count: int, then=None, path: str = "events") -> list[dict]:
    async def follow():
        async with aiohttp.ClientSession() as session:
            async with session.get(url + path, headers=headers) as response:
                assert response.headers["Content-Type"].startswith("text/event-stream")
                first = await read_events(response, 1)
                if then is not None:
                    threading.Thread(target=then).start()
                return first + (await read_events(response, count - 1) if count > 1 else [])
    return get(follow())


def test_a_page_of_this_run_gets_exactly_the_events_after_its_last(served):
    stream, url, _ = served
    events = stream_from(url, {"Last-Event-ID": "run1-1"}, 3,
                         then=lambda: stream.add("FaultRaised", {"code": "E601"}, {"n": "new"}))
    assert [(e["id"], e["event"]) for e in events] == [("run1-2", "note"), ("run1-3", "note"),
                                                        ("run1-4", "note")]
    assert json.loads(events[2]["data"])["note"] == {"code": "E601"}


def test_a_page_of_an_earlier_run_starts_from_a_snapshot(served):
    stream, url, _ = served
    events = stream_from(url, {"Last-Event-ID": "run0-57"}, 2,
                         then=lambda: stream.add("FaultCleared", None, {"n": "after"}))
    assert (events[0]["event"], events[0]["id"]) == ("snapshot", "run1-3")
    assert json.loads(events[0]["data"])["view"] == {"table": {"n": 2}}
    assert events[0]["retry"] == "1000"
    assert (events[1]["event"], events[1]["id"]) == ("note", "run1-4")


def test_a_new_page_names_its_last_event_in_the_query(served):
    _, url, _ = served
    events = stream_from_path(url, "events?last=run1-2", 1)
    assert [(e["id"], e["event"]) for e in events] == [("run1-3", "note")]


def test_actions_are_handed_to_the_gate_with_their_body(served):
    _, url, calls = served

    async def post():
        async with aiohttp.ClientSession() as session:
            async with session.post(url + "api/actions/reset_fault", json={"pin": "1"}) as r:
                return r.status, await r.json()

    assert get(post()) == (409, {"ok": False, "message": {"zh": "不行", "en": "no"}})
    assert calls == [("reset_fault", {"pin": "1"}, "127.0.0.1")]
