"""The sheet widget draws a ruleset's SheetView and turns gestures into requests."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.contract import (
    Pool,
    PoolsSection,
    SheetView,
    Table,
    Text,
    Value,
    Values,
)
from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.rulesets.rewrite.sheet import health_section
from battlewheel.views.sheets.sheet_widget import SheetWidget

Shown = Callable[[SheetWidget], SheetWidget]


WOUNDED = HealthTrack.standard(3).mark(bashing=2, lethal=1, aggravated=1)


def _info(health: HealthTrack = WOUNDED, **changes: Any) -> SheetView:
    base = SheetView(
        id="ejava",
        name="Tepet Ejava",
        kind="Dragon-Blooded",
        side="enemy",
        sections=(
            health_section(health),
            PoolsSection("Pools", (Pool("willpower", "Willpower", 5, 7),
                                   Pool("personal", "Motes", 0, 13))),
            Values("Defences (current)", (Value("Dodge DV", 4),
                                          Value("Parry DV (sword)", 6, True, "GM: blessed blade"))),
            Table("Weapons", ("Weapon", "Spd"), (("Straight sword", "5"),)),
            Text("Notes", ""),
        ),
        edit_dialog="override",
    )
    return dataclasses.replace(base, **changes)


def _condition(sheet: SheetWidget) -> str:
    box = sheet.section_box("Health")
    assert box is not None
    return box.condition_label.text()  # type: ignore[attr-defined]


def _sheet(shown: Shown, info: SheetView) -> SheetWidget:
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
    assert sheet.health.track() == health_section(WOUNDED)
    assert _condition(sheet) == "Wound penalty -2"


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
    with qtbot.waitSignal(sheet.boxClickRequested) as blocker:
        centre = sheet.health.box_rect(5).center().toPoint()
        qtbot.mouseClick(sheet.health, Qt.MouseButton.LeftButton, pos=centre)
    assert blocker.args == ["health", 5]
    assert sheet.info() == _info()


def test_pool_buttons_request_spending_and_regaining(qtbot: QtBot, shown: Shown) -> None:
    """Willpower 5/7 can go down or up; empty motes (0/13) cannot be spent."""
    sheet = _sheet(shown, _info())
    requested: list[tuple[str, int]] = []
    sheet.poolChangeRequested.connect(lambda key, delta: requested.append((key, delta)))
    pools = sheet.section_box("Pools")
    willpower, motes = pools.rows["willpower"], pools.rows["personal"]  # type: ignore[union-attr]
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
    assert track_widget.track() == health_section(healed)
    assert _condition(sheet) == "No wound penalty"


def test_empty_sections_are_hidden_and_the_edit_button_follows_the_ruleset(
    shown: Shown,
) -> None:
    """Empty notes take no room; a sheet without an edit dialog shows no override button."""
    sheet = _sheet(shown, _info())
    notes = sheet.section_box("Notes")
    assert notes is not None and notes.isHidden()
    assert not sheet.override_button.isHidden()
    sheet.show_info(_info(edit_dialog=""))
    assert sheet.override_button.isHidden()


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


def _changed_numbers(info: SheetView, rows: tuple[tuple[str, ...], ...]) -> SheetView:
    """``info`` with new defences (Parry no longer overridden) and weapon rows ``rows``."""
    health, pools, _values, _table, notes = info.sections
    values = Values("Defences (current)", (Value("Dodge DV", 3), Value("Parry DV (sword)", 5)))
    return dataclasses.replace(
        info, sections=(health, pools, values, Table("Weapons", ("Weapon", "Spd"), rows), notes))


def _grid_labels(sheet: SheetWidget, title: str) -> list[QLabel]:
    box = sheet.section_box(title)
    assert box is not None
    return [label for label in box.findChildren(QLabel) if label.isVisibleTo(box)]


def test_new_numbers_in_the_same_places_are_written_into_the_labels_there(shown: Shown) -> None:
    """A step that changes a fighter's values makes no label: those in place take the new
    words (an override's italics and reason go with it); a row more lays the grid anew."""
    sheet = _sheet(shown, _info())
    values_before = _grid_labels(sheet, "Defences (current)")
    table_before = _grid_labels(sheet, "Weapons")
    sheet.show_info(_changed_numbers(_info(), (("Short daiklave", "4"),)))
    values, table = _grid_labels(sheet, "Defences (current)"), _grid_labels(sheet, "Weapons")
    assert values == values_before and table == table_before  # the same label objects
    assert [label.text() for label in values] == ["Dodge DV", "3", "Parry DV (sword)", "5"]
    parry = values[3]
    assert not parry.font().italic() and parry.toolTip() == ""
    assert [label.text() for label in table][2:] == ["Short daiklave", "4"]
    sheet.show_info(_changed_numbers(_info(), (("Short daiklave", "4"), ("Bow", "6"))))
    QApplication.processEvents()  # (labels added to a shown box are shown by a queued call)
    table = _grid_labels(sheet, "Weapons")
    assert not set(table) & set(table_before)
    assert [label.text() for label in table][2:] == ["Short daiklave", "4", "Bow", "6"]
