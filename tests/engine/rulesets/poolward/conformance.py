"""What Pool & Ward gives the tests that hold for every system (tests/conformance.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from battlewheel.engine.core.session import CombatSession
from tests.conformance import Printed
from tests.engine.rulesets.poolward.recipes import RECIPES as RECIPES  # the walks' recipes

EXPLAINS_EVERY_FIELD = True


def fight() -> CombatSession:
    """The Pool & Ward demo fight (the seed's own example), not begun."""
    from battlewheel.engine.rulesets.poolward.demo import demo_fight

    return demo_fight()


def informed() -> tuple[Any, Any]:
    """The Pool & Ward walk (test_properties): its next action."""
    from tests.engine.rulesets.poolward import test_properties as t

    def start(data: st.DataObject) -> CombatSession:
        return CombatSession.new(data.draw(t.OPTIONS), ruleset=t.RULESET)

    return start, t._next_action


def on_the_wheel(session: CombatSession) -> None:
    """Its fighters stand on the wheel once added: nothing to do."""


def printed() -> Printed:
    """4 fighters and a spare cutthroat: 5 cards in 3 rows, and a row of Pool & Ward cards
    (about 170 mm) fills a page alone: 3 pages; the fight's own 4 cards, 2."""
    from battlewheel.engine.rulesets.poolward.demo import cutthroat, demo_fight

    return Printed(demo_fight, replace(cutthroat(3), name="Cutthroat 3"), 3, 2)


def duellist() -> Any:
    """A cutthroat."""
    from battlewheel.engine.rulesets.poolward.demo import cutthroat

    return cutthroat(1)


def strong() -> Any:
    """Edward, a veteran in plate (Pool & Ward has no Solars)."""
    from battlewheel.engine.rulesets.poolward.demo import edward

    return edward()


def weak() -> Any:
    """A farmhand."""
    from battlewheel.engine.rulesets.poolward.block import StatBlock

    return StatBlock(name="Farmhand", stats={"strength": 1, "dexterity": 1, "constitution": 1})


def hurt() -> tuple[Any, Any]:
    """A condition a fighter can join with, and what "Restore to full" leaves of it
    (carry tests)."""
    from battlewheel.engine.rulesets.poolward.lasting import Lasting

    return Lasting(health_lost=2, vigor_lost=1), Lasting()


def knock_out(session: CombatSession, cid: str) -> None:
    """Health gone (002 §Damage Tracking): disabled."""
    from battlewheel.engine.rulesets.poolward.state import DISABLED

    who = session.state.fighters[cid]
    session.state.fighters[cid] = who.replace(health=0, condition=DISABLED)


def rolled_order() -> Any:
    """The order rolled each round (ruling ``turn_order``; ties as the GM places them)."""
    from battlewheel.engine.rulesets.poolward.options import ORDER_EACH_ROUND, PoolWardOptions

    return replace(PoolWardOptions(), turn_order=ORDER_EACH_ROUND)


CARRY_EXAMPLE = "poolward-mar-and-the-guard"
"""An example log (resources/examples) whose fight leaves something that carries."""


# -- pieces for the desktop tests

SET_UP_STEP = "roll the order (R)"
"""What a new combat's status line sends the GM to first (views.combats_menu.set_up_step)."""


def dialogs() -> tuple[type, ...]:
    """The Pool & Ward dialogs' base."""
    from battlewheel.views.rulesets.poolward.base import PoolWardDialog

    return (PoolWardDialog,)


def odds_words(shown: Any) -> list[tuple[Any, str]]:
    """None: every Pool & Ward roll the dock shows is an attack (against cover)."""
    return []


def on_the_player_screen(tracks: list[Any], texts: list[str]) -> None:
    """Vigor under Health: two tracks."""
    assert "Vigor" in texts and len(tracks) == 2


def roster_fight() -> tuple[str, str, Any]:
    """Edward and a cutthroat; the fourth Health box and the second Vigor box."""
    return ("Edward Sumner", "Cutthroat 1", lambda _block: [("health", 3), ("vigor", 1)])


def keyed_attack() -> tuple[CombatSession, list[tuple[str, str]], str]:
    """Three cutthroats' idle turns are passed (Space asks each time; Y), then Edward
    Sumner attacks with 3 typed successes."""
    return (fight(),
            [("key", "Space"), *[("key", "Space"), ("yes", "")] * 3,
             ("entry", "attack"), ("type", "3"), ("key", "Ctrl+Return")], "Edward Sumner")
