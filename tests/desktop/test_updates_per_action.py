"""One action, one redraw of what it changed: the wheel, the combatants table, the sheets.

Counts, not timings: after a step the GM takes, each view is told once, the table
reports only the rows whose cells differ, the wheel gives a new look only to the
counters whose values differ, and a sheet draws at most once (none when its sheet is
as it was). What "changed" means is worked out here from the engine's own values
before and after, not taken from the views.
"""

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import (
    ApplyTickEffects,
    DeclaredManoeuvre,
    DeclareFlurry,
    MoveCounter,
    NextTick,
    SpendWillpower,
)
from battlewheel.models.combat_model import CombatModel
from battlewheel.models.combatants_model import ID_ROLE, CombatantsModel
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.sheets.sheet_dock import CharacterSheetDock
from tests.desktop.started_combat import started_session

EXAMPLES = sorted((Path(__file__).parents[2] / "resources" / "examples").glob("*.json"))


@pytest.fixture
def window(qtbot: QtBot, qapp: QApplication, tmp_path: Path) -> Iterator[MainWindow]:
    """The started combat in the real window, every sheet built and the queue drained."""
    shown = MainWindow(CombatModel(started_session()),
                       settings=prefs.open_settings(tmp_path / "settings.ini"))
    qtbot.addWidget(shown)
    shown.resize(1366, 768)
    with qtbot.waitSignal(shown.firstPainted):
        shown.show()
    qtbot.wait(20)
    yield shown
    shown.combat.undo_stack.setClean()


class Counts:
    """What the views did during one step, and what the engine says changed in it."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        combat = window.combat
        self.signals: dict[str, int] = {"combatantsChanged": 0, "wheelChanged": 0,
                                        "table": 0, "set_wheel": 0}
        combat.combatantsChanged.connect(lambda _ids: self._count("combatantsChanged"))
        combat.wheelChanged.connect(lambda: self._count("wheelChanged"))
        self.table_rows: list[int] = []
        window.combatants_model.dataChanged.connect(self._table_changed)
        scene = window.scene
        drawn = scene.set_wheel

        def counted(wheel: Any) -> None:
            self._count("set_wheel")
            drawn(wheel)

        scene.set_wheel = counted  # type: ignore[method-assign]

    def _count(self, name: str) -> None:
        self.signals[name] += 1

    def _table_changed(self, first: Any, last: Any, *_roles: Any) -> None:
        self._count("table")
        self.table_rows.extend(range(first.row(), last.row() + 1))

    def step(self, qtbot: QtBot, act: Callable[[], object]) -> None:
        """Take one step, drain Qt's queue, and keep what changed and what was redrawn."""
        window, combat = self.window, self.window.combat
        qtbot.wait(1)  # what earlier steps left queued is not this step's
        ruleset = combat.session.ruleset
        before = combat.state
        self.rows = {cid: ruleset.roster_cells(before, cid) for cid in combat.combatant_ids()}
        self.sheets = {cid: ruleset.sheet(before, cid) for cid in combat.combatant_ids()}
        self.counters = {c.id: c for c in combat.wheel().counters}
        self.changes = {cid: item.changes for cid, item in window.scene.counters.items()}
        self.draws = {cid: dock.draws for cid, dock in window.sheet_docks.items()}
        self.reported = window.combatants_model.rows_reported
        self.cells_set = window.combatants_model.cells_set
        self.fits = window.combatants_dock.fitter.fits
        self.texts = self.column_texts()
        self.signals = dict.fromkeys(self.signals, 0)
        self.table_rows = []
        act()
        qtbot.wait(1)
        QApplication.processEvents()

    def column_texts(self) -> list[set[str]]:
        table = self.window.combatants_model
        return [set(table.column_texts(column)) for column in range(table.columnCount())]

    def rows_that_differ(self) -> set[str]:
        combat = self.window.combat
        ruleset, after = combat.session.ruleset, combat.state
        return {cid for cid, row in self.rows.items()
                if ruleset.roster_cells(after, cid) != row}

    def cells_that_differ(self) -> int:
        combat = self.window.combat
        ruleset, after = combat.session.ruleset, combat.state
        return sum(old != new for cid, row in self.rows.items()
                   for old, new in zip(row, ruleset.roster_cells(after, cid), strict=True))

    def counters_that_differ(self) -> set[str]:
        after = {c.id: c for c in self.window.combat.wheel().counters}
        return {cid for cid, counter in after.items() if self.counters.get(cid) != counter}

    def counters_given_a_new_look(self) -> set[str]:
        items = self.window.scene.counters
        return {cid for cid, item in items.items() if item.changes != self.changes[cid]}

    def sheets_drawn(self) -> dict[str, int]:
        docks = self.window.sheet_docks
        return {cid: docks[cid].draws - self.draws[cid] for cid in docks
                if docks[cid].draws != self.draws[cid]}

    def sheets_that_differ(self) -> set[str]:
        combat = self.window.combat
        ruleset, after = combat.session.ruleset, combat.state
        return {cid for cid, sheet in self.sheets.items() if ruleset.sheet(after, cid) != sheet}


def _ready_for_next_tick(combat: CombatModel) -> None:
    """The tick's actors guard and its effects are applied: next tick is the next step."""
    while combat.state.phase != "done":
        if combat.state.phase == "declare":
            for cid in combat.state.awaiting_flurry():
                assert combat.push(DeclareFlurry(cid, (DeclaredManoeuvre("guard"),))) is None
        else:
            assert combat.push(ApplyTickEffects()) is None


def _assert_once_and_only_what_changed(counts: Counts) -> None:
    window = counts.window
    assert counts.signals["wheelChanged"] <= 1
    assert counts.signals["set_wheel"] == counts.signals["wheelChanged"]
    assert counts.signals["combatantsChanged"] <= 1
    differ = counts.rows_that_differ()
    assert counts.signals["table"] == (1 if differ else 0)
    assert window.combatants_model.rows_reported - counts.reported == len(differ)
    # Qt's items are written only where a cell differs: the rest of the table is as Qt has it.
    assert window.combatants_model.cells_set - counts.cells_set == counts.cells_that_differ()
    assert counts.counters_given_a_new_look() == counts.counters_that_differ()
    drawn = counts.sheets_drawn()
    assert all(times == 1 for times in drawn.values()), drawn
    assert set(drawn) <= counts.sheets_that_differ()
    # The columns are measured again only when the texts some column shows changed.
    measured = window.combatants_dock.fitter.fits - counts.fits
    assert measured <= (0 if counts.column_texts() == counts.texts else 1)


def test_a_next_tick_redraws_each_changed_thing_once(window: MainWindow, qtbot: QtBot) -> None:
    """Next tick: one wheel redraw, one table report of the rows that differ, counters and
    sheets touched only where the engine's values differ."""
    _ready_for_next_tick(window.combat)
    counts = Counts(window)
    counts.step(qtbot, lambda: window.combat.push(NextTick()))
    assert counts.signals["wheelChanged"] == 1
    _assert_once_and_only_what_changed(counts)
    assert len(counts.counters_that_differ()) < len(window.scene.counters)


def test_a_counter_drop_touches_only_that_counter(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A counter dropped three segments on: its counter, row and sheet, nobody else's."""
    told: list[str] = []
    follow = CharacterSheetDock.combatant_changed

    def telling(dock: CharacterSheetDock) -> None:
        told.append(dock.combatant_id)
        follow(dock)

    monkeypatch.setattr(CharacterSheetDock, "combatant_changed", telling)
    combat = window.combat
    counter = next(c for c in combat.wheel().counters if c.slot is not None)
    slot = (counter.slot + 3) % combat.wheel().slot_count
    assert combat.drop_verdict(counter.id, slot).action is not None
    counts = Counts(window)
    counts.step(qtbot, lambda: window.drop_counter(counter.id, slot))
    _assert_once_and_only_what_changed(counts)
    assert counts.counters_given_a_new_look() == {counter.id}
    assert counts.rows_that_differ() == {counter.id}
    assert counts.table_rows == [window.combatants_model.row_of(counter.id)]
    assert told == [counter.id]  # the other sheets are not even asked
    assert set(counts.sheets_drawn()) <= {counter.id}


def test_a_move_to_a_shared_tick_measures_no_column(window: MainWindow, qtbot: QtBot) -> None:
    """Bandit 1 moved from tick 4 (shared with Bandit 2) to tick 3 (Hawk's): its row is
    reported, but every column shows the same texts, so no column is measured again."""
    counts = Counts(window)
    counts.step(qtbot, lambda: window.combat.push(MoveCounter("bandit1", tick=3)))
    assert counts.rows_that_differ() == {"bandit1"}
    assert counts.column_texts() == counts.texts
    _assert_once_and_only_what_changed(counts)
    assert window.combatants_dock.fitter.fits == counts.fits


def test_a_change_off_the_wheel_reports_only_its_row(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Willpower spent on a sheet leaves the wheel alone: the table reports that row only."""
    counts = Counts(window)
    counts.step(qtbot, lambda: window.combat.push(SpendWillpower("hawk", 1)))
    assert counts.signals["wheelChanged"] == 0
    _assert_once_and_only_what_changed(counts)
    assert counts.table_rows == [window.combatants_model.row_of("hawk")]


def test_rows_of_equal_turns_stay_in_roster_order(window: MainWindow, qtbot: QtBot) -> None:
    """After moves onto a shared tick, the table lists those on each tick in roster order
    (in reverse when the GM sorts the turns the other way)."""
    for cid, tick in (("bandit1", 3), ("lotus", 3), ("bandit3", 2), ("bandit1", 2)):
        assert window.combat.push(MoveCounter(cid, tick=tick)) is None
    qtbot.wait(1)
    assert _listed_keys(window) == sorted(_listed_keys(window))
    table = window.combatants_dock.table
    table.sortByColumn(window.combatants_model.order_column(), Qt.SortOrder.DescendingOrder)
    assert window.combatants_dock.proxy.sortOrder() == Qt.SortOrder.DescendingOrder
    descending = _listed_keys(window)  # latest tick first: the ascending list turned round
    assert descending == sorted(descending, reverse=True)


def _listed_keys(window: MainWindow) -> list[tuple[int, int]]:
    """(next tick, roster row) of each table row, top to bottom."""
    proxy = window.combatants_dock.proxy
    model = window.combatants_model
    order = model.order_column()
    listed = [proxy.mapToSource(proxy.index(row, 0)).row() for row in range(proxy.rowCount())]
    ids = [model.index(row, 0).data(ID_ROLE) for row in listed]
    return [(int(model.cells(cid)[order].sort), row) for cid, row in zip(ids, listed, strict=True)]


def test_undo_and_redo_redraw_once_too(window: MainWindow, qtbot: QtBot) -> None:
    """Ctrl+Z and Ctrl+Shift+Z of a next tick: each one wheel redraw and one table report."""
    _ready_for_next_tick(window.combat)
    assert window.combat.push(NextTick()) is None
    counts = Counts(window)
    counts.step(qtbot, window.combat.undo_stack.undo)
    _assert_once_and_only_what_changed(counts)
    counts.step(qtbot, window.combat.undo_stack.redo)
    _assert_once_and_only_what_changed(counts)


def test_a_sheet_equal_to_the_one_shown_is_not_drawn_again(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Told its combatant changed while the sheet is the same, a shown sheet stays as it is."""
    shown = [dock for dock in window.sheet_docks.values() if dock.isVisible()
             and not dock.visibleRegion().isEmpty()]
    assert shown
    dock = shown[0]
    drawn = dock.draws
    dock.combatant_changed()
    assert dock.draws == drawn
    # A new sheet on its own (not in the window's docks) is drawn once, as it is built.
    other = CharacterSheetDock(CombatModel(started_session()), dock.combatant_id)
    qtbot.addWidget(other)
    assert other.draws == 1


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_the_table_read_in_part_matches_a_fresh_read(path: Path, qtbot: QtBot) -> None:
    """Each example fight (all four systems) pushed step by step, each step undone and
    redone: the rows the table keeps equal the rows read afresh from the ruleset."""
    saved = json.loads(path.read_text(encoding="utf-8"))
    played = CombatSession.from_json(saved)
    combat = CombatModel(CombatSession(played.ruleset, played.options))
    table = CombatantsModel(combat)
    for entry in played.log:
        assert combat.push(entry.action) is None
        _assert_rows_fresh(table)
        combat.undo_stack.undo()
        _assert_rows_fresh(table)
        combat.undo_stack.redo()
        _assert_rows_fresh(table)


def _assert_rows_fresh(table: CombatantsModel) -> None:
    combat = table.combat
    ruleset = combat.session.ruleset
    for cid in combat.combatant_ids():
        assert table.cells(cid) == ruleset.roster_cells(combat.state, cid), cid


def test_the_history_list_is_read_once_a_step(window: MainWindow, qtbot: QtBot) -> None:
    """A pushed step, its undo and a second drag folded into the first: one read each,
    and the list shows the stack's steps with the current one chosen."""
    history = window.history_dock.history
    stack = window.combat.undo_stack
    counter = next(c for c in window.combat.wheel().counters if c.slot is not None)
    count = window.combat.wheel().slot_count
    reads = history.reads
    window.drop_counter(counter.id, (counter.slot + 2) % count)
    assert history.reads == reads + 1
    window.drop_counter(counter.id, (counter.slot + 3) % count)  # merges into the first drag
    assert history.reads == reads + 2
    assert history.rowCount() == stack.count() + 1
    assert history.index(stack.count(), 0).data() == stack.text(stack.count() - 1)
    stack.undo()
    assert history.reads == reads + 3
    view = window.history_dock.view
    assert view.currentIndex().row() == stack.index()


def test_the_history_list_writes_only_the_lines_a_step_changed(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A step adds one line; an undo and a redo write no text; a step pushed over undone
    ones rewrites one line and drops the rest; each time the lines read as the stack,
    the current one bold and the undone ones grey."""
    history = window.history_dock.history
    stack = window.combat.undo_stack
    moves = [MoveCounter("bandit1", tick=tick) for tick in (5, 6, 7)]
    written = history.lines_written
    for move in moves:
        assert window.combat.push(move) is None
    assert history.lines_written == written + len(moves)
    _assert_history_is_the_stack(window)
    written = history.lines_written
    stack.undo()
    stack.undo()
    stack.redo()
    assert history.lines_written == written
    _assert_history_is_the_stack(window)
    assert window.combat.push(MoveCounter("bandit1", tick=9)) is None
    assert history.lines_written == written + 1
    _assert_history_is_the_stack(window)


def _assert_history_is_the_stack(window: MainWindow) -> None:
    history, stack = window.history_dock.history, window.combat.undo_stack
    texts = [history.index(row, 0).data() for row in range(history.rowCount())]
    assert texts == ["As the combat was opened", *(stack.text(i) for i in range(stack.count()))]
    bold = [row for row in range(history.rowCount())
            if history.index(row, 0).data(Qt.ItemDataRole.FontRole) is not None
            and history.index(row, 0).data(Qt.ItemDataRole.FontRole).bold()]
    grey = [row for row in range(history.rowCount())
            if history.index(row, 0).data(Qt.ItemDataRole.ForegroundRole) is not None]
    assert bold == [stack.index()]
    assert grey == list(range(stack.index() + 1, stack.count() + 1))


def test_a_drop_asks_the_ruleset_for_its_verdict_once(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Letting a counter go works out the drop's verdict once (3e's costs a refresh of
    everyone's derived values), then carries out that very verdict."""
    ruleset = window.combat.session.ruleset
    asked: list[tuple[str, int]] = []
    verdict_of = type(ruleset).drop

    def counted(self: Any, state: Any, combatant_id: str, slot: int) -> Any:
        asked.append((combatant_id, slot))
        return verdict_of(self, state, combatant_id, slot)

    monkeypatch.setattr(type(ruleset), "drop", counted)
    counter = next(c for c in window.combat.wheel().counters if c.slot is not None)
    slot = (counter.slot + 3) % window.combat.wheel().slot_count
    steps = window.combat.undo_stack.count()
    window.drop_counter(counter.id, slot)
    assert window.combat.undo_stack.count() == steps + 1
    assert asked == [(counter.id, slot)]


def test_history_in_a_back_tab_is_scrolled_only_when_shown(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Steps taken with History behind the log scroll no hidden list (each scroll laid
    every line out); brought to the front, it shows the current step."""
    dock = window.history_dock
    assert dock.view.visibleRegion().isEmpty()
    scrolled: list[int] = []
    scroll = dock.view.scrollTo
    monkeypatch.setattr(dock.view, "scrollTo",
                        lambda index, *hint: (scrolled.append(index.row()), scroll(index, *hint)))
    for tick in (5, 6, 7, 8, 9, 5, 6, 7):
        assert window.combat.push(MoveCounter("bandit1", tick=tick)) is None
    assert scrolled == []
    dock.raise_()
    qtbot.waitUntil(lambda: not dock.view.visibleRegion().isEmpty())
    current = dock.view.currentIndex()
    assert current.row() == window.combat.undo_stack.index()
    assert scrolled and scrolled[-1] == current.row()
    assert dock.view.viewport().rect().intersects(dock.view.visualRect(current))
