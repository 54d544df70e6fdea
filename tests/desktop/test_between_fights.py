"""Between fights in the window (issue 33): Carry to the roster, Rest and the campaign's
story, wired to the window. Storage's campaign functions are stood in for by a small fake
module here (their rules are storage's and the engine's, tested there); what is tested is
the window's side: what is asked, what is one undo step on the campaign's history."""

from __future__ import annotations

import gc
import sys
import types
from collections.abc import Collection, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel, QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.engine.core.lasting import CarryLine, RestChoice, RestOffer
from battlewheel.storage.campaign import Campaign
from battlewheel.storage.roster import RosterCharacter
from battlewheel.views.between_fights import BetweenFights, install_between_fights
from battlewheel.views.campaign_view import CampaignView
from battlewheel.views.carry_dialogs import CarryDialog, RestDialog
from battlewheel.views.main_window import MainWindow
from battlewheel.views.roster_dock import RosterDock
from tests.desktop.windows import answered_dialogs, roster_dock_of, stored_demo_window


class FakeStore(types.ModuleType):
    """Stands in for storage/carry.py (its names and shapes): notes in each character's
    kind what was carried or rested, and keeps which combats were carried."""

    def __init__(self) -> None:
        super().__init__("battlewheel.storage.carry")
        self.carries: list[str] = []

    def carry_offer(self, campaign: Any, combat_id: str) -> tuple[Any, ...]:
        first = campaign.characters[0].name
        lines = (CarryLine("health", "Health: unhurt -> 2 lethal"),
                 CarryLine("willpower", "Willpower: 5 -> 4"))
        return (types.SimpleNamespace(name=first, combatant_id="x", ruleset="2e-rewrite",
                                      lines=lines, before=None, after=None),)

    def carried(self, campaign: Any, combat_id: str,
                ticked: Mapping[str, Collection[str]]) -> Any:
        self.carries.append(combat_id)
        return self._noted(campaign, next(iter(ticked)), "+".join(sorted(*ticked.values())))

    def rest_offers(self, campaign: Any, name: str, system: str) -> tuple[RestOffer, ...]:
        return (RestOffer("full", "Restore to full"),)

    def summary(self, character: Any, system: str) -> str:
        return "2 lethal"

    def joining_condition(self, character: Any, system: str, *, fresh: bool = False) -> Any:
        return None

    def rested(self, campaign: Any, name: str, system: str, choice: RestChoice) -> tuple:
        return self._noted(campaign, name, f"rested {choice.offer}"), "at full"

    def _noted(self, campaign: Any, name: str, note: str) -> Any:
        characters = tuple(
            replace(c, identity=replace(c.identity, kind=note)) if c.name == name else c
            for c in campaign.characters)
        return replace(campaign, characters=characters)


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> FakeStore:
    import battlewheel.storage

    fake = FakeStore()
    monkeypatch.setitem(sys.modules, "battlewheel.storage.carry", fake)
    monkeypatch.setattr(battlewheel.storage, "carry", fake, raising=False)
    return fake


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return stored_demo_window(qtbot, tmp_path, combats_menu=True)


@pytest.fixture
def dock(window: MainWindow) -> RosterDock:
    return roster_dock_of(window)


@pytest.fixture
def work(window: MainWindow, dock: RosterDock) -> BetweenFights:
    install_between_fights(window, dock)  # kept by the window, not by the caller
    gc.collect()
    made = window.findChild(BetweenFights)
    assert made is not None
    return made



def test_carry_is_one_step_on_the_campaign_history_and_asks_before_replacing(
        window: MainWindow, work: BetweenFights, store: FakeStore,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The ticked lines go to the storage function; one Ctrl+Z takes the carry back; a
    second carry of the same fight asks first, and Cancel changes nothing."""
    seen = answered_dialogs(monkeypatch, CarryDialog,
                   lambda d: d.set_ticked(d.offers[0].name, "willpower", False))
    monkeypatch.setattr(Campaign, "carry_record",
                        lambda _c, cid: cid if cid in store.carries else None, raising=False)
    first = window.files.campaign.characters[0]
    assert window.actions_by_name["carry_to_roster"] in window.combat_menu.actions()
    window.actions_by_name["carry_to_roster"].trigger()
    assert seen and seen[0].ticked() == {first.name: {"health"}}
    assert window.files.campaign.characters[0].identity.kind == "health"
    assert window.combat.campaign_stack.count() == 1
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec",
                        lambda box: asked.append(box.text()) or QMessageBox.StandardButton.Cancel)
    assert not work.carry()
    assert asked and "carried to the roster before" in asked[0]
    assert window.combat.campaign_stack.count() == 1
    window.actions_by_name["undo"].trigger()
    assert window.files.campaign.characters[0].identity.kind == first.identity.kind


def test_rest_is_one_step_and_undone(window: MainWindow, dock: RosterDock,
                                     work: BetweenFights, store: FakeStore,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Roster > Rest… on the selected character: its offers; the choice is one step."""
    answered_dialogs(monkeypatch, RestDialog, lambda d: d.choose("full"))
    dock.roster.setCurrentRow(1)
    name = dock.roster.current_character().name  # type: ignore[union-attr]
    window.actions_by_name["rest"].trigger()
    assert window.files.campaign.character(name).identity.kind == "rested full"
    assert "Rest" in window.actions_by_name["undo"].text()
    window.actions_by_name["undo"].trigger()
    assert window.files.campaign.character(name).identity.kind != "rested full"


def test_the_campaign_story_lists_the_fights_and_shows_one(
        window: MainWindow, work: BetweenFights) -> None:
    """File > Campaign story…: every fight in order; Show puts another on screen."""
    assert window.combats_menu is not None and window.combats_menu.new_combat("Second fight")
    view = work.story()
    assert isinstance(view, CampaignView)
    names = [view.table.item(row, 0).text() for row in range(view.table.rowCount())]
    made = [record.name for record in window.files.campaign.combats]
    assert names == [*made[:-1], "Second fight (on screen)"]
    assert view.show_row(0)
    assert window.files.shown_combat() == window.files.campaign.combats[0]


def test_the_roster_shows_each_condition_at_a_glance(dock: RosterDock, store: FakeStore,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Common §A character's current condition: on the roster's line and its tooltip."""
    hurt = dock.roster.characters[0].name
    monkeypatch.setattr(RosterCharacter, "held",
                        lambda c, system: "held" if c.name == hurt else None, raising=False)
    monkeypatch.setattr(store, "summary", lambda c, system: "4/8 Health")
    dock.roster.show_characters(list(dock.files.campaign.characters))
    first, second = dock.roster.item(0), dock.roster.item(1)
    assert first.text().endswith("\u00b7  4/8 Health") and "Now: 4/8 Health" in first.toolTip()
    assert "Health" not in second.text()


def test_a_character_comes_as_they_are_or_fresh(window: MainWindow, dock: RosterDock) -> None:
    """Common §A character's current condition: a new fight brings them in as they are by
    default (the join's ``lasting`` term), fresh when the GM picks it; ``roster`` names them.
    (Storage's own carry.py, not the fake: a Pool & Ward character holding 3 Health lost.)"""
    from battlewheel.engine.core.session import CombatSession
    from battlewheel.engine.rulesets.poolward.lasting import Lasting
    from battlewheel.storage.roster import HeldCondition

    edward = window.files.campaign.character("Edward Sumner")
    hurt = edward.with_condition("pool-and-ward", HeldCondition(Lasting(health_lost=3)))
    window.files.set_characters(tuple(hurt if c.name == edward.name else c
                                      for c in window.files.campaign.characters))
    dock.refresh()
    window.show_session(CombatSession.new(ruleset="pool-and-ward"), None)
    dock.roster.setCurrentRow([c.name for c in dock.roster.characters].index(edward.name))
    assert dock.arrives.currentText() == "comes as they are"
    assert dock.add_selected()
    dock.arrives.setCurrentIndex(dock.arrives.findData(True))
    assert dock.add_selected()
    dock.arrives.setCurrentIndex(0)
    menu = dock.context_menu()  # per fighter: the right-click's Add fresh, the choice kept
    next(a for a in menu.actions() if a.text().startswith("Add &fresh")).trigger()
    assert dock.arrives.currentText() == "comes as they are"
    joins = [entry.action.joining for entry in window.combat.session.log]
    assert [(j.get("roster"), j.get("lasting")) for j in joins] == [
        (edward.name, Lasting(health_lost=3)), (edward.name, None), (edward.name, None)]


class FakeLasting(types.SimpleNamespace):
    """A ruleset's lasting rules, as far as a card and a preview read them."""

    @staticmethod
    def fitted(block: Any, lasting: Any) -> Any:
        from battlewheel.engine.core.lasting import Changed

        return Changed(f"{lasting} (fitted)", "")

    @staticmethod
    def sections(block: Any, lasting: Any) -> tuple[Any, ...]:
        from battlewheel.engine.core.lasting import summary_values

        return (summary_values({"Health": str(lasting)}),)


@pytest.fixture
def lasting_2e(store: FakeStore, monkeypatch: pytest.MonkeyPatch) -> str:
    from battlewheel.engine.core.ruleset import get_ruleset

    monkeypatch.setattr(type(get_ruleset("2e-rewrite")), "lasting_module", FakeLasting())
    monkeypatch.setattr(store, "joining_condition",
                        lambda c, system, fresh=False: "2 lethal" if system == "2e-rewrite"
                        else None)
    return "2 lethal (fitted)"


def test_the_printed_card_and_the_editor_preview_show_the_condition(
        dock: RosterDock, lasting_2e: str) -> None:
    """Common §A character's current condition: printed on their card, and in the editor's
    live preview, fitted to the block as edited."""
    from battlewheel.printing.sources import campaign_cards

    character = next(c for c in dock.files.campaign.characters if "2e-rewrite" in c.rulesets())
    campaign = replace(dock.files.campaign, combats=(), characters=(character,))
    card = campaign_cards(campaign)[0]
    assert lasting_2e in repr(card)
    dock.roster.setCurrentRow(dock.roster.characters.index(character))
    editor = dock.edit_selected()
    assert editor is not None
    page = editor.pages["2e-rewrite"]
    shown = page.preview.findChildren(QLabel)
    assert any(label.text() == lasting_2e for label in shown)
    editor.reject()


def test_combat_end_offers_the_carry_at_once(window: MainWindow, work: BetweenFights,
                                             store: FakeStore,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Common §Carrying is the GM's decision: once Combat > End has ended the fight, the
    carry dialog is shown; a fight the GM did not end shows none."""
    from battlewheel.views import combats_menu

    seen = answered_dialogs(monkeypatch, CarryDialog, lambda d: None)
    monkeypatch.setattr(combats_menu, "end_combat", lambda *args: False)
    window.end_combat()
    assert seen == []
    monkeypatch.setattr(combats_menu, "end_combat", lambda *args: True)
    window.end_combat()
    assert len(seen) == 1 and seen[0].windowTitle().startswith("Carry to the roster")


def test_undoing_a_carry_keeps_a_fight_started_since(
        window: MainWindow, work: BetweenFights, store: FakeStore,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Carry, start the next fight, undo the carry: the roster goes back, the new fight
    stays in the campaign (the undo takes back the roster step only)."""
    answered_dialogs(monkeypatch, CarryDialog, lambda d: None)
    before = window.files.campaign.characters
    assert work.carry()
    assert window.combats_menu is not None and window.combats_menu.new_combat("Next fight")
    window.actions_by_name["undo"].trigger()
    assert window.files.campaign.characters == before
    assert window.files.campaign.combats[-1].name == "Next fight"
    assert window.files.shown_combat() == window.files.campaign.combats[-1]
