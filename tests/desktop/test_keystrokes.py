"""How many keys the GM presses to play three ticks, the old way and with Space.

The started combat of the desktop tests (the demo's fighters on the wheel) is played for
its first three ticks with typed dice: each acting fighter declares one attack at the
first target offered (Ctrl+T in one fighter's flurry builder; in the tick's flurry
dialog every row starts as that attack), every attack roll is typed as "5" successes,
every damage roll as "3" levels. Each key press counts one, each typed character one;
no mouse click is needed in either way. Both ways must leave the same log. Run
``pytest tests/desktop/test_keystrokes.py -s`` to see both counts, and every keystroke
count (each system's own tasks too) with
``pytest -s tests/desktop/test_keystrokes.py tests/desktop/rulesets/*/test_keystrokes.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulesets.rewrite.attack_dialog import AttackDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs import FlurryBuilderDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs_damage import TickDamageDialog
from battlewheel.views.rulesets.rewrite.turn_dialogs_tick import TickFlurriesDialog
from tests.conformance import SYSTEMS, piece
from tests.desktop.keys import FocusKeys, Keys, open_dialog, type_here, window_on
from tests.desktop.started_combat import started_session

CTRL = Qt.KeyboardModifier.ControlModifier
NONE = Qt.KeyboardModifier.NoModifier
TICKS = 3
ATTACK, DAMAGE = "5", "3"


class TickKeys(Keys):
    """The keys of a 2e tick, and what the GM does in each of its dialogs."""

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
    return window_on(qtbot, tmp_path / "settings.ini", started_session())


def _dialog(qtbot: QtBot, window: MainWindow) -> QWidget:
    return open_dialog(qtbot, window)


def play_with_menu_keys(qtbot: QtBot, window: MainWindow) -> int:
    """D for each actor, R for each attack, Ctrl+Return to apply, A for the next action."""
    keys = TickKeys(qtbot, window)
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
    keys = TickKeys(qtbot, window)
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


# -- one player's attack with typed dice in each system -----------------------------------
@pytest.mark.parametrize("system", SYSTEMS)
def test_one_players_attack_with_typed_dice_by_keys_alone_in_each_system(
    qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str
) -> None:
    """3e, Impulse and Pool & Ward (and 2e, from its started fight): from the demo's set-up
    to a player's attack in the log, every step by key, dice typed, no click; the count
    is printed (the fight, the keys and the attacker: the system's keyed_attack)."""
    session, steps, attacker = piece(system, "keyed_attack")()
    window = window_on(qtbot, tmp_path / f"{system}.ini", session)
    keys = FocusKeys(qtbot, window)
    keys.play(steps)
    last = window.combat.session.log[-1].sentence
    assert (last.startswith(attacker) and "attack" in last.lower()) \
        or "Strike" in last, last
    assert QApplication.activeModalWidget() is None
    with capsys.disabled():
        print(f"\none player's attack with typed dice, keys only (0 clicks): "
              f"{system} {keys.count} keys")


# -- issue 35: a 2e flurry with a stunt (a 3e Clash with typed damage, an Impulse stunt:
# their systems' own test_keystrokes.py) -------------------------------------------------
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
    type_here(keys, "2")
    assert attack.attack_form.stunt.value() == 2
    attack.stunt_dice.focus_entry()
    type_here(keys, "8 9")
    attack.attack_dice.focus_entry()
    type_here(keys, "5")
    keys.sequence("Ctrl+Return")
    qtbot.waitUntil(lambda: attack.index == 1)
    assert attack.attack_form.stunt.value() == 2 and not attack.attack_form.stunt.isEnabled()
    attack.attack_dice.focus_entry()
    type_here(keys, "5")
    keys.sequence("Ctrl+Return")
    qtbot.waitUntil(lambda: window.combat.state.phase == "effects")
    attacks = window.combat.state.tick.attacks
    assert [a.outcome.roll.automatic_successes["stunt"] for a in attacks] == [2, 2]
    return keys.count


def test_issue_35s_2e_flurry_with_a_stunt_by_keys(qtbot: QtBot, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A 2e flurry of two attacks with a stunt, played by keys with typed dice; the count
    is printed."""
    count = _count_2e_flurry_with_a_stunt(qtbot, tmp_path / "2e")
    with capsys.disabled():
        print(f"\nissue 35, keys only: 2e flurry of two with a stunt {count} keys")
