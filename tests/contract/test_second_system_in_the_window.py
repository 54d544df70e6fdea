"""The contract carries a second system end to end, with no change to the shared views.

A round-based test ruleset (``rounds_ruleset.py``, never shipped) is played through the
real window: its counters stand on the ring in the round's order, the turn entries come
from it, a drag reorders the round (a refused drag springs back with the rule), a
sheet's box click marks its track, undo takes each step back, the combatants table and
the rulings read it, and its printed card renders to a PDF.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.session import CombatSession
from battlewheel.models.combat_model import CombatModel
from battlewheel.printing.card import card_from_contract
from battlewheel.printing.output import export_pdf
from battlewheel.views import settings as prefs
from battlewheel.views.main_window import MainWindow
from battlewheel.views.wheel.geometry import point_at, segment_at
from tests.contract.rounds_ruleset import Begin, Join, Token, rounds_ruleset


@pytest.fixture
def window(qtbot: QtBot, qapp: QApplication, tmp_path: Path) -> Iterator[MainWindow]:
    """Ana (ally), Bo and Cy (enemies) in round 1 of the test system, Ana acting."""
    rounds_ruleset()
    session = CombatSession.new(ruleset="test-rounds")
    for fid, name, side in (("ana", "Ana", "ally"), ("bo", "Bo", "enemy"), ("cy", "Cy", "enemy")):
        session.apply(Join(fid, Token(name), side))
    session.apply(Begin())
    built = MainWindow(CombatModel(session), settings=prefs.open_settings(tmp_path / "s.ini"))
    qtbot.addWidget(built)
    built.resize(1300, 850)
    with qtbot.waitSignal(built.firstPainted):
        built.show()
    yield built


def _slot_of(window: MainWindow, fid: str) -> int | None:
    item = window.scene.counters[fid]
    return segment_at(item.x(), item.y(), window.combat.wheel().slot_count)


def _drag(window: MainWindow, fid: str, slot: int) -> None:
    view = window.wheel_view
    count = window.combat.wheel().slot_count
    start = window.scene.counters[fid].pos()
    target = QPointF(*point_at(190, (slot + 0.5) * 360 / count))
    begin, end = view.mapFromScene(start), view.mapFromScene(target)
    viewport = view.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, begin)
    for step in range(1, 8):
        QTest.mouseMove(viewport, begin + (end - begin) * (step / 7))
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def test_the_ring_shows_the_round_order_and_the_hub_the_round(window: MainWindow) -> None:
    """Three places labelled by the ruleset, each fighter on its own, round 1 in the hub."""
    assert [item.text for item in window.scene.segments] == ["place 1", "place 2", "place 3"]
    assert [_slot_of(window, fid) for fid in ("ana", "bo", "cy")] == [0, 1, 2]
    assert window.scene.hub.text == "round\n1"
    assert window.tick_label.text() == "Round 1 · acting: Ana"


def test_the_turn_entries_come_from_the_ruleset(window: MainWindow) -> None:
    """E ends Ana's turn: Bo acts, Ana's counter is drawn as having acted; undo restores."""
    assert window.actions_by_name["end_turn"].shortcut().toString() == "E"
    assert "declare" not in window.actions_by_name  # no 2e entry leaks into this system
    window.actions_by_name["end_turn"].trigger()
    wheel = window.combat.wheel()
    assert [c.id for c in wheel.counters if c.acting] == ["bo"]
    assert wheel.counter("ana").done  # type: ignore[union-attr]
    window.actions_by_name["undo"].trigger()
    assert [c.id for c in window.combat.wheel().counters if c.acting] == ["ana"]


def test_dragging_the_acting_counter_reorders_the_round_and_undo_takes_it_back(
    window: MainWindow,
) -> None:
    """Ana dragged to place 3 acts there; Ctrl+Z puts her back at place 1."""
    _drag(window, "ana", 2)
    assert window.combat.state.order == ["bo", "cy", "ana"]
    assert _slot_of(window, "ana") == 2
    assert window.statusBar().currentMessage() == "Ana acts at place 3."
    window.actions_by_name["undo"].trigger()
    assert window.combat.state.order == ["ana", "bo", "cy"]
    assert _slot_of(window, "ana") == 0


def test_a_drag_the_rules_refuse_springs_back_and_names_the_rule(window: MainWindow) -> None:
    """Bo is not acting: his drag is refused with the ruleset's reason; nothing moves."""
    _drag(window, "bo", 0)
    assert window.combat.state.order == ["ana", "bo", "cy"]
    assert _slot_of(window, "bo") == 1
    message = window.statusBar().currentMessage()
    assert "Only the acting counter may change its place" in message
    assert "§" in window.statusBar().toolTip()  # the rule, for the GM who asks why
    assert window.combat.undo_stack.count() == 0


def test_a_sheet_box_click_marks_the_track_and_undo_clears_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Bo's sheet draws his Hits track; a click on box 2 marks it; undo empties it again."""
    dock = window.sheet_docks["bo"]
    dock.show()
    dock.raise_()
    track = dock.sheet.health
    qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=track.box_rect(1).center().toPoint())
    assert window.combat.state.fighters["bo"].hits == ".x.."
    assert track.track().marks == ".x.."  # type: ignore[union-attr]
    assert "1 hit(s)" in [label.text() for label in dock.sheet.findChildren(QLabel)]
    window.actions_by_name["undo"].trigger()
    assert window.combat.state.fighters["bo"].hits == "...."


def test_the_combatants_table_and_the_rulings_read_the_ruleset(window: MainWindow) -> None:
    """The table's columns are the default contract columns over this system's sheet; the
    Rulings dialog lists the system's one ruling with its meaning."""
    model = window.combatants_model
    assert model.column_names() == ("Name", "Side", "Turn", "Track")
    rows = {model.index(r, 0).data(): model.index(r, 2).data() for r in range(model.rowCount())}
    assert rows == {"Ana": "1", "Bo": "2", "Cy": "3"}
    dialog = window.show_rulings()
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert "Hit boxes" in texts and "Boxes on each fighter's track." in texts
    dialog.close()


def test_the_printed_card_holds_the_track(window: MainWindow, tmp_path: Path) -> None:
    """Cy's card prints his Hits boxes to a one-page PDF with his name as real text."""
    state = window.combat.state
    card = card_from_contract(window.combat.session.ruleset.card(state, "cy"))
    assert (card.name, card.labels, card.marks) == ("Cy", ("1", "2", "3", "4"), "....")
    target = tmp_path / "card.pdf"
    assert export_pdf([card], target) == 1
    assert len(re.findall(rb"/Type\s*/Page\b", target.read_bytes())) == 1
