"""3e ranges in sight and set by keys: each sheet lists everyone's band from its fighter,
foes first, and follows any move; Ctrl+G opens the GM's Range edit on the acting fighter
and the first standing foe, so a band's first letter and Ctrl+Return set a pair."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.contract import Values
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.models.combat_model import CombatModel
from tests.desktop.rulesets.ex3.fight import standoff
from tests.desktop.windows import painted_window

CTRL = Qt.KeyboardModifier.ControlModifier


def _ranges(model: CombatModel, cid: str) -> list[tuple[str, str]]:
    sheet = model.session.ruleset.sheet(model.state, cid)
    found = next(s for s in sheet.sections if isinstance(s, Values) and s.title == "Ranges")
    return [(v.label, str(v.value)) for v in found.values]


def test_every_sheet_lists_the_ranges_and_follows_a_move() -> None:
    model = CombatModel(standoff())
    assert _ranges(model, "jade")[:2] == [("Lady Ashkeel", "medium"), ("Ashen Guard", "medium")]
    touched: list[tuple[str, ...]] = []
    model.combatantsChanged.connect(touched.append)
    assert model.push(a.StartCombat()) is None
    assert model.push(a.Move("ashkeel", "zone", zone=0)) is None
    assert ("Lady Ashkeel", "short") in _ranges(model, "jade")
    assert "jade" in touched[-1] and "lark" in touched[-1]  # their sheets redraw too


def test_ctrl_g_sets_a_pair_by_keys(qtbot: QtBot, tmp_path: Path) -> None:
    window = painted_window(qtbot, CombatModel(standoff()), tmp_path / "s.ini", size=None)
    assert window.combat.push(a.StartCombat()) is None  # Lady Ashkeel acts
    qtbot.waitUntil(window.wheel_view.hasFocus)
    qtbot.keyClick(window.wheel_view, Qt.Key.Key_G, CTRL)
    dialog = window.turn.dialog
    assert dialog is not None
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert QApplication.focusWidget() is dialog.band  # type: ignore[attr-defined]
    assert dialog.other.currentData() == "jade"  # type: ignore[attr-defined]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_S)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return, CTRL)
    qtbot.waitUntil(lambda: window.turn.dialog is None)
    assert ("Lady Ashkeel", "short") in _ranges(window.combat, "jade")
