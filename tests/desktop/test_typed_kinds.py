"""Issue 35: the sheet header shows the Kind the GM typed for the roster character
("NPC · Enemy" it said, whatever the GM had typed)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlewheel.app import _main_window
from battlewheel.storage.campaign import save_campaign
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.views.docks import bring_forward
from battlewheel.views.roster_dock import RosterDock
from battlewheel.views.typed_kinds import header_kind, typed_kind

KINDS = {"edward sumner": "Knight of the Crossroads", "bandit": "bandit", "kestrel": "Solar"}


def _kinds(name: str) -> str:
    return KINDS.get(name.casefold(), "")


def test_the_gm_s_word_comes_first_and_the_rules_word_after_when_it_adds_something() -> None:
    assert header_kind("bandit", "NPC") == "bandit (NPC)"
    assert header_kind("Solar", "Solar") == "Solar"  # 2e's kind is the typed one: said once
    assert header_kind("Solar Exalt", "exalt") == "Solar Exalt"
    assert header_kind("", "NPC") == "NPC"


def test_a_fighter_is_the_roster_character_it_joined_as_or_is_named_after() -> None:
    assert typed_kind(_kinds, "Edward Sumner", "Sir Edward") == "Knight of the Crossroads"
    assert typed_kind(_kinds, "", "Bandit 3") == "bandit"  # a quick add's numbered copy
    assert typed_kind(_kinds, "", "Bandit") == "bandit"
    assert typed_kind(_kinds, "", "Stranger") == ""


def _roster(window: object) -> RosterDock:
    found = window.findChild(RosterDock)  # type: ignore[attr-defined]
    assert found is not None
    return found


def test_the_sheet_header_shows_the_typed_kind_and_follows_an_edit(
        qtbot: QtBot, qapp: QApplication, tmp_path: Path) -> None:
    """Pool & Ward's Edward, typed 'Knight of the Crossroads' in the roster: his sheet
    header says so (with the rules' 'player'); typed anew, the header follows."""
    campaign = load_demo_campaign()
    edward = campaign.character("Edward Sumner")
    knight = replace(edward, identity=replace(edward.identity, kind="Knight of the Crossroads"))
    path = tmp_path / "knights.json"
    save_campaign(campaign.with_character(knight), path)
    window = _main_window(qapp, path, settings_file=tmp_path / "settings.ini")
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    window.combats_menu.show("combat-poolward")
    qtbot.waitUntil(lambda: "edward" in window.sheets.docks)
    dock = window.sheets.docks["edward"]
    bring_forward(window, dock)
    qtbot.waitUntil(lambda: dock.isVisible() and not dock.is_stale())
    assert dock.sheet.kind_label.text() == "Knight of the Crossroads (player) \u00b7 Ally"
    roster = _roster(window)
    characters = tuple(
        replace(c, identity=replace(c.identity, kind="Hedge knight"))
        if c.name == "Edward Sumner" else c for c in roster.files.campaign.characters)
    roster.change_roster(characters, "Edit Edward Sumner")  # the sheet redraws by itself
    assert dock.sheet.kind_label.text() == "Hedge knight (player) \u00b7 Ally"
