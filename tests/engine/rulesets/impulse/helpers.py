"""Small builders for Impulse tests: stat blocks with only what a case needs, typed dice."""

from __future__ import annotations

from typing import Any

import battlewheel.engine.rulesets.impulse  # noqa: F401  (registers the ruleset)
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import (
    AddCombatant,
    ImpulseCharacter,
    ImpulseOptions,
    Manoeuvre,
    RollOrder,
    StartCombat,
    StuntEffect,
    Weapon,
)

SWORD = Weapon("Sword", "medium", "strength", "melee")
BOW = Weapon("Bow", "light", "dexterity", "archery", ranged=True)
TRAITS = {
    "strength": 3,
    "dexterity": 3,
    "melee": 3,
    "archery": 3,
    "athletics": 2,
    "cunning": 2,
    "awareness": 2,
    "stealth": 2,
    "presence": 2,
}


def block(name: str, **changes: Any) -> ImpulseCharacter:
    """A fighter with a sword and a bow, light armour (no table changes), DV 3, Endurance 10."""
    values: dict[str, Any] = {
        "initiative": 3,
        "endurance": 10,
        "dv": 3,
        "evasion": 2,
        "soak": 2,
        "resolve": 2,
        "guile": 2,
        "base_damage": 2,
        "armour": "light",
        "weapons": (SWORD, BOW),
        "traits": TRAITS,
    }
    values.update(changes)
    return ImpulseCharacter(name, **values)


def typed(successes: int, *, botch: bool = False) -> DiceEntry:
    """A success count the GM typed."""
    return DiceEntry.of_successes(successes, botch=botch)


def face(*faces: int) -> DiceEntry:
    """Dice faces the GM typed (the order roll reads faces)."""
    return DiceEntry.of_faces(faces)


def fight(
    *fighters: tuple[str, ImpulseCharacter, str, int],
    band: str = "melee",
    options: ImpulseOptions | None = None,
    start: bool = True,
) -> CombatSession:
    """A fight of (id, block, side, order die face...) all at ``band``; started unless told."""
    session = CombatSession.new(options or ImpulseOptions(), ruleset="impulse")
    for cid, character, side, _ in fighters:
        session.apply(AddCombatant(cid, character, side, band=band))
    for cid, character, _, die in fighters:
        session.apply(RollOrder(cid, face(*([die] * character.actions))))
    if start:
        session.apply(StartCombat())
    return session


def duel(
    options: ImpulseOptions | None = None, band: str = "melee", start: bool = True,
    **changes: Any,
) -> CombatSession:
    """Ana (ally, order 3+8) against Bo (enemy, order 3+4): Ana acts first (once started)."""
    return fight(
        ("ana", block("Ana", player=True, **changes), "ally", 8),
        ("bo", block("Bo"), "enemy", 4),
        band=band,
        options=options,
        start=start,
    )


def ana_against_two(band: str = "melee", options: ImpulseOptions | None = None) -> CombatSession:
    """Ana (ally, order 8) against Bo (order 4) and Cy (order 2), all at ``band``: Ana
    acts first."""
    return fight(
        ("ana", block("Ana", player=True), "ally", 8),
        ("bo", block("Bo"), "enemy", 4),
        ("cy", block("Cy"), "enemy", 2),
        band=band,
        options=options,
    )


def ana_defends_cy() -> CombatSession:
    """Ana (DV 3) defends her ally Cy (DV 1) with a stunted manoeuvre, Bo their foe, all
    at short range (001 §Stunting Maneuvers, Defend Other); Ana's turn has not ended."""
    session = fight(
        ("ana", block("Ana", player=True), "ally", 8),
        ("cy", block("Cy", dv=1), "ally", 6),
        ("bo", block("Bo"), "enemy", 2),
        band="short",
    )
    session.apply(
        Manoeuvre("ana", "cunning", "awareness", typed(1), stunt=StuntEffect("defend_other", "cy"))
    )
    return session
