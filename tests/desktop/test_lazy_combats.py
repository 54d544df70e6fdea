"""The window over a campaign whose other combats are not replayed until chosen.

The file holds a combat of each system (2e first, then the others found); the first
ends with an action on a fighter who never joined, which decodes but does not replay.
The window opens on the newest, lists them all without replaying the others, refuses
the broken one in plain words when it is chosen (changing nothing), shows a good one,
and saves the broken one back untouched.
"""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.storage.schema import dump_json
from battlewheel.views.main_window import MainWindow
from battlewheel.views.settings import TextScale
from tests.desktop.test_combats import combats_listed, when_modal
from tests.desktop.test_main_window_storage import start
from tests.storage.test_lazy_replay import (
    BROKEN_SYSTEM,
    IN_FILE,
    broken_document,
    only,
    spy_on_replays,
)

BROKEN = "Ambush at Marrow Ford"


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every replay of a decoded log, by ruleset name."""
    return spy_on_replays(monkeypatch)


@pytest.fixture
def document() -> dict[str, Any]:
    return broken_document()


@pytest.fixture
def window(qtbot: QtBot, qapp: QApplication, tmp_path: Path, document: dict[str, Any],
           replays: list[str]) -> Iterator[MainWindow]:
    """``battlewheel every-system.json``: the window on the newest combat, shown."""
    path = tmp_path / "every-system.json"
    path.write_bytes(dump_json(document))
    built = start(qtbot, qapp, tmp_path / "settings.ini", path)
    with qtbot.waitSignal(built.firstPainted):
        built.show()
    yield built
    TextScale(qapp).apply(False)


def _files(window: MainWindow) -> StoredCampaigns:
    assert isinstance(window.files, StoredCampaigns)
    return window.files


def choose(window: MainWindow, index: int) -> list[str]:
    """Choose a combat in File > Combats; the words of any broken-combat box, closed with OK."""
    seen: list[str] = []

    def read_and_close(_app: QApplication) -> bool:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or box.objectName() != "brokenCombatBox":
            return False
        seen.append(f"{box.text()} {box.informativeText()} | {box.toolTip()}")
        box.button(QMessageBox.StandardButton.Ok).click()
        return True

    menu = window.combats_menu
    assert menu is not None
    menu.fill()
    when_modal(read_and_close)
    menu.menu.actions()[index].trigger()
    return seen


def test_the_window_opens_and_lists_combats_with_one_replay(
    window: MainWindow, replays: list[str]
) -> None:
    """Only the combat on screen is replayed; the menu lists the others from their logs."""
    assert replays == [IN_FILE[-1]]
    assert window.combat.session.ruleset.name == IN_FILE[-1]
    listed = combats_listed(window)
    assert [checked for _, checked in listed] == only(-1)
    assert replays == [IN_FILE[-1]]
    menu = window.combats_menu
    assert menu is not None
    tips = [action.toolTip() for action in menu.menu.actions()]
    assert "9 step(s) in its log; not shown since the file was opened" in tips[0]
    assert "not shown since" not in tips[-1]


def test_a_broken_combat_is_refused_in_plain_words_and_nothing_changes(
    window: MainWindow, replays: list[str]
) -> None:
    files = _files(window)
    session, steps = window.combat.session, window.combat.undo_stack.count()
    campaign, shown_id = files.campaign, files.combat_id
    seen = choose(window, 0)
    assert len(seen) == 1
    assert f"\u201c{BROKEN}\u201d cannot be shown: its log does not replay." in seen[0]
    words, tooltip = seen[0].split(" | ")
    assert ("Step 9 of its log cannot be applied: combatant names 'ghost', who is not in "
            "this fight") in words
    assert "§" not in words and "spend_willpower" not in words
    assert tooltip.startswith(
        "Entry 8: spend_willpower refused: 000 §Determine Involved Characters: ")
    assert "stays in the campaign file exactly as it was" in seen[0]
    assert window.combat.session is session
    assert window.combat.undo_stack.count() == steps
    assert (files.campaign, files.combat_id) == (campaign, shown_id)
    assert not window.isWindowModified()
    assert [checked for _, checked in combats_listed(window)] == only(-1)


def test_a_good_combat_replays_when_chosen_and_the_broken_one_is_saved_untouched(
    window: MainWindow, replays: list[str], document: dict[str, Any]
) -> None:
    choose(window, 0)
    seen = choose(window, 1)
    assert seen == []
    assert window.combat.session.ruleset.name == IN_FILE[1]
    assert replays == [IN_FILE[-1], BROKEN_SYSTEM, IN_FILE[1]]
    assert window.file_ops.save()
    path = _files(window).path
    assert path is not None
    written = json.loads(path.read_bytes())
    assert written["combats"][0] == document["combats"][0]
    assert dump_json(written["combats"][0]) == dump_json(document["combats"][0])
