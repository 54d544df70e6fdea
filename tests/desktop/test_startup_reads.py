"""Start-up imports only what the first screen needs; the rest comes after the first paint.

Each program runs in a subprocess of its own (a fresh ``sys.modules``) and reports which
of our modules were imported when the wheel first painted, then again once the window is
idle. Modules are counted, never timed.
"""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from battlewheel.app import _open_before_qt
from battlewheel.bundled import resource
from battlewheel.engine.rulesets import declared
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.recent import remember_file
from battlewheel.storage.schema import dump_json

PACKAGES = "battlewheel.engine.rulesets."
# Each system's package here, as the rulesets found themselves.
SYSTEMS = {name: package for name, (package, _system) in declared().items()}
# What the first screen never shows: the roster dock (a tab behind the combatants) and
# the Roster menu; built after the first paint.
LATER = ("battlewheel.views.roster_dock", "battlewheel.views.import_preview")
# The character editor (with the forms it reads, engine.core.block_form), the readers
# of other programs' files (with the 2e and 3e engines), the players' window (View >
# Player screen), the condition dialog (a counter's menu, a sheet's Add condition) and
# sharing with the table (View > Share with the table): when first used.
FIRST_USE = ("battlewheel.views.character_editor", "battlewheel.engine.core.block_form",
             "battlewheel.storage.imports.sniff", "battlewheel.storage.imports.foundry_export",
             "battlewheel.views.player_screen", "battlewheel.views.player_board",
             "battlewheel.views.condition_dialog", "battlewheel.sharing.dialog",
             "battlewheel.sharing.server", "battlewheel.sharing.snapshot")
# Used only past the first screen (the first change's journal, an error shown, the
# odds' exact shares): imported then, not by the first paint.
PAST_FIRST_SCREEN = ("datetime", "html", "fractions", "decimal")

# The program's own start (``app.run_gui``) up to its event loop, with a note of our
# modules taken at the first paint.
PROGRAM = """
import json, sys
from pathlib import Path
from battlewheel.app import _application, _main_window, _open_before_qt, until_idle

opened = _open_before_qt(PATH)
app = _application()
from PySide6.QtCore import QEventLoop
from battlewheel.views.main_window import MainWindow

ours = lambda: sorted(m for m in sys.modules if m.startswith("battlewheel"))
import PySide6.QtWidgets
# The widget classes PySide has set up so far (it sets each up when first named).
widget_classes = lambda: sorted(n for n in vars(PySide6.QtWidgets) if n.startswith("Q"))
report = {}
real = MainWindow._after_first_paint
def history_parts(window):
    # History's list and the banner that previews a step over the wheel.
    from PySide6.QtWidgets import QWidget
    return {"list": window.history_dock.widget() is not None,
            "banner": window.findChild(QWidget, "previewBanner") is not None}
def layout(window):
    return {"menus": [a.text() for a in window.menuBar().actions()],
            "tabs": [d.objectName() for d in window.tabifiedDockWidgets(window.combatants_dock)],
            "front": window.combatants_dock.visibleRegion().isEmpty() is False}
def at_paint(self):
    report["painted"] = ours()
    report["all painted"] = sorted(sys.modules)
    report["widget classes at paint"] = widget_classes()
    report["layout at paint"] = layout(self)
    report["history at paint"] = history_parts(self)
    real(self)
    report["sheets drawn with the docks"] = sheets_drawn(self)
def sheets_drawn(window):
    return sum(dock.draws for dock in window.sheet_docks.values())
MainWindow._after_first_paint = at_paint
window = _main_window(app, PATH, settings_file=None, later=True, opened=opened)
window.show()
while "painted" not in report:
    app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
until_idle()
report["idle"] = ours()
report["widget classes when idle"] = widget_classes()
import linecache
report["sources kept"] = sorted(name for name in linecache.cache if "battlewheel" in name)
report["layout when idle"] = layout(window)
report["history when idle"] = history_parts(window)
report["sheets drawn when idle"] = sheets_drawn(window)
from battlewheel.views.roster_dock import RosterDock  # after the count: built by now
report["roster"] = window.findChild(RosterDock) is not None
print(json.dumps(report))
"""


def start_up(home: Path, campaign: Path | None = None) -> dict[str, Any]:
    """Start the window (on ``campaign``, else the demo) and report our modules."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEWHEEL_HOME=str(home))
    env.pop("DISPLAY", None)
    program = PROGRAM.replace("PATH", f"Path({str(campaign)!r})" if campaign else "None")
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                            env=env, timeout=180, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def systems_in(modules: list[str]) -> set[str]:
    """The systems whose rules are loaded: more than the package's declaration (every
    package's ``__init__`` is read to find the systems, and imports none of its rules)."""
    packages = {package: name for name, package in SYSTEMS.items()}
    parts = [m[len(PACKAGES):].split(".") for m in modules if m.startswith(PACKAGES)]
    return {packages[part[0]] for part in parts if len(part) > 1 and part[0] in packages}


def later_modules(modules: list[str]) -> set[str]:
    return {m for m in modules if m.startswith(LATER)}


def test_the_demo_paints_with_its_own_system_alone(tmp_path: Path) -> None:
    """Before the first paint: 2e (the combat shown) and none of the other three systems,
    no roster dock, editor or Roster menu. Once idle the roster has been built, and still
    no other system, editor or reader of other programs' files is loaded: nothing has
    used them."""
    report = start_up(tmp_path)
    assert systems_in(report["painted"]) == {"2e-rewrite"}
    assert later_modules(report["painted"]) == set()
    assert report["roster"]
    assert later_modules(report["idle"]) >= set(LATER)
    assert systems_in(report["idle"]) == {"2e-rewrite"}
    assert set(FIRST_USE).isdisjoint(report["idle"])
    assert set(PAST_FIRST_SCREEN).isdisjoint(report["all painted"])
    # The bundled data (the demo, the rules tables, the icons) is read from its folders.
    assert "importlib.resources" not in report["all painted"]
    # PySide6 read each module's source as it was imported; none of it is kept.
    assert report["sources kept"] == []


@pytest.fixture
def campaign_on_3e(tmp_path: Path) -> Path:
    """The demo campaign with its 3e fight newest (so shown) and no GM weapons (2e's)."""
    document = json.loads(resource("campaigns", "demo.json").read_bytes())
    document["weapons"] = []
    document["combats"].sort(key=lambda combat: combat["session"].get("ruleset") == "3e")
    path = tmp_path / "on-3e.json"
    path.write_bytes(dump_json(document))
    return path


def test_a_campaign_shown_on_3e_loads_no_2e_before_the_first_paint(
    tmp_path: Path, campaign_on_3e: Path
) -> None:
    report = start_up(tmp_path / "home", campaign_on_3e)
    assert systems_in(report["painted"]) == {"3e"}
    assert systems_in(report["idle"]) == {"3e"}
    assert report["roster"]


def test_the_first_combat_is_read_before_qt_and_a_bad_file_is_said_later(
    battlewheel_home: Path, tmp_path: Path
) -> None:
    """The most recent campaign does not open: the demo is read instead, and the reason
    waits (as words) until the application can show it."""
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    remember_file(broken)
    opened = _open_before_qt(None)
    assert opened is not None
    assert opened.first.path is None  # the demo
    assert opened.first.session.ruleset.name == "2e-rewrite"
    assert len(opened.warnings) == 1
    assert "broken.json" in opened.warnings[0]


def test_a_crashed_runs_journal_waits_for_qt_to_ask(
    battlewheel_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether to take a crashed run's work back is a question: nothing is read before Qt."""
    monkeypatch.setattr(StoredCampaigns, "pending_recovery", lambda _self: object())
    assert _open_before_qt(None) is None


def test_the_first_screen_is_laid_out_as_it_stays(tmp_path: Path) -> None:
    """The Roster menu and the Roster tab are there at the first paint (empty places);
    the roster dock takes the tab's place after it, the combatants staying in front."""
    report = start_up(tmp_path)
    at_paint, idle = report["layout at paint"], report["layout when idle"]
    assert at_paint["menus"] == idle["menus"]
    assert "&Roster" in at_paint["menus"]
    assert at_paint["tabs"] == ["rosterPlace"]
    assert idle["tabs"] == ["rosterDock"]
    assert at_paint["front"] and idle["front"]


# The program's start with every garbage collection noted, from ``run_gui`` on.
COLLECTIONS = """
import gc, json, sys
from battlewheel.app import run_gui
from battlewheel.views.main_window import MainWindow

passes = []
gc.callbacks.append(lambda phase, info: phase == "start" and passes.append(info["generation"]))
report = {}
real = MainWindow._after_first_paint
def at_paint(self):
    report["before paint"] = len(passes)
    real(self)
    report["enabled after"] = gc.isenabled()
    report["frozen"] = gc.get_freeze_count()
MainWindow._after_first_paint = at_paint
passes.clear()
code = run_gui(None, smoke_test=True)
print(json.dumps(report))
sys.exit(code)
"""


def test_the_front_sheet_is_drawn_in_an_event_after_the_docks_are_made(
    tmp_path: Path,
) -> None:
    """Making the eight sheet docks and drawing the front sheet are some 25 ms each: the
    event after the first paint makes the docks, the next one draws the sheet, so no
    single event keeps the GM waiting for both."""
    report = start_up(tmp_path)
    assert report["sheets drawn with the docks"] == 0
    assert report["sheets drawn when idle"] == 1


def test_start_up_collects_no_garbage_until_the_first_paint(tmp_path: Path) -> None:
    """No collection runs before the first paint (start-up makes almost no garbage in
    cycles, and each pass went through all it had made); at the paint collection comes
    back on, leaving out (frozen) what start-up made."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEWHEEL_HOME=str(tmp_path))
    env.pop("DISPLAY", None)
    result = subprocess.run([sys.executable, "-c", COLLECTIONS], capture_output=True,
                            text=True, env=env, timeout=180, check=False)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["before paint"] == 0
    assert report["enabled after"] is True
    assert report["frozen"] > 10_000


# Widget classes no part of the window uses. PySide sets them all up (some seventy
# classes and their enums) the first time Python is handed a widget Qt made itself and
# PySide must name its type, as a scroll area's own viewport.
NEVER_USED_WIDGETS = ("QWizard", "QFontDialog", "QColorDialog", "QMdiArea",
                      "QCalendarWidget")


def test_no_widget_class_is_set_up_that_the_window_does_not_use(tmp_path: Path) -> None:
    """The wheel, the roster table and the log draw on viewports made in Python
    (views.viewports), so none of the classes above is set up, at the first paint or
    once idle."""
    report = start_up(tmp_path)
    for when in ("widget classes at paint", "widget classes when idle"):
        assert set(NEVER_USED_WIDGETS).isdisjoint(report[when]), when
    assert "QGraphicsView" in report["widget classes at paint"]  # the count does count


def test_history_is_built_after_the_first_paint(tmp_path: Path) -> None:
    """The History dock, a tab behind the log, is empty at the first paint (its list and
    the banner that previews a step are a score of widgets, and their modules); both are
    there once the window is idle, before the GM can click a line."""
    report = start_up(tmp_path)
    assert report["history at paint"] == {"list": False, "banner": False}
    assert report["history when idle"] == {"list": True, "banner": True}
    for module in ("battlewheel.views.history_list", "battlewheel.views.rewind"):
        assert module not in report["painted"] and module in report["idle"]


# Classes only a dialog uses (a question, a file chooser, an error's details, a form).
DIALOG_WIDGETS = ("QMessageBox", "QFileDialog", "QInputDialog", "QLineEdit",
                  "QDialogButtonBox", "QPlainTextEdit", "QSpinBox", "QFormLayout",
                  "QComboBox")


def test_no_dialog_class_is_set_up_before_the_first_paint(tmp_path: Path) -> None:
    """The window's modules name the classes of their dialogs where a dialog is shown,
    not at import: PySide sets a class up (with its enums) when first named, and none of
    these is on the first screen."""
    report = start_up(tmp_path)
    assert set(DIALOG_WIDGETS).isdisjoint(report["widget classes at paint"])
    assert "QDialog" in report["widget classes at paint"]  # the window watches for dialogs


# The program's start up to the first paint, noting each module whose source PySide6
# reads (to see whether it says "PySide6") and the modules loaded before Qt.
