"""Small builders for Pool & Ward tests: the seed's characters and a fight ready to go."""

from __future__ import annotations

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import (
    AddCombatant,
    AttackProfile,
    PoolWardOptions,
    SetOrder,
    StartFight,
    StatBlock,
)
from battlewheel.engine.rulesets.poolward.block import MELEE

RULESET = "pool-and-ward"
LONGSWORD = AttackProfile("Longsword", MELEE, 3, stat="strength", skill="Weaponry")


def typed(successes: int) -> DiceEntry:
    """A success count the GM typed."""
    return DiceEntry.of_successes(successes)


def faces(*shown: int) -> DiceEntry:
    """Faces the dice showed."""
    return DiceEntry.of_faces(shown)


def mar() -> StatBlock:
    """Mar: Strength 3, Weaponry 4, a longsword adding 3 dice (002 §Attack Roll Dice Pools)."""
    return StatBlock("Mar", stats={"strength": 3, "constitution": 3},
                     skills={"Weaponry": 4}, attacks=(LONGSWORD,))


def city_guard() -> StatBlock:
    """The city guard: leather 1, light shield 1, Dodge 1 (002 §Attack Roll Dice Pools)."""
    return StatBlock("City Guard", stats={"constitution": 3}, armour=1, shield=1, dodge=1)


def person(name: str, **fields: object) -> StatBlock:
    """A plain fighter: Constitution 3, a 3-dice sword, and the given fields."""
    values: dict[str, object] = {
        "stats": {"strength": 3, "dexterity": 3, "constitution": 3},
        "skills": {"Melee Weapons": 3},
        "attacks": (AttackProfile("Sword", MELEE, 3),),
    }
    values.update(fields)
    return StatBlock(name, **values)  # type: ignore[arg-type]


def fight(*fighters: tuple[str, StatBlock, str], options: PoolWardOptions | None = None,
          start: bool = True) -> CombatSession:
    """A session with these (id, block, side) fighters in this order, started unless told."""
    session = CombatSession.new(options, ruleset=RULESET)
    for cid, block, side in fighters:
        session.apply(AddCombatant(cid, block, side))
    session.apply(SetOrder(tuple(cid for cid, _, _ in fighters)))
    if start:
        session.apply(StartFight())
    return session
