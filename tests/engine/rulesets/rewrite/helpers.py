"""Small builders for combat tests: characters with only the traits a case needs."""

from __future__ import annotations

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.rulesets.rewrite import (
    AddCombatant,
    CombatSession,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.block import Character, CharacterKind
from battlewheel.engine.rulesets.rewrite.rules.equipment import DamageType, Weapon

SWORD = Weapon("Sword", "melee", speed=4, accuracy=2, damage=3, damage_type=DamageType.LETHAL,
               defence=1, rate=2)
"""A plain sword: Speed 4, Accuracy +2, 3L, Defence +1, Rate 2."""


def person(
    name: str,
    *,
    kind: CharacterKind = CharacterKind.MORTAL,
    essence: int = 1,
    willpower: int = 5,
    personal: int = 0,
    peripheral: int = 0,
    attributes: dict[str, int] | None = None,
    abilities: dict[str, int] | None = None,
) -> Character:
    """A character with the given traits and the defaults elsewhere."""
    return Character(
        name=name,
        kind=kind,
        essence=essence,
        willpower=willpower,
        personal_motes=personal,
        peripheral_motes=peripheral,
        attributes=attributes or {},
        abilities=abilities or {},
    )


def typed(successes: int, *, botch: bool = False) -> DiceEntry:
    """A success count the GM typed."""
    return DiceEntry.of_successes(successes, botch=botch)


def started(**join: int) -> CombatSession:
    """A started combat: the first keyword an ally, the rest enemies, Join Battle as given."""
    session = CombatSession.new()
    for index, (cid, successes) in enumerate(join.items()):
        side = "ally" if index == 0 else "enemy"
        session.apply(AddCombatant(cid, person(cid.title()), side))
        session.apply(RollJoinBattle(cid, typed(successes)))
    session.apply(StartCombat())
    return session
