"""The carry and Rest dialogs' frames (issue 33), built from the LastingRules protocol's
plain data (engine/core/lasting.py), the same in every system."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QSpinBox
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.lasting import CarryLine, RestChoice, RestInput, RestOffer
from battlewheel.views.carry_dialogs import CarryDialog, CarryOffer, RestDialog
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget

OFFERS = (
    CarryOffer("Kestrel", "Pool & Ward", (CarryLine("health", "Health: 8/8 -> 4/8"),
                                          CarryLine("vigor", "Vigor: 6/6 -> 5/6"))),
    CarryOffer("Sesus", "Pool & Ward", ()),
)
REST = (
    RestOffer("sleep", "A night of restful sleep",
              (RestInput("medicine_pool", "Medicine pool", low=0, high=10, default=0),
               RestInput("medicine", "Medicine roll", kind="roll"))),
    RestOffer("minutes", "Rest for Vigor", (RestInput("minutes", "Minutes", low=15,
                                                       high=600, default=15),)),
    RestOffer("full", "Restore to full",
              (RestInput("what", "Track", kind="choice", choices=("Health", "Vigor"),
                         default="Vigor"),)),
    RestOffer("heal", "Lethal healing", why_not="a dead character is not healed"),
)


def test_every_line_starts_ticked_and_unticking_leaves_it_out(qtbot: QtBot) -> None:
    """Common §Carrying is the GM's decision: all ticked by default, any line left out."""
    dialog = CarryDialog("Combat 1", OFFERS)
    qtbot.addWidget(dialog)
    assert dialog.ticked() == {"Kestrel": {"health", "vigor"}, "Sesus": frozenset()}
    dialog.set_ticked("Kestrel", "vigor", False)
    assert dialog.ticked()["Kestrel"] == {"health"}
    dialog.set_ticked("Kestrel", "health", False)
    assert not dialog.anything_ticked()


def test_the_rest_dialog_gives_the_chosen_offer_and_its_inputs(qtbot: QtBot) -> None:
    """Each offer a choice with its inputs; a greyed offer says why; the choice is what
    the GM set (a typed roll as a DiceEntry)."""
    dialog = RestDialog("Kestrel", "Pool & Ward", "4/8 Health", REST)
    qtbot.addWidget(dialog)
    assert not dialog.radios["heal"].isEnabled()
    assert "dead" in dialog.radios["heal"].toolTip()
    assert dialog.chosen_offer() == REST[0]
    dice = dialog.field("sleep", "medicine")
    assert isinstance(dice, DiceEntryWidget)
    assert dialog.choice() == RestChoice("sleep", {"medicine_pool": 0})  # untended: no roll
    pool = dialog.field("sleep", "medicine_pool")
    assert isinstance(pool, QSpinBox)
    pool.setValue(3)  # tended: the roll is of the tender's pool, and asked for
    assert dice.pool() == 3 and dialog.choice() is None
    dice.set_typed("2")
    choice = dialog.choice()
    assert choice is not None and choice.offer == "sleep"
    assert isinstance(choice.values["medicine"], DiceEntry)
    dialog.choose("minutes")
    spin = dialog.field("minutes", "minutes")
    assert isinstance(spin, QSpinBox) and spin.isEnabled() and not dice.isEnabled()
    spin.setValue(45)
    assert dialog.choice() == RestChoice("minutes", {"minutes": 45})
    dialog.choose("full")
    combo = dialog.field("full", "what")
    assert isinstance(combo, QComboBox) and combo.currentText() == "Vigor"
    assert dialog.choice() == RestChoice("full", {"what": "Vigor"})


def test_rest_waits_for_a_choice_that_changes_something_and_says_what_it_does(
        qtbot: QtBot) -> None:
    """Impulse's Set Limit opens at the Limit as it is: Rest is not offered for it (it was a
    refusal box after Rest), a changed Limit is, and the dialog says what either would do."""
    from battlewheel.engine.core.ruleset import get_ruleset
    from battlewheel.engine.rulesets.impulse.lasting import Lasting

    ruleset = get_ruleset("impulse")
    rules = ruleset.lasting_rules()
    block = ruleset.block_templates()[0].block
    hurt = Lasting(limit=2)

    def trial(choice: RestChoice) -> str:
        return rules.rested(block, hurt, choice, None).words

    offers = rules.rest_offers(block, hurt, None)
    dialog = RestDialog(block.name, "Impulse", "Limit 2", offers, trial=trial)
    qtbot.addWidget(dialog)
    dialog.choose("set_limit")
    limit = dialog.field("set_limit", "limit")
    assert isinstance(limit, QSpinBox) and limit.value() == 2
    assert not dialog.ok.isEnabled()
    assert dialog.outcome_text() == "Not now: Limit is already 2"
    limit.setValue(4)
    assert dialog.ok.isEnabled() and "Limit 4" in dialog.outcome_text()
