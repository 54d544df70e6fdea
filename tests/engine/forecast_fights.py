"""Small fights in every system for the forecast's tests: mirror matches and a Solar
against one unarmed mortal extra, built through each ruleset's ``join_action``."""

from __future__ import annotations

import dataclasses
from typing import Any

from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3.block import Character as Ex3Character
from battlewheel.engine.rulesets.ex3.demo import SPEAR, circle
from battlewheel.engine.rulesets.impulse.block import UNARMED, ImpulseCharacter
from battlewheel.engine.rulesets.impulse.demo import heroes
from battlewheel.engine.rulesets.poolward.block import StatBlock
from battlewheel.engine.rulesets.poolward.demo import cutthroat, edward
from battlewheel.storage.campaign import load_demo_campaign

SYSTEMS = ("2e-rewrite", "3e", "impulse", "pool-and-ward")


def fight(system: str, fighters: list[tuple[str, Any, str]]) -> CombatSession:
    """A fight of ``system`` with these (id, block, side), in this order, not started."""
    session = CombatSession.new(ruleset=system)
    for cid, block, side in fighters:
        session.apply(session.ruleset.join_action(cid, block, side))
    return session


def _rewrite(name: str) -> Any:
    block = load_demo_campaign().character(name).block("2e-rewrite")
    assert block is not None
    return block


def duellist(system: str) -> Any:
    """One ordinary armed fighter of each system."""
    if system == "2e-rewrite":
        return _rewrite("Hunt spearman 1")
    if system == "3e":
        return Ex3Character(name="Spearman", kind="mortal",
                            attributes={"strength": 2, "dexterity": 3, "stamina": 2, "wits": 2},
                            abilities={"melee": 3, "dodge": 2, "awareness": 2},
                            weapons=(SPEAR,))
    if system == "impulse":
        return heroes()[0]
    return cutthroat(1)


def solar(system: str) -> Any:
    """A Solar (in Pool & Ward, which has none, a veteran in plate)."""
    if system == "2e-rewrite":
        return _rewrite("Kestrel of the Burning Road")
    if system == "3e":
        return circle()[0]
    if system == "impulse":
        return heroes()[0]
    return edward()


def unarmed_mortal(system: str) -> Any:
    """A mortal extra with nothing in hand."""
    if system == "2e-rewrite":
        return dataclasses.replace(_rewrite("Hunt spearman 1"), weapons=())
    if system == "3e":
        return Ex3Character(name="Farmhand", kind="mortal",
                            attributes={"strength": 1, "dexterity": 1, "stamina": 1, "wits": 1})
    if system == "impulse":
        return ImpulseCharacter("Farmhand", initiative=1, endurance=3, dv=1, evasion=1, soak=0,
                                base_damage=0, weapons=(UNARMED,),
                                traits={"dexterity": 1, "brawl": 1})
    return StatBlock(name="Farmhand", stats={"strength": 1, "dexterity": 1, "constitution": 1})


def mirror(system: str, swapped: bool) -> CombatSession:
    """Two copies of one fighter; the one who joins (so acts) first is the ally unless
    ``swapped``."""
    block = duellist(system)
    ruleset = CombatSession.new(ruleset=system).ruleset
    first, second = ("ally", "enemy") if not swapped else ("enemy", "ally")
    return fight(system, [("one", ruleset.named_block(block, "One"), first),
                          ("two", ruleset.named_block(block, "Two"), second)])


def solar_against_mortal(system: str) -> CombatSession:
    """The Solar (ally) against one unarmed mortal extra."""
    return fight(system, [("solar", solar(system), "ally"),
                          ("mortal", unarmed_mortal(system), "enemy")])
