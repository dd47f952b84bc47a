"""The display's HTTP server: aiohttp on its own thread and event loop, so the page, the
stream and the actions never run on (or wait for) the table's control loop.

Routes: ``/`` the page and its script and style; ``/tiles/<code>.svg`` the tile pictures;
``/api/view`` the latest view; ``/api/texts`` the page's labels; ``/events`` the live stream
(server-sent events, resumed from ``Last-Event-ID``); ``POST /api/actions/<name>`` an
operator's or judge's action (PIN required, see ``actions``); ``/healthz`` for the kiosk.
What the server needs from the table comes through three callables and the ``EventStream``;
it never touches the service itself.
"""

import asyncio
import json
import logging
import threading
from importlib.resources import files

from aiohttp import web
from aiohttp_sse import sse_response

from firmware.display import tile_faces
from firmware.display.stream import EventStream

log = logging.getLogger(__name__)
PAGE = files("firmware.display") / "page"
STATIC = {"/": ("index.html", "text/html"), "/page.js": ("page.js", "text/javascript"),
          "/page.css": ("page.css", "text/css")}
RETRY_MS = 1000
"""How soon a page that lost the stream tries again."""
WAKE_S = 5.0
"""How often an idle stream checks its page is still there."""
START_S = 10.0


class DisplayServer:
    """Serves ``stream`` on ``bind``:``port`` (0 = any free port) once ``start`` is called.

    :param texts: the page's labels and the default language, as one JSON-able dict.
    :param act: ``async act(name, body, remote) -> (http_status, answer)`` for the actions.
    """

    def __init__(self, stream: EventStream, texts: dict, act, bind: str, port: int):
        self.stream = stream
        self._texts = texts
        self._act = act
        self._bind, self._port = bind, port
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="display-http",
                                        daemon=True)
        self._runner: web.AppRunner | None = None
        self._wakes: set[asyncio.Event] = set()
        self._closing = False
        self.url: str | None = None

    def start(self) -> str:
        """Bind and serve; the page's address. OSError when the address cannot be bound."""
        self._thread.start()
        future = asyncio.run_coroutine_threadsafe(self._serve(), self._loop)
        try:
            port = future.result(timeout=START_S)
        except BaseException:
            self._stop_loop()
            raise
        host = f"[{self._bind}]" if ":" in self._bind else self._bind
        self.url = f"http://{host}:{port}/"
        return self.url

    def close(self) -> None:
        """Stop the streams, then the server and its thread (idempotent)."""
        if not self._thread.is_alive():
            return
        self._closing = True
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(timeout=START_S)
        self._stop_loop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=START_S)
        if not self._thread.is_alive():
            self._loop.close()

    async def _serve(self) -> int:
        app = web.Application(client_max_size=64 * 1024)
        app.router.add_get("/", self._static)
        app.router.add_get("/page.js", self._static)
        app.router.add_get("/page.css", self._static)
        app.router.add_get("/tiles/{code}.svg", self._tile)
        app.router.add_get("/api/view", self._view)
        app.router.add_get("/api/texts", self._texts_json)
        app.router.add_get("/events", self._events)
        app.router.add_post("/api/actions/{name}", self._action)
        app.router.add_get("/healthz", _health)
        self._runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0,
                                     access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self._bind, self._port)
        await site.start()
        return self._runner.addresses[0][1]

    async def _shutdown(self) -> None:
        for wake in list(self._wakes):
            wake.set()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _static(self, request: web.Request) -> web.Response:
        name, content_type = STATIC[request.path]
        return web.Response(text=(PAGE / name).read_text(encoding="utf-8"),
                            content_type=content_type, headers={"Cache-Control": "no-cache"})

    async def _tile(self, request: web.Request) -> web.Response:
        try:
            picture = tile_faces.svg(request.match_info["code"])
        except ValueError as exc:
            raise web.HTTPNotFound(text=str(exc)) from None
        return web.Response(text=picture, content_type="image/svg+xml",
                            headers={"Cache-Control": "max-age=86400"})

    async def _view(self, request: web.Request) -> web.Response:
        seq, event_id, data = self.stream.snapshot()
        return web.Response(text=data, content_type="application/json")

    async def _texts_json(self, request: web.Request) -> web.Response:
        return web.json_response(self._texts, dumps=lambda o: json.dumps(o, ensure_ascii=False))

    async def _events(self, request: web.Request) -> web.StreamResponse:
        """The live stream: the events after the page's ``Last-Event-ID`` (or a snapshot first
        when they cannot be given without a gap), then every new event as it comes."""
        wake = asyncio.Event()
        self._wakes.add(wake)
        stop_listening = self.stream.listen(lambda: self._loop.call_soon_threadsafe(wake.set))
        resp = sse_response(request, ping_interval=WAKE_S)
        stream: web.StreamResponse = web.Response(status=204)
        try:
            async with resp as stream:
                # A reconnecting EventSource sends Last-Event-ID; a page that had to open a
                # new one names the last event it drew in ``?last=``.
                seq = self.stream.resume_point(stream.last_event_id or request.query.get("last"))
                if seq is None:
                    seq, event_id, data = self.stream.snapshot()
                    await stream.send(data, id=event_id, event="snapshot", retry=RETRY_MS)
                while not self._closing and stream.is_connected():
                    wake.clear()
                    for event in self.stream.after(seq):
                        await stream.send(event.data, id=event.id, event="note")
                        seq = event.seq
                    await _wait(wake, WAKE_S)
        except ConnectionResetError:
            log.debug("a page left the stream")
        finally:
            stop_listening()
            self._wakes.discard(wake)
        return stream

    async def _action(self, request: web.Request) -> web.Response:
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            body = None
        status, answer = await self._act(request.match_info["name"], body, request.remote or "?")
        return web.json_response(answer, status=status,
                                 dumps=lambda o: json.dumps(o, ensure_ascii=False))


async def _health(request: web.Request) -> web.Response:
    return web.Response(text="ok")


async def _wait(wake: asyncio.Event, timeout_s: float) -> None:
    try:
        await asyncio.wait_for(wake.wait(), timeout_s)
    except TimeoutError:
        pass
