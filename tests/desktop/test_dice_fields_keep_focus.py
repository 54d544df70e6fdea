"""Issue 35: no dice field may lose focus while it is typed in (3e's Clash damage box kept
only the first key: every edit hid and showed the field again).

A sweep over every system found (``tests.conformance.SYSTEMS``): its demo fight is walked by the
system's autopilot thirty steps, and at each step every dialog its Combat menu and its
sheets name that has not been tried yet with that fighter acting is opened; in each,
every dice field on show (``views/dialogs/dice_entry.py``, the widget all systems share)
is typed into key by key, several dice, and must keep the focus and take the whole text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.core import forecast as fc
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.dialogs.dice_entry import DiceEntryWidget
from battlewheel.views.rulesets import NoDialog, build_dialog
from tests.conformance import demo_session, piece
from tests.engine.forecast_fights import SYSTEMS  # its walk takes the autopilot's steps

Shown = Callable[[QWidget], QWidget]
STEPS = 30  # autopilot steps walked from the demo's start (set-up, the first turns)
FACES = "7 3 10 1 5 2"  # six dice, typed a key at a time (spaces too)


def _named_dialogs(model: CombatModel) -> Iterator[tuple[str, str | None]]:
    """(dialog, subject) of every menu entry offered now and of every fighter's sheet."""
    ruleset, state = model.session.ruleset, model.state
    for entry in ruleset.turn_actions(state):
        if entry.dialog and not entry.why_not:
            yield entry.dialog, None
    for cid in model.combatant_ids():
        edit = ruleset.sheet(state, cid).edit_dialog
        if edit:
            yield edit, cid


def _faces_for(row: DiceEntryWidget) -> str:
    """A face for each die of the row's pool (so the entry is good and any row it opens
    shows), or six faces where the pool is not known yet."""
    pool = row.pool()
    return " ".join(FACES.split()[i % 6] for i in range(pool)) if pool >= 2 else FACES


def _type_into(qtbot: QtBot, dialog: QDialog, row: DiceEntryWidget) -> None:
    text = _faces_for(row)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    row.focus_entry()
    for key in text:
        assert QApplication.focusWidget() is row.typed, (dialog.windowTitle(), key)
        qtbot.keyClicks(row.typed, key)
    assert QApplication.focusWidget() is row.typed, dialog.windowTitle()
    assert row.typed.text() == text, dialog.windowTitle()


def _type_every_field(qtbot: QtBot, dialog: QDialog) -> int:
    """Type into each dice field on show, then into those the entries brought on show."""
    done: set[int] = set()
    while rows := [row for row in _fields_on_show(dialog) if id(row) not in done]:
        for row in rows:
            done.add(id(row))
            _type_into(qtbot, dialog, row)
    return len(done)


def _fields_on_show(dialog: QDialog) -> list[DiceEntryWidget]:
    return [row for row in dialog.findChildren(DiceEntryWidget)
            if row.typed.isVisibleTo(dialog) and row.typed.isEnabled()]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_dice_field_keeps_the_focus_while_several_dice_are_typed(
        system: str, qtbot: QtBot, shown: Shown) -> None:
    session = demo_session(system)
    piece(system, "on_the_wheel")(session)
    model = CombatModel(session)
    parent = shown(QWidget())
    rng, tried, typed = fc.playout_random("dice fields", 0), set(), 0
    for _ in range(STEPS):
        actor = tuple(model.session.ruleset.acting(model.state))
        for name, subject in _named_dialogs(model):
            if (name, subject, actor) in tried:  # each dialog once for each fighter acting
                continue
            tried.add((name, subject, actor))
            try:
                dialog = build_dialog(parent, model, name, subject)
            except NoDialog:
                continue
            if dialog is None:
                continue
            shown(dialog)
            typed += _type_every_field(qtbot, dialog)
            dialog.reject()
        ruleset = model.session.ruleset
        chosen = fc.first_legal(ruleset, model.state,
                                ruleset.autopilot_candidates(model.state, rng, {}))
        if chosen is None or ruleset.outcome(model.state).over:
            break
        assert model.push(chosen[0]) is None
    print(f"{system}: {typed} dice fields typed in {len(tried)} dialogs")
    assert typed >= 1, f"{system}: no dice field found in {sorted(map(str, tried))}"
