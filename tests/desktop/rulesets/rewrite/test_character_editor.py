"""The character editor on 2e's own form (the editor's tests for every system:
tests/desktop/test_character_editor.py)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from battlewheel.storage.roster import RosterCharacter
from tests.desktop.editing import open_editor as _editor
from tests.desktop.editing import type_into as _type

pytestmark = pytest.mark.usefixtures("quiet_editor")


def test_renaming_a_2e_template_weapon_takes_its_minimums_with_it(qtbot: QtBot) -> None:
    """Issue 35: the mortal template's Spear renamed "Long spear", one key at a time: its
    Strength and Dexterity minimums follow the name, it stays two-handed, and Save works."""
    saved: list[RosterCharacter] = []
    editor = _editor(qtbot, system="2e-rewrite", saved=saved)
    editor.name.setText("Spear carrier")
    page = editor.current_page()
    assert page is not None
    name = page.row_editors["weapons"].cell(0, "name")
    assert name is not None and name.value() == "Spear"
    _type(qtbot, name, "Long spear")
    assert name.hasFocus() and name.value() == "Long spear"
    minimums = page.row_editors["weapon_minimums"].value()
    assert [row["weapon"] for row in minimums] == ["Long spear", "Long spear", "Punch"]
    assert editor.check() is not None, editor.status.text()
    assert editor.save()
    weapon = next(w for w in saved[0].block("2e-rewrite").weapons if w.name == "Long spear")
    assert weapon.minimums == {"strength": 2, "dexterity": 2}
    assert weapon.body_parts == ("hand", "hand")


def test_the_2e_editor_offers_the_programs_weapon_and_armour_tables(qtbot: QtBot) -> None:
    """Issue 35: a pick from the tables adds the bundled weapon with its minimums, or
    puts on the bundled armour; the block is whole and saves."""
    from battlewheel.engine.rulesets.rewrite.rules import tables

    saved: list[RosterCharacter] = []
    editor = _editor(qtbot, system="2e-rewrite", saved=saved)
    editor.name.setText("Armed mortal")
    page = editor.current_page()
    assert page is not None and page.table_picker is not None
    labels = [page.table_picker.itemText(i) for i in range(page.table_picker.count())]
    weapon = next(w for w in tables.weapons() if w.minimums and w.name != "Spear"
                  and w.name not in tables.BRAWL_WEAPONS)
    armour = tables.armours()[0]
    page.add_preset(labels.index(f"Weapon: {weapon.name}"))
    page.add_preset(labels.index(f"Armour: {armour.name}"))
    assert editor.save()
    block = saved[0].block("2e-rewrite")
    added = next(w for w in block.weapons if w.name == weapon.name)
    assert added.minimums == weapon.minimums and added.damage == weapon.damage
    assert block.armour is not None and block.armour.name == armour.name
