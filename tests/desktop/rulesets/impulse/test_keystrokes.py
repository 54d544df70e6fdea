"""Keys a GM presses in Impulse's own dialogs, counted (the other systems': tests/desktop/
test_keystrokes.py and their own test_keystrokes.py; all their counts printed by
``pytest -s tests/desktop/test_keystrokes.py tests/desktop/rulesets/*/test_keystrokes.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlewheel.views.main_window import MainWindow
from tests.desktop.keys import FocusKeys, open_dialog, type_here, window_on


def _count_impulse_stunt_aimed_at_a_foe(qtbot: QtBot, tmp_path: Path) -> int:
    """Space begins round 1; Jade's manoeuvre: a Tab and Down aim it at the Chief, Alt+E
    and Down twice pick Intimidate (it falls on the Chief too), the roll typed, Ctrl+Return."""
    from battlewheel.engine.rulesets.impulse import demo_fight as impulse_fight
    from battlewheel.views.rulesets.impulse.turn_dialogs_manoeuvre import ManoeuvreDialog

    window = window_on(qtbot, tmp_path / "impulse.ini", impulse_fight())
    keys = FocusKeys(qtbot, window)
    keys.sequence("Space")
    assert window.combat.state.started
    window.turn.trigger("manoeuvre")  # the Combat menu's entry (no key of its own)
    keys.count += 1
    dialog = open_dialog(qtbot, window)
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
    type_here(keys, " ".join(["8"] * dialog.dice.pool()))
    keys.sequence("Ctrl+Return")
    qtbot.waitUntil(lambda: window.turn.dialog is None)
    assert "Bandit Chief" in " ".join(e.sentence for e in window.combat.session.log[-2:])
    return keys.count


def test_issue_35s_impulse_stunt_aimed_at_a_foe_by_keys(
        qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An Impulse stunt aimed at a foe, played by keys with typed dice; the count is
    printed."""
    count = _count_impulse_stunt_aimed_at_a_foe(qtbot, tmp_path)
    with capsys.disabled():
        print(f"\nissue 35, keys only: Impulse stunt at a foe {count} keys")


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
    window = window_on(qtbot, tmp_path / "i.ini", session)
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
    dialog = open_dialog(qtbot, window)
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
