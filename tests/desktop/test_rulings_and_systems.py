"""Combat > Rulings and File > New combat's systems, in the real window."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel

from battlewheel.engine.core.contract import RulesetInfo
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.rulesets import systems
from battlewheel.views import combats_menu
from battlewheel.views.combats_menu import NewCombatDialog
from battlewheel.views.main_window import MainWindow
from battlewheel.views.rulings_dialog import RulingsDialog


def test_rulings_lists_every_option_with_its_meaning_default_and_value(
    first_start: MainWindow,
) -> None:
    """Each 2e ruling appears with its description; the editors show the combat's values."""
    dialog = first_start.show_rulings()
    assert isinstance(dialog, RulingsDialog)
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    for spec in get_ruleset("2e-rewrite").options_type.specs():
        assert spec.label in texts and spec.description in texts
    floor = dialog.editors["essence_floor"]
    assert isinstance(floor, QComboBox) and floor.currentData() == "floor"
    dialog.close()


def test_a_ruling_changed_in_the_dialog_is_one_logged_undoable_step(
    first_start: MainWindow,
) -> None:
    """Unticking wound penalties on DVs logs the change; Ctrl+Z ticks it again."""
    combat = first_start.combat
    before = combat.state.options.wound_penalty_on_dv
    dialog = first_start.show_rulings()
    box = dialog.editors["wound_penalty_on_dv"]
    assert isinstance(box, QCheckBox) and box.isChecked() == before
    box.setChecked(not before)
    assert combat.state.options.wound_penalty_on_dv is (not before)
    assert combat.session.log[-1].action.kind == "change_ruling"
    assert combat.undo_stack.undoText().startswith("GM changes the ruling wound penalty on dv")
    first_start.actions_by_name["undo"].trigger()
    assert combat.state.options.wound_penalty_on_dv is before
    assert box.isChecked() == before
    dialog.close()


def test_new_combat_offers_every_system_and_the_current_one_first(
    first_start: MainWindow,
) -> None:
    """Every system found is listed, enabled where it is playable; the combat on screen's
    system is the one chosen to begin with."""
    dialog = NewCombatDialog("Demo", "Combat 2", "impulse", first_start)
    model = dialog.system.model()
    assert isinstance(model, QStandardItemModel)
    rows = {dialog.system.itemData(i): model.item(i).isEnabled()
            for i in range(dialog.system.count())}
    # Every system found, each offered as its declaration says (the shipped four playable:
    # tests/engine/test_system_declarations.py).
    assert rows == {system.name: system.available for system in systems()}
    assert dialog.ruleset() == "impulse"
    dialog.close()


def test_a_system_not_built_yet_is_listed_greyed_with_its_reason(
    first_start: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A system whose dialogs are still to come is shown, not offered."""
    coming = RulesetInfo("5e", "Exalted Essence", "no seed", False, "not available yet")
    monkeypatch.setattr(combats_menu, "systems", lambda: (*systems(), coming))
    dialog = NewCombatDialog("Demo", "Combat 2", "2e-rewrite", first_start)
    model = dialog.system.model()
    assert isinstance(model, QStandardItemModel)
    last = dialog.system.count() - 1
    assert dialog.system.itemData(last) == "5e" and not model.item(last).isEnabled()
    assert "not available yet" in dialog.system.itemText(last)
    assert dialog.ruleset() == "2e-rewrite"
    dialog.close()
