"""A ruleset answers the shared views from its presentation module (``presentation_module``,
``engine/core/ruleset_presentation.py``): a function the module lacks gets the core's
default, and the core adds what every system shares (the conditions' badges and section).

Checked on a throw-away system of a few lines, made here and never registered: its class
is declarations only, its presentation module two functions.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any, ClassVar

import pytest

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import AddCombatant, EndCombat, Joining
from battlewheel.engine.core.conditions import AddCondition, Condition
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.options import Options
from battlewheel.engine.core.ruleset import Ruleset
from battlewheel.engine.core.system import CAPABILITIES
from tests.contract.rounds_ruleset import Token as Block  # a stat block of a name


@dataclasses.dataclass(frozen=True)
class Fighter:
    id: str
    name: str
    side: str
    conditions: tuple[Condition, ...] = ()


@dataclasses.dataclass
class State:
    options: Any
    combatants: dict[str, Fighter] = dataclasses.field(default_factory=dict)

    def clone(self) -> State:
        return dataclasses.replace(self, combatants=dict(self.combatants))

    def name(self, cid: str) -> str:
        return self.combatants[cid].name


def _join(state: State, action: AddCombatant) -> list[Event]:
    state.combatants[action.id] = Fighter(action.id, action.character.name, action.side)
    return []


def _track(state: State) -> c.TurnTrack:
    counters = tuple(c.Counter(f.id, f.name, c.initials(f.name), f.side, slot=0)
                     for f in state.combatants.values())
    return c.TurnTrack(slots=(c.Slot("now"),), cursor=0, counters=counters)


def _sheet(state: State, cid: str) -> c.SheetView:
    who = state.combatants[cid]
    track = c.BoxTrack("hits", "Hits", "..", ("1", "2"), (), blank=".")
    return c.SheetView(cid, who.name, "duellist", who.side, (), (track,))


PRESENTATION = types.SimpleNamespace(turn_track=_track, sheet=_sheet)


class Duel(Ruleset):
    name: ClassVar[str] = "duel"
    title: ClassVar[str] = "Duel"
    seed: ClassVar[str] = "tests"
    options_type: ClassVar[type[Options]] = Options
    block_type: ClassVar[type[Any]] = Block
    joining: ClassVar[Joining] = Joining(Block)
    state_type: ClassVar[type[Any]] = State
    handler_table: ClassVar[Any] = {AddCombatant: _join, EndCombat: lambda state, action: []}
    presentation_module: ClassVar[Any] = PRESENTATION


@pytest.fixture
def fight() -> tuple[Duel, State]:
    duel = Duel()
    state = duel.new_state(duel.default_options())
    duel.apply(state, duel.join_action("ann", Block("Ann"), c.ALLY))
    duel.apply(state, AddCombatant("bo", Block("Bo"), c.ENEMY))
    return duel, state


def test_what_the_module_lacks_has_the_cores_default(fight: tuple[Duel, State]) -> None:
    duel, state = fight
    assert duel.drop(state, "ann", 0).refusal == "counters do not move by hand in this system"
    assert duel.pocket_drop(state, "ann").refusal == "the wheel of this system has no pocket"
    assert duel.box_click(state, "ann", "hits", 0) is None
    assert duel.turn_actions(state) == () and duel.status_line(state) == ""
    assert [cell.text for cell in duel.roster_cells(state, "bo")][:3] == ["Bo", c.ENEMY, "2"]
    assert duel.roster_order(state) is not None  # its rows are the sheet's, not its own
    assert duel.vitality(state, "ann").player and duel.end_action("won") == EndCombat("won")
    card = duel.card(state, "ann")  # the sheet under the fighter's name
    assert (card.title, card.subtitle) == ("Ann", "Duel \u00b7 duellist")
    assert card.sections == duel.sheet(state, "ann").sections


def test_a_block_card_by_default_is_the_card_of_a_fight_the_character_just_joined() -> None:
    duel = Duel()
    card = duel.block_card(Block("Cy"))
    assert card.title == "Cy" and [t.title for t in card.sections if isinstance(t, c.BoxTrack)] \
        == ["Hits"]


def test_the_core_adds_the_conditions_to_the_wheel_and_the_sheet(
        fight: tuple[Duel, State]) -> None:
    duel, state = fight
    plain = (duel.turn_track(state), duel.sheet(state, "bo"))
    duel.apply(state, AddCondition("bo", Condition("Blinded", dice=-2)))
    counter = duel.turn_track(state).counter("bo")
    assert counter is not None and len(counter.badges) == len(plain[0].counters[1].badges) + 1
    assert len(duel.sheet(state, "bo").sections) == len(plain[1].sections) + 1


def test_a_ruleset_declared_nowhere_declares_no_capability() -> None:
    assert not any(Duel().can(each) for each in CAPABILITIES)


def test_a_system_that_gives_no_wheel_is_refused_when_made() -> None:
    with pytest.raises(TypeError, match="gives no turn_track"):
        type("NoWheel", (Duel,), {"presentation_module": types.SimpleNamespace(sheet=_sheet)})
