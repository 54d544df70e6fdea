"""Issue 35: Combat > Range bands… sets one band between a fighter and several others, as
one undo step (the GM edits set one pair at a time)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from battlewheel.engine.rulesets.impulse.actions import SetRange
from battlewheel.engine.rulesets.impulse.rules import BANDS
from battlewheel.views.rulesets import build_dialog
from battlewheel.views.rulesets.impulse.gm_dialogs import RangeBandsDialog
from tests.desktop.rulesets.impulse.fight import set_up_model, started_model
from tests.desktop.showing import Shown


def _band(model: object, a: str, b: str) -> str:
    return BANDS[model.state.band(a, b)]  # type: ignore[attr-defined]


def test_the_menu_names_it_with_its_key_before_and_during_the_fight() -> None:
    for model in (set_up_model(), started_model()):
        entry = next(e for e in model.session.ruleset.turn_actions(model.state)
                     if e.key == "range_bands")
        assert (entry.dialog, entry.shortcut, entry.why_not) == (
            "impulse_ranges", "Ctrl+Shift+B", "")


def test_the_fighter_s_foes_come_ticked_and_the_band_sets_them_all_as_one_step(
        shown: Shown) -> None:
    """The Bandit Archer (chosen as the subject): Jade and Reed ticked, the Chief not;
    medium sets both pairs, one undo takes both back."""
    model = started_model()
    dialog = build_dialog(shown(QWidget()), model, "impulse_ranges", "archer")
    assert isinstance(dialog, RangeBandsDialog)
    shown(dialog)
    assert dialog.subject() == "archer"
    assert {cid: t.isChecked() for cid, t in dialog.ticks.items()} == {
        "jade": True, "reed": True, "chief": False}
    for cid in ("jade", "reed"):  # the demo puts the archer at medium: bring them to short
        assert model.push(SetRange("archer", cid, "short")) is None
    dialog = shown(RangeBandsDialog(model, "archer"))
    dialog.band.setCurrentText("long")
    steps = len(model.session.log)
    dialog.accept()
    assert (_band(model, "archer", "jade"), _band(model, "archer", "reed")) == ("long", "long")
    assert _band(model, "archer", "chief") == "short"
    assert len(model.session.log) == steps + 2
    model.undo_stack.undo()
    assert (_band(model, "archer", "jade"), _band(model, "archer", "reed")) == ("short", "short")


def test_another_fighter_ticks_its_own_foes_and_nothing_to_change_is_said(
        shown: Shown) -> None:
    model = started_model()  # Jade acts: she is the fighter at first
    dialog = shown(RangeBandsDialog(model))
    assert isinstance(dialog, RangeBandsDialog) and dialog.subject() == "jade"
    assert {cid for cid, t in dialog.ticks.items() if t.isChecked()} == {"chief", "archer"}
    dialog.fighter.setCurrentIndex(dialog.fighter.findData("chief"))
    assert {cid for cid, t in dialog.ticks.items() if t.isChecked()} == {"jade", "reed"}
    dialog.band.setCurrentText("short")  # the Chief is at short of both heroes already
    assert "already" in dialog.refusal()
    for tick in dialog.ticks.values():
        tick.setChecked(False)
    assert "Tick" in dialog.refusal()
    steps = len(model.session.log)
    dialog.accept()
    assert len(model.session.log) == steps  # nothing applied
