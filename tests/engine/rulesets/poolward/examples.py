"""The Pool & Ward example logs shipped in resources/examples, built through the session API.

Each retells one of seed 002's worked examples as a fight. Run
``.venv/bin/python -m tests.engine.rulesets.poolward.examples`` to write them again; the
tests replay the shipped files and check they still match what this module builds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from battlewheel.engine.core.dice import SeededDice
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.poolward import (
    AddCombatant,
    Attack,
    AttackProfile,
    Backlash,
    EndFight,
    NextTurn,
    PoolWardOptions,
    SetOrder,
    Sleep,
    StartFight,
    StatBlock,
    demo_fight,
    preview_attack,
)
from battlewheel.engine.rulesets.poolward.block import MELEE, SORCERER

from ..shipped import write
from .helpers import city_guard, mar, typed

RULESET = "pool-and-ward"
SHORT_SWORD = AttackProfile("Short sword", MELEE, 2, stat="strength")


def _rolled(session: CombatSession, dice: SeededDice, attack: Attack) -> Attack:
    """The attack with the seeded dice rolled for its pool (none for a pool of 0 or less)."""
    pool = preview_attack(session.state, attack).pool
    return replace(attack, dice=dice.entry(pool) if pool > 0 else None)


def mar_and_the_guard() -> CombatSession:
    """Mar's longsword against the city guard: 10 dice less 3 defence, until the guard falls."""
    session = CombatSession.new(ruleset=RULESET)
    dice = SeededDice("mar and the guard")
    guard = replace(city_guard(), stats={"strength": 2, "constitution": 3},
                    skills={"Melee Weapons": 2}, attacks=(SHORT_SWORD,))
    session.apply(AddCombatant("mar", mar(), "ally", player=True))
    session.apply(AddCombatant("guard", guard, "enemy"))
    session.apply(StartFight())
    while session.state.fighters["guard"].condition == "up" and session.state.round < 6:
        session.apply(_rolled(session, dice, Attack("mar", "guard", "Longsword")))
        session.apply(NextTurn())
        if session.state.actor() == "guard":
            session.apply(_rolled(session, dice, Attack("guard", "mar", "Short sword")))
            session.apply(NextTurn())
    session.apply(EndFight("the guard is down"))
    return session


def _edward(options: PoolWardOptions, seed: str) -> CombatSession:
    session = CombatSession.new(options, ruleset=RULESET)
    for entry in demo_fight().log:
        session.apply(entry.action)
    dice = SeededDice(seed)
    session.apply(StartFight())
    for attack in (Attack("cutthroat1", "edward", "Dagger"),
                   Attack("cutthroat2", "edward", "Dagger"),
                   Attack("archer", "edward", "Longbow", steady_shot=True)):
        session.apply(_rolled(session, dice, attack))
        session.apply(NextTurn())
    session.apply(_rolled(session, dice, Attack("edward", "cutthroat1", "Longsword")))
    session.apply(NextTurn())
    return session


def edward_by_the_definition() -> CombatSession:
    """The Edward example under the default ruling: flat-footed Edward loses his shield."""
    return _edward(PoolWardOptions(), "edward")


def edward_as_the_example_reads() -> CombatSession:
    """The Edward example as the seed tells it: the shield stays (2, 3, 5)."""
    return _edward(PoolWardOptions(flat_footed_drops_shield=False), "edward")


FIREBALL = AttackProfile("Fireball", SORCERER, 1)


def fireball_and_the_zombie() -> CombatSession:
    """A zombie's claws meet the sorcerer's Ward and DR; his fireball's 3 deal 6 (Mortal) until
    the zombie is destroyed; Backlash, then a night's sleep."""
    session = CombatSession.new(ruleset=RULESET)
    malatar = StatBlock("Malatar", stats={"willpower": 4, "constitution": 3},
                        skills={"Sorcery": 5}, ward=2, dr_physical=1, dodge=1,
                        attacks=(FIREBALL,))
    zombie = StatBlock("Zombie", stats={"strength": 3, "constitution": 5},
                       skills={"Melee Weapons": 2}, attacks=(AttackProfile("Claws", MELEE, 2),))
    session.apply(AddCombatant("malatar", malatar, "ally", player=True))
    session.apply(AddCombatant("zombie", zombie, "enemy"))
    session.apply(SetOrder(("zombie", "malatar")))
    session.apply(StartFight())
    session.apply(Attack("zombie", "malatar", "Claws", dice=typed(4)))
    session.apply(NextTurn())
    session.apply(Attack("malatar", "zombie", "Fireball", dice=typed(3), mortal=True))
    session.apply(NextTurn())
    session.apply(Attack("malatar", "zombie", "Fireball", dice=typed(3), mortal=True))
    session.apply(Backlash("malatar", 1))
    session.apply(EndFight("the zombie is ash"))
    session.apply(Sleep("malatar"))
    return session


BUILDERS: dict[str, Callable[[], CombatSession]] = {
    "poolward-mar-and-the-guard.json": mar_and_the_guard,
    "poolward-edward-definition.json": edward_by_the_definition,
    "poolward-edward-example-reading.json": edward_as_the_example_reads,
    "poolward-fireball-and-the-zombie.json": fireball_and_the_zombie,
}


def write_examples() -> None:
    """Write every Pool & Ward example log into resources/examples."""
    write(BUILDERS, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    write_examples()
