"""GM overrides from the sheet: set with a reason, shown with a dagger, undone in one step."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from battlewheel.views.rulesets.rewrite.gm_dialogs import OverrideDialog, override_choices
from battlewheel.views.sheets.sheet_dock import CharacterSheetDock
from tests.desktop.d2_combatants import bandit, ejava, model_with

Shown = Callable[[QWidget], QWidget]


def _dock(shown: Shown) -> CharacterSheetDock:
    model = model_with(("ejava", ejava(), "enemy"), ("bandit", bandit(), "ally"))
    dock = shown(CharacterSheetDock(model, "ejava"))
    assert isinstance(dock, CharacterSheetDock)
    return dock


def _defence(dock: CharacterSheetDock, label: str) -> tuple[str, str]:
    info = dock.sheet.info()
    assert info is not None
    found = next(value for value in info.values("Defences (current)") if value.label == label)
    return found.text, found.note


def _override(dock: CharacterSheetDock, key: str, value: int, reason: str) -> None:
    dialog = dock.open_override()
    assert isinstance(dialog, OverrideDialog)
    dialog.choose(key)
    dialog.value.setValue(value)
    dialog.reason.setText(reason)
    dialog.accept()


def test_the_choices_show_each_value_as_computed() -> None:
    """Ejava: Dodge 6, sword parry 6, lethal soak 1 + 5 armour = 6, SDV (3 + 2 + 2) / 2 up = 4."""
    model = model_with(("ejava", ejava(), "enemy"))
    who = model.combatant("ejava")
    assert who is not None
    current = {choice.key: choice.current for choice in override_choices(who)}
    assert current["dodge_dv"] == 6
    assert current["parry_dv:Straight sword"] == 6
    assert current["soak:lethal"] == 6
    assert current["surprise_detection_value"] == 4
    assert not any(choice.overridden for choice in override_choices(who))


def test_an_override_shows_its_dagger_and_reason_and_undoes(shown: Shown) -> None:
    """Parry 8 for a blessed blade shows 8† with the reason and the computed 6; undo: 6."""
    dock = _dock(shown)
    _override(dock, "parry_dv:Straight sword", 8, "blessed blade")
    text, note = _defence(dock, "Parry (Straight sword)")
    assert text == "8†"
    assert note == "GM: blessed blade; the rules give 6"
    dock.model.undo_stack.undo()
    assert _defence(dock, "Parry (Straight sword)") == ("6", "")


def test_an_override_without_a_reason_is_refused_and_changes_nothing(shown: Shown) -> None:
    """The engine wants a reason the sheet can show; the refusal is reported."""
    dock = _dock(shown)
    refusals: list[str] = []
    dock.model.refused.connect(refusals.append)
    _override(dock, "dodge_dv", 9, "   ")
    assert refusals and "reason" in refusals[0]
    assert _defence(dock, "Dodge DV")[0] == "6"
    assert dock.model.undo_stack.count() == 0


def test_clearing_an_override_restores_the_computed_value(shown: Shown) -> None:
    """A motes pool set to 20 shows 13 / 20†; Clear puts back 13 / 13."""
    dock = _dock(shown)
    _override(dock, "personal_motes_pool", 20, "Essence-bearing gem")
    row = dock.sheet.section_box("Pools").rows["personal"]  # type: ignore[union-attr]
    assert row.value.text() == "13 / 20†"
    dialog = dock.open_override()
    assert isinstance(dialog, OverrideDialog)
    dialog.choose("personal_motes_pool")
    assert dialog.clear_button.isEnabled()
    dialog.clear_button.click()
    assert row.value.text() == "13 / 13"
