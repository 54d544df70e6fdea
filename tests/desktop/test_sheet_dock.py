"""A sheet dock bound to the combat model: clicks become undoable engine actions."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.contract import Table
from battlewheel.engine.rulesets.rewrite.actions import CycleHealthBox, SetHealth
from battlewheel.views.sheets.sheet_dock import CharacterSheetDock
from tests.desktop.d2_combatants import bandit, ejava, model_with

Shown = Callable[[CharacterSheetDock], CharacterSheetDock]


def _dock(shown: Shown) -> CharacterSheetDock:
    model = model_with(("ejava", ejava(), "enemy"), ("bandit", bandit(), "ally"))
    return shown(CharacterSheetDock(model, "ejava"))


def _shown_marks(dock: CharacterSheetDock) -> str:
    track = dock.sheet.health.track()
    assert track is not None
    return track.marks


def _engine_marks(dock: CharacterSheetDock, cid: str) -> str:
    combatant = dock.model.combatant(cid)
    assert combatant is not None
    return combatant.health.marks


def _click_box(qtbot: QtBot, dock: CharacterSheetDock, index: int) -> None:
    track = dock.sheet.health
    qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=track.box_rect(index).center().toPoint())


def test_clicking_a_box_cycles_it_and_each_click_undoes(qtbot: QtBot, shown: Shown) -> None:
    """Box 0 goes / then X then * then empty; three undos bring back /, X and *."""
    dock = _dock(shown)
    seen = []
    for _ in range(4):
        _click_box(qtbot, dock, 0)
        seen.append(_shown_marks(dock)[0])
    assert seen == ["/", "X", "*", "."]
    stack = dock.model.undo_stack
    assert stack.count() == 4
    undone = []
    for _ in range(3):
        stack.undo()
        undone.append(_engine_marks(dock, "ejava")[0])
    assert undone == ["*", "X", "/"]
    assert _shown_marks(dock) == "/" + "." * 9


def test_the_sheet_shows_derived_values_from_the_engine(shown: Shown) -> None:
    """Dodge (Dex 4 + Dodge 3) / 2 rounded up + Essence 2 = 6, as the engine gives it.

    Sword parry: (Dex 4 + Melee 4 + Defence 1 + Essence 2) / 2 rounded up = 6. Unarmed,
    the best brawl parry is Punch: (4 + Brawl 0 + 2 + 2) / 2 = 4. Lethal soak: Stamina 3
    / 2 down = 1, + 5 armour = 6; bashing 3 + 5 = 8.
    """
    dock = _dock(shown)
    info = dock.sheet.info()
    assert info is not None
    shown = {value.label: value.text for value in info.values("Defences (current)")}
    assert shown["Dodge DV"] == "6"
    assert shown["Parry (Straight sword)"] == "6"
    assert shown["Unarmed parry"] == "4"
    assert shown["Soak"] == "8B / 6L / 0A"
    assert dock.windowTitle() == "Tepet Ejava"
    (weapons,) = [s for s in info.sections if isinstance(s, Table) and s.title == "Weapons"]
    (sword,) = weapons.rows
    assert sword[weapons.columns.index("Pool")] == "8"  # Dexterity 4 + Melee 4, unhurt


def test_spending_willpower_is_one_undo_step(qtbot: QtBot, shown: Shown) -> None:
    """Willpower 7/7: regain is disabled; spend makes it 6/7; undo restores 7/7."""
    dock = _dock(shown)
    row = dock.sheet.section_box("Pools").rows["willpower"]  # type: ignore[union-attr]
    assert not row.regain.isEnabled()
    qtbot.mouseClick(row.spend, Qt.MouseButton.LeftButton)
    assert row.value.text() == "6 / 7"
    dock.model.undo_stack.undo()
    assert row.value.text() == "7 / 7"


def test_another_combatants_change_leaves_this_sheet_alone(shown: Shown) -> None:
    """A box cycled on the bandit does not touch Ejava's sheet."""
    dock = _dock(shown)
    before = dock.sheet.info()
    dock.model.push(CycleHealthBox("bandit", 0))
    assert _engine_marks(dock, "bandit")[0] == "/"
    assert dock.sheet.info() == before


def test_a_hidden_sheet_redraws_when_it_is_shown_again(shown: Shown) -> None:
    """A sheet in a hidden tab waits; shown again it has the click made meanwhile."""
    dock = _dock(shown)
    dock.hide()
    dock.model.push(CycleHealthBox("ejava", 0))
    assert dock.is_stale()
    assert _shown_marks(dock)[0] == "."
    dock.show()
    assert not dock.is_stale()
    assert _shown_marks(dock)[0] == "/"


def test_the_weapon_pool_loses_the_wound_penalty(shown: Shown) -> None:
    """Five marks reach a -2 box: the sword's 8 dice become 6."""
    dock = _dock(shown)
    dock.model.push(SetHealth("ejava", "XX///" + "." * 5))
    info = dock.sheet.info()
    assert info is not None
    (weapons,) = [s for s in info.sections if isinstance(s, Table) and s.title == "Weapons"]
    assert weapons.rows[0][weapons.columns.index("Pool")] == "6"


def test_clicking_an_empty_box_says_which_box_it_marked(qtbot: QtBot, shown: Shown) -> None:
    """Box 4 clicked on an empty track marks box 1; History says so (not "clears box 4")."""
    dock = _dock(shown)
    _click_box(qtbot, dock, 3)
    assert _shown_marks(dock) == "/" + "." * 9
    text = dock.model.undo_stack.command(0).text()
    assert text.startswith("GM marks Tepet Ejava's box 1 (-0) bashing"), text
    assert "clears" not in text
