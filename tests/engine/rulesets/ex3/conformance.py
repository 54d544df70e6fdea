"""What Exalted 3e gives the tests that hold for every system (tests/conformance.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession
from tests.conformance import Printed
from tests.engine.rulesets.ex3.recipes import RECIPES as RECIPES  # the walks' recipes

# Not yet: Manipulation's and Perception's help cite no section (no 003 rule reads them).
EXPLAINS_EVERY_FIELD = False


def fight() -> CombatSession:
    """The 3e demo fight, not begun."""
    from battlewheel.engine.rulesets.ex3.demo import demo_fight

    return demo_fight()


def informed() -> tuple[Any, Any]:
    """The 3e walk (test_properties): an attack on a fresh turn half the time."""
    from tests.engine.rulesets.ex3 import test_properties as t

    def step(data: st.DataObject, session: CombatSession) -> Action:
        state = session.state
        fresh = state.turn is not None and not state.turn.simple
        return (t._attack if fresh and data.draw(st.booleans()) else t._other)(data, state)

    return t._session, step


def on_the_wheel(session: CombatSession) -> None:
    """Its fighters stand on the wheel once added: nothing to do."""


def printed() -> Printed:
    """5 fighters and a spare guard: 6 cards in 3 rows; a row of 3e cards (about 105 mm)
    lets two rows share a page, so 2 pages, and the fight's own 5 cards 2 as well."""
    from battlewheel.engine.rulesets.ex3.demo import demo_fight, guard

    return Printed(demo_fight, replace(guard(), name="Reserve Guard"), 2, 2)


def duellist() -> Any:
    """A mortal spearman."""
    from battlewheel.engine.rulesets.ex3.block import Character
    from battlewheel.engine.rulesets.ex3.demo import SPEAR

    return Character(name="Spearman", kind="mortal",
                     attributes={"strength": 2, "dexterity": 3, "stamina": 2, "wits": 2},
                     abilities={"melee": 3, "dodge": 2, "awareness": 2}, weapons=(SPEAR,))


def strong() -> Any:
    """The demo circle's first Solar."""
    from battlewheel.engine.rulesets.ex3.demo import circle

    return circle()[0]


def weak() -> Any:
    """A farmhand with nothing in hand."""
    from battlewheel.engine.rulesets.ex3.block import Character

    return Character(name="Farmhand", kind="mortal",
                     attributes={"strength": 1, "dexterity": 1, "stamina": 1, "wits": 1})


def hurt() -> tuple[Any, Any]:
    """A condition a fighter can join with, and what "Restore to full" leaves of it
    (carry tests)."""
    from battlewheel.engine.rulesets.ex3.lasting import Lasting

    return Lasting(aggravated=1, bashing=1, willpower_spent=2), Lasting()


def knock_out(session: CombatSession, cid: str) -> None:
    """Marks lethal to the Incapacitated box (a battle group: dissolved): out of the fight."""
    who = session.state.combatants[cid]
    if who.is_group:
        session.state.combatants[cid] = who.replace(dissolved=True)
    else:
        session.state.combatants[cid] = who.replace(health=who.health.mark(
            lethal=who.health.incap_index + 1))


def rolled_order() -> Any:
    """The default rulings: Join Battle is rolled at every fight's start."""
    return CombatSession.new(ruleset="3e").ruleset.default_options()


CARRY_EXAMPLE = "ex3-duel-crash-break-shift"
"""An example log (resources/examples) whose fight leaves something that carries."""


# -- pieces for the desktop tests

SET_UP_STEP = "roll Join Battle (Ctrl+J)"
"""What a new combat's status line sends the GM to first (views.combats_menu.set_up_step)."""


def dialogs() -> tuple[type, ...]:
    """The 3e dialogs' base."""
    from battlewheel.views.rulesets.ex3.base import Ex3Dialog

    return (Ex3Dialog,)


def odds_words(shown: Any) -> list[tuple[Any, str]]:
    """A Clash (Jade and the guard at close range, her turn): the foe's roll."""
    from battlewheel.engine.rulesets.ex3 import actions as a
    from battlewheel.views.rulesets.ex3.attack_dialog_clash import ClashDialog
    from tests.desktop.rulesets.ex3.fight import started, turn_of

    model = started(a.SetRange("guard", "jade", "close"))
    turn_of(model, "jade")
    clash = ClashDialog(model, "jade")
    shown(clash)
    odds = clash.odds
    assert odds is not None
    return [(odds, "Foe's average &roll:")]


def on_the_player_screen(tracks: list[Any], texts: list[str]) -> None:
    """The player characters' Initiative (the demo circle's 4i and 6i)."""
    assert {"4i", "6i"} <= set(texts)


def roster_fight() -> tuple[str, str, Any]:
    """Jade and an Ashen Guard; a health box twice (bashing, then lethal) and the next."""
    return ("Harmonious Jade", "Ashen Guard",
            lambda _block: [("health", 0), ("health", 0), ("health", 1)])


def keyed_attack() -> tuple[CombatSession, list[tuple[str, str]], str]:
    """Lady Ashkeel steps into the circle's zone (the Move dialog opens on that step),
    then Swift Lark shoots her: 8 successes, damage 7 8 10 (Return goes on to the damage
    field)."""
    return (fight(),
            [("key", "Space"), ("entry", "move"), ("key", "Ctrl+Return"),
             ("entry", "next_turn"), ("entry", "attack"), ("type", "8"), ("key", "Return"),
             ("type", "7 8 10"), ("key", "Ctrl+Return")], "Swift Lark")
