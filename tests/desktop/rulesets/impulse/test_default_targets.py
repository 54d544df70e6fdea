"""Defaults point at the right person: the first standing foe, never an ally or the fallen.

At the table Impulse's "Falls on" and Move opened on a friend
or a downed fighter, one wrong Ctrl+Return away
(tests of the other systems' defaults: their own tests/desktop/rulesets/ folders).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from battlewheel.views.rulesets.impulse.turn_dialogs_manoeuvre import ManoeuvreDialog
from battlewheel.views.rulesets.impulse.turn_dialogs_movement import MoveDialog as ImpulseMove
from tests.desktop.rulesets.impulse.fight import started_model as impulse_started

Shown = Callable[[QWidget], QWidget]


def test_impulse_falls_on_and_move_start_on_a_foe(shown: Shown) -> None:
    """Harmonious Jade's manoeuvre: "Falls on" opens on the Bandit Chief, not Swift Reed;
    her Move has the Chief ticked, so Ctrl+Return alone closes in."""
    model = impulse_started()
    manoeuvre = shown(ManoeuvreDialog(model))
    assert isinstance(manoeuvre, ManoeuvreDialog)
    assert manoeuvre.stunt_form.target.currentData() == "chief"
    move = shown(ImpulseMove(model))
    assert isinstance(move, ImpulseMove)
    assert move.targets() == ("chief",)


def test_a_disarmed_impulse_fighter_strikes_with_fists_by_default(shown: Shown) -> None:
    """Jade's daiklave is on the ground this round: the strike opens on Unarmed, not on
    the weapon the engine would refuse."""
    from battlewheel.engine.rulesets.impulse.block import UNARMED
    from battlewheel.engine.rulesets.impulse.handlers.common import add_status
    from battlewheel.views.rulesets.impulse.attack_dialog import StrikeDialog

    model = impulse_started()
    add_status(model.session.state, "jade", "disarmed", "chief")  # as a Disarm stunt does
    dialog = shown(StrikeDialog(model))
    assert isinstance(dialog, StrikeDialog)
    assert dialog.chosen_weapon() == UNARMED


def test_an_impulse_decisive_strike_opens_on_a_foe_in_reach(shown: Shown) -> None:
    """Jade's daiklave reaches melee only: with the Chief at short and the archer at melee,
    the strike opens on the archer (it opened on the Chief, out of range)."""
    from battlewheel.engine.rulesets.impulse import actions as ia
    from battlewheel.views.rulesets.impulse.attack_dialog import StrikeDialog

    model = impulse_started(ia.SetRange("jade", "archer", "melee"))
    dialog = shown(StrikeDialog(model))
    assert isinstance(dialog, StrikeDialog)
    assert dialog.targets() == ("archer",)


def test_impulse_falls_on_follows_aimed_at(shown: Shown) -> None:
    """Jade aims her manoeuvre at the archer: the stunt's "Falls on" moves to the archer
    too (it stayed on the Chief); once the GM picks "Falls on" by hand it stays put."""
    model = impulse_started()
    dialog = shown(ManoeuvreDialog(model))
    assert isinstance(dialog, ManoeuvreDialog)
    dialog.target.setCurrentIndex(dialog.target.findData("archer"))
    assert dialog.stunt_form.target.currentData() == "archer"
    falls_on = dialog.stunt_form.target
    falls_on.setCurrentIndex(falls_on.findData("chief"))
    falls_on.activated.emit(falls_on.currentIndex())  # as a GM's pick sends it
    dialog.target.setCurrentIndex(dialog.target.findData("reed"))
    assert falls_on.currentData() == "chief"


def test_an_impulse_flurry_ticks_only_the_foes_in_reach(shown: Shown) -> None:
    """Jade at melee with the archer only: her flurry ticks the archer, not the Chief at
    short range, whom her daiklave cannot reach (every foe was ticked)."""
    from battlewheel.engine.rulesets.impulse import actions as ia
    from battlewheel.views.rulesets.impulse.attack_dialog import FlurryDialog

    model = impulse_started(ia.SetRange("jade", "archer", "melee"))
    dialog = shown(FlurryDialog(model))
    assert isinstance(dialog, FlurryDialog)
    assert {cid for cid, pick in dialog.picks.items() if pick.isChecked()} == {"archer"}
