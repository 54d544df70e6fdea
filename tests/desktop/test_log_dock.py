"""The combat log dock: each sentence with its consequences beneath, sized, banded, copyable.

The worked case is Tepet Ejava's lone sword attack on the bandit (see test_tick_flow):
6 successes typed against his parry hit; 3 damage levels typed at the tick's end plus
the attack's 2 make 5 lethal, which fill the mortal's first five boxes (-0 -1 -1 -2 -2),
so his wound penalty is -2; Ejava's Speed 5 sword moves her on from tick 1 to tick 6.
"""

import pytest
from PySide6.QtCore import QModelIndex, QPoint, QStringListModel, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QTreeView
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.rewrite.actions import (
    ApplyTickEffects,
    DamageRoll,
    DeclareFlurry,
    MoveCounter,
    NextTick,
    RollJoinBattle,
)
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.log_model import CombatLogModel
from battlewheel.storage.demo_campaign import load_demo_campaign
from battlewheel.views.log_dock import LogDock, muted
from tests.desktop.d2_combatants import SWORD_AT_BANDIT, ejava_attacks, first_tick_model
from tests.desktop.started_combat import started_session
from tests.engine.counting import calls_of

SHORT = "Next tick."
MEDIUM = "Bo's counter moves on to tick 6."
LONG = " ".join(["Bandit Chief's great sword strikes Red Lotus Dancer for three lethal"] * 3)
HUGE = " ".join(["Ashen Vessel's spear flurry continues against Tamsin of the Reeds"] * 20)
HIT = "Tepet Ejava's Straight sword hits Bandit"
TAKEN = "Bandit takes 5 lethal from Tepet Ejava: now XXXXX.... (-2)."
MOVED = "Tepet Ejava's counter moves on to tick 6 (Speed 5)."


def _hit_and_effects(combat: CombatModel) -> None:
    """Ejava's sword attack, then the tick's effects with 3 damage levels typed."""
    ejava_attacks(combat)
    roll = DamageRoll("ejava", "bandit", lethal=DiceEntry.of_successes(3))
    assert combat.push(ApplyTickEffects((roll,))) is None


def _shown(qtbot: QtBot, dock: LogDock, height: int = 600) -> LogDock:
    qtbot.addWidget(dock)
    dock.resize(320, height)
    dock.show()
    qtbot.waitExposed(dock)
    return dock


def _dock(qtbot: QtBot, sentences: list[str]) -> LogDock:
    dock = _shown(qtbot, LogDock(CombatLogModel(CombatModel(started_session()))))
    dock.view.setModel(QStringListModel(sentences, dock))
    return dock


def _heights(dock: LogDock) -> list[int]:
    model = dock.view.model()
    return [dock.view.visualRect(model.index(row, 0)).height() for row in range(model.rowCount())]


def test_a_long_sentence_gets_a_taller_row_than_a_short_one(qtbot: QtBot) -> None:
    """A sentence wrapped over several lines is shown whole; a short one keeps one line."""
    dock = _dock(qtbot, [SHORT, LONG])
    line = dock.view.fontMetrics().lineSpacing()
    short, long = _heights(dock)
    assert short < 2 * line
    assert long >= 3 * line


def test_a_narrower_dock_rewraps_its_rows_and_keeps_the_newest_in_view(qtbot: QtBot) -> None:
    """Halving the dock's width wraps a one-line sentence onto more lines; the last row shows."""
    dock = _dock(qtbot, [MEDIUM] * 30)
    line = dock.view.fontMetrics().lineSpacing()
    assert _heights(dock)[0] < 2 * line
    before = _heights(dock)[0]
    dock.view.scrollToBottom()
    dock.resize(160, 600)
    qtbot.waitUntil(lambda: _heights(dock)[0] > before)
    scroll = dock.view.verticalScrollBar()
    assert scroll.value() == scroll.maximum()


def test_a_very_long_sentence_stops_at_four_lines_and_keeps_its_tooltip(
    qtbot: QtBot,
) -> None:
    """Twenty clauses: the row is four lines tall; the whole sentence is its tooltip."""
    dock = _dock(qtbot, [HUGE])
    line = dock.view.fontMetrics().lineSpacing()
    (height,) = _heights(dock)
    assert 4 * line <= height < 5 * line
    real = CombatLogModel(CombatModel(started_session()))
    last = real.index(real.rowCount() - 1, 0)
    assert real.data(last, Qt.ItemDataRole.ToolTipRole).endswith(real.data(last))


def test_an_attack_shows_its_hit_and_the_effects_show_the_damage_and_counter() -> None:
    """Under the attack: the hit; under the tick's effects: 5 lethal (-2) and tick 6."""
    combat = first_tick_model()
    model = CombatLogModel(combat)
    _hit_and_effects(combat)
    attack, effects = model.rowCount() - 2, model.rowCount() - 1
    assert model.index(attack, 0).data() == combat.session.log[-2].sentence
    (hit,) = model.details(attack)
    assert hit.startswith(HIT)
    assert model.details(effects) == (TAKEN, MOVED)
    assert model.index(0, 0, model.index(effects, 0)).data() == TAKEN
    tip = model.index(effects, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.splitlines()[1:] == [TAKEN, MOVED]


def test_lines_that_only_repeat_the_sentence_are_left_out() -> None:
    """Joining, a flurry, a next tick naming who acts and a GM's move have no details."""
    combat = first_tick_model()
    model = CombatLogModel(combat)
    assert combat.push(DeclareFlurry("ejava", (SWORD_AT_BANDIT,))) is None
    assert combat.push(MoveCounter(combatant="bandit", segment=2)) is None
    kinds = [entry.action.kind for entry in combat.session.log]
    every = ("add_combatant", "roll_join_battle", "next_tick", "declare_flurry", "move_counter")
    for kind in every:
        assert model.details(kinds.index(kind)) == (), kind
    # The start's event adds a clause after the sentence: only the clause is a detail.
    assert model.details(kinds.index("start")) == ("Reaction Count 3.",)


def test_a_join_battle_roll_says_its_faces_once() -> None:
    """The sentence gives the successes and the faces rolled or typed; the roll's event,
    which words the faces again, is no line beneath it."""
    session = next(combat.session for combat in load_demo_campaign().combats
                   if combat.session.ruleset.name == "2e-rewrite")
    combat = CombatModel(session)
    model = CombatLogModel(combat)
    kestrel = next(iter(session.state.combatants))  # Wits 3 + Awareness 3: six dice
    assert combat.push(RollJoinBattle(kestrel, DiceEntry(faces=(7, 9, 1, 2, 3, 10)))) is None
    assert "7 9 1 2 3 10" in session.log[-1].sentence
    assert model.details(model.rowCount() - 1) == ()


def test_undo_removes_the_entry_with_its_details_and_redo_brings_them_back(
    qtbot: QtBot,
) -> None:
    """One top-level row goes on undo (its two details with it) and returns on redo."""
    combat = first_tick_model()
    model = CombatLogModel(combat)
    _hit_and_effects(combat)
    rows = model.rowCount()
    with qtbot.waitSignal(model.rowsRemoved) as removed:
        combat.undo_stack.undo()
    parent, first, last = removed.args
    assert (parent.isValid(), first, last) == (False, rows - 1, rows - 1)
    assert model.rowCount() == rows - 1
    with qtbot.waitSignal(model.rowsInserted):
        combat.undo_stack.redo()
    assert model.details(rows - 1) == (TAKEN, MOVED)


def test_the_dock_shows_details_open_and_indented_under_their_sentence(qtbot: QtBot) -> None:
    """The damage line sits below the effects sentence, one indentation further right."""
    combat = first_tick_model()
    dock = _shown(qtbot, LogDock(CombatLogModel(combat)))
    _hit_and_effects(combat)
    model, view = dock.model, dock.view
    entry = model.index(model.rowCount() - 1, 0)
    detail = model.index(0, 0, entry)
    assert view.isExpanded(entry)
    above, below = view.visualRect(entry), view.visualRect(detail)
    assert below.top() >= above.bottom()
    assert below.left() >= above.left() + view.indentation()


def _darkest(dock: LogDock, index: QModelIndex) -> int:
    """The darkest grey drawn in a row: its text's colour (antialiasing only lightens)."""
    image = dock.view.viewport().grab().toImage()
    rect = dock.view.visualRect(index)
    return min(
        image.pixelColor(x, y).lightness()
        for x in range(rect.left(), rect.right())
        for y in range(rect.top(), rect.bottom())
    )


def test_details_are_drawn_muted_and_sentences_in_the_text_colour(qtbot: QtBot) -> None:
    """Black text on white: the sentence is drawn black, its damage line a third grey (85)."""
    combat = first_tick_model()
    dock = _shown(qtbot, LogDock(CombatLogModel(combat)))
    palette = dock.view.palette()
    for role, colour in (
        (QPalette.ColorRole.Text, Qt.GlobalColor.black),
        (QPalette.ColorRole.Base, Qt.GlobalColor.white),
        (QPalette.ColorRole.AlternateBase, Qt.GlobalColor.white),
    ):
        palette.setColor(role, colour)
    dock.view.setPalette(palette)
    _hit_and_effects(combat)
    entry = dock.model.index(dock.model.rowCount() - 1, 0)
    assert muted(palette).lightness() == 85
    assert _darkest(dock, entry) < 20
    assert 80 <= _darkest(dock, dock.model.index(0, 0, entry)) <= 90


def test_every_other_entry_is_banded_with_its_details(qtbot: QtBot) -> None:
    """The odd entry's detail row is on the alternate base colour, indentation included."""
    combat = first_tick_model()
    dock = _shown(qtbot, LogDock(CombatLogModel(combat)))
    palette = dock.view.palette()
    palette.setColor(QPalette.ColorRole.Base, Qt.GlobalColor.white)
    palette.setColor(QPalette.ColorRole.AlternateBase, Qt.GlobalColor.yellow)
    dock.view.setPalette(palette)
    _hit_and_effects(combat)
    model = dock.model
    banded = [row for row in range(model.rowCount()) if row % 2 and model.details(row)]
    plain = [row for row in range(model.rowCount()) if not row % 2 and model.details(row)]
    assert banded and plain
    image = dock.view.viewport().grab().toImage()
    for row, colour in ((banded[-1], Qt.GlobalColor.yellow), (plain[-1], Qt.GlobalColor.white)):
        rect = dock.view.visualRect(model.index(0, 0, model.index(row, 0)))
        assert rect.isValid()
        pixel = image.pixelColor(QPoint(2, rect.center().y()))
        assert pixel == colour, (row, pixel.name())


def test_the_log_follows_the_newest_entry(qtbot: QtBot) -> None:
    """In a short dock, each new entry scrolls the view to the bottom."""
    combat = first_tick_model()
    dock = _shown(qtbot, LogDock(CombatLogModel(combat)), height=120)
    scroll = dock.view.verticalScrollBar()
    _hit_and_effects(combat)
    assert combat.push(NextTick()) is None
    qtbot.waitUntil(lambda: scroll.maximum() > 0)
    assert scroll.value() == scroll.maximum()
    last = dock.model.index(dock.model.rowCount() - 1, 0)
    assert dock.view.viewport().rect().intersects(dock.view.visualRect(last))


def test_ctrl_c_copies_the_selected_lines_with_details_indented(qtbot: QtBot) -> None:
    """Selecting the effects entry and its damage line copies both, the detail indented."""
    combat = first_tick_model()
    dock = _shown(qtbot, LogDock(CombatLogModel(combat)))
    _hit_and_effects(combat)
    model, view = dock.model, dock.view
    entry = model.index(model.rowCount() - 1, 0)
    selection = view.selectionModel()
    selection.select(model.index(0, 0, entry), selection.SelectionFlag.Select)
    selection.select(entry, selection.SelectionFlag.Select)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    sentence = combat.session.log[-1].sentence
    assert QGuiApplication.clipboard().text() == f"{sentence}\n  {TAKEN}"


def test_copy_log_in_the_context_menu_copies_every_entry_and_detail(qtbot: QtBot) -> None:
    """The menu's "Copy log" puts each sentence on a line with its details indented below."""
    combat = first_tick_model()
    dock = _shown(qtbot, LogDock(CombatLogModel(combat)))
    _hit_and_effects(combat)
    names = [action.text().replace("&", "") for action in dock.view.actions()]
    assert "Copy log" in names
    dock.view.actions()[names.index("Copy log")].trigger()
    lines = QGuiApplication.clipboard().text().splitlines()
    model = dock.model
    assert len(lines) == sum(1 + len(model.details(row)) for row in range(model.rowCount()))
    assert lines[0] == combat.session.log[0].sentence
    assert lines[-3:] == [combat.session.log[-1].sentence, "  " + TAKEN, "  " + MOVED]
    assert lines.count("  " + TAKEN) == 1


def test_a_step_makes_only_its_own_entry_and_painting_reads_no_python(qtbot: QtBot) -> None:
    """Three steps and an undo: each new entry is made into Qt items once, the undo makes
    none; the model answers Qt from its own items (no ``data`` of ours per line)."""
    combat = first_tick_model()
    dock = _shown(qtbot, LogDock(CombatLogModel(combat)))
    model = dock.model
    made = model.entries_made
    _hit_and_effects(combat)
    assert model.entries_made == made + 3
    combat.undo_stack.undo()
    assert model.entries_made == made + 3
    dock.view.viewport().grab()
    assert not {"data", "index", "parent", "rowCount"} & set(vars(type(model)))


def test_a_new_entry_lays_out_only_its_own_rows_and_the_others_look_the_same(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full log: a step appends one line, the view scrolls and Qt repaints every row;
    only the new line is laid out and drawn afresh, the others are copied as drawn, and
    a copied row looks exactly as one drawn afresh."""
    combat = first_tick_model()
    dock = _shown(qtbot, LogDock(CombatLogModel(combat)), height=260)
    for segment in (2, 3, 4, 5, 2, 3, 4, 5):  # the GM moves the bandit's counter about
        assert combat.push(MoveCounter(combatant="bandit", segment=segment)) is None
    QApplication.processEvents()  # laid out, scrolled and painted: the window at rest
    drawn = calls_of(monkeypatch, QTreeView, "drawRow")
    assert combat.push(MoveCounter(combatant="bandit", segment=6)) is None
    QApplication.processEvents()
    afresh = len(drawn)
    image = dock.view.viewport().grab().toImage()
    assert afresh == 1  # the new line
    dock.view._drawn.clear()
    assert dock.view.viewport().grab().toImage() == image  # every row drawn afresh
    assert len(drawn) - afresh >= 4  # (every row on screen: at least four)
