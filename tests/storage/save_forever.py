"""A process that changes, journals and saves a campaign in a tight loop until killed.

test_kill_while_saving runs ``python -m tests.storage.save_forever CAMPAIGN JOURNAL``
once, as a small fork server: it does the imports, then for every line ``go`` on its
standard input forks a worker and reports ``ready PID`` when the worker has loaded the
campaign and ``exit CODE`` when the worker has died (the test kills it with SIGKILL).
So each of the many kills costs milliseconds instead of a fresh interpreter.

The worker goes through the same calls as the window: load, apply, record_change, save.
"""

import os
import sys
from pathlib import Path

from battlewheel.engine.rulesets.rewrite.actions import RegainWillpower, SpendWillpower
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.journal import Journal


def work(campaign: Path, journal: Path) -> None:
    """Load, then apply and journal actions and save every third, forever."""
    files = StoredCampaigns(Journal(journal))
    session = files.load(campaign)
    os.write(1, f"ready {os.getpid()}\n".encode())
    step = 0
    while True:
        step += 1
        kestrel = session.state.combatants["kestrel"]
        full = kestrel.willpower >= kestrel.character.willpower
        session.apply(SpendWillpower("kestrel", 1) if full else RegainWillpower("kestrel", 1))
        files.record_change(session)
        if step % 3 == 0:
            files.save(session, campaign)


def serve(campaign: Path, journal: Path) -> None:
    """Fork one worker per request and report how it ended."""
    for _ in sys.stdin:
        pid = os.fork()
        if pid == 0:
            try:
                work(campaign, journal)
            finally:
                os._exit(1)
        _, status = os.waitpid(pid, 0)
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        os.write(1, f"exit {code}\n".encode())


if __name__ == "__main__":
    serve(Path(sys.argv[1]), Path(sys.argv[2]))
