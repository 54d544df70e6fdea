"""Start the desktop program: the application, the main window and the first combat.

``battlewheel --smoke-test`` goes the whole way (demo combat, window, first paint),
prints ``startup_ms=<n>`` and exits 0; its settings go to a throw-away folder, so a
smoke test never changes the user's window layout.
"""

import importlib
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from battlewheel import APP_ID, APP_NAME, ORGANIZATION, __version__

if TYPE_CHECKING:  # Qt is imported only once the GUI really starts
    from PySide6.QtWidgets import QApplication

    from battlewheel.models.files import CampaignFiles
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
    app: "QApplication", campaign: Path | None, *, settings_file: Path | None
) -> "MainWindow":
    from battlewheel.models.combat_model import CombatModel
    from battlewheel.models.demo import demo_session
    from battlewheel.views import settings as prefs
    from battlewheel.views.error_dialog import install_excepthook
    from battlewheel.views.main_window import MainWindow

    _load_style(app)
    combat = CombatModel(demo_session())
    window = MainWindow(
        combat,
        settings=prefs.open_settings(settings_file),
        text_scale=prefs.TextScale(app),
        files=_campaign_files(),
    )
    install_excepthook(window)
    if campaign is not None:
        window.open_path(campaign)
    return window


def _campaign_files() -> "CampaignFiles | None":
    # Storage fills the File menu's slot with ``storage.campaign_files.campaign_files()``;
    # until that module exists the window runs the demo combat with file actions off.
    try:
        module = importlib.import_module("battlewheel.storage.campaign_files")
    except ModuleNotFoundError:
        return None
    factory = getattr(module, "campaign_files", None)
    return factory() if callable(factory) else None


def _load_style(app: "QApplication") -> None:
    from battlewheel.bundled import resource

    sheet = resource("styles", "battlewheel.qss")
    if sheet.is_file():
        app.setStyleSheet(sheet.read_text(encoding="utf-8"))


def _smoke_test(app: "QApplication", started: float, settings_file: Path) -> int:
    from PySide6.QtCore import QEventLoop

    window = _main_window(app, None, settings_file=settings_file)
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
