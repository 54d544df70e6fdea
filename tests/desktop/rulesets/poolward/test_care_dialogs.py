"""Healing, Backlash, sleep and rest, and the GM's conditions from the sheet's button."""

from __future__ import annotations

from battlewheel.engine.rulesets.poolward import EndFight, SetTrack
from battlewheel.views.rulesets.poolward.gm_dialogs import (
    REST,
    BacklashDialog,
    ConditionsDialog,
    HealDialog,
    RecoveryDialog,
)
from battlewheel.views.sheets.sheet_dock import CharacterSheetDock
from tests.desktop.showing import Shown

from .conftest import started_model


def test_lethal_healing_fills_health_then_two_vigor_a_point(shown: Shown) -> None:
    """Edward at Health 4, Vigor 2: 2 points heal 1 Health, then 2 Vigor."""
    model = started_model()
    assert model.push(SetTrack("edward", "health", 4)) is None
    assert model.push(SetTrack("edward", "vigor", 2)) is None
    dialog = shown(HealDialog(model, "edward"))
    dialog.points.setValue(2)
    assert dialog.preview_label.text() == (
        "Edward Sumner: Health 4/5, Vigor 2/4 → Health 5/5, Vigor 4/4")
    dialog.accept()
    edward = model.state.fighters["edward"]
    assert (edward.health, edward.vigor) == (5, 4)


def test_healing_an_unhurt_fighter_is_refused_in_words(shown: Shown) -> None:
    """Nothing to restore: Apply stays greyed and the reason is shown."""
    dialog = shown(HealDialog(started_model(), "edward"))
    assert "has nothing for healing to restore" in dialog.refusal()
    assert not dialog.apply_button.isEnabled()


def test_backlash_is_kept_apart_on_the_sheet(shown: Shown) -> None:
    """2 non-lethal Backlash marks Vigor with B, which only natural recovery heals."""
    model = started_model()
    dialog = shown(BacklashDialog(model, "edward"))
    dialog.amount.setValue(2)
    dialog.accept()
    edward = model.state.fighters["edward"]
    assert (edward.vigor, edward.backlash_vigor) == (2, 2)
    vigor = model.session.ruleset.sheet(model.state, "edward").track("vigor")
    assert vigor is not None and vigor.marks == "BB.."


def test_sleep_is_out_of_combat_and_medicine_doubles_it(shown: Shown) -> None:
    """In the fight, sleep is refused; once it ends, a Medicine success heals 2 Health."""
    model = started_model()
    assert model.push(SetTrack("edward", "health", 1)) is None
    during = shown(RecoveryDialog(model, "edward"))
    assert "recovery is out of combat" in during.refusal()
    assert model.push(EndFight()) is None
    dialog = shown(RecoveryDialog(model, "edward"))
    dialog.tended.setChecked(True)
    dialog.medicine_pool.setValue(4)
    assert not dialog.apply_button.isEnabled()  # Medicine not rolled yet
    dialog.medicine.set_typed("1")
    assert dialog.preview_label.text().endswith("→ Health 3/5, Vigor 4/4")
    dialog.accept()
    assert model.state.fighters["edward"].health == 3


def test_rest_gives_a_vigor_point_per_quarter_hour(shown: Shown) -> None:
    """Vigor 1 after an hour's rest (4 quarters) is full again, 4."""
    model = started_model()
    assert model.push(SetTrack("edward", "vigor", 1)) is None
    assert model.push(EndFight()) is None
    dialog = shown(RecoveryDialog(model, "edward"))
    dialog.kind.setCurrentIndex(dialog.kind.findData(REST))
    dialog.quarters.setValue(4)
    dialog.accept()
    assert model.state.fighters["edward"].vigor == 4


def test_the_sheet_button_opens_the_conditions(shown: Shown) -> None:
    """Caught unaware: Edward is flat-footed and has no Dodge until the GM clears it."""
    model = started_model()
    dock = shown(CharacterSheetDock(model, "edward"))
    assert dock.sheet.override_button.isVisibleTo(dock)
    dialog = dock.open_override()
    assert isinstance(dialog, ConditionsDialog)
    assert not dialog.apply_button.isEnabled() and dialog.refusal() == "Tick or clear a condition."
    dialog.flat_footed.setChecked(True)
    dialog.accept()
    edward = model.state.fighters["edward"]
    assert edward.flat_footed and edward.dodge_now == 0
    assert "flat-footed" in dock.sheet.status_label.text()


def test_lethal_healing_opens_on_a_wounded_ally_not_the_unhurt_healer(shown: Shown) -> None:
    """Cutthroat 1 heals: unhurt, the dialog opens on Cutthroat 2 (Health 1 of 3), the
    most hurt of his side; a wounded healer still opens on himself."""
    model = started_model()
    assert model.push(SetTrack("cutthroat2", "health", 1)) is None
    dialog = shown(HealDialog(model, "cutthroat1"))
    assert dialog.subject() == "cutthroat2"
    assert model.push(SetTrack("cutthroat1", "health", 2)) is None
    again = shown(HealDialog(model, "cutthroat1"))
    assert again.subject() == "cutthroat1"
