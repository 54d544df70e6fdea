"""The dice entry with a die other than the d10 (Pool & Ward's custom ``dice`` ruling):
typed faces must be faces of that die, and rolled ones come from it."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import DiceEntryError
from battlewheel.engine.rulesets.poolward import PoolWardOptions
from battlewheel.engine.rulesets.poolward.demo import demo_fight
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget, parse_dice_text
from battlewheel.views.rulesets.poolward.base_dice import SidedDice, dice_entry, set_pool
from battlewheel.views.rulings_dialog import RulingsDialog


def test_typed_faces_of_a_d12_are_kept_with_their_die() -> None:
    """'12 3 7' on a d12 are the faces 12, 3 and 7 of a d12."""
    entry = parse_dice_text("12 3 7", pool=3, double_tens=False, sides=12)
    assert entry == DiceEntry.of_faces((12, 3, 7), sides=12)


@pytest.mark.parametrize(("text", "sides"), [("13 1", 12), ("21 4", 20), ("101 50", 100),
                                             ("11 2", 10)])
def test_a_typed_face_off_the_die_is_refused_by_name(text: str, sides: int) -> None:
    """A face above the die's sides is refused, naming the die and its faces."""
    with pytest.raises(DiceEntryError, match=f"a d{sides} face must be a whole number "
                                             f"1-{sides}"):
        parse_dice_text(text, pool=2, double_tens=False, sides=sides)


def test_a_0_is_the_top_face_only_on_dice_that_print_it() -> None:
    """A d10 prints 0 for ten and a d100 00 for a hundred; a d12 has no 0."""
    assert parse_dice_text("0 50", pool=2, sides=100).faces == (100, 50)
    assert parse_dice_text("0 5", pool=2).faces == (10, 5)
    with pytest.raises(DiceEntryError, match="a d12 face"):
        parse_dice_text("0 5", pool=2, sides=12)


def test_the_widget_reads_typed_d20_faces_against_the_ruling(qtbot: QtBot) -> None:
    """Pool & Ward under a custom d20 at 15+: '20 15 14' shows two successes, and '21 1 1'
    is refused under the field."""
    options = PoolWardOptions(dice="custom", custom_sides=20, custom_target=15)
    widget = dice_entry("Attack", options, None)  # type: ignore[arg-type]
    qtbot.addWidget(widget)
    set_pool(widget, 3, options)
    widget.set_typed("20 15 14")
    assert widget.entry() == DiceEntry.of_faces((20, 15, 14), sides=20)
    assert "2 successes" in widget.result_label.text()
    widget.set_typed("21 1 1")
    assert widget.entry() is None
    assert "a d20 face" in widget.error()


def test_rolling_a_d100_draws_faces_of_a_d100(qtbot: QtBot) -> None:
    """Roll for me under a d100 gives an entry of d100 faces, some above 10."""
    widget = DiceEntryWidget("Attack", face_source=SidedDice(100, random.Random(5)))
    qtbot.addWidget(widget)
    widget.set_pool(12, target=91, double_tens=False, sides=100)
    widget.roll_now()
    entry = widget.entry()
    assert entry is not None and entry.sides == 100 and entry.faces is not None
    assert len(entry.faces) == 12 and max(entry.faces) > 10
    assert all(1 <= face <= 100 for face in entry.faces)


def test_the_rulings_dialog_offers_dice_up_to_a_d100(qtbot: QtBot) -> None:
    """Combat > Rulings: the custom die's sides and target go up to 100, and a d20 at 15+
    set there becomes the combat's ruling."""
    model = CombatModel(demo_fight())
    dialog = RulingsDialog(model)
    qtbot.addWidget(dialog)
    sides, target = dialog.editors["custom_sides"], dialog.editors["custom_target"]
    assert isinstance(sides, QSpinBox) and isinstance(target, QSpinBox)
    assert sides.maximum() == 100 and target.maximum() == 100
    dialog.change("dice", "custom")
    dialog.change("custom_sides", 20)
    dialog.change("custom_target", 15)
    options = model.state.options
    assert (options.dice, options.custom_sides, options.custom_target) == ("custom", 20, 15)
