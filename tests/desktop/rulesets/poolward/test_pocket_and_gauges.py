"""Pool & Ward on the real wheel (rules/pool-and-ward.md §5): the actor dragged into the
pocket readies its action for the trigger typed, dragged out it takes it; a refused drop
springs back; the Ward ring is drawn round a warded counter and not round the others."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.poolward import (
    AddCombatant,
    Attack,
    SetOrder,
    StartFight,
    demo_fight,
)
from battlewheel.engine.rulesets.poolward.block import MELEE, AttackProfile, StatBlock
from battlewheel.models.combat_model import CombatModel
from battlewheel.views.main_window import MainWindow
from battlewheel.views.wheel import palette
from battlewheel.views.wheel.gauges import ring_radius
from battlewheel.views.wheel.scene import WheelScene
from tests.desktop.pocket_drags import answer_trigger, drag_to, pocket_point, slot_point
from tests.desktop.windows import painted_window

WARDED = StatBlock(
    "Wardmage Ilse", stats={"strength": 2, "dexterity": 3, "constitution": 3},
    skills={"Melee Weapons": 2}, ward=4, dodge=3, parry=2,
    attacks=(AttackProfile("Staff", MELEE, 2),),
)


def _model() -> CombatModel:
    """The demo fight with a warded mage second in the order, started: Cutthroat 1 acts."""
    session = demo_fight()
    session.apply(AddCombatant("ilse", WARDED, "ally", player=True))
    session.apply(SetOrder(("cutthroat1", "ilse", "cutthroat2", "archer", "edward")))
    session.apply(StartFight())
    return CombatModel(session)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """That fight in the real window at laptop size."""
    return painted_window(qtbot, _model(), tmp_path / "s.ini")


def test_the_actor_dragged_into_the_pocket_readies_and_dragged_out_takes_it(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cutthroat 1 into the pocket: the trigger asked (free, says the dialog); he waits there
    and the mage acts; dragged onto the ring he acts on the trigger. Ctrl+Z takes back each."""
    asked = answer_trigger(monkeypatch, "Edward steps into reach")
    model = window.combat
    steps = model.undo_stack.count()
    drag_to(window, "cutthroat1", pocket_point(window))
    assert len(asked) == 1 and asked[0][1].startswith("free: a Readied action")
    assert model.state.readied == {"cutthroat1": "Edward steps into reach"}
    assert model.state.actor() == "ilse" and model.undo_stack.count() == steps + 1
    assert window.scene.pocket.triggers == ("Edward steps into reach",)
    drag_to(window, "cutthroat1", slot_point(window, 3))
    assert model.state.readied == {} and model.state.interrupting == "cutthroat1"
    assert window.statusBar().currentMessage() == "Cutthroat 1 acts on the trigger."
    window.actions_by_name["undo"].trigger()
    assert model.state.readied == {"cutthroat1": "Edward steps into reach"}
    window.actions_by_name["undo"].trigger()
    assert model.state.readied == {} and model.state.actor() == "cutthroat1"


def test_a_fighter_whose_turn_it_is_not_springs_back_from_the_pocket(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Edward into the pocket on Cutthroat 1's turn: no trigger asked, nothing readied, the
    status bar says whose turn it is, and Edward stands on his place again."""
    asked = answer_trigger(monkeypatch, "never asked")
    start = window.scene.counters["edward"].pos()
    drag_to(window, "edward", pocket_point(window))
    assert asked == [] and window.combat.state.readied == {}
    assert window.statusBar().currentMessage().startswith(
        "Not allowed: It is Cutthroat 1's turn, not Edward Sumner's")
    assert window.scene.counters["edward"].pos() == start


def test_the_ward_ring_is_drawn_round_a_warded_counter_by_its_state(window: MainWindow) -> None:
    """On the window's wheel the mage's Ward (4 of 4) rings her counter in the Ward colour
    all round; Edward, with no Ward, has no ring; after a hit Ward soaks (3 of 4 gone) her
    ring still shows what is left, a quarter from the top, and the rest is no longer
    solid (pixels read from the scene as drawn)."""
    scene, ward = window.scene, QColor(palette.RING_TONES["ward"])
    assert _ring_at(scene, "ilse", 45) == ward and _ring_at(scene, "ilse", 180) == ward
    assert _ring_at(scene, "edward", 45) != ward
    assert window.combat.push(Attack("cutthroat1", "ilse", "Dagger",
                                     dice=DiceEntry.of_successes(3))) is None
    assert window.combat.state.fighters["ilse"].ward == 1
    assert _ring_at(scene, "ilse", 45) == ward  # the quarter left, clockwise from the top
    assert _ring_at(scene, "ilse", 180) != ward  # the rest, spent


def _ring_at(scene: WheelScene, counter_id: str, degrees: float) -> QColor:
    """The colour drawn where the counter's first ring passes, clockwise from the top."""
    item = scene.counters[counter_id]
    radius = ring_radius(item.info, 0) * item.scale()  # a counter may be drawn larger
    point = item.pos() + QPointF(radius * math.sin(math.radians(degrees)),
                                 -radius * math.cos(math.radians(degrees)))
    image = QImage(21, 21, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 21, 21),
                 QRectF(point.x() - 5.25, point.y() - 5.25, 10.5, 10.5))
    painter.end()
    return image.pixelColor(10, 10)
