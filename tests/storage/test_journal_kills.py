"""A process killed at any step of ``Journal.begin`` loses none of the GM's unsaved work.

``begin(write_now=True)`` runs on File > New combat, File > Combats and a character
import, while the journal holds changes not yet saved. A forked worker runs it and is
stopped (``os._exit``, so no ``finally`` runs, as under a kill) just before its k-th
write, fsync, rename or delete, for k = 1, 2, ... until ``begin`` gets through; after
each stop the next start's restore offer must hold every unsaved action.
"""

import builtins
import functools
import os
import pathlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from battlewheel.engine.rulesets.rewrite.actions import SpendWillpower
from battlewheel.storage.campaign import Campaign
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.journal import Journal, pending_recovery, recover

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

STOPPED = 77  # the worker's exit code when it was stopped before a step


def stop_before_step(step: int) -> None:
    """In this (forked) process, exit at once before the ``step``-th file operation."""
    count = [0]

    def counted(original: Callable[..., Any], writes_only: bool = False) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            mode = args[1] if len(args) > 1 else kwargs.get("mode", "r")
            if not writes_only or any(flag in str(mode) for flag in "wax+"):
                count[0] += 1
                if count[0] == step:
                    os._exit(STOPPED)
            return original(*args, **kwargs)
        return wrapper

    for name in ("replace", "rename", "unlink", "remove", "link", "fsync"):
        setattr(os, name, counted(getattr(os, name)))
    builtins.open = counted(builtins.open, writes_only=True)
    pathlib.Path.unlink = counted(pathlib.Path.unlink)  # type: ignore[method-assign]


def run_stopped(step: int, work: Callable[[], None]) -> int:
    """Run ``work`` in a forked child stopped before file step ``step``; its exit code."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            stop_before_step(step)
            work()
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def unsaved_work(folder: Path) -> tuple[Journal, Campaign, list[object]]:
    """A journal holding three unsaved Willpower spends on the demo's combat."""
    demo = load_demo_campaign()
    journal = Journal(folder / "journal.jsonl")
    journal.begin(demo, demo.combats[-1].id, folder / "demo.json")
    session = demo.combats[-1].session
    for _ in range(3):
        session.apply(SpendWillpower("kestrel", 1))
        journal.sync(session)
    return journal, demo, session.to_json()["actions"]


@pytest.mark.parametrize("change", ["new combat", "another combat", "import"])
def test_a_kill_at_any_step_of_begin_keeps_the_unsaved_actions(
    tmp_path: Path, change: str
) -> None:
    """Stopped before each step of ``begin``, the restore offers every action done so far."""
    step = 0
    while True:
        step += 1
        folder = tmp_path / f"step{step}"
        folder.mkdir()
        journal, demo, done = unsaved_work(folder)
        shown = demo.combats[-1].id
        campaign = demo.with_combat("Next fight") if change == "new combat" else demo
        target = campaign.combats[-1].id if change == "new combat" else (
            demo.combats[0].id if change == "another combat" else shown)
        code = run_stopped(step, functools.partial(
            journal.begin, campaign, target, folder / "demo.json", write_now=True))
        assert code in (0, STOPPED)
        offer = pending_recovery(journal.path)
        assert offer is not None, f"stopped before file step {step}: no restore offered"
        restored = recover(journal.path).campaign.combat(shown).session
        assert restored.to_json()["actions"] == done, f"stopped before file step {step}"
        if code == 0:
            break
    assert step > 3, "begin wrote, synced and renamed at least once"
