"""A campaign's fights in the window: end one, start the next, go back to an earlier one."""

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.app import _main_window
from battlewheel.storage.campaign import load_campaign
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.storage.paths import campaigns_dir
from battlewheel.views.combats_menu import CombatsMenu, NewCombatDialog
from battlewheel.views.main_window import MainWindow
from battlewheel.views.roster_dock import RosterDock
from tests.conformance import SYSTEMS, piece
from tests.desktop.test_main_window_storage import DEMO_NAME, join

Button = QMessageBox.StandardButton
DEMO_COMBAT = "Ambush at Marrow Ford"
DEMO_STEPS = 8  # the demo combat's log as shipped
# The demo's fights, oldest first: one of each other system, then the 2e one it opens on.
DEMO_FIGHTS = tuple(record.name for record in load_demo_campaign().combats)
EARLIER = [(name, False) for name in DEMO_FIGHTS[:-1]]  # as the Combats menu lists them
SHOWN = len(DEMO_FIGHTS) - 1  # the menu entry of the 2e fight on screen
NEXT_NAME = f"Combat {len(DEMO_FIGHTS) + 1}"


@pytest.fixture
def window(first_start: MainWindow) -> MainWindow:
    """The window of a first start (the demo campaign), shown."""
    return first_start


def _files(window: MainWindow) -> StoredCampaigns:
    assert isinstance(window.files, StoredCampaigns)
    return window.files


def _menu(window: MainWindow) -> CombatsMenu:
    assert window.combats_menu is not None
    return window.combats_menu


def when_modal(act: Callable[[QApplication], bool]) -> None:
    """Once a modal dialog is up, run ``act`` on the application (it returns True when done)."""

    def attempt(tries: int = 300) -> None:
        if QApplication.activeModalWidget() is not None and act(qapp_instance()):
            return
        if tries:
            QTimer.singleShot(10, lambda: attempt(tries - 1))

    QTimer.singleShot(0, attempt)


def qapp_instance() -> QApplication:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app


def answer_end_box(button: Button, seen: list[str]) -> None:
    """Click ``button`` in the End the combat question, noting its text."""

    def click(_app: QApplication) -> bool:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or box.objectName() != "endCombatBox":
            return False
        seen.append(f"{box.text()} {box.informativeText()}")
        box.button(button).click()
        return True

    when_modal(click)


def _decline_the_carry(_app: QApplication) -> bool:
    box = QApplication.activeModalWidget()
    if box is None or box.objectName() != "carryDialog":
        return False
    box.reject()
    return True


def answer_name(name: str | None, seen: list[str]) -> None:
    """Type ``name`` into the New combat dialog and start it (None: cancel), noting the default."""

    def fill(_app: QApplication) -> bool:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, NewCombatDialog):
            return False
        seen.append(dialog.name())
        if name is None:
            dialog.reject()
        else:
            dialog.name_edit.setText(name)
            dialog.accept()
        return True

    when_modal(fill)


def end_the_combat(window: MainWindow) -> list[str]:
    """Combat > End answered Yes; the carry it offers next (the demo's fighters are the
    roster's own) is left unanswered, as a GM who carries later would."""
    seen: list[str] = []
    answer_end_box(Button.Yes, seen)
    when_modal(_decline_the_carry)
    window.actions_by_name["end_combat"].trigger()
    return seen


def start_new_combat(window: MainWindow, name: str | None = NEXT_NAME) -> list[str]:
    seen: list[str] = []
    answer_name(name, seen)
    window.actions_by_name["new_combat"].trigger()
    return seen


def combats_listed(window: MainWindow) -> list[tuple[str, bool]]:
    menu = _menu(window)
    menu.fill()
    # As the GM reads them: Qt shows "&&" as one ampersand.
    return [(action.text().replace("&&", "&"), action.isChecked())
            for action in menu.menu.actions()]


# -- ending -------------------------------------------------------------------------------
def test_ending_asks_then_freezes_the_fight_and_undo_takes_it_back(window: MainWindow) -> None:
    """Yes in the question ends the combat (status says so, N is refused); Ctrl+Z reopens it."""
    seen = end_the_combat(window)
    assert seen and "End this combat?" in seen[0] and "Ctrl+Z" in seen[0]
    assert window.combat.state.ended
    assert window.tick_label.text().startswith("Combat over · next: start the next fight")
    assert "The combat is over" in window.statusBar().currentMessage()
    assert window.scene.hub.text == "combat\nover"
    assert len(window.combat.session.log) == DEMO_STEPS + 1
    press_greyed(window, "next_tick")
    refusal = window.statusBar().currentMessage()
    assert refusal.startswith("Not allowed: this combat is over")
    assert "New combat" in refusal
    assert len(window.combat.session.log) == DEMO_STEPS + 1
    window.actions_by_name["undo"].trigger()
    assert not window.combat.state.ended
    assert len(window.combat.session.log) == DEMO_STEPS
    assert window.tick_label.text().startswith("Not started")
    assert window.scene.hub.text == "not started"


def test_cancel_in_the_question_leaves_the_fight_running(window: MainWindow) -> None:
    """Cancel: nothing is pushed and the combat goes on."""
    seen: list[str] = []
    steps = window.combat.undo_stack.count()
    answer_end_box(Button.Cancel, seen)
    window.actions_by_name["end_combat"].trigger()
    assert seen
    assert not window.combat.state.ended
    assert window.combat.undo_stack.count() == steps


def test_end_the_combat_sits_in_the_combat_menu_without_a_letter_key(
    window: MainWindow,
) -> None:
    """The ending is a menu choice only: a stray keypress cannot freeze the fight."""
    action = window.actions_by_name["end_combat"]
    assert action.shortcut().isEmpty()
    combat_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Combat")
    assert action in combat_menu.actions()


# -- a new combat -------------------------------------------------------------------------
def test_new_combat_keeps_the_old_log_and_shows_an_empty_wheel(window: MainWindow) -> None:
    """Ctrl+Shift+N: the default name numbers the campaign's combats on (the demo's and
    one: 'Combat 5' with four); the demo fight stays with its log; the wheel is empty."""
    old = window.combat.session
    window.combat.push(join())
    old_json = old.to_json()
    seen = start_new_combat(window, "Bridge at dusk")
    assert DEMO_FIGHTS[-1] == DEMO_COMBAT and seen == [NEXT_NAME]
    assert window.actions_by_name["new_combat"].shortcut().toString() == "Ctrl+Shift+N"
    files = _files(window)
    assert [r.name for r in files.campaign.combats] == [*DEMO_FIGHTS, "Bridge at dusk"]
    assert files.campaign.combats[-2].session is old
    assert old.to_json() == old_json
    assert window.combat.session is files.campaign.combats[-1].session
    assert window.combat.state.combatants == {}
    assert window.combat.wheel().counters == ()
    assert window.windowTitle() == f"Bridge at dusk — {DEMO_NAME}[*] — Battlewheel"
    assert window.isWindowModified()
    assert window.combat.undo_stack.count() == 0


def test_cancelling_the_new_combat_dialog_changes_nothing(window: MainWindow) -> None:
    """Cancel in the name dialog: the demo's fights, the same one on screen, nothing unsaved."""
    old = window.combat.session
    start_new_combat(window, None)
    assert len(_files(window).campaign.combats) == len(DEMO_FIGHTS)
    assert window.combat.session is old
    assert not window.isWindowModified()


def test_a_used_combat_name_is_refused_and_changes_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The demo's combat name again: a warning names the clash; no combat is added."""
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text: warnings.append(text) or Button.Ok)
    assert not _menu(window).new_combat(DEMO_COMBAT.upper())
    assert warnings and "already used" in warnings[0]
    assert len(_files(window).campaign.combats) == len(DEMO_FIGHTS)


def test_the_roster_dock_adds_fighters_to_the_new_combat(window: MainWindow) -> None:
    """After a new combat, the roster's Add puts a character on its wheel, not the old one's."""
    old_people = set(window.combat.state.combatants)
    start_new_combat(window)
    roster = window.findChild(RosterDock)
    assert isinstance(roster, RosterDock)
    character = _files(window).campaign.characters[0]
    assert roster.add(character)
    assert [c.name for c in window.combat.state.combatants.values()] == [character.name]
    assert set(_files(window).campaign.combats[-2].session.state.combatants) == old_people


def test_a_new_combat_asks_about_unsaved_work_on_close(
    window: MainWindow, discard_on_teardown: list[str]
) -> None:
    """A new combat clears Undo but is unsaved: closing still asks."""
    start_new_combat(window)
    window.close()
    assert discard_on_teardown == [DEMO_NAME]


# -- switching ----------------------------------------------------------------------------
def test_combats_menu_lists_both_and_checks_the_one_on_screen(window: MainWindow) -> None:
    """File > Combats: oldest first, 'over' for an ended fight, the one on screen checked."""
    assert combats_listed(window) == [*EARLIER, (DEMO_COMBAT, True)]
    end_the_combat(window)
    start_new_combat(window)
    assert combats_listed(window) == [*EARLIER, (f"{DEMO_COMBAT} (over)", False),
                                      (NEXT_NAME, True)]
    assert _menu(window).menu in [a.menu() for a in window.file_menu.actions() if a.menu()]


def test_switching_back_and_forth_keeps_both_fights_exactly(window: MainWindow) -> None:
    """Each combat comes back as left (to_json equal); the status says the log is kept."""
    window.combat.push(join())
    first = window.combat.session.to_json()
    start_new_combat(window)
    roster = window.findChild(RosterDock)
    assert isinstance(roster, RosterDock)
    assert roster.add(_files(window).campaign.characters[0])
    second = window.combat.session.to_json()
    _menu(window).menu.actions()  # the submenu fills as it opens
    _menu(window).fill()
    _menu(window).menu.actions()[SHOWN].trigger()
    assert window.combat.session.to_json() == first
    assert "log is kept" in window.statusBar().currentMessage()
    assert window.combat.undo_stack.count() == len(window.combat.session.log)
    assert combats_listed(window) == [*EARLIER, (DEMO_COMBAT, True), (NEXT_NAME, False)]
    assert window.windowTitle().startswith(f"{DEMO_COMBAT} — {DEMO_NAME}")
    assert window.isWindowModified()
    _menu(window).menu.actions()[SHOWN + 1].trigger()
    assert window.combat.session.to_json() == second


def test_saving_writes_every_combat_and_opening_shows_the_newest(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot, qapp: QApplication,
    tmp_path: Path,
) -> None:
    """Save with the demo's fight on screen: the file holds all; opening it shows the newest."""
    others = [record.session.to_json() for record in _files(window).campaign.combats[:-1]]
    end_the_combat(window)
    ended = window.combat.session.to_json()
    start_new_combat(window)
    roster = window.findChild(RosterDock)
    assert isinstance(roster, RosterDock)
    assert roster.add(_files(window).campaign.characters[0])
    newest = window.combat.session.to_json()
    _menu(window).fill()
    _menu(window).menu.actions()[SHOWN].trigger()
    target = campaigns_dir() / "ford.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.file_ops.save()
    assert not window.isWindowModified()
    saved = load_campaign(target)
    assert [r.session.to_json() for r in saved.combats] == [*others, ended, newest]
    again = _main_window(qapp, target, settings_file=tmp_path / "again.ini")
    qtbot.addWidget(again)
    assert again.combat.session.to_json() == newest
    assert again.windowTitle().startswith(f"{NEXT_NAME} — ")


def press_greyed(window: MainWindow, name: str) -> None:
    """Press an entry's key: the entry is greyed, its tooltip says why, the key says so too."""
    action = window.actions_by_name[name]
    assert not action.isEnabled() and "not now: this combat is over" in action.toolTip()
    keys = action.shortcut()[0]
    QTest.keyClick(window.wheel_view, keys.key(), keys.keyboardModifiers())


@pytest.mark.parametrize("name", ["set_up", "declare", "roll", "counterattack", "apply"])
def test_turn_actions_after_the_end_say_the_fight_is_over(window: MainWindow, name: str) -> None:
    """Ctrl+B, D, R, C, Ctrl+Return on an ended combat open no dialog and say, as any
    refused step then does, what is left."""
    end_the_combat(window)
    press_greyed(window, name)
    assert window.turn.dialog is None
    message = window.statusBar().currentMessage()
    assert message.startswith("Not allowed: this combat is over (Ctrl+Z takes the ending back")
    assert len(window.combat.session.log) == DEMO_STEPS + 1


@pytest.mark.parametrize("ruleset", SYSTEMS)
def test_a_new_combat_names_its_own_systems_set_up_key(ruleset: str) -> None:
    """A new Impulse or Pool & Ward combat no longer sends the GM to 2e's Ctrl+B: each
    system's own set-up step (its conformance file's SET_UP_STEP)."""
    from battlewheel.engine.core.session import CombatSession
    from battlewheel.views.combats_menu import set_up_step

    assert set_up_step(CombatSession.new(ruleset=ruleset)) == piece(ruleset, "SET_UP_STEP")


def test_the_combats_menu_writes_an_ampersand_as_itself(first_start: MainWindow) -> None:
    """"Pool & Ward" showed as "Pool _Ward": Qt reads one & as the shortcut letter."""
    menu = first_start.combats_menu
    assert menu is not None
    menu.fill()
    texts = [action.text() for action in menu.menu.actions()]
    assert "Edward at the Crossroads (Pool && Ward)" in texts


def test_save_as_adds_json_when_the_name_has_none(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Typed "ford" in Save As: the file is ford.json, and it opens again as a campaign."""
    typed = campaigns_dir() / "ford"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(typed), ""))
    assert window.file_ops.save_as()
    assert not typed.exists() and (campaigns_dir() / "ford.json").exists()
    assert window.path == campaigns_dir() / "ford.json"
    load_campaign(campaigns_dir() / "ford.json")


def test_showing_another_combat_clears_the_odds_dock(window: MainWindow) -> None:
    """The 2e fight's attack odds do not stay up over the 3e fight."""
    from battlewheel.engine.rulesets.rewrite.odds import AttackSetup

    window.show_odds(AttackSetup("Punch", attack_dice=2).odds, 1)
    assert window.odds_panel.odds() is not None
    _menu(window).fill()
    _menu(window).menu.actions()[0].trigger()
    assert window.combat.session.ruleset.name == "3e"
    assert window.odds_panel.odds() is None
    assert window.odds_panel.title_label.text().startswith("No attack chosen")


def test_switching_combats_and_back_keeps_each_ones_undo_lines(window: MainWindow) -> None:
    """A dialog's two steps are one History line; after showing the 2e fight and coming
    back to the 3e one, they are still one line, one Ctrl+Z takes both back, and the
    step undone before leaving can still be redone."""
    from battlewheel.engine.rulesets.ex3 import actions as ex3
    from battlewheel.views.dialogs.apply import push_all

    menu = _menu(window)
    menu.fill()
    menu.menu.actions()[0].trigger()
    combat = window.combat
    assert push_all(combat, [ex3.StartCombat(), ex3.NextTurn()], "Start and pass") is None
    assert combat.push(ex3.NextTurn()) is None
    combat.undo_stack.undo()
    lines = [combat.undo_stack.text(i) for i in range(combat.undo_stack.count())]
    menu.fill()
    menu.menu.actions()[SHOWN].trigger()
    assert combat.session.ruleset.name == "2e-rewrite"
    menu.fill()
    menu.menu.actions()[0].trigger()
    stack = combat.undo_stack
    assert [stack.text(i) for i in range(stack.count())] == lines
    assert stack.canRedo()
    steps = len(combat.session.log)
    stack.undo()
    assert len(combat.session.log) == steps - 2 and not combat.state.started
