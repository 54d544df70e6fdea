"""The demo campaign's Impulse fight, ready to start: two heroes, a bandit chief, an archer."""

from __future__ import annotations

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse.actions import (
    AddCombatant,
    RollOrder,
    SetRange,
    SettleTie,
)
from battlewheel.engine.rulesets.impulse.block import ImpulseCharacter, Weapon

SWORD = Weapon("Daiklave", "medium", "strength", "melee")
KNIVES = Weapon("Knives", "light", "dexterity", "melee")
AXE = Weapon("Great axe", "heavy", "strength", "melee")
BOW = Weapon("Short bow", "light", "dexterity", "archery", ranged=True)


def heroes() -> tuple[ImpulseCharacter, ImpulseCharacter]:
    """The two player characters of the demo."""
    swordswoman = ImpulseCharacter(
        "Harmonious Jade",
        player=True,
        initiative=4,
        endurance=12,
        dv=4,
        evasion=3,
        soak=2,
        resolve=3,
        guile=2,
        base_damage=2,
        armour="light",
        weapons=(SWORD,),
        traits={
            "strength": 3,
            "dexterity": 4,
            "wits": 3,
            "cunning": 2,
            "melee": 4,
            "athletics": 2,
            "awareness": 3,
            "presence": 2,
        },
    )
    rogue = ImpulseCharacter(
        "Swift Reed",
        player=True,
        initiative=5,
        endurance=10,
        dv=5,
        evasion=4,
        soak=1,
        resolve=2,
        guile=4,
        base_damage=1,
        armour="none",
        weapons=(KNIVES,),
        traits={
            "dexterity": 5,
            "wits": 3,
            "cunning": 4,
            "melee": 3,
            "athletics": 3,
            "awareness": 2,
            "stealth": 4,
            "presence": 1,
        },
    )
    return swordswoman, rogue


def foes() -> tuple[ImpulseCharacter, ImpulseCharacter]:
    """The bandit chief (two actions a round) and his archer."""
    chief = ImpulseCharacter(
        "Bandit Chief",
        initiative=3,
        endurance=14,
        dv=3,
        evasion=2,
        soak=3,
        resolve=3,
        guile=2,
        base_damage=2,
        armour="medium",
        weapons=(AXE,),
        actions=2,
        traits={
            "strength": 4,
            "dexterity": 2,
            "cunning": 2,
            "melee": 3,
            "athletics": 2,
            "presence": 3,
            "stealth": 1,
        },
    )
    archer = ImpulseCharacter(
        "Bandit Archer",
        initiative=2,
        endurance=7,
        dv=2,
        evasion=2,
        soak=1,
        resolve=2,
        guile=1,
        base_damage=1,
        armour="light",
        weapons=(BOW,),
        traits={"dexterity": 3, "archery": 3, "athletics": 2, "cunning": 1, "stealth": 2},
    )
    return chief, archer


DEMO_COMBAT = ("combat-impulse", "Bandits on the Salt Road (Impulse)")
"""The demo campaign's combat of ``demo_fight`` (its id, its name): the demo's builder,
packaging/make_demo_campaign.py, finds it here."""


def demo_fight() -> CombatSession:
    """Heroes, bandits, ranges and order rolled, the tie settled: the GM presses Begin round 1.

    Jade and the Chief both roll 10; Jade's player chose to go first (001 §Turn Order).
    """
    session = CombatSession.new(ruleset="impulse")
    jade, reed = heroes()
    chief, archer = foes()
    session.apply(AddCombatant("jade", jade, "ally", band="short"))
    session.apply(AddCombatant("reed", reed, "ally", band="short"))
    session.apply(AddCombatant("chief", chief, "enemy", band="short"))
    session.apply(AddCombatant("archer", archer, "enemy", band="medium"))
    session.apply(SetRange("chief", "archer", "short"))
    for cid, faces in (("jade", (6,)), ("reed", (3,)), ("chief", (7, 2)), ("archer", (5,))):
        session.apply(RollOrder(cid, DiceEntry.of_faces(faces)))
    session.apply(SettleTie(("jade", "chief")))
    return session
