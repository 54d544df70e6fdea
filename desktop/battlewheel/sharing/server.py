"""The share's HTTP server: the player screen, read-only, to at most 32 phones.

It runs on the standard library's asyncio in a thread of its own, never on the GUI's:
parsing a flood of bad requests, or waiting on a phone that stopped reading, then costs
the window nothing but a share of the interpreter (see docs/sharing.md for the choice).

Every address holds a fresh key of 128 bits (``secrets``): ``/KEY/`` is the page,
``/KEY/share.css``, ``/KEY/share.js`` and ``/KEY/icon.svg`` its own bundled assets,
``/KEY/state.json`` the fight now, ``/KEY/wheel.svg`` the wheel, ``/KEY/events`` the
stream of changes (server-sent events). Nothing else exists: any other path, and every
path without the key, is 404 with an empty body, by the same code; a method other than
GET or HEAD is 405. No path is ever built from the request and no file is read after start.

    server = ShareServer(first_page)
    server.start("192.168.1.20", 8737)       # OSError when it cannot bind
    server.publish(next_page)                # from any thread
    server.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass

from battlewheel.sharing.snapshot import SharedPage

MAX_WATCHERS = 32
MAX_CONNECTIONS = 96  # watchers and short requests together; past this, closed unanswered
MAX_HEAD_BYTES = 8192  # request line and headers
MAX_REQUEST_LINE = 2048
MAX_HEADERS = 40
HEAD_TIMEOUT = 5.0  # seconds for a client to send its request (slow or idle clients go)
WRITE_TIMEOUT = 10.0  # a watcher that stops reading this long is dropped
HEARTBEAT = 15.0  # a comment line this often, so a dead phone is noticed
RETRY_MS = 2000  # how soon a phone's browser reconnects after losing the stream
KEY_BYTES = 16  # 128 bits

SECURITY_HEADERS = (
    ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; "
     "img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
     "frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
)
REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
           413: "Content Too Large", 414: "URI Too Long",
           431: "Request Header Fields Too Large", 503: "Service Unavailable"}
ASSETS = {"": ("index.html", "text/html; charset=utf-8"),
          "share.css": ("share.css", "text/css; charset=utf-8"),
          "share.js": ("share.js", "text/javascript; charset=utf-8")}
# The tab's icon: the app's small icon (drawn for 16 to 32 px), so that a browser asking
# finds one and /favicon.ico (outside the key) stays 404.
ICON = ("icon.svg", "battlewheel-small.svg", "image/svg+xml")


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    headers: dict[str, str]


class BadRequest(Exception):
    """A request refused before routing, with its status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def bundled_assets() -> dict[str, tuple[bytes, str]]:
    """The page's own files, read once from ``resources/share``, and the app's icon."""
    from battlewheel.bundled import icon, resource

    assets = {name: (resource("share", file).read_bytes(), kind)
              for name, (file, kind) in ASSETS.items()}
    route, file, kind = ICON
    assets[route] = (icon(file).read_bytes(), kind)
    return assets


def new_key() -> str:
    """A fresh unguessable key for the address (URL-safe, 128 bits)."""
    return secrets.token_urlsafe(KEY_BYTES)


class ShareServer:
    """One share: its key, its listening socket, its watchers, in a thread of its own."""

    def __init__(self, page: SharedPage, *, max_watchers: int = MAX_WATCHERS,
                 on_watchers: Callable[[str, int, str], None] | None = None) -> None:
        """``on_watchers(event, count, peer)`` is called in the server's thread when a
        watcher joins ("joined") or leaves ("left")."""
        self.key = new_key()
        self.max_watchers = max_watchers
        self._on_watchers = on_watchers
        self._page = page
        self._version = 1
        self._assets = bundled_assets()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopping: asyncio.Event | None = None
        self._changed: asyncio.Event | None = None
        self._streams: set[asyncio.StreamWriter] = set()
        self._connections = 0
        self.host = ""
        self.port = 0

    # -- the GUI's side (any thread) --------------------------------------------------
    @property
    def watchers(self) -> int:
        """How many phones follow the fight now."""
        return len(self._streams)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/{self.key}/"

    def start(self, host: str, port: int) -> None:
        """Listen on ``host``:``port`` (0: any free port); raises OSError if it cannot."""
        ready = threading.Event()
        failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._run, args=(host, port, ready, failure),
                                        name="battlewheel-share", daemon=True)
        self._thread.start()
        ready.wait()
        if failure:
            self._thread.join()
            self._thread = None
            error = failure[0]
            raise error if isinstance(error, OSError) else OSError(str(error))

    def publish(self, page: SharedPage) -> None:
        """Show ``page`` to every watcher (a page equal to the last is not sent again)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop stopped meanwhile
                loop.call_soon_threadsafe(self._set_page, page)
        else:
            self._page = page

    def renew_key(self) -> str:
        """A new key: the old address answers 404 from now on and its watchers are cut."""
        self.key = new_key()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._cut_watchers)
        return self.key

    def stop(self) -> None:
        """Stop listening, cut every watcher and wait for the thread to end."""
        loop, thread = self._loop, self._thread
        if loop is not None and self._stopping is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._stopping.set)
        if thread is not None:
            thread.join(timeout=10)
        self._thread = None

    # -- the server's thread -----------------------------------------------------------
    def _run(self, host: str, port: int, ready: threading.Event,
             failure: list[BaseException]) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve(host, port, ready, failure))
        except BaseException as error:  # binding failed: told to start()
            failure.append(error)
        finally:
            ready.set()
            _finish_tasks(loop)
            loop.close()

    async def _serve(self, host: str, port: int, ready: threading.Event,
                     failure: list[BaseException]) -> None:
        self._stopping = asyncio.Event()
        self._changed = asyncio.Event()
        server = await asyncio.start_server(self._connection, host, port,
                                            limit=MAX_HEAD_BYTES, reuse_address=True)
        self.host, self.port = host, server.sockets[0].getsockname()[1]
        ready.set()
        async with server:
            await self._stopping.wait()
            server.close()
            self._cut_watchers()
            await server.wait_closed()

    def _set_page(self, page: SharedPage) -> None:
        if page == self._page:
            return
        self._page = page
        self._version += 1
        assert self._changed is not None
        self._changed.set()  # every watcher waiting on this event wakes and sends
        self._changed = asyncio.Event()

    def _cut_watchers(self) -> None:
        for writer in list(self._streams):
            writer.close()

    async def _connection(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        if self._connections >= MAX_CONNECTIONS:
            writer.close()
            return
        self._connections += 1
        try:
            await self._answer(reader, writer)
        except (ConnectionError, TimeoutError, asyncio.IncompleteReadError):
            pass
        finally:
            self._connections -= 1
            writer.close()

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await asyncio.wait_for(read_request(reader), HEAD_TIMEOUT)
        except BadRequest as refused:
            await self._send(writer, refused.status, b"", "", head_only=False)
            return
        key_given, _, name = request.path[1:].partition("/")
        # The key is compared in constant time, and a wrong key takes the same road as
        # an unknown path: the two cannot be told apart by status, body or timing.
        known = hmac.compare_digest(key_given.encode(), self.key.encode()) and "/" in (
            request.path[1:])
        route = name if known else None
        if route is None or (route not in self._assets and route not in (
                "state.json", "wheel.svg", "events")):
            await self._send(writer, 404, b"", "", head_only=False)
            return
        if request.method not in ("GET", "HEAD"):
            await self._send(writer, 405, b"", "", head_only=False,
                             extra=(("Allow", "GET, HEAD"),))
            return
        if request.headers.get("content-length", "0") != "0" or (
                "transfer-encoding" in request.headers):
            await self._send(writer, 413, b"", "", head_only=False)
            return
        head_only = request.method == "HEAD"
        if route == "events" and not head_only:
            await self._stream(reader, writer)
            return
        body, kind = self._resource(route)
        await self._send(writer, 200, body, kind, head_only=head_only)

    def _resource(self, route: str) -> tuple[bytes, str]:
        if route == "state.json":
            return self._page.state_json, "application/json; charset=utf-8"
        if route == "wheel.svg":
            return self._page.wheel_svg, "image/svg+xml; charset=utf-8"
        if route == "events":
            return b"", "text/event-stream; charset=utf-8"
        return self._assets[route]

    async def _send(self, writer: asyncio.StreamWriter, status: int, body: bytes, kind: str,
                    *, head_only: bool, extra: tuple[tuple[str, str], ...] = ()) -> None:
        headers = [("Content-Length", str(len(body))), *SECURITY_HEADERS, *extra,
                   ("Connection", "close")]
        if kind:
            headers.insert(0, ("Content-Type", kind))
        writer.write(_head(status, headers) + (b"" if head_only else body))
        await asyncio.wait_for(writer.drain(), WRITE_TIMEOUT)

    async def _stream(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Server-sent events: the page now, then again on each change, until either
        side goes (a phone that sleeps reconnects by itself when it wakes)."""
        if len(self._streams) >= self.max_watchers:
            await self._send(writer, 503, b"", "", head_only=False,
                             extra=(("Retry-After", "30"),))
            return
        peer = _peer(writer)
        headers = [("Content-Type", "text/event-stream; charset=utf-8"), *SECURITY_HEADERS,
                   ("Connection", "close")]
        writer.write(_head(200, headers) + f"retry: {RETRY_MS}\n\n".encode())
        self._streams.add(writer)
        self._tell("joined", peer)
        gone = asyncio.ensure_future(reader.read(1))  # any byte or the end: the phone left
        try:
            sent = 0
            while not writer.is_closing() and not gone.done():
                if sent != self._version:
                    sent = self._version
                    writer.write(b"data: " + self._page.state_json + b"\n\n")
                else:
                    writer.write(b": still here\n\n")
                await asyncio.wait_for(writer.drain(), WRITE_TIMEOUT)
                if sent != self._version:
                    continue  # the page changed while this one was sent: send it now
                assert self._changed is not None
                changed = asyncio.ensure_future(self._changed.wait())
                try:
                    await asyncio.wait({changed, gone}, timeout=HEARTBEAT,
                                       return_when=asyncio.FIRST_COMPLETED)
                finally:  # also when the server stops meanwhile: no waiter is left behind
                    changed.cancel()
        finally:
            gone.cancel()
            self._streams.discard(writer)
            self._tell("left", peer)

    def _tell(self, event: str, peer: str) -> None:
        if self._on_watchers is not None:
            self._on_watchers(event, len(self._streams), peer)


def _finish_tasks(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel what still runs (a watcher's stream outlives the listening socket) and let it
    end before the loop closes, as ``asyncio.run`` does: nothing is left half-done."""
    pending = asyncio.all_tasks(loop)
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_asyncgens())


async def read_request(reader: asyncio.StreamReader) -> Request:
    """The request line and headers, within the size limits (BadRequest if not)."""
    try:
        raw = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.LimitOverrunError, ValueError) as too_long:
        raise BadRequest(431) from too_long
    lines = raw[:-4].split(b"\r\n")
    if len(lines[0]) > MAX_REQUEST_LINE:
        raise BadRequest(414)
    if len(lines) - 1 > MAX_HEADERS:
        raise BadRequest(431)
    try:
        method, target, version = lines[0].decode("ascii").split(" ")
    except (UnicodeDecodeError, ValueError) as garbled:
        raise BadRequest(400) from garbled
    if not version.startswith("HTTP/1.") or not target.startswith("/"):
        raise BadRequest(400)
    headers = {}
    for line in lines[1:]:
        name, colon, value = line.decode("latin-1").partition(":")
        if not colon or not name.strip():
            raise BadRequest(400)
        headers[name.strip().lower()] = value.strip()
    return Request(method, target.partition("?")[0], headers)


def _head(status: int, headers: list[tuple[str, str]]) -> bytes:
    lines = [f"HTTP/1.1 {status} {REASONS[status]}", *(f"{k}: {v}" for k, v in headers)]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _peer(writer: asyncio.StreamWriter) -> str:
    peer = writer.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "?"
