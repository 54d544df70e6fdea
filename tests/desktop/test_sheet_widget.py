"""The sheet widget draws a SheetInfo and turns gestures into requests."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.health import HealthTrack
from battlewheel.views.sheets.sheet_info import PoolInfo, SheetInfo, Value, WeaponRow
from battlewheel.views.sheets.sheet_widget import SheetWidget
from tests.desktop.d2_combatants import shown

__all__ = ["shown"]

Shown = Callable[[SheetWidget], SheetWidget]


def _info(**changes: Any) -> SheetInfo:
    base = SheetInfo(
        id="ejava",
        name="Tepet Ejava",
        kind="Dragon-Blooded",
        side="enemy",
        health=HealthTrack.standard(3).mark(bashing=2, lethal=1, aggravated=1),
        pools=(PoolInfo("willpower", "Willpower", 5, 7), PoolInfo("personal", "Motes", 0, 13)),
        defences=(Value("Dodge DV", 4), Value("Parry DV (sword)", 6, True, "GM: blessed blade")),
        weapons=(WeaponRow("Straight sword", 5, 2, "+3L", "+1", 2, ""),),
    )
    return dataclasses.replace(base, **changes)


def _sheet(shown: Shown, info: SheetInfo) -> SheetWidget:
    sheet = shown(SheetWidget())
    sheet.show_info(info)
    return sheet


def _texts(sheet: SheetWidget) -> list[str]:
    return [label.text() for label in sheet.findChildren(QLabel)]


def test_the_sheet_shows_name_kind_side_and_condition(shown: Shown) -> None:
    """Mixed damage (1 aggravated, 1 lethal, 2 bashing) reaches the first -2 box."""
    sheet = _sheet(shown, _info())
    assert sheet.name_label.text() == "Tepet Ejava"
    assert sheet.kind_label.text() == "Dragon-Blooded · Enemy"
    assert sheet.health.track() == _info().health
    assert sheet.condition_label.text() == "Wound penalty -2"


def test_an_overridden_value_wears_a_dagger_and_its_reason(shown: Shown) -> None:
    """The GM's Parry override prints as 6† with the reason in its tooltip."""
    sheet = _sheet(shown, _info())
    labels = [label for label in sheet.findChildren(QLabel) if label.text() == "6†"]
    assert len(labels) == 1
    assert labels[0].toolTip() == "GM: blessed blade"
    assert "4" in _texts(sheet)


def test_a_health_click_is_passed_on_as_a_request(qtbot: QtBot, shown: Shown) -> None:
    """Clicking box 5 of the sheet's track asks for box 5; the sheet itself stays as it was."""
    sheet = _sheet(shown, _info())
    with qtbot.waitSignal(sheet.healthCycleRequested) as blocker:
        centre = sheet.health.box_rect(5).center().toPoint()
        qtbot.mouseClick(sheet.health, Qt.MouseButton.LeftButton, pos=centre)
    assert blocker.args == [5]
    assert sheet.info() == _info()


def test_pool_buttons_request_spending_and_regaining(qtbot: QtBot, shown: Shown) -> None:
    """Willpower 5/7 can go down or up; empty motes (0/13) cannot be spent."""
    sheet = _sheet(shown, _info())
    requested: list[tuple[str, int]] = []
    sheet.poolChangeRequested.connect(lambda key, delta: requested.append((key, delta)))
    willpower, motes = sheet._pool_rows["willpower"], sheet._pool_rows["personal"]
    qtbot.mouseClick(willpower.spend, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(willpower.regain, Qt.MouseButton.LeftButton)
    assert requested == [("willpower", -1), ("willpower", 1)]
    assert willpower.value.text() == "5 / 7"
    assert not motes.spend.isEnabled() and motes.regain.isEnabled()


def test_a_new_info_keeps_the_health_widget_and_its_focus(shown: Shown) -> None:
    """After a click is applied the same track widget shows the new marks."""
    sheet = _sheet(shown, _info())
    track_widget = sheet.health
    healed = HealthTrack.standard(3)
    sheet.show_info(_info(health=healed))
    assert sheet.health is track_widget
    assert track_widget.track() == healed
    assert sheet.condition_label.text() == "No wound penalty"


def test_larger_application_text_enlarges_the_name_and_the_boxes(shown: Shown) -> None:
    """Raising the application font by half (the larger-text mode) grows boxes and name."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    normal = QFont(app.font())
    sheet = _sheet(shown, _info())
    side, name_size = sheet.health.box_rect(0).width(), sheet.name_label.font().pointSizeF()
    bigger = QFont(normal)
    bigger.setPointSizeF(normal.pointSizeF() * 1.5)
    try:
        app.setFont(bigger)
        QApplication.processEvents()
        assert sheet.health.box_rect(0).width() > side
        assert sheet.name_label.font().pointSizeF() == pytest.approx(name_size * 1.5)
    finally:
        app.setFont(normal)
