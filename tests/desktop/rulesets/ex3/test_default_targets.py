"""Defaults point at the right person: the first standing foe, never an ally or the fallen.

At the table 3e's Move "Whom" opened on a friend
or a downed fighter, one wrong Ctrl+Return away
(tests of the other systems' defaults: their own tests/desktop/rulesets/ folders).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from battlewheel.views.rulesets.ex3.turn_dialogs import MoveDialog as Ex3Move
from tests.desktop.rulesets.ex3.fight import started as ex3_started
from tests.desktop.rulesets.ex3.fight import turn_of

Shown = Callable[[QWidget], QWidget]


def test_3e_move_whom_starts_on_a_standing_foe(shown: Shown) -> None:
    """Swift Lark moves: "Whom" opens on Lady Ashkeel, not on her friend Jade."""
    model = ex3_started()
    turn_of(model, "lark")
    dialog = shown(Ex3Move(model, "lark"))
    assert isinstance(dialog, Ex3Move)
    assert dialog.other.currentData() == "ashkeel"


def test_3e_move_opens_on_the_step_toward_the_first_foe(shown: Shown) -> None:
    """Lady Ashkeel, a zone from the circle with nobody at short range: Move opens on
    "Move to an adjacent zone", the zone toward them (0), so Ctrl+Return alone moves her."""
    model = ex3_started()
    dialog = shown(Ex3Move(model, "ashkeel"))
    assert isinstance(dialog, Ex3Move)
    assert (dialog.step.currentData(), dialog.zone.value()) == ("zone", 0)
    assert dialog.engine_actions() is not None and "Not allowed" not in dialog.refusal()
