"""The demo fight: Edward Sumner against two cutthroats and their archer (002, the Edward
example), set up and ready to start."""

from __future__ import annotations

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward.actions import AddCombatant, SetOrder
from battlewheel.engine.rulesets.poolward.block import (
    MELEE,
    RANGED,
    AttackProfile,
    StatBlock,
    Trigger,
)

LONGSWORD = AttackProfile("Longsword", MELEE, 3, stat="strength")
DAGGER = AttackProfile("Dagger", MELEE, 1, stat="strength", ap=1,
                       effects=(Trigger("Bleed 1", "lethal"),))
LONGBOW = AttackProfile("Longbow", RANGED, 2, ap=2)


def edward() -> StatBlock:
    """A retired general in full plate with a light shield (002 §Attack Roll Dice Pools)."""
    return StatBlock(
        name="Edward Sumner",
        stats={"strength": 4, "dexterity": 3, "constitution": 4, "intelligence": 3,
               "willpower": 4},
        skills={"Melee Weapons": 5},
        racial_health=1, armour=3, armour_dr=1, shield=1, shield_apr=1, dodge=1, parry=0,
        attacks=(LONGSWORD,),
        notes="Full plate (3), light shield (1, APR 1).",
        player=True,
    )


def cutthroat(number: int) -> StatBlock:
    """A dagger man: 1 + Strength 3 + skill 3 = 7 dice, AP 1."""
    return StatBlock(
        name=f"Cutthroat {number}",
        stats={"strength": 3, "dexterity": 3, "constitution": 3},
        skills={"Melee Weapons": 3}, armour=1, dodge=1, attacks=(DAGGER,),
    )


def archer() -> StatBlock:
    """Their friend with a longbow: 2 + Dexterity 3 + skill 3 = 8 dice, AP 2."""
    return StatBlock(
        name="Archer",
        stats={"strength": 2, "dexterity": 3, "constitution": 3},
        skills={"Ranged Weapons": 3}, armour=1, dodge=1, attacks=(LONGBOW,),
    )


DEMO_COMBAT = ("combat-poolward", "Edward at the Crossroads (Pool & Ward)")
"""The demo campaign's combat of ``demo_fight`` (its id, its name): the demo's builder,
packaging/make_demo_campaign.py, finds it here."""


def demo_fight() -> CombatSession:
    """Edward and his three attackers on the roster, the order set; the GM starts it."""
    session = CombatSession.new(ruleset="pool-and-ward")
    session.apply(AddCombatant("edward", edward(), "ally", player=True))
    session.apply(AddCombatant("cutthroat1", cutthroat(1), "enemy"))
    session.apply(AddCombatant("cutthroat2", cutthroat(2), "enemy"))
    session.apply(AddCombatant("archer", archer(), "enemy"))
    session.apply(SetOrder(("cutthroat1", "cutthroat2", "archer", "edward")))
    return session
