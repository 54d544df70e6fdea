"""Journal, kill -9 and restore keep carried and rested state exactly (issue 33, Data)."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from battlewheel.engine.core.lasting import RestChoice
from battlewheel.storage import carry
from battlewheel.storage.campaign import campaign_bytes, save_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.journal import Journal
from tests.storage.carry_fights import campaign_with_fight

ROOT = Path(__file__).resolve().parents[2]
PW = "pool-and-ward"

# The child: open, carry the fight, heal Mar 1 point (lethal healing), then die by SIGKILL unsaved.
CHILD = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from battlewheel.engine.core.lasting import RestChoice
    from battlewheel.storage import carry
    from battlewheel.storage.campaign_files import StoredCampaigns
    from battlewheel.storage.journal import Journal

    campaign_path, journal_path = Path(sys.argv[1]), Path(sys.argv[2])
    files = StoredCampaigns(Journal(journal_path))
    files.load(campaign_path)
    fight = files.campaign.combats[-1].id
    files.set_roster_state(carry.carried(files.campaign, fight, at="then"))
    rested, _ = carry.rested(files.campaign, "Mar", "pool-and-ward",
                             RestChoice("heal", {"points": 1}))
    files.set_roster_state(rested)
    sys.stdout.write(files.campaign.to_json().__repr__())
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)
""")


def _expected(path: Path) -> bytes:
    """What the child's campaign is, worked out here by the same pure steps."""
    files = StoredCampaigns(Journal(path.parent / "unused.jsonl"))
    files.load(path)
    fight = files.campaign.combats[-1].id
    done = carry.carried(files.campaign, fight, at="then")
    done, _ = carry.rested(done, "Mar", PW, RestChoice("heal", {"points": 1}))
    return campaign_bytes(done)


def test_a_kill_after_carry_and_rest_restores_both_exactly(tmp_path: Path) -> None:
    campaign, _ = campaign_with_fight()
    path = tmp_path / "fought.json"
    save_campaign(campaign, path)
    journal = tmp_path / "journal.jsonl"
    run = subprocess.run([sys.executable, "-c", CHILD, str(path), str(journal)],
                         capture_output=True, text=True, cwd=ROOT, check=False)
    assert run.returncode == -signal.SIGKILL, run.stderr
    files = StoredCampaigns(Journal(journal))
    assert files.pending_recovery() is not None
    files.restore()
    assert campaign_bytes(files.campaign) == _expected(path)
    held = files.campaign.character("Mar").held(PW)
    assert held is not None and files.campaign.carries[0].at == "then"
