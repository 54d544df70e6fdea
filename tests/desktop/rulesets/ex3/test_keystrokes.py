"""Keys a GM presses in 3e's own dialogs, counted (the other systems': tests/desktop/
test_keystrokes.py and their own test_keystrokes.py; all their counts printed by
``pytest -s tests/desktop/test_keystrokes.py tests/desktop/rulesets/*/test_keystrokes.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.desktop.keys import FocusKeys, open_dialog, type_here, window_on


def _count_3e_clash_with_typed_damage(qtbot: QtBot, tmp_path: Path) -> int:
    """Jade clashes with the guard (Ctrl+Shift+A): 6 and 4 typed, then the damage roll's
    faces typed key by key into the field that keeps its focus, Ctrl+Return."""
    from battlewheel.engine.rulesets.ex3 import actions as ex3
    from battlewheel.views.rulesets.ex3.attack_dialog_clash import ClashDialog
    from tests.desktop.rulesets.ex3.fight import started, turn_of

    model = started(ex3.SetRange("guard", "jade", "close"))
    turn_of(model, "jade")
    window = window_on(qtbot, tmp_path / "3e.ini", model)
    keys = FocusKeys(qtbot, window)
    keys.sequence(window.turn.actions["clash"].shortcut().toString())
    clash = open_dialog(qtbot, window)
    assert isinstance(clash, ClashDialog)
    clash.mine.attack.focus_entry()
    type_here(keys, "6")
    clash.theirs.attack.focus_entry()
    type_here(keys, "4")
    clash.mine.damage.focus_entry()
    type_here(keys, "9 8 4 3 2 1 1")
    assert clash.mine.damage.typed.text() == "9 8 4 3 2 1 1"
    keys.sequence("Ctrl+Return")
    qtbot.waitUntil(lambda: window.turn.dialog is None)
    assert "clash" in window.combat.session.log[-1].sentence.lower()
    return keys.count


def test_issue_35s_3e_clash_with_typed_damage_by_keys(
        qtbot: QtBot, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 3e Clash with typed damage, played by keys with typed dice; the count is printed."""
    count = _count_3e_clash_with_typed_damage(qtbot, tmp_path)
    with capsys.disabled():
        print(f"\nissue 35, keys only: 3e clash with typed damage {count} keys")
