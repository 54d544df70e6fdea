"""Defaults point at the right person: the first standing foe, never an ally or the fallen.

At the table Pool & Ward's attack target opened on a friend
or a downed fighter, one wrong Ctrl+Return away
(tests of the other systems' defaults: their own tests/desktop/rulesets/ folders).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from battlewheel.engine.core.dice import SeededDice
from battlewheel.engine.rulesets.poolward import actions as pw
from battlewheel.views.rulesets.poolward.attack_dialog import AttackDialog
from tests.desktop.rulesets.poolward.conftest import started_model as poolward_started

Shown = Callable[[QWidget], QWidget]


def test_poolward_attack_passes_over_a_downed_foe(shown: Shown) -> None:
    """Cutthroat 1 is down (Health 0): Edward's attack opens on Cutthroat 2."""
    model = poolward_started()
    assert model.push(pw.SetTrack("cutthroat1", "health", 0)) is None
    assert model.state.fighters["cutthroat1"].condition != "up"
    dialog = shown(AttackDialog(model, "edward", face_source=SeededDice(3)))
    assert isinstance(dialog, AttackDialog)
    assert dialog.inputs.target.currentData() == "cutthroat2"
