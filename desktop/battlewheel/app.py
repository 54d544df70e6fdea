"""Start the desktop program: the application, the main window and the first combat.

The first combat is the crashed run's (if the GM takes it back), else the campaign
named on the command line, else the most recent campaign, else the bundled demo
campaign. ``battlewheel --smoke-test`` goes the whole way (demo campaign, window,
first paint), prints ``startup_ms=<n>`` and exits 0; every user file it would touch
(settings, recent list, journal) goes to a throw-away folder.
"""

import gc
import linecache
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from battlewheel import APP_ID, APP_NAME, ORGANIZATION, __version__

if TYPE_CHECKING:  # Qt is imported only once the GUI really starts
    from collections.abc import Callable

    from PySide6.QtWidgets import QApplication, QDockWidget

    from battlewheel.engine.core.session import CombatSession
    from battlewheel.storage.campaign_files import StoredCampaigns
    from battlewheel.views.main_window import MainWindow


def run_gui(
    campaign: Path | None = None, *, smoke_test: bool = False, started: float | None = None
) -> int:
    """Show the main window; with ``smoke_test``, paint once, report start-up and exit.

    ``started`` is when the program began (``time.perf_counter``); the smoke test's
    ``startup_ms`` counts from there, else from this call.
    """
    started = time.perf_counter() if started is None else started
    gc.disable()  # until the first paint: see collect_after_first_paint
    if smoke_test:
        import tempfile

        _offscreen_without_display()
        with tempfile.TemporaryDirectory(prefix="battlewheel-smoke-") as folder:
            return _smoke_test(started, Path(folder))
    opened = _open_before_qt(campaign)
    app = _application()
    window = _main_window(app, campaign, settings_file=None, later=True, opened=opened)
    collect_after_first_paint(window)
    window.show()
    return app.exec()


def _application() -> "QApplication":
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    _name_application()
    return app


@dataclass(frozen=True)
class Opened:
    """The campaign files and the first combat, read before Qt was imported."""

    files: "StoredCampaigns"
    first: "FirstCombat"
    warnings: tuple[str, ...] = ()


def _open_before_qt(campaign: Path | None) -> Opened | None:
    """Read the first combat before PySide6 is imported, so that the engine of the
    system it shows escapes PySide's import hook too (see ``_import_pure_layers``).

    None when a crashed run's journal waits: the GM is asked first, which needs Qt. A
    file that does not open is said once the application exists.
    """
    _import_pure_layers()
    files = _campaign_files()
    if files.pending_recovery() is not None:
        return None
    warnings: list[str] = []
    first = first_session(files, ask=lambda _text: False, campaign=campaign,
                          warn=warnings.append)
    return Opened(files, first, tuple(warnings))


def _import_pure_layers() -> None:
    # The engine and storage never touch Qt. Imported before PySide6, they escape its
    # import hook, which reads the source of every module imported after it (to look
    # for `from __feature__ import ...`): about 90 modules, some 20 ms of start-up here.
    import battlewheel.engine.core.session
    import battlewheel.storage.campaign_files  # noqa: F401


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
    from battlewheel.views.app_icon import app_icon

    QApplication.setWindowIcon(app_icon())


def _main_window(
    app: "QApplication",
    campaign: Path | None,
    *,
    settings_file: Path | None,
    later: bool = False,
    opened: Opened | None = None,
) -> "MainWindow":
    """The window over the first combat, wired to the campaign files.

    With ``later`` (the program's own start) what the first screen does not show waits
    for the first paint: the roster dock and the Roster menu. ``opened`` is the first
    combat when it was read before Qt; else it is chosen now.
    """
    from battlewheel.models.combat_model import CombatModel
    from battlewheel.views import settings as prefs
    from battlewheel.views.error_dialog import install_excepthook
    from battlewheel.views.main_window import MainWindow

    forget_read_sources()
    if opened is None:
        files = _campaign_files()
        start = first_session(files, ask=_ask_restore, campaign=campaign, warn=_warn)
    else:
        files, start = opened.files, opened.first
        for text in opened.warnings:
            _warn(text)
    window = MainWindow(
        CombatModel(start.session, history=True),
        settings=prefs.open_settings(settings_file),
        text_scale=prefs.TextScale(app),
        files=files,
    )
    wire_storage(window, files, later=later)
    window.show_file(start.path, unsaved=start.restored)
    install_excepthook(window)
    return window


def _campaign_files() -> "StoredCampaigns":
    from battlewheel.storage.campaign_files import campaign_files

    return campaign_files()


@dataclass(frozen=True)
class FirstCombat:
    """The combat the window opens with, the file it came from, and whether it is unsaved."""

    session: "CombatSession"
    path: Path | None
    restored: bool = False


def first_session(
    files: "StoredCampaigns",
    *,
    ask: "Callable[[str], bool]",
    campaign: Path | None = None,
    warn: "Callable[[str], None]",
) -> FirstCombat:
    """The combat to show first.

    In order: the crashed run's, if the GM wants it back; the campaign named on the
    command line; the most recent campaign; else the bundled demo campaign. A file
    that no longer loads is reported through ``warn`` and the next choice is tried.
    """
    recovery = files.pending_recovery()
    if recovery is not None:
        if ask(recovery.describe()):
            try:
                return FirstCombat(files.restore(), files.path, restored=True)
            except (OSError, ValueError) as error:
                warn(f"The unsaved work cannot be restored:\n{error}\n\n"
                     "The journal is kept, renamed .unreadable, and not offered again.")
        files.discard_recovery()
    recent = files.recent()
    wanted = campaign if campaign is not None else (recent[0] if recent else None)
    if wanted is not None:
        try:
            session = files.load(wanted)
        except (OSError, ValueError) as error:
            warn(f"Cannot open {wanted}:\n{error}\n\nThe demo campaign opens instead.")
        else:
            files.remember(wanted)
            return FirstCombat(session, wanted)
    return FirstCombat(files.open_demo(), None)


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


def _warn(text: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.warning(None, APP_NAME, text)


def wire_storage(window: "MainWindow", files: "StoredCampaigns", *, later: bool = False) -> None:
    """Journal every change, add the roster dock, the demo campaign and printing.

    With ``later`` the roster (a dock behind the combatants, not in view) waits until the
    window has painted, built over several events.
    """
    from PySide6.QtGui import QAction

    from battlewheel.views.combats_menu import install_combats_menu
    from battlewheel.views.storage_wiring import add_print_actions

    combat = window.combat
    combat.changed.connect(lambda: files.record_change(combat.session))
    window.campaign_name = lambda: files.campaign.name
    window.sheets.kinds = lambda name: _typed_kind(files, name)
    if later:
        after_first_paint(window, _later_steps(window, _roster_places(window)))
    else:
        _install_roster(window)
    demo = QAction("Open the &demo campaign", window)
    demo.setObjectName("open_demo")
    demo.triggered.connect(window.file_ops.open_demo)
    window.file_menu.insertAction(window.actions_by_name["save"], demo)
    window.actions_by_name["open_demo"] = demo
    add_print_actions(window)  # File > Print / Export player cards, Blank sheets
    window.combats_menu = install_combats_menu(window)  # File > New combat, File > Combats
    # The crash journal goes only with a save or the GM's Discard (see FileMenu.close).


def _typed_kind(files: "StoredCampaigns", name: str) -> str:
    """The Kind the GM typed for the roster character called ``name`` ("" if none)."""
    try:
        return files.campaign.character(name).identity.kind
    except KeyError:
        return ""


def _roster_places(window: "MainWindow") -> "QDockWidget":
    """An empty Roster menu and Roster tab where the roster will go after the first paint,
    so the first screen is laid out as it stays (no menu or tab bar appearing later)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget, QMenu

    menu = QMenu("&Roster", window)
    menu.setObjectName("rosterMenu")  # the one the Roster menu's entries fill
    bar = window.menuBar()
    bar.insertMenu(bar.actions()[-1], menu)  # before Help
    place = QDockWidget("Roster", window)
    place.setObjectName("rosterPlace")
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, place)
    window.tabifyDockWidget(window.combatants_dock, place)
    window.combatants_dock.raise_()
    return place


def _install_roster(window: "MainWindow", place: "QDockWidget | None" = None) -> None:
    """The roster dock (and the Roster menu), taking the place kept for it if any."""
    from battlewheel.views.import_preview import install_import_menu
    from battlewheel.views.roster_dock import install_roster_dock

    in_front = place is not None and not place.visibleRegion().isEmpty()
    roster = install_roster_dock(window)
    if roster is not None:  # a tab behind the combatants, so the table keeps its height
        window.tabifyDockWidget(window.combatants_dock, roster)
        roster.rosterChanged.connect(window.mark_campaign_changed)
        roster.rosterChanged.connect(window.sheets.roster_edited)  # a Kind typed anew
        install_import_menu(window, roster)  # Roster > Import, Paste stat block, Export
        from battlewheel.views.between_fights import install_between_fights

        install_between_fights(window, roster)  # Carry to the roster, Rest, Campaign story
    if place is not None:
        window.removeDockWidget(place)
        place.deleteLater()
    front = roster if in_front and roster is not None else window.combatants_dock
    front.raise_()


# Modules the roster dock and the Roster menu bring, imported one an event after the
# first paint (each import is tens of ms; together they would hold the window).
ROSTER_MODULES = (
    "battlewheel.views.import_preview",
    "battlewheel.views.roster_dock",
)


def _later_steps(window: "MainWindow",
                 place: "QDockWidget") -> "list[Callable[[], object]]":
    """What waits for the first paint: the roster's modules, then the roster dock.

    The other systems' engines are not among them: each loads when first needed (a
    combat or a stat block of that system), which a first screen never is.
    """
    import importlib
    from functools import partial

    steps: list[Callable[[], object]] = [
        partial(importlib.import_module, module) for module in ROSTER_MODULES]
    steps.append(partial(_install_roster, window, place))
    steps.append(forget_read_sources)
    return steps


def forget_read_sources() -> None:
    """Let go of the source lines read while modules were imported.

    PySide6 reads the source of every module imported after it (looking for its
    ``from __feature__ import``) through ``linecache``, which keeps each line: some
    2.5 MB for the window's modules, never read again (a traceback reads its lines anew).
    """
    linecache.clearcache()


def after_first_paint(window: "MainWindow", steps: "list[Callable[[], object]]") -> None:
    """Run ``steps`` in order once the window has first painted, each in its own event,
    so that the window answers between them."""
    from PySide6.QtCore import QTimer

    pending = list(steps)

    def next_step() -> None:
        if pending:
            pending.pop(0)()
            QTimer.singleShot(0, next_step)

    # Queued, not called: the window's own after-paint work (the sheets) is one event.
    window.firstPainted.connect(lambda: QTimer.singleShot(0, next_step))


def collect_after_first_paint(window: "MainWindow") -> None:
    """Collect cyclic garbage again once the window has painted, from then on leaving out
    what start-up made (``gc.freeze``).

    Start-up makes some hundred thousand objects that live as long as the program and
    almost no garbage in cycles (a few hundred objects); collecting as it went was 4% of
    the time to the first paint, and the first full collection after it would then have
    gone through them all in one event.
    """

    def collect_again() -> None:
        gc.freeze()
        gc.enable()

    window.firstPainted.connect(collect_again)


def _smoke_test(started: float, folder: Path) -> int:
    from battlewheel.storage.paths import HOME_VARIABLE  # storage: no Qt, as it must be

    # The smoke test starts as a first start would, in a home of its own.
    os.environ[HOME_VARIABLE] = str(folder)
    opened = _open_before_qt(None)
    app = _application()
    from PySide6.QtCore import QEventLoop

    window = _main_window(app, None, settings_file=folder / "settings.ini", later=True,
                          opened=opened)
    collect_after_first_paint(window)
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
    until_idle()  # the work start-up leaves for after first paint (the sheets) runs too
    window.close()
    return _errors_reported()


def until_idle(most: int = 1000) -> None:
    """Handle Qt's events until none is left (timers due, posted events, repaints)."""
    from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop, QThread

    dispatcher = QAbstractEventDispatcher.instance(QThread.currentThread())
    assert dispatcher is not None
    for _ in range(most):  # a timer that always rearms itself would never be idle
        if not dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents):
            return


def _errors_reported() -> int:
    """0 if no exception reached the error dialog during the smoke test, else 1.

    What start-up leaves for after first paint (the character sheets) runs in
    slots, whose exceptions Qt hands to the hook rather than to the caller.
    """
    from battlewheel.views.error_dialog import ErrorReporter, uninstall_excepthook

    reporter = sys.excepthook
    if not isinstance(reporter, ErrorReporter):
        return 0
    uninstall_excepthook(reporter)
    if reporter.reported:
        print(f"smoke test: {reporter.reported} error(s), shown above", file=sys.stderr)
        return 1
    return 0
