"""``battlewheel share CAMPAIGN [--combat NAME] --bind ADDRESS [--port N]``: the shared
page without the window.

Prints one JSON line with the address (key included), then one JSON line per watcher
joining or leaving, and follows the campaign file as the window saves it. Every enemy's
name is hidden ("Enemy n"), as the player screen hides newcomers. Exit 2 for a file it
cannot read, a combat that is not there or an address it cannot bind; Ctrl+C or SIGTERM
stops it (exit 0).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any, TextIO

from battlewheel.sharing.snapshot import SharedPage

EXIT_BAD_INPUT = 2
FOLLOW_EVERY = 0.5  # seconds between looks at the campaign file


class ShareRefused(Exception):
    """The campaign or the combat cannot be shared (the message says why)."""


def read_page(path: Path, combat: str | None) -> tuple[str, SharedPage]:
    """The combat's name and its shared page, read afresh from the campaign file."""
    from battlewheel.printing.sources import NoSuchCombat, find_combat
    from battlewheel.sharing.snapshot import page_of
    from battlewheel.storage.campaign import load_campaign
    from battlewheel.storage.errors import CampaignFileError

    try:
        loaded = load_campaign(path)
        record = find_combat(loaded, combat)
    except (CampaignFileError, NoSuchCombat, OSError) as error:
        raise ShareRefused(str(error)) from error
    session = record.session_if_replayable()
    if session is None:
        raise ShareRefused(f"the combat {record.name!r} does not replay from its log")
    ruleset, state = session.ruleset, session.state
    enemies = [cid for cid in ruleset.combatants(state) if not ruleset.vitality(state, cid).player]
    return record.name, page_of(ruleset, state, enemies, "system")


def share_command(campaign: Path, *, combat: str | None, bind: str, port: int,
                  out: TextIO | None = None, err: TextIO | None = None,
                  stop: threading.Event | None = None) -> int:
    """Serve the combat until ``stop`` is set (or Ctrl+C, or SIGTERM); the exit code."""
    from battlewheel.sharing.server import ShareServer

    out, err = out or sys.stdout, err or sys.stderr
    stop = stop or threading.Event()
    try:
        name, page = read_page(campaign, combat)
    except ShareRefused as refused:
        print(f"battlewheel share: {refused}", file=err)
        return EXIT_BAD_INPUT
    lock = threading.Lock()

    def say(values: dict[str, Any]) -> None:
        with lock:
            print(json.dumps(values), file=out, flush=True)

    server = ShareServer(page, on_watchers=lambda event, count, peer: say(
        {"watcher": event, "watchers": count, "peer": peer}))
    try:
        server.start(bind, port)
    except OSError as error:
        print(f"battlewheel share: cannot listen on {bind} port {port}: {error}", file=err)
        return EXIT_BAD_INPUT
    # The handlers go in before the address is printed: whoever reads it may stop the
    # command at once (a SIGTERM just after the line found the default handler).
    restore = _stop_on_signals(stop)
    say({"url": server.url, "bind": server.host, "port": server.port, "combat": name})
    try:
        _follow(campaign, combat, server, stop, err)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        restore()
    return 0


def _follow(campaign: Path, combat: str | None, server: Any, stop: threading.Event,
            err: TextIO) -> None:
    """Read the file again whenever it changes; a version that cannot be read is
    reported once and the last good page stays up."""
    seen = _stamp(campaign)
    while not stop.wait(FOLLOW_EVERY):
        now = _stamp(campaign)
        if now == seen:
            continue
        seen = now
        try:
            server.publish(read_page(campaign, combat)[1])
        except ShareRefused as refused:
            print(f"battlewheel share: keeping the last page: {refused}", file=err, flush=True)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


def _stop_on_signals(stop: threading.Event) -> Any:
    """SIGTERM (and SIGINT) set ``stop``; returns what puts the old handlers back."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    old = {sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGTERM,
                                                                       signal.SIGINT)}
    return lambda: [signal.signal(sig, handler) for sig, handler in old.items()]
