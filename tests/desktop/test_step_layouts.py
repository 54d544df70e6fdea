"""A step's new words and numbers are repainted where they are, without laying out the
window: the sheet's scroll area, the status line and the Next step button tell their
parents only of a size that changed (counted in layout requests, never timed)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QAbstractEventDispatcher, QEvent, QEventLoop, QObject, QThread
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.contract import SheetView, Value, Values
from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.held_width import HeldWidth
from battlewheel.views.main_window import MainWindow
from battlewheel.views.sheets.sheet_widget import SheetScroll, SheetWidget
from battlewheel.views.toolbar_changes import ToolbarChanges
from tests.desktop.started_combat import started_session
from tests.desktop.windows import painted_window

Shown = Callable[[QWidget], QWidget]


class _Requests(QObject):
    """Counts the layout requests each watched widget receives."""

    def __init__(self, *widgets: QWidget) -> None:
        super().__init__()
        self.counts = {id(widget): 0 for widget in widgets}
        for widget in widgets:
            widget.installEventFilter(self)

    def of(self, widget: QWidget) -> int:
        return self.counts[id(widget)]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest and id(watched) in self.counts:
            self.counts[id(watched)] += 1
        return False


@contextmanager
def _counting(*widgets: QWidget) -> Iterator[_Requests]:
    requests = _Requests(*widgets)
    yield requests
    _until_idle()


def _until_idle() -> None:
    """Handle events until none is left (a layout request may post the next one)."""
    dispatcher = QAbstractEventDispatcher.instance(QThread.currentThread())
    assert dispatcher is not None
    while dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents):
        pass


def _info(dodge: int, parry: int) -> SheetView:
    return SheetView(id="ejava", name="Tepet Ejava", kind="Dragon-Blooded", side="enemy",
                     sections=(Values("Defences", (Value("Dodge DV", dodge),
                                                   Value("Parry DV", parry))),))


def _sheet_in_dock(shown: Shown) -> tuple[QWidget, SheetScroll, SheetWidget]:
    """A sheet in its scroll area in a stand-in for the dock (whose layout is the window's)."""
    dock = QWidget()
    sheet = SheetWidget()
    scroll = SheetScroll(sheet)
    QVBoxLayout(dock).addWidget(scroll)
    sheet.show_info(_info(4, 6))
    shown(dock)
    _until_idle()
    return dock, scroll, sheet


def test_new_numbers_of_the_same_width_do_not_lay_out_the_dock(shown: Shown) -> None:
    """4 → 5 on the sheet lays out the sheet, never its dock (and so the window)."""
    dock, _scroll, sheet = _sheet_in_dock(shown)
    with _counting(dock, sheet) as requests:
        sheet.show_info(_info(5, 7))
    assert "5" in [label.text() for label in sheet.findChildren(QLabel)]
    assert requests.of(sheet) >= 1  # the sheet itself did take its new numbers
    assert requests.of(dock) == 0


def test_a_wider_sheet_still_widens_its_dock(shown: Shown) -> None:
    """A new, longer line widens the sheet: the dock is told, and makes room."""
    dock, scroll, sheet = _sheet_in_dock(shown)
    before = scroll.minimumSizeHint().width()
    wide = dataclasses.replace(_info(4, 6), sections=(Values("Defences", (
        Value("Dodge DV against a charging behemoth of the Wyld", 4),)),))
    with _counting(dock) as requests:
        sheet.show_info(wide)
    assert scroll.minimumSizeHint().width() > before
    assert requests.of(dock) >= 1
    assert scroll.width() >= scroll.minimumSizeHint().width()


def _held_label(shown: Shown, text: str) -> tuple[QWidget, QLabel, HeldWidth]:
    """A label of ``text`` alone in a box shown, held at its width, laid out."""
    box = QWidget()
    label = QLabel(text)
    QVBoxLayout(box).addWidget(label)
    shown(box)
    held = HeldWidth(label)
    _until_idle()
    return box, label, held


def test_a_held_label_takes_shorter_and_equal_words_without_a_layout(shown: Shown) -> None:
    """Held at its widest, a label's new words that fit lay out nothing; wider ones do."""
    box, label, held = _held_label(shown, "Tick 3 · acting: Fighter 6 · next: declare flurries")
    wide = label.width()
    with _counting(box) as requests:
        for text in ("Tick 4 · next: resolve", "Tick 5 · acting: Fighter 7 · next: roll"):
            label.setText(text)
            held.fit()
            _until_idle()
    assert requests.of(box) == 0
    assert label.width() == wide  # kept its width: nothing beside it moved
    with _counting(box) as requests:
        label.setText(label.text() + " and a great deal more said about the tick")
        held.fit()
    assert requests.of(box) >= 1
    assert label.width() >= label.sizeHint().width() > wide


def test_a_held_label_measures_afresh_in_a_new_font(qtbot: QtBot, shown: Shown) -> None:
    """Larger text and back: the label is held at what the current font needs."""
    _box, label, held = _held_label(shown, "Tick 3 · next: declare flurries")
    small = label.width()
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    label.setFont(font)
    qtbot.waitUntil(lambda: label.width() > small)
    font.setPointSizeF(font.pointSizeF() / 2)
    label.setFont(font)
    qtbot.waitUntil(lambda: label.width() == small)
    assert held.widget is label


def _step_and_back(window: MainWindow) -> tuple[str, str]:
    """The acting counter dropped three ticks later and taken back; the status line after
    each (another fighter acts, then the first again)."""
    wheel = window.combat.wheel()
    acting = next(c for c in wheel.counters if c.acting and c.slot is not None)
    window.drop_counter(acting.id, acting.slot + 3)  # the acting counter dragged later
    _until_idle()
    after = window.tick_label.text()
    window.combat.undo_stack.undo()
    _until_idle()
    return after, window.tick_label.text()


def test_a_step_and_its_undo_lay_out_no_bar_nor_the_window(
    qtbot: QtBot, tmp_path: Path, qapp: QApplication
) -> None:
    """Once each line has been shown, a step and its undo change the status line, the
    Undo and Redo names and the entries' tooltips and greying without laying out the
    status bar, the toolbar or the window with its docks."""
    scale = prefs.TextScale(qapp)
    window = painted_window(qtbot, CombatModel(started_session()), tmp_path / "s.ini",
                            size=(1300, 850), text_scale=scale)
    _step_and_back(window)  # each text seen once: the widest is held
    button = window.toolbar.widgetForAction(window.actions_by_name["next_step"])
    size = button.size()
    undo = window.actions_by_name["undo"]
    changes = window.toolbar.findChild(ToolbarChanges)
    assert changes is not None
    fits = changes.fits
    words = button.text()
    with _counting(window.statusBar(), window.toolbar, window) as requests:
        after, back = _step_and_back(window)
    assert button.text() == words
    # Measured again: the Next step button, for its new words and back (not Undo and
    # Redo, renamed by the undo stack, nor the entries greyed or given new tooltips).
    assert changes.fits - fits == 2
    assert undo.text() == "&Undo"  # renamed "Undo <the drop>" between, by the undo stack
    assert after != back  # the line did change, both ways
    assert requests.of(window.statusBar()) == 0
    assert requests.of(window.toolbar) == 0
    assert requests.of(window) == 0
    assert button.size() == size
    assert window.tick_label.width() >= window.tick_label.sizeHint().width()
