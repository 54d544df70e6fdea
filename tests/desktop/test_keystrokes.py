"""How many keys the GM presses to play three ticks, the old way and with Space.

The started combat of the desktop tests (the demo's fighters on the wheel) is played for
its first three ticks with typed dice: each acting fighter declares one attack at the
first target offered (Ctrl+T in one fighter's flurry builder; in the tick's flurry
dialog every row starts as that attack), every attack roll is typed as "5" successes,
every damage roll as "3" levels. Each key press counts one, each typed character one;
no mouse click is needed in either way. Both ways must leave the same log. Run
``pytest tests/desktop/test_keystrokes.py -s`` to see both counts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.models.combat_model import CombatModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs import FlurryBuilderDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs_damage import TickDamageDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs_tick import TickFlurriesDialog
from tests.desktop.started_combat import started_session

CTRL = Qt.KeyboardModifier.ControlModifier
NONE = Qt.KeyboardModifier.NoModifier
TICKS = 3
ATTACK, DAMAGE = "5", "3"


class Keys:
    """Presses keys into the real widgets and counts them."""

    def __init__(self, qtbot: QtBot, window: MainWindow) -> None:
        self.qtbot, self.window, self.count = qtbot, window, 0

    def press(self, widget: QWidget, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
        widget.activateWindow()
        self.qtbot.waitUntil(widget.isActiveWindow)
        self.qtbot.keyClick(widget, key, modifiers)
        self.count += 1

    def on_window(self, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
        self.press(self.window.wheel_view, key, modifiers)

    def work(self, dialog: QWidget) -> None:
        """What the GM does in each dialog: the same in both ways of playing."""
        if isinstance(dialog, FlurryBuilderDialog):
            self.press(dialog, Qt.Key.Key_T, CTRL)
        elif isinstance(dialog, TickFlurriesDialog):
            # Every row already holds what Ctrl+T adds in the builder: one attack with
            # the first ready weapon at the first target offered still fighting (the
            # fallen are passed over). Nothing to press.
            for row in dialog.rows:
                assert [m.kind for m in row.declared()] == ["attack"]
                assert row.weapon.currentIndex() == 0
                assert not row.model.state.combatants[row.target.currentData()].cannot_act
        elif isinstance(dialog, AttackDialog):
            dialog.attack_dice.set_typed(ATTACK)
            self.count += len(ATTACK)
        elif isinstance(dialog, TickDamageDialog):
            for panel in dialog.panels:
                for row in panel.rolls.values():
                    row.set_typed(DAMAGE)
                    self.count += len(DAMAGE)
        self.press(dialog, Qt.Key.Key_Return, CTRL)


def _window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    window = MainWindow(CombatModel(started_session()),
                        settings=prefs.open_settings(tmp_path / "settings.ini"))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    return window


def _dialog(qtbot: QtBot, window: MainWindow) -> QWidget:
    qtbot.waitUntil(lambda: window.turn.dialog is not None and window.turn.dialog.isVisible())
    dialog = window.turn.dialog
    assert dialog is not None
    return dialog


def play_with_menu_keys(qtbot: QtBot, window: MainWindow) -> int:
    """D for each actor, R for each attack, Ctrl+Return to apply, A for the next action."""
    keys = Keys(qtbot, window)
    for tick in range(TICKS):
        state = window.combat.state
        while window.combat.state.phase == "declare":
            keys.on_window(Qt.Key.Key_D)
            keys.work(_dialog(qtbot, window))
        while window.combat.state.phase == "resolve":
            keys.on_window(Qt.Key.Key_R)
            keys.work(_dialog(qtbot, window))
        assert window.combat.state.phase == "effects"
        keys.on_window(Qt.Key.Key_Return, CTRL)
        if window.combat.state.phase == "effects":  # damage to roll: the summary opened
            keys.work(_dialog(qtbot, window))
        assert window.combat.state.phase == "done", state.current_tick
        if tick < TICKS - 1:
            keys.on_window(Qt.Key.Key_A)
    return keys.count


def play_with_space(qtbot: QtBot, window: MainWindow) -> int:
    """Space, then whatever dialog comes up; Space again when the tick is over.

    The tick's flurries come in one dialog, and the attack dialog goes on to the next
    attack without closing; a tick with no damage to roll applies itself."""
    keys = Keys(qtbot, window)
    for tick in range(TICKS):
        keys.on_window(Qt.Key.Key_Space)
        while window.combat.state.phase != "done":
            keys.work(_dialog(qtbot, window))
            qtbot.waitUntil(lambda: window.turn.dialog is not None
                            or window.combat.state.phase == "done")
        if tick == TICKS - 1:
            break
    return keys.count


def test_space_plays_three_ticks_in_fewer_keys(qtbot: QtBot, tmp_path: Path,
                                               qapp: QApplication) -> None:
    """Both ways reach the same fight; Space needs fewer keys (both counts printed)."""
    old = _window(qtbot, tmp_path / "old")
    before = play_with_menu_keys(qtbot, old)
    new = _window(qtbot, tmp_path / "new")
    after = play_with_space(qtbot, new)
    print(f"\nthree ticks with typed dice: {before} keys with D/R/Ctrl+Return/A, "
          f"{after} with Space; 0 clicks in both")
    old_log = [entry.sentence for entry in old.combat.session.log]
    new_log = [entry.sentence for entry in new.combat.session.log]
    assert new_log == old_log
    assert after * 2 <= before  # the issue's target: half the keys, or fewer


def test_the_next_button_names_the_step_and_a_tick_with_nothing_to_roll_applies_itself(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Tick 1: the button says "Declare the tick's flurries"; Space opens the tick's
    flurry dialog. Red Lotus guards: nothing to roll, so Space applies the tick's
    effects with no dialog; then the button offers the next action, and Space moves on
    and opens the next declaration."""
    from battlewheel.engine.rulesets.rewrite.actions import (
        DeclaredManoeuvre,
        DeclareFlurry,
    )

    window = _window(qtbot, tmp_path)
    button = window.actions_by_name["next_step"]
    assert "Declare the tick's flurries" in button.text()
    assert button.shortcut().toString() == "Space"
    assert button in window.toolbar.actions()
    Keys(qtbot, window).on_window(Qt.Key.Key_Space)
    dialog = _dialog(qtbot, window)
    assert isinstance(dialog, TickFlurriesDialog)
    dialog.reject()
    qtbot.waitUntil(lambda: window.turn.dialog is None)
    assert window.combat.push(DeclareFlurry("lotus", (DeclaredManoeuvre("guard"),))) is None
    assert "Apply" in button.text()
    Keys(qtbot, window).on_window(Qt.Key.Key_Space)
    assert window.combat.state.phase == "done"
    assert window.combat.session.log[-1].sentence.startswith("Tick 1's effects")
    assert "Next action" in button.text()
    Keys(qtbot, window).on_window(Qt.Key.Key_Space)
    assert window.combat.state.current_tick == 2
    assert isinstance(_dialog(qtbot, window), TickFlurriesDialog)


# -- one player's attack with typed dice in the round-based systems ------------------------
# Each step: ("entry", key of the Combat menu entry, pressed by its own shortcut), ("type",
# characters typed wherever the focus is), ("key", a key name), ("yes", answer a question).
# 3e: Lady Ashkeel steps into the circle's zone (the Move dialog opens on that step), then
# Swift Lark shoots her: 8 successes, damage 7 8 10 (Return goes on to the damage field).
# Impulse: Harmonious Jade closes on the Bandit Chief (ticked already) and strikes
# decisively with seven typed faces. Pool & Ward: three cutthroats' idle turns are passed
# (Space asks each time; Y), then Edward Sumner attacks with 3 typed successes.
ATTACKS = {
    "3e": [("key", "Space"), ("entry", "move"), ("key", "Ctrl+Return"), ("entry", "next_turn"),
           ("entry", "attack"), ("type", "8"), ("key", "Return"), ("type", "7 8 10"),
           ("key", "Ctrl+Return")],
    "impulse": [("key", "Space"), ("entry", "move"), ("key", "Ctrl+Return"),
                ("entry", "decisive"), ("type", "8 8 8 1 2 3 4"), ("key", "Ctrl+Return")],
    "pool-and-ward": [("key", "Space"), *[("key", "Space"), ("yes", "")] * 3,
                      ("entry", "attack"), ("type", "3"), ("key", "Ctrl+Return")],
}
ATTACKER = {"3e": "Swift Lark", "impulse": "Harmonious Jade", "pool-and-ward": "Edward Sumner"}


class FocusKeys(Keys):
    """Keys sent wherever the keyboard focus is, as a person types: no widget is named."""

    def focused(self, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
        # The open dialog has the keys, else the window: a person types into what is in front.
        front = QApplication.activeModalWidget() or self.window
        self.press(front, key, modifiers, to_focus=True)

    def press(self, widget: QWidget, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE,
              *, to_focus: bool = False) -> None:
        widget.activateWindow()
        self.qtbot.waitUntil(widget.isActiveWindow)
        target = QApplication.focusWidget() if to_focus else widget
        self.qtbot.keyClick(target or widget, key, modifiers)
        self.count += 1

    def sequence(self, text: str) -> None:
        sequence = QKeySequence(text)[0]
        self.focused(sequence.key(), sequence.keyboardModifiers())

    def play(self, steps: list[tuple[str, str]]) -> None:
        for kind, what in steps:
            if kind == "entry":
                self.sequence(self.window.turn.actions[what].shortcut().toString())
            elif kind == "type":
                for char in what:
                    self.sequence("Space" if char == " " else char)
            elif kind == "key":
                self.sequence(what)
            else:  # a question: Y answers it (QMessageBox clicks its button a moment later)
                self.sequence("Y")
            if kind == "yes":
                self.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)


def test_one_players_attack_with_typed_dice_by_keys_alone_in_each_round_system(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """3e, Impulse and Pool & Ward: from the demo's set-up to a player's attack in the log,
    every step by key, dice typed, no click; the counts are printed."""
    from battlewheel.engine.rulesets.ex3 import demo_fight as ex3_fight
    from battlewheel.engine.rulesets.impulse import demo_fight as impulse_fight
    from battlewheel.engine.rulesets.poolward import demo_fight as poolward_fight

    counts = {}
    for name, fight in (("3e", ex3_fight), ("impulse", impulse_fight),
                        ("pool-and-ward", poolward_fight)):
        window = MainWindow(CombatModel(fight()),
                            settings=prefs.open_settings(tmp_path / f"{name}.ini"))
        qtbot.addWidget(window)
        with qtbot.waitSignal(window.firstPainted):
            window.show()
        keys = FocusKeys(qtbot, window)
        keys.play(ATTACKS[name])
        last = window.combat.session.log[-1].sentence
        assert (last.startswith(ATTACKER[name]) and "attack" in last.lower()) \
            or "Strike" in last, last
        assert QApplication.activeModalWidget() is None
        counts[name] = keys.count
    with capsys.disabled():
        print("\none player's attack with typed dice, keys only (0 clicks): "
              + ", ".join(f"{name} {count} keys" for name, count in counts.items()))


# -- issue 35: a 2e flurry with a stunt, a 3e Clash with typed damage, an Impulse stunt ------


def _type_here(keys: FocusKeys, text: str) -> None:
    """Characters typed one by one wherever the focus is then, each counted."""
    for char in text:
        keys.sequence("Space" if char == " " else char)


def _count_2e_flurry_with_a_stunt(qtbot: QtBot, tmp_path: Path) -> int:
    """Red Lotus declares two sword cuts (D, Ctrl+T twice, Ctrl+Return), then R: Alt+S
    and 2 for the stunt, its two dice typed, the roll typed, Ctrl+Return; the second cut
    keeps the stunt (nothing to set again): its roll and Ctrl+Return."""
    window = _window(qtbot, tmp_path)
    keys = FocusKeys(qtbot, window)
    keys.on_window(Qt.Key.Key_D)
    builder = _dialog(qtbot, window)
    assert isinstance(builder, FlurryBuilderDialog)
    for sequence in ("Ctrl+T", "Ctrl+T", "Ctrl+Return"):
        keys.sequence(sequence)
    qtbot.waitUntil(lambda: window.combat.state.phase == "resolve")
    keys.on_window(Qt.Key.Key_R)
    attack = _dialog(qtbot, window)
    assert isinstance(attack, AttackDialog)
    keys.sequence("Alt+S")
    stunt = attack.attack_form.stunt
    assert QApplication.focusWidget() in (stunt, *stunt.findChildren(QWidget))
    _type_here(keys, "2")
    assert attack.attack_form.stunt.value() == 2
    attack.stunt_dice.focus_entry()
    _type_here(keys, "8 9")
    attack.attack_dice.focus_entry()
    _type_here(keys, "5")
    keys.sequence("Ctrl+Return")
    qtbot.waitUntil(lambda: attack.index == 1)
    assert attack.attack_form.stunt.value() == 2 and not attack.attack_form.stunt.isEnabled()
    attack.attack_dice.focus_entry()
    _type_here(keys, "5")
    keys.sequence("Ctrl+Return")
    qtbot.waitUntil(lambda: window.combat.state.phase == "effects")
    attacks = window.combat.state.tick.attacks
    assert [a.outcome.roll.automatic_successes["stunt"] for a in attacks] == [2, 2]
    return keys.count


def _count_3e_clash_with_typed_damage(qtbot: QtBot, tmp_path: Path) -> int:
    """Jade clashes with the guard (Ctrl+Shift+A): 6 and 4 typed, then the damage roll's
    faces typed key by key into the field that keeps its focus, Ctrl+Return."""
    from battlewheel.engine.rulesets.ex3 import actions as ex3
    from battlewheel.views.rulesets.ex3.attack_dialog_clash import ClashDialog
    from tests.desktop.rulesets.ex3.fight import started, turn_of

    model = started(ex3.SetRange("guard", "jade", "close"))
    turn_of(model, "jade")
    window = MainWindow(model, settings=prefs.open_settings(tmp_path / "3e.ini"))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    keys = FocusKeys(qtbot, window)
    keys.sequence(window.turn.actions["clash"].shortcut().toString())
    clash = _dialog(qtbot, window)
    assert isinstance(clash, ClashDialog)
    clash.mine.attack.focus_entry()
    _type_here(keys, "6")
    clash.theirs.attack.focus_entry()
    _type_here(keys, "4")
    clash.mine.damage.focus_entry()
    _type_here(keys, "9 8 4 3 2 1 1")
    assert clash.mine.damage.typed.text() == "9 8 4 3 2 1 1"
    keys.sequence("Ctrl+Return")
    qtbot.waitUntil(lambda: window.turn.dialog is None)
    assert "clash" in window.combat.session.log[-1].sentence.lower()
    return keys.count


def _count_impulse_stunt_aimed_at_a_foe(qtbot: QtBot, tmp_path: Path) -> int:
    """Space begins round 1; Jade's manoeuvre: a Tab and Down aim it at the Chief, Alt+E
    and Down twice pick Intimidate (it falls on the Chief too), the roll typed, Ctrl+Return."""
    from battlewheel.engine.rulesets.impulse import demo_fight as impulse_fight
    from battlewheel.views.rulesets.impulse.turn_dialogs_manoeuvre import ManoeuvreDialog

    window = MainWindow(CombatModel(impulse_fight()),
                        settings=prefs.open_settings(tmp_path / "impulse.ini"))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    keys = FocusKeys(qtbot, window)
    keys.sequence("Space")
    assert window.combat.state.started
    window.turn.trigger("manoeuvre")  # the Combat menu's entry (no key of its own)
    keys.count += 1
    dialog = _dialog(qtbot, window)
    assert isinstance(dialog, ManoeuvreDialog)
    dialog.target.setFocus()  # Alt+T is "Aimed at" and "Stunted" both: one Tab instead
    keys.count += 1
    keys.sequence("Down")
    assert dialog.aimed_at() == "chief"
    dialog.stunt_form.effect.setFocus()
    keys.count += 1  # Alt+E, the effect's mnemonic
    for sequence in ("Down", "Down"):
        keys.sequence(sequence)
    assert dialog.stunt_form.chosen() == "intimidate"
    assert dialog.stunt_form.target.currentData() == "chief"
    dialog.dice.focus_entry()
    _type_here(keys, " ".join(["8"] * dialog.dice.pool()))
    keys.sequence("Ctrl+Return")
    qtbot.waitUntil(lambda: window.turn.dialog is None)
    assert "Bandit Chief" in " ".join(e.sentence for e in window.combat.session.log[-2:])
    return keys.count


def test_issue_35s_three_moves_by_keys(qtbot: QtBot, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """A 2e flurry of two attacks with a stunt, a 3e Clash with typed damage and an Impulse
    stunt aimed at a foe, each played by keys with typed dice; the counts are printed."""
    counts = {"2e flurry of two with a stunt": _count_2e_flurry_with_a_stunt(
                  qtbot, tmp_path / "2e"),
              "3e clash with typed damage": _count_3e_clash_with_typed_damage(
                  qtbot, tmp_path),
              "Impulse stunt at a foe": _count_impulse_stunt_aimed_at_a_foe(qtbot, tmp_path)}
    with capsys.disabled():
        print("\nissue 35, keys only: "
              + ", ".join(f"{name} {count} keys" for name, count in counts.items()))


# -- issue 35: an Impulse archer put at medium range of four foes ---------------------------

HEROES = ("jade", "reed", "jade2", "reed2")  # the Bandit Archer's four foes


def _archer_among_four_heroes(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """The Impulse demo with two more heroes, the Bandit Archer at short range of all four
    and the archer's counter selected (its sheet in front)."""
    from battlewheel.engine.rulesets.impulse import actions as ia
    from battlewheel.engine.rulesets.impulse import demo_fight as impulse_fight
    from battlewheel.engine.rulesets.impulse.demo import heroes

    session = impulse_fight()
    jade, reed = heroes()
    for cid, block, name in (("jade2", jade, "Harmonious Jade 2"), ("reed2", reed, "Swift Reed 2")):
        session.apply(ia.AddCombatant(cid, session.ruleset.named_block(block, name), "ally",
                                      band="short"))
    for cid in HEROES:
        session.apply(ia.SetRange("archer", cid, "short"))
    window = MainWindow(CombatModel(session), settings=prefs.open_settings(tmp_path / "i.ini"))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.firstPainted):
        window.show()
    window.select_combatant("archer")
    return window


def _archer_at_medium(window: MainWindow) -> bool:
    state = window.combat.state
    return all(state.band("archer", cid) == 2 for cid in HEROES)  # 2: medium (BANDS)


def count_bands_in_gm_edits(qtbot: QtBot, tmp_path: Path) -> int:
    """Before: the archer's sheet's GM edits (one combo per fighter): Tab to each hero's
    band, M for medium, Ctrl+Return."""
    window = _archer_among_four_heroes(qtbot, tmp_path / "before")
    keys = FocusKeys(qtbot, window)
    dialog = window.sheets.docks["archer"].open_override()
    keys.count += 1  # the sheet's GM override… button
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    wanted = [dialog.bands[cid] for cid in HEROES]  # type: ignore[attr-defined]
    for combo in wanted:
        while QApplication.focusWidget() is not combo:
            keys.sequence("Tab")
            assert keys.count < 60, "the GM edits' band never took the focus"
        keys.sequence("M")
    keys.sequence("Ctrl+Return")
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert _archer_at_medium(window)
    return keys.count


def count_bands_in_one_dialog(qtbot: QtBot, tmp_path: Path) -> int:
    """After: Ctrl+Shift+B (Combat > Range bands…) on the selected archer, M, Ctrl+Return (the
    archer's foes come ticked)."""
    window = _archer_among_four_heroes(qtbot, tmp_path / "after")
    keys = FocusKeys(qtbot, window)
    keys.sequence("Ctrl+Shift+B")
    dialog = _dialog(qtbot, window)
    keys.sequence("M")
    keys.sequence("Ctrl+Return")
    qtbot.waitUntil(lambda: window.turn.dialog is None)
    assert _archer_at_medium(window)
    assert dialog is not None
    return keys.count


def test_an_archer_at_medium_of_four_foes_in_fewer_keys(
        qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35: Range bands… sets four pairs in three keys, where the GM edits took a
    combo per pair; one Ctrl+Z takes all four back."""
    before = count_bands_in_gm_edits(qtbot, tmp_path)
    after = count_bands_in_one_dialog(qtbot, tmp_path)
    with capsys.disabled():
        print(f"\nissue 35, the archer at medium of four foes: GM edits {before} keys, "
              f"Range bands {after} keys")
    assert after == 3 < before
