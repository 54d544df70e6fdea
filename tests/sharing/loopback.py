"""Helpers for the share's tests: a started combat's page, raw requests over loopback."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager

from battlewheel.engine.core.session import CombatSession
from battlewheel.sharing.server import ShareServer
from battlewheel.sharing.snapshot import SharedPage, page_of
from tests.desktop.started_combat import started_session

ENEMY_IDS = ("bandit1", "bandit2", "bandit3", "chief", "vessel", "ghost")


def page(session: CombatSession | None = None, theme: str = "light") -> SharedPage:
    """The started combat's page, every enemy's name hidden."""
    session = session or started_session()
    return page_of(session.ruleset, session.state, ENEMY_IDS, theme)


@contextmanager
def serving(first: SharedPage | None = None, **options: object) -> Iterator[ShareServer]:
    """A server on loopback (any free port), always stopped afterwards."""
    server = ShareServer(first or page(), **options)  # type: ignore[arg-type]
    server.start("127.0.0.1", 0)
    try:
        yield server
    finally:
        server.stop()


def raw(server: ShareServer, request: bytes, *, timeout: float = 5) -> bytes:
    """Send ``request`` as it is and read the whole answer (the server closes)."""
    with socket.create_connection((server.host, server.port), timeout=timeout) as sock:
        sock.sendall(request)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def get(server: ShareServer, path: str, method: str = "GET",
        headers: str = "") -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of one request."""
    answer = raw(server, f"{method} {path} HTTP/1.1\r\nHost: x\r\n{headers}\r\n".encode())
    return parse(answer)


def parse(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def open_stream(server: ShareServer, key: str | None = None) -> socket.socket:
    """An events stream, left open (the caller closes it)."""
    sock = socket.create_connection((server.host, server.port), timeout=5)
    sock.sendall(f"GET /{key or server.key}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    return sock


def read_until(sock: socket.socket, marker: bytes, *, have: bytes = b"") -> bytes:
    """Read from ``sock`` until ``marker`` has arrived (or the peer closes)."""
    data = have
    while marker not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data
