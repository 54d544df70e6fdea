"""The character editor on Pool & Ward's own form (the editor's tests for every system:
tests/desktop/test_character_editor.py)."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from battlewheel.storage.roster import RosterCharacter
from tests.desktop.editing import open_editor as _editor
from tests.desktop.editing import type_into as _type

pytestmark = pytest.mark.usefixtures("quiet_editor")


def test_a_pool_and_ward_attack_made_a_sorcerers_spell_adds_willpower(qtbot: QtBot) -> None:
    """Issue 35: the NPC's Short sword (Strength) turned to Kind sorcerer: Stat follows to
    Willpower (002 §Attack Roll Dice Pools) and Save takes it; a renamed attack's trigger
    rows follow its name."""
    saved: list[RosterCharacter] = []
    editor = _editor(qtbot, system="pool-and-ward", saved=saved)
    editor.name.setText("Hedge sorcerer")
    page = editor.current_page()
    assert page is not None
    npc = next(i for i, t in enumerate(page.templates) if t.label == "NPC")
    page.template.setCurrentIndex(npc)
    page.choose_template(npc)
    attacks = page.row_editors["attacks"]
    assert attacks.cell(0, "stat").value() == "strength"
    kind = attacks.cell(0, "kind")
    kind.setFocus()
    kind.setCurrentIndex(kind.findData("sorcerer"))
    assert attacks.cell(0, "stat").value() == "willpower" and kind.hasFocus()
    page.row_editors["attack_effects"].set_value([{"attack": "Short sword", "name": "Bleed 1"}])
    page.fill(page.values())
    _type(qtbot, attacks.cell(0, "name"), "Fire lance")
    assert page.row_editors["attack_effects"].value()[0]["attack"] == "Fire lance"
    assert editor.save()
    spell = saved[0].block("pool-and-ward").attacks[0]
    assert (spell.name, spell.kind, spell.stat) == ("Fire lance", "sorcerer", "willpower")
