"""``battlewheel --smoke-test`` starts the whole program on the offscreen platform."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from battlewheel.app import run_gui
from battlewheel.views.error_dialog import ErrorDialog, ErrorReporter
from battlewheel.views.sheet_docks import SheetDocks


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


def test_smoke_test_fails_when_the_work_after_first_paint_raises(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An exception building the sheets (after first paint, in a slot) fails the run."""

    def broken(self: SheetDocks) -> None:
        raise ImportError("no sheets in this build")

    monkeypatch.setattr(SheetDocks, "start", broken)
    assert run_gui(None, smoke_test=True) == 1
    error = capsys.readouterr().err
    assert "ImportError: no sheets in this build" in error
    assert "smoke test: 1 error(s), shown above" in error
    assert not isinstance(sys.excepthook, ErrorReporter)
    # The error box stays open (application-modal) after the run: close it, or every
    # later test in this process has a modal dialog in front of its windows.
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, ErrorDialog):
            widget.close()
            widget.deleteLater()


def test_start_up_leaves_pyqtgraph_and_numpy_for_when_the_odds_are_shown(
    battlewheel_home: Path,
) -> None:
    """The whole smoke test (start-up done, window idle) never imports the charts' libraries."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("DISPLAY", None)
    program = (
        "import sys\n"
        "from battlewheel.app import run_gui\n"
        "code = run_gui(None, smoke_test=True)\n"
        "print('charts:', sorted({'pyqtgraph', 'numpy'} & set(sys.modules)))\n"
        "sys.exit(code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=env,
        timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "charts: []" in result.stdout
