"""Start the desktop program: the application, the main window and the first combat.

``battlewheel --smoke-test`` goes the whole way (demo combat, window, first paint),
prints ``startup_ms=<n>`` and exits 0; its settings go to a throw-away folder, so a
smoke test never changes the user's window layout.
"""

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from battlewheel import APP_ID, APP_NAME, ORGANIZATION, __version__

if TYPE_CHECKING:  # Qt is imported only once the GUI really starts
    from collections.abc import Callable

    from PySide6.QtWidgets import QApplication

    from battlewheel.engine.combat.session import CombatSession
    from battlewheel.storage.campaign_files import StoredCampaigns
    from battlewheel.views.main_window import MainWindow


def run_gui(campaign: Path | None = None, *, smoke_test: bool = False) -> int:
    """Show the main window; with ``smoke_test``, paint once, report start-up and exit."""
    started = time.perf_counter()
    if smoke_test:
        _offscreen_without_display()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    _name_application()
    if smoke_test:
        with tempfile.TemporaryDirectory(prefix="battlewheel-smoke-") as folder:
            return _smoke_test(app, started, Path(folder) / "settings.ini")
    window = _main_window(app, campaign, settings_file=None)
    window.show()
    return app.exec()


def _offscreen_without_display() -> None:
    # A smoke test on a build machine has no display; Qt's offscreen platform paints anyway.
    has_display = any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY"))
    if not has_display and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _name_application() -> None:
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    QApplication.setApplicationName(APP_NAME)
    QApplication.setOrganizationName(ORGANIZATION)
    QApplication.setApplicationVersion(__version__)
    QGuiApplication.setDesktopFileName(APP_ID)


def _main_window(
    app: "QApplication",
    campaign: Path | None,
    *,
    settings_file: Path | None,
    use_storage: bool = True,
) -> "MainWindow":
    from battlewheel.models.combat_model import CombatModel
    from battlewheel.views import settings as prefs
    from battlewheel.views.error_dialog import install_excepthook
    from battlewheel.views.main_window import MainWindow

    files = _campaign_files() if use_storage else None
    session, path = first_session(files, ask=_ask_restore)
    combat = CombatModel(session)
    window = MainWindow(
        combat,
        settings=prefs.open_settings(settings_file),
        text_scale=prefs.TextScale(app),
        files=files,
    )
    if files is not None:
        wire_storage(app, window, files)
        window.show_file(path)
    install_excepthook(window)
    if campaign is not None:
        window.open_path(campaign)
    return window


def _campaign_files() -> "StoredCampaigns":
    from battlewheel.storage.campaign_files import campaign_files

    return campaign_files()


def first_session(
    files: "StoredCampaigns | None", *, ask: "Callable[[str], bool]"
) -> "tuple[CombatSession, Path | None]":
    """The combat to show first: the crashed run's, if the GM wants it back, else the demo."""
    from battlewheel.models.demo import demo_session

    if files is not None:
        recovery = files.pending_recovery()
        if recovery is not None:
            if ask(recovery.describe()):
                return files.restore(), files.path
            files.discard_recovery()
    return demo_session(), None


def _ask_restore(text: str) -> bool:
    from PySide6.QtWidgets import QMessageBox

    answer = QMessageBox.question(
        None,
        APP_NAME,
        f"{text}\n\nRestore it?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.Yes,
    )
    return answer == QMessageBox.StandardButton.Yes


def wire_storage(app: "QApplication", window: "MainWindow", files: "StoredCampaigns") -> None:
    """Journal every change, add the roster dock and the demo campaign, close cleanly."""
    from PySide6.QtGui import QAction

    from battlewheel.views.roster_dock import install_roster_dock
    from battlewheel.views.storage_wiring import add_print_actions

    combat = window.combat
    combat.changed.connect(lambda: files.record_change(combat.session))
    roster = install_roster_dock(window)
    if roster is not None:  # a tab behind the combatants, so the table keeps its height
        window.tabifyDockWidget(window.combatants_dock, roster)
        window.combatants_dock.raise_()
    demo = QAction("Open the &demo campaign", window)
    demo.setObjectName("open_demo")
    demo.triggered.connect(lambda: window.show_session(files.open_demo(), None))
    window.file_menu.insertAction(window.actions_by_name["save"], demo)
    window.actions_by_name["open_demo"] = demo
    add_print_actions(window)  # File > Print / Export health tracks, Blank player sheets
    # A deliberate quit drops the crash journal; a crash leaves it for next start.
    app.aboutToQuit.connect(files.close)


def _smoke_test(app: "QApplication", started: float, settings_file: Path) -> int:
    from PySide6.QtCore import QEventLoop

    # The smoke test leaves the user's campaigns and crash journal alone.
    window = _main_window(app, None, settings_file=settings_file, use_storage=False)
    painted: list[float] = []
    window.firstPainted.connect(lambda: painted.append(time.perf_counter()))
    window.show()
    deadline = time.perf_counter() + 60
    while not painted and time.perf_counter() < deadline:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    if not painted:
        print("smoke test: the window was never painted", file=sys.stderr)
        return 1
    print(f"startup_ms={round((painted[0] - started) * 1000)}")
    app.processEvents()  # the docks filled after first paint load too
    window.close()
    return 0
