"""Issue 33, must show: a short fight played in the real window, ended, carried, rested,
then a new fight where each character comes in at their condition; then every step undone.

Pool & Ward first, as the GM's example (rules page §Pool & Ward: Health and Vigor carry;
15 minutes of rest give +1 Vigor); then the same walk in every system that carries, each
from its conformance file's ``roster_fight``, and Carry, End and the demo fights in every
system found."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from battlewheel.engine.rulesets.poolward import actions as pw
from battlewheel.storage.campaign_files import StoredCampaigns
from battlewheel.views.between_fights import BetweenFights, install_between_fights
from battlewheel.views.carry_dialogs import CarryDialog, RestDialog
from battlewheel.views.main_window import MainWindow
from battlewheel.views.roster_dock import RosterDock
from tests.conformance import SYSTEMS, piece, pieces_of
from tests.desktop.windows import answered_dialogs, roster_dock_of, stored_demo_window

EDWARD, CUTTHROAT = "Edward Sumner", "Cutthroat 1"


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return stored_demo_window(qtbot, tmp_path, combats_menu=True)


@pytest.fixture
def dock(window: MainWindow) -> RosterDock:
    made = roster_dock_of(window)
    assert install_between_fights(window, made) is not None
    return made



def _pick(dock: RosterDock, name: str) -> None:
    dock.roster.clearSelection()
    dock.roster.setCurrentRow([c.name for c in dock.roster.characters].index(name))


def _fighter(window: MainWindow, name: str) -> Any:
    ids = [cid for cid in window.combat.combatant_ids() if window.combat.name(cid) == name]
    return window.combat.combatant(ids[0])


def _held(window: MainWindow, name: str) -> Any:
    held = window.files.campaign.character(name).held("pool-and-ward")
    return None if held is None else held.lasting


def test_pool_and_ward_fight_carries_rests_and_the_next_fight_starts_there(
        window: MainWindow, dock: RosterDock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Edward ends a fight at 4 Health lost... carried, rested 15 minutes (+1 Vigor), joins
    the next fight as he is; Ctrl+Z then takes back the add, the rest and the carry."""
    undo = window.actions_by_name["undo"]
    assert window.combats_menu is not None
    assert window.combats_menu.new_combat("Road fight", "pool-and-ward")
    for name in (EDWARD, CUTTHROAT):
        _pick(dock, name)
        assert dock.add_selected()
    edward = _fighter(window, EDWARD)
    full_health, full_vigor = edward.health, edward.vigor
    foe = _fighter(window, CUTTHROAT)
    foe_full = (foe.health, foe.vigor)
    ids = window.combat.combatant_ids()
    # The short fight: the order, round 1, and the blows the GM marks on Edward's sheet
    # (a click on the fourth Health box and the second Vigor box, as the mouse does).
    for action in (pw.SetOrder(tuple(ids)), pw.StartFight()):
        assert window.combat.push(action) is None
    window.sheets.start()  # the sheets (built after the first paint in the program)
    sheet = window.sheet_docks[edward.id]
    sheet._click_box("health", 3)
    sheet._click_box("vigor", 1)
    edward = _fighter(window, EDWARD)
    assert (edward.health, edward.vigor) == (full_health - 4, full_vigor - 2)
    # Combat > End: asked, ended, and the carry dialog comes at once, every line ticked.
    monkeypatch.setattr(QMessageBox, "exec", lambda _box: QMessageBox.StandardButton.Yes)
    carried = answered_dialogs(monkeypatch, CarryDialog, lambda _d: None)
    window.end_combat()
    assert window.combat.wheel().ended and len(carried) == 1
    lines = {offer.name: offer.lines for offer in carried[0].offers}
    assert set(lines) == {EDWARD, CUTTHROAT} and lines[CUTTHROAT] == ()  # unhurt: nothing
    assert carried[0].ticked() == {EDWARD: {"health", "vigor"}, CUTTHROAT: set()}
    lasting = _held(window, EDWARD)
    assert (lasting.health_lost, lasting.vigor_lost) == (4, 2)
    assert f"{full_health - 4}/{full_health} Health" in dock.roster.item(
        [c.name for c in dock.roster.characters].index(EDWARD)).text()
    # Roster > Rest…: 15 minutes of rest give +1 Vigor (002 §Health and Vigor Recovery).
    _pick(dock, EDWARD)
    answered_dialogs(monkeypatch, RestDialog, lambda d: d.choose("rest"))
    window.actions_by_name["rest"].trigger()
    lasting = _held(window, EDWARD)
    assert (lasting.health_lost, lasting.vigor_lost) == (4, 1)
    # The next fight: Edward comes as he is (the default); the cutthroat, unhurt, fresh.
    assert window.combats_menu.new_combat("Second road fight", "pool-and-ward")
    for name in (EDWARD, CUTTHROAT):
        _pick(dock, name)
        assert dock.add_selected()
    edward = _fighter(window, EDWARD)
    assert (edward.health, edward.vigor) == (full_health - 4, full_vigor - 1)
    cutthroat = _fighter(window, CUTTHROAT)
    assert (cutthroat.health, cutthroat.vigor) == foe_full
    # Undo, step by step: the cutthroat's and Edward's adds, then the rest, then the carry.
    for _ in range(2):
        undo.trigger()
    assert window.combat.combatant_ids() == []
    assert undo.text().startswith("&Undo Rest")
    undo.trigger()
    assert _held(window, EDWARD).vigor_lost == 2
    assert undo.text().startswith("&Undo Carry")
    undo.trigger()
    assert _held(window, EDWARD) is None


@pytest.mark.parametrize("system", SYSTEMS)
def test_carry_changes_nothing_unless_accepted_in_every_system(
        window: MainWindow, dock: RosterDock, system: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every system's demo fight: Carry to the roster either says why nothing carries (a
    system whose lasting rules have not landed) or shows the dialog; cancelled, nothing
    changes (no undo step, the roster as it was)."""
    assert window.combats_menu is not None and isinstance(window.files, StoredCampaigns)
    window.combats_menu.show(next(r.id for r in window.files.campaign.combats
                                  if r.ruleset_name() == system))
    said: list[str] = []
    work = window.findChild(BetweenFights)
    assert work is not None
    work.say = said.append
    shown: list[QDialog] = []

    def cancel(dialog: QDialog) -> int:
        shown.append(dialog)
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(CarryDialog, "exec", cancel)
    before = window.files.campaign.characters
    assert not work.carry()
    if window.combat.session.ruleset.lasting_module is None:
        assert said and said[-1].startswith("Nothing carried:") and not shown
    else:
        assert shown or said
    assert window.files.campaign.characters == before
    assert window.combat.campaign_stack.count() == 0


def test_the_whole_party_rests_as_one_step(window: MainWindow, dock: RosterDock,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Roster > Rest… with several characters picked (Ctrl+click) rests each of them the
    same way, as one undo step (rules page §Pool & Ward: +1 Vigor per 15 minutes)."""
    from battlewheel.engine.rulesets.poolward.lasting import Lasting

    tired = ("Edward Sumner", "Cutthroat 2")
    window.files.set_roster_state(replace_characters(
        window.files.campaign, {name: Lasting(vigor_lost=2) for name in tired}))
    dock.refresh()
    dock.roster.clearSelection()
    for name in tired:
        dock.roster.item([c.name for c in dock.roster.characters].index(name)).setSelected(True)
    answered_dialogs(monkeypatch, RestDialog, lambda d: d.field("rest", "minutes").setValue(30))
    window.combats_menu.show("combat-poolward")  # type: ignore[union-attr]
    window.actions_by_name["rest"].trigger()
    assert [_held(window, name) for name in tired] == [None, None]  # rested to full
    assert window.combat.campaign_stack.count() == 1
    window.actions_by_name["undo"].trigger()
    assert [_held(window, name).vigor_lost for name in tired] == [2, 2]


def replace_characters(campaign: Any, lasting: dict[str, Any]) -> Any:
    """The campaign with these characters holding these Pool & Ward conditions."""
    from dataclasses import replace

    from battlewheel.storage.roster import HeldCondition

    return replace(campaign, characters=tuple(
        c.with_condition("pool-and-ward", HeldCondition(lasting[c.name]))
        if c.name in lasting else c for c in campaign.characters))


def test_an_edit_that_shortens_a_track_keeps_the_marks_and_says_so(
        window: MainWindow, dock: RosterDock) -> None:
    """Common §Editing a block does not heal: Edward, 4 Vigor lost, edited to Constitution 2
    keeps a Vigor at 0 (never fresh) and the status bar says what moved; one undo step."""
    from dataclasses import replace

    from battlewheel.engine.rulesets.poolward.lasting import Lasting
    from battlewheel.storage.roster import RosterCharacter

    said: list[str] = []
    dock._say = said.append
    window.files.set_roster_state(replace_characters(
        window.files.campaign, {EDWARD: Lasting(vigor_lost=4)}))
    original = window.files.campaign.character(EDWARD)
    block = original.block("pool-and-ward")
    weaker = replace(block, stats={**block.stats, "constitution": 2})
    edited = RosterCharacter(original.identity, (("pool-and-ward", weaker),), original.conditions)
    assert dock.commit(edited, original) is not None
    kept = _held(window, EDWARD)
    assert kept is not None and kept.vigor_lost == 2  # the whole (shorter) track, still lost
    assert said and "Vigor lost 4 is more than the track's 2" in said[-1]
    window.actions_by_name["undo"].trigger()
    assert _held(window, EDWARD).vigor_lost == 4


def _rest_with_other_values(dialog: RestDialog, offer: Any) -> None:
    """Choose ``offer`` with each number moved off its default (the GM's edit: Limit set
    to 0 where it is 1; two levels healed where one is offered)."""
    from PySide6.QtWidgets import QSpinBox

    dialog.choose(offer.key)
    for wanted in offer.inputs:
        spin = dialog.field(offer.key, wanted.key)
        if isinstance(spin, QSpinBox):
            spin.setValue(wanted.low if wanted.default != wanted.low
                          else min(wanted.high, int(wanted.default) + 1))


def _rules(window: MainWindow) -> Any:
    return window.combat.session.ruleset.lasting_rules()


CARRYING = [system for system in SYSTEMS if "roster_fight" in pieces_of(system)]
"""The systems whose fights carry (what the carry tests need of one: its roster_fight)."""


@pytest.mark.parametrize("system", CARRYING)
def test_a_fight_carries_rests_and_the_next_fight_starts_there_in_each_system(
        window: MainWindow, dock: RosterDock, system: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each system in the window: the hero's sheet marked, the fight carried (here
    before its end: the party flees), a rest from the system's offers, a new fight whose
    hero comes in at the roster's condition; then Ctrl+Z takes back the add, the rest and
    the carry, and the hero is fresh again (the hero, the foe and the clicks: the system's
    roster_fight)."""
    hero, foe, clicks_on = piece(system, "roster_fight")()
    assert window.combats_menu is not None
    assert window.combats_menu.new_combat("Road fight", system)
    for name in (hero, foe):
        _pick(dock, name)
        assert dock.add_selected()
    window.sheets.start()
    ids = {window.combat.name(cid): cid for cid in window.combat.combatant_ids()}
    sheet = window.sheet_docks[ids[hero]]
    for track, index in clicks_on(window.files.campaign.character(hero).block(system)):
        before = len(window.combat.session.log)
        sheet._click_box(track, index)
        assert len(window.combat.session.log) == before + 1
    carried = answered_dialogs(monkeypatch, CarryDialog, lambda _d: None)
    window.actions_by_name["carry_to_roster"].trigger()
    assert carried and carried[0].ticked()[hero]  # something carries, all ticked
    rules = _rules(window)
    character = window.files.campaign.character(hero)
    block = character.block(system)
    after_carry = character.held(system).lasting
    assert after_carry != rules.fresh(block)
    # Roster > Rest…: the first rest the rules offer that needs no roll.
    offers = [o for o in rules.rest_offers(block, after_carry, None)
              if not o.why_not and not any(i.kind == "roll" for i in o.inputs)]
    assert offers, "the rules offer a rest for a hurt character"
    _pick(dock, hero)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: warned.append(text))
    answered_dialogs(monkeypatch, RestDialog, lambda d: _rest_with_other_values(d, offers[0]))
    window.actions_by_name["rest"].trigger()
    assert warned == [], [(o.key, o.inputs) for o in offers]
    held = window.files.campaign.character(hero).held(system)
    after_rest = held.lasting if held is not None else rules.fresh(block)
    assert after_rest != after_carry
    # The next fight: the hero joins as the roster has them.
    assert window.combats_menu.new_combat("Next fight", system)
    _pick(dock, hero)
    assert dock.add_selected()
    (cid,) = window.combat.combatant_ids()
    now = rules.after(window.combat.session.state, cid, rules.fresh(block))
    assert now == after_rest  # fresh again when the rest healed everything
    # Undo: the add, the rest, the carry.
    undo = window.actions_by_name["undo"]
    undo.trigger()
    assert window.combat.combatant_ids() == []
    assert undo.text().startswith("&Undo Rest")
    undo.trigger()
    assert window.files.campaign.character(hero).held(system).lasting == after_carry
    assert undo.text().startswith("&Undo Carry")
    undo.trigger()
    assert window.files.campaign.character(hero).held(system) is None


@pytest.mark.parametrize("system", CARRYING)
def test_combat_end_offers_the_carry_in_every_system(
        window: MainWindow, dock: RosterDock, system: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: Combat > End, in every system, offers "Carry to the roster" at once,
    listing each roster character who fought (a fight begun first where the system
    refuses to end one that has not: 3e)."""
    assert window.combats_menu is not None
    assert window.combats_menu.new_combat("Road fight", system)
    fought = [c.name for c in window.files.campaign.characters if system in c.rulesets()][:2]
    for name in fought:
        _pick(dock, name)
        assert dock.add_selected()
    _begin_through_the_window(window)
    monkeypatch.setattr(QMessageBox, "exec", lambda _box: QMessageBox.StandardButton.Yes)
    carried = answered_dialogs(monkeypatch, CarryDialog, lambda _d: None)
    window.end_combat()
    assert window.combat.wheel().ended
    assert len(carried) == 1 and [offer.name for offer in carried[0].offers] == fought


def _begin_through_the_window(window: MainWindow) -> None:
    """Until the system would let the fight end (3e: not before it has begun), the
    forecast's autopilot takes a step, pushed through the window's model as the GM's."""
    import random

    from battlewheel.engine.core.forecast import first_legal
    from battlewheel.views.dialogs.apply import trial

    combat, rng = window.combat, random.Random(7)
    ruleset = combat.session.ruleset
    end = ruleset.end_action()
    for _ in range(50):
        if end is None or trial(combat.session, [end]).refusal is None:
            return
        chosen = first_legal(ruleset, combat.state,
                             ruleset.autopilot_candidates(combat.state, rng, {}))
        assert chosen is not None, "the autopilot found nothing to do"
        assert combat.push(chosen[0]) is None
    pytest.fail(f"{ruleset.name}: the fight could not be ended after 50 steps")


@pytest.mark.parametrize("system", CARRYING)
def test_the_demo_fights_carry_to_the_roster(window: MainWindow, dock: RosterDock, system: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A GM trying Carry on the demo: its fighters are the roster's own blocks, so those
    who are roster characters are offered (it said "no roster character fought")."""
    assert window.combats_menu is not None
    record = next(r for r in window.files.campaign.combats if r.ruleset_name() == system)
    window.combats_menu.show(record.id)
    carried = answered_dialogs(monkeypatch, CarryDialog, lambda _d: None)
    window.actions_by_name["carry_to_roster"].trigger()
    roster = {c.name for c in window.files.campaign.characters}
    assert len(carried) == 1
    offered = [offer.name for offer in carried[0].offers]
    assert offered and set(offered) <= roster
