"""``battlewheel --smoke-test`` starts the whole program on the offscreen platform."""

import os
import re
import subprocess
import sys
from pathlib import Path


def test_smoke_test_paints_the_demo_and_reports_startup(battlewheel_home: Path) -> None:
    """The command exits 0 and prints startup_ms=<n>, leaving the user's settings alone."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("DISPLAY", None)
    result = subprocess.run(
        [sys.executable, "-m", "battlewheel", "--smoke-test"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert re.search(r"^startup_ms=\d+$", result.stdout, re.MULTILINE), result.stdout
    assert not (battlewheel_home / "settings.ini").exists()
    assert not (battlewheel_home / "recent.json").exists()
