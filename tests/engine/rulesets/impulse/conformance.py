"""What Impulse gives the tests that hold for every system (tests/conformance.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action
from battlewheel.engine.core.session import CombatSession
from tests.conformance import Printed
from tests.engine.rulesets.impulse.recipes import RECIPES as RECIPES  # the walks' recipes

EXPLAINS_EVERY_FIELD = True


def fight() -> CombatSession:
    """The Impulse demo fight, not begun."""
    from battlewheel.engine.rulesets.impulse.demo import demo_fight

    return demo_fight()


def informed() -> tuple[Any, Any]:
    """The Impulse walk (test_properties): set-up, then turn actions."""
    from tests.engine.rulesets.impulse import test_properties as t

    def start(data: st.DataObject) -> CombatSession:
        return CombatSession.new(data.draw(t.OPTIONS), ruleset="impulse")

    def step(data: st.DataObject, session: CombatSession) -> Action:
        choose = t._turn_action if session.state.started else t._setup_action
        return choose(data, session)

    return start, step


def on_the_wheel(session: CombatSession) -> None:
    """Its fighters stand on the wheel once added: nothing to do."""


def printed() -> Printed:
    """4 fighters and a spare archer: 5 cards in 3 rows, and a row of Impulse cards
    (about 150 mm) fills an A4 page alone (273 mm between the margins): 3 pages; the
    fight's own 4 cards, 2."""
    from battlewheel.engine.rulesets.impulse.demo import demo_fight, foes

    return Printed(demo_fight, replace(foes()[1], name="Spare Archer"), 3, 2)


def duellist() -> Any:
    """The demo's first hero."""
    from battlewheel.engine.rulesets.impulse.demo import heroes

    return heroes()[0]


def strong() -> Any:
    """The demo's first hero, a Solar."""
    return duellist()


def weak() -> Any:
    """A farmhand, unarmed."""
    from battlewheel.engine.rulesets.impulse.block import UNARMED, ImpulseCharacter

    return ImpulseCharacter("Farmhand", initiative=1, endurance=3, dv=1, evasion=1, soak=0,
                            base_damage=0, weapons=(UNARMED,),
                            traits={"dexterity": 1, "brawl": 1})


def hurt() -> tuple[Any, Any]:
    """A condition a fighter can join with, and what "Restore to full" leaves of it
    (carry tests)."""
    from battlewheel.engine.rulesets.impulse.lasting import Lasting

    # Limit and Strife are edited apart: restoring to full keeps them.
    return Lasting(limit=2, strife=1, endurance_lost=3), Lasting(limit=2, strife=1)


def knock_out(session: CombatSession, cid: str) -> None:
    """Endurance gone (001 §Endurance): defeated."""
    who = session.state.combatants[cid]
    session.state.combatants[cid] = who.replace(endurance=0, defeated=True)


def rolled_order() -> Any:
    """The default rulings: order dice are rolled at every fight's start."""
    return CombatSession.new(ruleset="impulse").ruleset.default_options()


CARRY_EXAMPLE = "impulse-duel"
"""An example log (resources/examples) whose fight leaves something that carries."""


# -- pieces for the desktop tests

SET_UP_STEP = "roll for the order (R)"
"""What a new combat's status line sends the GM to first (views.combats_menu.set_up_step)."""


def dialogs() -> tuple[type, ...]:
    """The Impulse dialogs' base."""
    from battlewheel.views.rulesets.impulse.base import ImpulseDialog

    return (ImpulseDialog,)


def odds_words(shown: Any) -> list[tuple[Any, str]]:
    """A manoeuvre (a difficulty) and a contest (the foe's Evasion)."""
    from battlewheel.views.rulesets.impulse.odds import contest_odds, manoeuvre_odds

    return [(manoeuvre_odds("Stunt", 6, 3, "above"), "&Difficulty:"),
            (contest_odds("Disengage", 5, 3, "above"), "Their &Evasion:")]


def on_the_player_screen(tracks: list[Any], texts: list[str]) -> None:
    """Twelve Endurance boxes on the longest track."""
    assert max(track.box_count() for track in tracks) == 12


def roster_fight() -> tuple[str, str, Any]:
    """Swift Reed and the Bandit Archer; every Endurance box, so the player character
    falls (001 §Player Character Defeat)."""
    return ("Swift Reed", "Bandit Archer",
            lambda block: [("endurance", block.endurance - 1)])


def keyed_attack() -> tuple[CombatSession, list[tuple[str, str]], str]:
    """Harmonious Jade closes on the Bandit Chief (ticked already) and strikes decisively
    with seven typed faces."""
    return (fight(),
            [("key", "Space"), ("entry", "move"), ("key", "Ctrl+Return"),
             ("entry", "decisive"), ("type", "8 8 8 1 2 3 4"), ("key", "Ctrl+Return")],
            "Harmonious Jade")
