"""Start the desktop program."""

import sys
import time
from pathlib import Path

from battlewheel import APP_ID, APP_NAME, ORGANIZATION, __version__


def run_gui(campaign: Path | None = None, *, smoke_test: bool = False) -> int:
    """Show the main window; with ``smoke_test``, paint once, report start-up and exit."""
    started = time.perf_counter()
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    QApplication.setApplicationName(APP_NAME)
    QApplication.setOrganizationName(ORGANIZATION)
    QApplication.setApplicationVersion(__version__)
    QApplication.setDesktopFileName(APP_ID)
    window = QMainWindow()
    window.setWindowTitle(APP_NAME)
    window.resize(1280, 800)
    window.show()
    if smoke_test:
        window.repaint()
        app.processEvents()
        print(f"startup_ms={round((time.perf_counter() - started) * 1000)}")
        window.close()
        return 0
    return app.exec()
