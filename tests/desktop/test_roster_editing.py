"""The roster in the window: characters made, edited, copied and deleted as undo steps,
name clashes asked, the character's own side, fighters named apart, a new campaign, and
an edit that reaches the fight."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.actions import ChangeBlock
from battlewheel.engine.core.session import CombatSession
from battlewheel.storage.characters import export_character
from battlewheel.storage.roster import RosterCharacter
from battlewheel.views import roster_edits
from battlewheel.views.character_editor import window as editor_window
from battlewheel.views.combats_menu import NewCampaignDialog
from battlewheel.views.main_window import MainWindow
from battlewheel.views.roster_dock import OWN_SIDE, RosterDock
from tests.desktop.editor_ruleset import NAME, SAMPLES, editor_ruleset
from tests.desktop.windows import roster_dock_of, stored_demo_window

KESTREL, SESUS, LUMEN, TALLOW = 0, 1, 3, 4  # rows of the demo roster


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    """The demo campaign opened through storage (a 2e fight, empty), with the roster dock."""
    editor_ruleset()
    monkeypatch.setattr(editor_window, "ask_discard", lambda _parent: True)
    return stored_demo_window(qtbot, tmp_path, session=CombatSession.new(ruleset="2e-rewrite"))


@pytest.fixture
def dock(window: MainWindow) -> RosterDock:
    return roster_dock_of(window)


def _names(dock: RosterDock) -> list[str]:
    return [c.name for c in dock.files.campaign.characters]


def _answer(monkeypatch: pytest.MonkeyPatch, name: str, answer: str) -> list[str]:
    asked: list[str] = []
    monkeypatch.setattr(roster_edits, name, lambda _parent, *what: asked.append(what[0]) or answer)
    return asked


def _fighters(window: MainWindow) -> list[str]:
    return [window.combat.name(cid) for cid in window.combat.combatant_ids()]


def test_a_character_joins_on_its_own_side_unless_the_gm_picks(dock: RosterDock,
                                                               window: MainWindow) -> None:
    """The side box starts at the character's own side: Kestrel (a player's Solar) joins as
    an ally, Sesus as an enemy; "joins as enemy" puts Kestrel's copy with the foes."""
    assert dock.side.currentText() == OWN_SIDE
    for row in (KESTREL, SESUS):
        dock.roster.setCurrentRow(row)
        dock.add_selected()
    sides = [window.combat.combatant(cid).side for cid in window.combat.combatant_ids()]
    assert sides == ["ally", "enemy"]
    dock.side.setCurrentIndex(dock.side.findData("enemy"))
    dock.roster.setCurrentRow(KESTREL)
    dock.add_selected()
    assert window.combat.combatant(window.combat.combatant_ids()[-1]).side == "enemy"


def test_double_click_opens_the_editor_and_adds_nobody(qtbot: QtBot, dock: RosterDock,
                                                       window: MainWindow) -> None:
    """A double-click (and Return) on a name opens that character; the fight is untouched."""
    window.show()
    qtbot.waitExposed(window)
    item = dock.roster.item(LUMEN)
    rect = dock.roster.visualItemRect(item)
    # As a mouse sends it: a click, then the double-click (Qt's list wants the press first).
    qtbot.mouseClick(dock.roster.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(dock.roster.viewport(), Qt.MouseButton.LeftButton,
                      pos=rect.center())
    assert dock.editor is not None and dock.editor.original is not None
    assert dock.editor.original.name == "Sister Lumen"
    assert window.combat.combatant_ids() == [] and window.combat.undo_stack.count() == 0
    dock.editor.reject()
    dock.roster.setCurrentRow(TALLOW)
    qtbot.keyClick(dock.roster, Qt.Key.Key_Return)
    assert dock.editor.original is not None and dock.editor.original.name == "Tallow the Fence"


def test_adding_twice_numbers_the_second_fighter(dock: RosterDock, window: MainWindow) -> None:
    """Tallow added twice fights as "Tallow the Fence" and "Tallow the Fence 2"."""
    dock.roster.setCurrentRow(TALLOW)
    dock.add_selected()
    dock.add_selected()
    assert _fighters(window) == ["Tallow the Fence", "Tallow the Fence 2"]
    window.combat.undo_stack.undo()
    dock.add_selected()
    assert _fighters(window) == ["Tallow the Fence", "Tallow the Fence 2"]


def _new_named(dock: RosterDock, name: str) -> bool:
    editor = dock.new_character()
    editor.name.setText(name)
    return editor.save()


def test_a_new_character_under_a_taken_name_asks(dock: RosterDock,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Cancel keeps the editor open and the roster as it was; keep both numbers the new one
    "Sister Lumen 2"; replace puts the new one in the old one's place."""
    before = _names(dock)
    asked = _answer(monkeypatch, "ask_clash", roster_edits.CANCEL)
    assert not _new_named(dock, "Sister Lumen")
    assert asked == ["Sister Lumen"] and _names(dock) == before
    assert dock.editor is not None and dock.editor.isVisible()
    dock.editor.reject()
    _answer(monkeypatch, "ask_clash", roster_edits.KEEP_BOTH)
    assert _new_named(dock, "Sister Lumen")
    assert _names(dock) == [*before, "Sister Lumen 2"]
    assert dock.files.campaign.character("Sister Lumen 2").block("2e-rewrite").name == \
        "Sister Lumen 2"
    _answer(monkeypatch, "ask_clash", roster_edits.REPLACE)
    assert _new_named(dock, "Tallow the Fence")
    assert _names(dock) == [*before, "Sister Lumen 2"]
    assert dock.files.campaign.character("Tallow the Fence").identity.kind == ""


def test_an_import_under_a_taken_name_asks(dock: RosterDock, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Importing Sister Lumen again asks; keep both adds "Sister Lumen 2"; cancel adds none."""
    path = tmp_path / "lumen.json"
    export_character(dock.files.campaign.characters[LUMEN], path)
    before = _names(dock)
    asked = _answer(monkeypatch, "ask_clash", roster_edits.CANCEL)
    assert not dock.import_path(path)
    assert asked == ["Sister Lumen"] and _names(dock) == before
    _answer(monkeypatch, "ask_clash", roster_edits.KEEP_BOTH)
    assert dock.import_path(path)
    assert _names(dock) == [*before, "Sister Lumen 2"]


def test_each_roster_change_is_one_undo_step(dock: RosterDock, window: MainWindow,
                                             tmp_path: Path) -> None:
    """New, edit, duplicate, delete and import each take one Ctrl+Z to take back, and come
    back with one redo; the window counts the roster as unsaved. They are the campaign's
    steps, not the fight's."""
    stack = window.combat.campaign_stack
    rosters = [_names(dock)]
    assert _new_named(dock, "Marrow scout")
    rosters.append(_names(dock))
    dock.roster.setCurrentRow(len(rosters[-1]) - 1)
    editor = dock.edit_selected()
    assert editor is not None
    editor.kind.setText("scout")
    assert editor.save()
    assert dock.files.campaign.character("Marrow scout").identity.kind == "scout"
    rosters.append(_names(dock))
    dock.roster.setCurrentRow(TALLOW)
    dock.duplicate_selected()
    rosters.append(_names(dock))
    assert rosters[-1][TALLOW + 1] == "Tallow the Fence 2"
    dock.roster.setCurrentRow(SESUS)
    dock.delete_selected()
    rosters.append(_names(dock))
    assert "Sesus Amaranth" not in rosters[-1]
    path = tmp_path / "kestrel.json"
    export_character(RosterCharacter.of_block(NAME, SAMPLES[0]), path)
    assert dock.import_path(path)
    rosters.append(_names(dock))
    assert window.has_unsaved_changes()
    assert stack.count() == 5 and window.combat.undo_stack.count() == 0
    kinds = []
    for expected in reversed(rosters[:-1]):
        stack.undo()
        assert _names(dock) == expected
        kinds.append(dock.files.campaign.characters[-1].identity.kind)
    assert kinds[-1] == "Solar" or _names(dock) == rosters[0]
    for expected in rosters[1:]:
        stack.redo()
        assert _names(dock) == expected
    assert dock.files.campaign.character("Marrow scout").identity.kind == "scout"


def test_the_delete_key_deletes_and_the_context_menu_offers_each_change(
        qtbot: QtBot, dock: RosterDock) -> None:
    """Delete on the list takes the selected character off; the menu lists the changes."""
    dock.roster.setCurrentRow(SESUS)
    qtbot.keyClick(dock.roster, Qt.Key.Key_Delete)
    assert "Sesus Amaranth" not in _names(dock)
    texts = [a.text().replace("&", "") for a in dock.context_menu().actions()]
    assert texts == ["Edit\u2026", "Add to combat", "Add fresh (at full)", "Duplicate", "Delete",
                     "Export\u2026", "New character\u2026"]


def test_file_new_character_opens_the_editor_on_the_combats_system(
        dock: RosterDock, window: MainWindow) -> None:
    """File > New character (Ctrl+Shift+C) opens a blank character in the combat's system."""
    action = window.actions_by_name["new_character"]
    assert action.shortcut().toString() == "Ctrl+Shift+C"
    assert action in window.file_menu.actions()
    action.trigger()
    assert dock.editor is not None and dock.editor.original is None
    page = dock.editor.current_page()
    assert page is not None and page.ruleset.name == "2e-rewrite" and page.new


def _new_campaign(monkeypatch: pytest.MonkeyPatch, name: str, system: str | None,
                  seen: list[NewCampaignDialog] | None = None) -> None:
    """File > New campaign answered: ``name`` typed, ``system`` chosen (None: none)."""
    def answer(dialog: NewCampaignDialog) -> int:
        if seen is not None:
            seen.append(dialog)
        dialog.campaign_edit.setText(name)
        if system is not None:
            dialog.system.setCurrentIndex(dialog.system.findData(system))
        if not dialog.start_button.isEnabled():
            return QDialog.DialogCode.Rejected
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewCampaignDialog, "exec", answer)


def test_new_campaign_starts_with_a_name_and_an_empty_roster(
        dock: RosterDock, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """File > New campaign asks a name; the roster is empty and one empty combat is shown."""
    _new_campaign(monkeypatch, "Next week", "2e-rewrite")
    window.actions_by_name["new_campaign"].trigger()
    assert dock.files.campaign.name == "Next week"
    assert dock.roster.count() == 0 and window.combat.combatant_ids() == []
    assert window.path is None and "Next week" in window.windowTitle()


def test_new_campaign_asks_its_first_fight_s_system_and_new_character_opens_on_it(
        dock: RosterDock, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: shown over a 2e fight, File > New campaign chooses no system for the GM
    (Start waits for one); with 3e chosen the first fight is 3e's, and File > New
    character opens on a 3e block."""
    seen: list[NewCampaignDialog] = []
    _new_campaign(monkeypatch, "Ashen circle", None, seen)
    window.actions_by_name["new_campaign"].trigger()
    assert seen[-1].system.currentIndex() == -1 and not seen[-1].start_button.isEnabled()
    assert dock.files.campaign.name != "Ashen circle"  # nothing started
    _new_campaign(monkeypatch, "Ashen circle", "3e")
    window.actions_by_name["new_campaign"].trigger()
    campaign = dock.files.campaign
    assert campaign.name == "Ashen circle"
    assert [(r.name, r.ruleset_name()) for r in campaign.combats] == [("Combat 1", "3e")]
    assert window.combat.session.ruleset.name == "3e"
    window.actions_by_name["new_character"].trigger()
    assert dock.editor is not None
    page = dock.editor.current_page()
    assert page is not None and page.ruleset.name == "3e" and page.new


def _arena_fight(window: MainWindow, dock: RosterDock) -> None:
    """A test-arena combat with Ash Wolf on the roster and in the fight."""
    window.show_session(CombatSession.new(ruleset=NAME), None)
    dock.change_roster((*dock.files.campaign.characters,
                        RosterCharacter.of_block(NAME, SAMPLES[0], side="enemy")), "Ash Wolf")
    dock.roster.setCurrentRow(dock.roster.count() - 1)
    dock.add_selected()
    dock.add_selected()  # Ash Wolf and Ash Wolf 2


def _edit_might(dock: RosterDock, might: str) -> bool:
    editor = dock.edit_selected()
    assert editor is not None
    page = editor.current_page()
    assert page is not None and page.ruleset.name == NAME
    page.inputs["might"].setText(might)
    return editor.save()


def _hits(window: MainWindow) -> list[str]:
    return [window.combat.combatant(cid).hits for cid in window.combat.combatant_ids()]


def test_an_edit_of_a_fighter_can_change_the_fight_too(
        dock: RosterDock, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving Ash Wolf with Might 5 asks; "the fight too" logs a ChangeBlock for each
    copy fighting (the arena's track follows Might); one undo takes roster and fight back."""
    _arena_fight(window, dock)
    assert _hits(window) == ["....", "...."]
    asked = _answer(monkeypatch, "ask_fight_too", roster_edits.FIGHT_TOO)
    assert _edit_might(dock, "5")
    assert asked == ["Ash Wolf"]
    assert _hits(window) == [".....", "....."]
    log = window.combat.session.log
    assert [type(e.action) for e in log[-2:]] == [ChangeBlock, ChangeBlock]
    assert log[-1].action.block["name"] == "Ash Wolf 2"
    assert dock.files.campaign.character("Ash Wolf").block(NAME).might == 5
    window.combat.undo_stack.undo()
    assert _hits(window) == ["....", "...."]
    assert dock.files.campaign.character("Ash Wolf").block(NAME).might == 4


def test_the_roster_only_leaves_the_fight_alone(
        dock: RosterDock, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """"The roster only" changes the roster and logs nothing in the fight."""
    _arena_fight(window, dock)
    steps = len(window.combat.session.log)
    _answer(monkeypatch, "ask_fight_too", roster_edits.ROSTER_ONLY)
    assert _edit_might(dock, "3")
    assert len(window.combat.session.log) == steps and _hits(window) == ["....", "...."]
    assert dock.files.campaign.character("Ash Wolf").block(NAME).might == 3


def test_a_fight_that_refuses_the_new_traits_says_so(
        dock: RosterDock, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Might 3 cannot hold four marked hits: the refusal is said in plain words, the roster
    takes the change and the fight keeps its traits."""
    _arena_fight(window, dock)
    first = window.combat.combatant_ids()[0]
    for box in range(4):
        window.combat.push(window.combat.session.ruleset.box_click(
            window.combat.state, first, "hits", box))
    _answer(monkeypatch, "ask_fight_too", roster_edits.FIGHT_TOO)
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: said.append(text))
    assert _edit_might(dock, "3")
    assert said and "Ash Wolf has more hits marked than a Might of 3 holds" in said[0]
    assert "test §" not in said[0]
    assert _hits(window)[0] == "xxxx" and not any(
        isinstance(e.action, ChangeBlock) for e in window.combat.session.log)
    assert dock.files.campaign.character("Ash Wolf").block(NAME).might == 3


def test_the_roster_offers_back_a_draft_left_by_a_crash(
        dock: RosterDock, monkeypatch: pytest.MonkeyPatch) -> None:
    """A draft on disk is offered when the editor next opens; taken, it is what shows."""
    from battlewheel.views.character_editor import draft as drafts

    drafts.write_draft(drafts.Draft(
        identity={"name": "Half-made bandit", "side": "enemy", "kind": "", "notes": ""},
        pages=[drafts.DraftPage(NAME, {"might": "7", "guard": "2"}, "brawler", True)],
        current=NAME))
    offered: list[str] = []
    monkeypatch.setattr(editor_window, "ask_take_draft",
                        lambda _p, draft: offered.append(draft.name()) or True)
    editor = dock.new_character()
    assert offered == ["Half-made bandit"] and editor.name.text() == "Half-made bandit"
    page = editor.current_page()
    assert page is not None and page.ruleset.name == NAME
    assert page.inputs["might"].text() == "7" and "Might must be" in page.inputs["might"].problem
    # Closed here: left open, its draft timer wrote the draft into a later test's home.
    editor.reject()


def test_a_taken_name_is_numbered_on_from_its_stem() -> None:
    """A free name stays; a taken one goes on after the numbers already used."""
    from battlewheel.views.quick_add import next_free_name

    assert next_free_name("Ash Wolf", ["Tallow"]) == "Ash Wolf"
    assert next_free_name("Ash Wolf", ["ash wolf"]) == "Ash Wolf 2"
    assert next_free_name("Ash Wolf", ["Ash Wolf", "Ash Wolf 2"]) == "Ash Wolf 3"
    spearmen = [f"Hunt spearman {n}" for n in range(1, 5)]
    assert next_free_name("Hunt spearman 1", spearmen) == "Hunt spearman 5"
