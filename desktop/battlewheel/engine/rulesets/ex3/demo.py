"""The demo campaign's 3e fight: a circle of three Solars against a villain and her elite guard.

``demo_fight`` adds the five combatants, places them as a GM would at the ford (the two
melee Solars already at close range of their foes, the archer at short range in the same
zone), and rolls their Join Battle from a fixed seed, so the fight is ready to start,
every melee fighter can strike at once, and it is the same every time.
"""

from __future__ import annotations

from battlewheel.engine.core.dice import SeededDice
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3.block import Armour, Character, GroupTraits, Weapon
from battlewheel.engine.rulesets.ex3.handlers.initiative import join_pool

DAIKLAVE = Weapon("Daiklave", ability="melee", accuracy=3, damage=12, defence=1, minimum=1)
POWERBOW = Weapon("Powerbow", ability="archery", accuracy=1, damage=10, defence=0, minimum=1,
                  range="long")
STAFF = Weapon("Staff", ability="martial_arts", accuracy=3, damage=8, defence=1, minimum=1,
               damage_type="bashing", reach=True, two_handed=True)
SPEAR = Weapon("Spear", ability="melee", accuracy=3, damage=8, defence=1, minimum=1, reach=True)
GRIMSCYTHE = Weapon("Grimscythe", ability="melee", accuracy=2, damage=14, defence=1, minimum=2,
                    reach=True, two_handed=True)

SOLAR = {"strength": 3, "dexterity": 4, "stamina": 3, "wits": 3, "charisma": 3}


def _solar(name: str, weapon: Weapon, **abilities: int) -> Character:
    return Character(name=name, kind="exalt", player_character=True, attributes=SOLAR,
                     abilities={"awareness": 3, "dodge": 3, "athletics": 2, **abilities},
                     weapons=(weapon,), armour=Armour("Reinforced breastplate", 5, 0, 1),
                     essence=2, willpower=7)


def circle() -> tuple[Character, ...]:
    """The three Solars: a Dawn swordswoman, a Zenith monk, a Night archer."""
    return (
        _solar("Harmonious Jade", DAIKLAVE, melee=5, war=3),
        _solar("Brother Ember", STAFF, martial_arts=5, brawl=3),
        _solar("Swift Lark", POWERBOW, archery=5, stealth=4),
    )


def villain() -> Character:
    """Lady Ashkeel, Abyssal general."""
    return Character(
        name="Lady Ashkeel", kind="exalt",
        attributes={"strength": 4, "dexterity": 5, "stamina": 4, "wits": 4, "charisma": 4},
        abilities={"awareness": 4, "dodge": 3, "melee": 5, "war": 4, "athletics": 3},
        weapons=(GRIMSCYTHE,), armour=Armour("Soulsteel plate", 8, 4, 2), essence=3,
        willpower=8, base_initiative=3)


def guard() -> Character:
    """The Ashen Guard: an elite battle group of Size 2."""
    return Character(
        name="Ashen Guard", kind="mortal",
        attributes={"strength": 3, "dexterity": 3, "stamina": 3, "wits": 2},
        abilities={"awareness": 2, "dodge": 2, "melee": 3, "athletics": 2},
        weapons=(SPEAR,), armour=Armour("Lamellar", 5, 0, 1), willpower=6,
        group=GroupTraits(size=2, drill="elite", might=1))


ENGAGED = (("jade", "ashkeel"), ("ember", "guard"))
"""The pairs the demo starts at close range: each melee Solar and the foe she or he faces."""

DEMO_COMBAT = ("combat-3e", "Lady Ashkeel at the Ashen Ford (3e)")
"""The demo campaign's combat of ``demo_fight`` (its id, its name): the demo's builder,
packaging/make_demo_campaign.py, finds it here."""


def demo_fight(seed: str = "ashen ford") -> CombatSession:
    """The circle against Lady Ashkeel and her Ashen Guard at close quarters, Join Battle
    rolled, ready to start."""
    session = CombatSession.new(ruleset="3e")
    jade, ember, lark = circle()
    roster = (("jade", jade, "ally"), ("ember", ember, "ally"), ("lark", lark, "ally"),
              ("ashkeel", villain(), "enemy"), ("guard", guard(), "enemy"))
    for cid, block, side in roster:  # one zone: everyone at short range (003 §Positioning)
        session.apply(a.AddCombatant(cid, block, side))
    for cid, foe in ENGAGED:
        session.apply(a.SetRange(cid, foe, "close"))
    dice = SeededDice(seed)
    for cid, *_ in roster:
        pool = join_pool(session.state.combatants[cid])
        session.apply(a.RollJoinBattle(cid, dice.entry(pool)))
    return session
