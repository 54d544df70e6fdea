"""``battlewheel share``: the page without the window, following the campaign file."""

from __future__ import annotations

import dataclasses
import io
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from battlewheel.cli import main
from battlewheel.engine.rulesets.rewrite.actions import action_from_json
from battlewheel.sharing.command import share_command
from battlewheel.storage.campaign import CombatRecord, save_campaign
from battlewheel.storage.demo_campaign import load_demo_campaign
from tests.desktop.started_combat import started_session
from tests.sharing.test_share_server import PATHS

GM_NOTE = "The chief is secretly the players' missing brother"


def _campaign(path: Path, *, cycle_lotus: bool = False) -> list[str]:
    """A campaign with the started fight last (the newest), and what must stay hidden."""
    demo = load_demo_campaign()
    session = started_session()
    if cycle_lotus:
        session.apply(action_from_json({"kind": "cycle_box", "combatant": "lotus",
                                        "index": 0}))
    campaign = dataclasses.replace(demo, notes=GM_NOTE, combats=(
        *demo.combats, CombatRecord("started", "Salt Road Ambush", session)))
    save_campaign(campaign, path)
    fighters = {session.ruleset.sheet(session.state, cid).name
                for cid in session.ruleset.combatants(session.state)}
    roster_only = [c.name for c in demo.characters if c.name not in fighters]
    roster_notes = [c.identity.notes for c in demo.characters if c.identity.notes]
    others = [record.name for record in demo.combats]
    enemies = ["Bandit", "Ashen Vessel", "Hungry Ghost"]
    return [GM_NOTE, *roster_only, *roster_notes, *others, *enemies, str(path), path.name]


@contextmanager
def _sharing(path: Path) -> Iterator[tuple[dict[str, object], io.StringIO, threading.Thread]]:
    out, err, stop = io.StringIO(), io.StringIO(), threading.Event()
    codes: list[int] = []
    thread = threading.Thread(target=lambda: codes.append(share_command(
        path, combat=None, bind="127.0.0.1", port=0, out=out, err=err, stop=stop)))
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not out.getvalue():
            assert thread.is_alive() and time.monotonic() < deadline, err.getvalue()
            time.sleep(0.02)
        yield json.loads(out.getvalue().splitlines()[0]), out, thread
    finally:
        stop.set()
        thread.join(10)
    assert codes == [0] and not thread.is_alive()


def _fetch(url: str) -> bytes:
    from urllib.request import urlopen

    with urlopen(url, timeout=5) as answer:
        return bytes(answer.read())


def test_the_command_prints_its_address_and_never_the_hidden_strings(tmp_path: Path) -> None:
    path = tmp_path / "secret-campaign-name.json"
    secrets = _campaign(path)
    with _sharing(path) as (first, _out, _thread):
        url = str(first["url"])
        assert url.startswith("http://127.0.0.1:") and first["combat"] == "Salt Road Ambush"
        text = b"".join(_fetch(url + name) for name in PATHS).decode()
    assert "Red Lotus Dancer" in text and "Enemy 1" in text
    for secret in secrets:
        assert secret not in text, secret


def test_the_command_follows_the_file_and_reports_watchers(tmp_path: Path) -> None:
    import socket

    path = tmp_path / "campaign.json"
    _campaign(path)
    with _sharing(path) as (first, out, _thread):
        url = str(first["url"])
        before = json.loads(_fetch(url + "state.json"))
        host, port = url.split("/")[2].split(":")
        with socket.create_connection((host, int(port)), timeout=5) as sock:
            sock.sendall(f"GET /{url.split('/')[3]}/events HTTP/1.1\r\n\r\n".encode())
            sock.recv(100)
            _until(lambda: '"joined"' in out.getvalue())
        _until(lambda: '"left"' in out.getvalue())
        _campaign(path, cycle_lotus=True)
        _until(lambda: json.loads(_fetch(url + "state.json")) != before)
    events = [json.loads(line) for line in out.getvalue().splitlines()[1:]]
    assert [(e["watcher"], e["watchers"]) for e in events] == [("joined", 1), ("left", 0)]


@pytest.mark.parametrize("arguments", [
    ["missing.json", "--bind", "127.0.0.1"],
    ["GOOD", "--combat", "No Such Fight", "--bind", "127.0.0.1"],
    ["GOOD", "--bind", "203.0.113.77"],  # not this machine's: cannot bind
])
def test_bad_input_exits_2(tmp_path: Path, arguments: list[str],
                           capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    _campaign(good)
    given = [str(good) if a == "GOOD" else str(tmp_path / a) if a.endswith(".json") else a
             for a in arguments]
    assert main(["share", *given]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("battlewheel share:")


def test_sigterm_stops_the_command_cleanly(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "campaign.json"
    _campaign(path)
    process = subprocess.Popen([sys.executable, "-m", "battlewheel", "share", str(path),
                                "--bind", "127.0.0.1", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        first = json.loads(process.stdout.readline())
        assert _fetch(first["url"])
        process.terminate()
        assert process.wait(10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _until(condition: object, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)
