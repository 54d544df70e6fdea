"""Pool & Ward (seed 002): one roll for hit and damage, defence off the pool, Ward, Health, Vigor.

Importing the package registers the ruleset as ``"pool-and-ward"``; run a fight with
``CombatSession.new(ruleset="pool-and-ward")``. The rules are small pure functions
(``pool``, ``damage``, ``rounds``, ``rolls``), the handlers apply them to a ``Fight``,
and ``wheel``, ``sheet`` and ``menu`` describe the fight to the desktop.
"""

from battlewheel.engine.rulesets.poolward.actions import (
    AddCombatant,
    AdjustRound,
    Attack,
    Backlash,
    DelayTurn,
    EndFight,
    GrantAction,
    Heal,
    NextTurn,
    ReadyAction,
    RemoveCombatant,
    Rest,
    RollOrder,
    SetCondition,
    SetOrder,
    SetTrack,
    Sleep,
    StartFight,
    TriggerReadied,
    UseAction,
)
from battlewheel.engine.rulesets.poolward.block import AttackProfile, StatBlock, Trigger
from battlewheel.engine.rulesets.poolward.demo import demo_fight
from battlewheel.engine.rulesets.poolward.handlers.attack import preview_attack, resolve_attack
from battlewheel.engine.rulesets.poolward.odds import attack_odds
from battlewheel.engine.rulesets.poolward.options import PoolWardOptions
from battlewheel.engine.rulesets.poolward.ruleset import POOL_AND_WARD, PoolAndWard
from battlewheel.engine.rulesets.poolward.state import Fight, Fighter

__all__ = [
    "POOL_AND_WARD",
    "AddCombatant",
    "AdjustRound",
    "Attack",
    "AttackProfile",
    "Backlash",
    "DelayTurn",
    "EndFight",
    "Fight",
    "Fighter",
    "GrantAction",
    "Heal",
    "NextTurn",
    "PoolAndWard",
    "PoolWardOptions",
    "ReadyAction",
    "RemoveCombatant",
    "Rest",
    "RollOrder",
    "SetCondition",
    "SetOrder",
    "SetTrack",
    "Sleep",
    "StartFight",
    "StatBlock",
    "Trigger",
    "TriggerReadied",
    "UseAction",
    "attack_odds",
    "demo_fight",
    "preview_attack",
    "resolve_attack",
]
