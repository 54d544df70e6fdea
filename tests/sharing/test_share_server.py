"""The share's server over loopback: what it answers, what it refuses, what it never says."""

from __future__ import annotations

import json
import socket
import time

import pytest

from battlewheel.engine.rulesets.rewrite.actions import action_from_json
from battlewheel.sharing import server as share_server
from battlewheel.sharing.snapshot import page_of
from tests.desktop.started_combat import started_session
from tests.sharing.loopback import (
    ENEMY_IDS,
    get,
    open_stream,
    page,
    parse,
    raw,
    read_until,
    serving,
)

PATHS = ("", "share.css", "share.js", "icon.svg", "state.json", "wheel.svg")


def test_the_page_and_its_files_answer_with_the_key_and_the_security_headers() -> None:
    with serving() as server:
        for name in PATHS:
            status, headers, body = get(server, f"/{server.key}/{name}")
            assert status == 200, name
            assert body and int(headers["content-length"]) == len(body)
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"
            assert headers["cache-control"] == "no-store"
            assert "script-src 'self'" in headers["content-security-policy"]
            assert "default-src 'none'" in headers["content-security-policy"]
            assert "set-cookie" not in headers
        assert get(server, f"/{server.key}/")[1]["content-type"].startswith("text/html")
        assert get(server, f"/{server.key}/wheel.svg")[1]["content-type"].startswith(
            "image/svg+xml")


def test_the_tab_icon_is_the_apps_small_icon_and_the_page_links_it() -> None:
    from battlewheel.bundled import icon

    with serving() as server:
        status, headers, body = get(server, f"/{server.key}/icon.svg")
        assert status == 200 and headers["content-type"] == "image/svg+xml"
        assert body == icon("battlewheel-small.svg").read_bytes()
        assert b'<link rel="icon" href="icon.svg"' in get(server, f"/{server.key}/")[2]
        assert get(server, "/icon.svg")[0] == 404
        assert get(server, "/favicon.ico")[0] == 404


def test_without_the_key_every_path_is_an_empty_404() -> None:
    with serving() as server:
        wrong = share_server.new_key()
        for path in ("/", "/favicon.ico", f"/{wrong}/", f"/{wrong}/state.json",
                     f"/{server.key}", f"/{server.key}/nothing", f"/{server.key}/../x",
                     f"/{server.key[:-1]}/", "/etc/passwd", f"/{server.key}/state.json/x"):
            status, headers, body = get(server, path)
            assert (status, body, headers["content-length"]) == (404, b"", "0"), path
        # A stranger's POST says nothing either: 404 before the method is looked at.
        assert get(server, "/", "POST")[0] == 404


def test_only_get_and_head_are_answered() -> None:
    with serving() as server:
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"):
            status, headers, body = get(server, f"/{server.key}/state.json", method)
            assert (status, body) == (405, b""), method
            assert headers["allow"] == "GET, HEAD"
        status, headers, body = get(server, f"/{server.key}/state.json", "HEAD")
        assert status == 200 and body == b"" and int(headers["content-length"]) > 0


def test_a_request_with_a_body_is_refused() -> None:
    with serving() as server:
        status, _, _ = get(server, f"/{server.key}/state.json", headers="Content-Length: 5\r\n")
        assert status == 413


def test_oversized_and_garbled_requests_are_refused() -> None:
    with serving() as server:
        long_line = b"GET /" + b"a" * 3000 + b" HTTP/1.1\r\n\r\n"
        assert parse(raw(server, long_line))[0] == 414
        many = b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % n for n in range(60)) + b"\r\n"
        assert parse(raw(server, many))[0] == 431
        huge = b"GET / HTTP/1.1\r\nX: " + b"y" * 10000 + b"\r\n\r\n"
        assert parse(raw(server, huge))[0] == 431
        assert parse(raw(server, b"HELLO\r\n\r\n"))[0] == 400
        assert parse(raw(server, b"GET nothing HTTP/1.1\r\n\r\n"))[0] == 400


def test_a_silent_client_is_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(share_server, "HEAD_TIMEOUT", 0.3)
    with serving() as server, socket.create_connection((server.host, server.port)) as sock:
        sock.settimeout(5)
        sock.sendall(b"GET / HT")  # ... and nothing more
        started = time.monotonic()
        assert sock.recv(100) == b""  # closed by the server, unanswered
        assert time.monotonic() - started < 4


def test_the_33rd_watcher_gets_503_and_leaving_frees_a_place() -> None:
    with serving() as server:
        streams = [open_stream(server) for _ in range(32)]
        try:
            for sock in streams:
                assert b"data: " in read_until(sock, b"data: ")
            assert server.watchers == 32
            status, headers, _ = parse(raw(server, f"GET /{server.key}/events HTTP/1.1\r\n\r\n"
                                           .encode()))
            assert status == 503 and headers["retry-after"]
            streams.pop().close()
            _until(lambda: server.watchers == 31)
            last = open_stream(server)
            streams.append(last)
            assert read_until(last, b"data: ").startswith(b"HTTP/1.1 200")
        finally:
            for sock in streams:
                sock.close()


def test_an_action_reaches_the_watcher_and_the_state() -> None:
    session = started_session()
    with serving(page(session)) as server:
        sock = open_stream(server)
        try:
            first = read_until(sock, b"\n\n", have=read_until(sock, b"data: "))
            before = json.loads(first.split(b"data: ", 1)[1].split(b"\n\n")[0])
            session.apply(action_from_json({"kind": "cycle_box", "combatant": "lotus",
                                            "index": 0}))
            server.publish(page(session))
            second = read_until(sock, b"\n\n", have=read_until(sock, b"data: "))
            after = json.loads(second.split(b"data: ", 1)[1].split(b"\n\n")[0])
            assert after != before
            assert json.loads(get(server, f"/{server.key}/state.json")[2]) == after
        finally:
            sock.close()


def test_a_new_key_makes_the_old_address_worthless_and_cuts_its_watchers() -> None:
    with serving() as server:
        old = server.key
        sock = open_stream(server)
        try:
            read_until(sock, b"data: ")
            server.renew_key()
            assert read_until(sock, b"never comes").count(b"data: ") <= 1  # closed
            assert get(server, f"/{old}/")[0] == 404
            assert get(server, f"/{server.key}/")[0] == 200
        finally:
            sock.close()


def test_the_key_has_128_bits_and_each_share_its_own() -> None:
    keys = {share_server.new_key() for _ in range(50)}
    assert len(keys) == 50
    assert all(len(key) >= 22 for key in keys)  # 16 random bytes, URL-safe base64


def test_stop_closes_the_port() -> None:
    with serving() as server:
        port = server.port
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_hidden_names_never_leave_the_laptop() -> None:
    session = started_session()
    hidden = {session.ruleset.sheet(session.state, cid).name for cid in ENEMY_IDS}
    track = session.ruleset.turn_track(session.state)
    figures = {line for counter in track.counters if counter.side == "enemy"
               for line in (*counter.details, *(b.tip for b in counter.badges)) if len(line) > 3}
    with serving(page_of(session.ruleset, session.state, ENEMY_IDS, "dark")) as server:
        bodies = b"".join(get(server, f"/{server.key}/{name}")[2] for name in PATHS)
        sock = open_stream(server)
        bodies += read_until(sock, b"\n\n", have=read_until(sock, b"data: "))
        sock.close()
    text = bodies.decode()
    assert "Enemy 1" in text
    for secret in (*hidden, *figures):
        assert secret not in text, secret


def _until(condition: object, seconds: float = 5) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)
