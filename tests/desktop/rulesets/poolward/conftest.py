"""Pool & Ward GUI tests: the demo fight in a model, dialogs shown and kept until the end."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.poolward import StartFight, demo_fight
from battlewheel.models.combat_model import CombatModel

W = TypeVar("W", bound=QWidget)


def started_model() -> CombatModel:
    """Edward against the two cutthroats and the archer, round 1, Cutthroat 1 to act."""
    session = demo_fight()
    session.apply(StartFight())
    return CombatModel(session)


@pytest.fixture
def shown(qtbot: QtBot) -> Iterator[Callable[[W], W]]:
    """Show widgets and keep them alive until the test is over, then close them."""
    kept: list[QWidget] = []

    def hold(widget: W) -> W:
        qtbot.addWidget(widget)
        kept.append(widget)
        widget.show()
        return widget

    yield hold
    for widget in kept:
        widget.close()
