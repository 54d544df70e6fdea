"""What the 2e Rewrite gives the tests that hold for every system (tests/conformance.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession
from tests.conformance import Printed
from tests.engine.rulesets.rewrite.recipes import RECIPES as RECIPES  # the walks' recipes

# Every field of the 2e form cites its seed section.
EXPLAINS_EVERY_FIELD = True


def fight() -> CombatSession:
    """Ana against Bo and Cy, not begun."""
    from battlewheel.engine.rulesets.rewrite import actions as r
    from tests.engine.rulesets.rewrite.helpers import person

    session = CombatSession.new()
    for cid, name, side in (("ana", "Ana", "ally"), ("bo", "Bo", "enemy"),
                            ("cy", "Cy", "enemy")):
        session.apply(r.AddCombatant(cid, person(name), side))
    return session


def informed() -> tuple[Any, Any]:
    """The 2e walk (test_properties): its rulings drawn, set-up then fight actions."""
    from tests.engine.rulesets.rewrite import test_properties as t

    def start(data: st.DataObject) -> CombatSession:
        return CombatSession.new(data.draw(t.OPTIONS))

    def step(data: st.DataObject, session: CombatSession) -> Action:
        choose = t._fight_action if session.state.started else t._setup_action
        return choose(data, session)

    return start, step


def on_the_wheel(session: CombatSession) -> None:
    """A 2e fight waits to be set up, its counters beside the wheel: each fighter rolls
    to join battle, then the fight starts."""
    from battlewheel.engine.core.dice import DiceEntry
    from battlewheel.engine.rulesets.rewrite import actions as r

    for index, cid in enumerate(session.state.combatants):
        session.apply(r.RollJoinBattle(combatant=cid, dice=DiceEntry.of_successes(index % 3)))
    session.apply(r.StartCombat())


def printed() -> Printed:
    """Ana, Bo, Cy and a spare: 4 cards in 2 rows; a 2e card (a health track and a few
    lines) is short enough that both rows share one A4 page, as the fight's own 3 do."""
    from tests.engine.rulesets.rewrite.helpers import person

    return Printed(fight, person("Spare Dan"), 1, 1)


def _demo_block(name: str) -> Any:
    from battlewheel.storage.demo_campaign import load_demo_campaign

    block = load_demo_campaign().character(name).block("2e-rewrite")
    assert block is not None, name
    return block


def duellist() -> Any:
    """Hunt spearman 1 of the demo."""
    return _demo_block("Hunt spearman 1")


def strong() -> Any:
    """Kestrel of the Burning Road, the demo's Solar."""
    return _demo_block("Kestrel of the Burning Road")


def weak() -> Any:
    """Hunt spearman 1 without his weapons."""
    return replace(duellist(), weapons=())


def hurt() -> tuple[Any, Any]:
    """A condition a fighter can join with, and what "Restore to full" leaves of it
    (carry tests)."""
    from battlewheel.engine.rulesets.rewrite.lasting import Lasting

    return Lasting(lethal=1, bashing=2, willpower_spent=1), Lasting()


def knock_out(session: CombatSession, cid: str) -> None:
    """Marks lethal to the Incapacitated box (000 §Applying Effects): it cannot act."""
    who = session.state.combatants[cid]
    session.state.combatants[cid] = who.replace(health=who.health.mark(
        lethal=who.health.incap_index + 1))


def rolled_order() -> Any:
    """The default rulings: Join Battle is rolled at every fight's start."""
    return CombatSession.new(ruleset="2e-rewrite").ruleset.default_options()


CARRY_EXAMPLE = "mortal-duel"
"""An example log (resources/examples) whose fight leaves something that carries."""
