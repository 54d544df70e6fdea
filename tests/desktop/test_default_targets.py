"""Defaults point at the right person: the first standing foe, never an ally or the fallen.

At the table 3e's Move "Whom", Impulse's "Falls on" and Move, and Pool & Ward's attack
target opened on a friend or a downed fighter, one wrong Ctrl+Return away.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from battlewheel.engine.core.dice import SeededDice
from battlewheel.engine.rulesets.poolward import actions as pw
from battlewheel.views.rulesets.ex3.turn_dialogs import MoveDialog as Ex3Move
from battlewheel.views.rulesets.impulse.turn_dialogs_manoeuvre import ManoeuvreDialog
from battlewheel.views.rulesets.impulse.turn_dialogs_movement import MoveDialog as ImpulseMove
from battlewheel.views.rulesets.poolward.attack_dialog import AttackDialog
from tests.desktop.rulesets.ex3.fight import started as ex3_started
from tests.desktop.rulesets.ex3.fight import turn_of
from tests.desktop.rulesets.impulse.fight import started_model as impulse_started
from tests.desktop.rulesets.poolward.conftest import started_model as poolward_started

Shown = Callable[[QWidget], QWidget]


def test_3e_move_whom_starts_on_a_standing_foe(shown: Shown) -> None:
    """Swift Lark moves: "Whom" opens on Lady Ashkeel, not on her friend Jade."""
    model = ex3_started()
    turn_of(model, "lark")
    dialog = shown(Ex3Move(model, "lark"))
    assert isinstance(dialog, Ex3Move)
    assert dialog.other.currentData() == "ashkeel"


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


def test_poolward_attack_passes_over_a_downed_foe(shown: Shown) -> None:
    """Cutthroat 1 is down (Health 0): Edward's attack opens on Cutthroat 2."""
    model = poolward_started()
    assert model.push(pw.SetTrack("cutthroat1", "health", 0)) is None
    assert model.state.fighters["cutthroat1"].condition != "up"
    dialog = shown(AttackDialog(model, "edward", face_source=SeededDice(3)))
    assert isinstance(dialog, AttackDialog)
    assert dialog.inputs.target.currentData() == "cutthroat2"


def test_3e_move_opens_on_the_step_toward_the_first_foe(shown: Shown) -> None:
    """Lady Ashkeel, a zone from the circle with nobody at short range: Move opens on
    "Move to an adjacent zone", the zone toward them (0), so Ctrl+Return alone moves her."""
    model = ex3_started()
    dialog = shown(Ex3Move(model, "ashkeel"))
    assert isinstance(dialog, Ex3Move)
    assert (dialog.step.currentData(), dialog.zone.value()) == ("zone", 0)
    assert dialog.engine_actions() is not None and "Not allowed" not in dialog.refusal()


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
