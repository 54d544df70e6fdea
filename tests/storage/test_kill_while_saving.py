"""Kill a saving process at random moments: the campaign on disk always loads.

A worker process applies actions, journals each one and saves every third, as fast as
it can; the test SIGKILLs it after a random delay, 36 times, and each time checks
that the campaign file (and its backup) load, and that the journal restores a combat
at least as far along as the saved one.
"""

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from battlewheel.storage.atomic import backup_path
from battlewheel.storage.campaign import load_campaign, save_campaign
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.journal import Journal, pending_recovery, recover

ROOT = Path(__file__).resolve().parents[2]
KILLS = 36
# The worker is forked and killed with SIGKILL; Windows has neither. (There a killed
# save is a process ended by TerminateProcess, which this test does not model.)
pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")


@pytest.fixture
def saver(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """The fork server of save_forever, working on tmp_path/campaign.json."""
    save_campaign(load_demo_campaign(), tmp_path / "campaign.json")
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.save_forever",
         str(tmp_path / "campaign.json"), str(tmp_path / "journal.jsonl")],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    yield server
    assert server.stdin is not None
    server.stdin.close()
    server.wait(timeout=30)


def kill_after(server: subprocess.Popen[str], delay: float) -> int:
    """Start a worker, SIGKILL it ``delay`` seconds after it is ready; its exit code."""
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write("go\n")
    server.stdin.flush()
    word, pid = server.stdout.readline().split()
    assert word == "ready"
    time.sleep(delay)
    os.kill(int(pid), signal.SIGKILL)
    word, code = server.stdout.readline().split()
    assert word == "exit"
    return int(code)


def log_length(path: Path) -> int:
    return len(load_campaign(path).combats[-1].session.log)


def test_killed_saver_always_leaves_a_loadable_campaign(
    tmp_path: Path, saver: subprocess.Popen[str]
) -> None:
    """After every kill the file, its backup and the journal all load."""
    campaign, journal = tmp_path / "campaign.json", tmp_path / "journal.jsonl"
    chooser = random.Random(2026)
    progress = log_length(campaign)
    restored_any = False
    for _ in range(KILLS):
        assert kill_after(saver, chooser.uniform(0.0, 0.12)) == -signal.SIGKILL
        saved = log_length(campaign)
        assert saved >= progress, "a kill must never take the file back in time"
        if backup_path(campaign).exists():
            load_campaign(backup_path(campaign))
        if pending_recovery(journal) is not None:
            restored = recover(journal).campaign.combats[-1].session
            assert len(restored.log) >= saved
            restored_any = True
        progress = saved
    assert progress > len(load_demo_campaign().combats[-1].session.log)
    assert restored_any
    # The next run: it begins its own journal and saves. Each cleans up what killed
    # writes of its own file left (a kill can land while the journal's header is staged).
    reopened = load_campaign(campaign)
    Journal(journal).begin(reopened, None, campaign, write_now=True)
    save_campaign(reopened, campaign)
    assert list(tmp_path.glob(".*.tmp")) == [], "the next run cleans up killed writes' files"
