"""The names this system's package offers (``from battlewheel.engine.rulesets.poolward import``).

The package's ``__init__`` hands them out from here on first use, so reading its
declaration (``SYSTEM``) loads none of the rules.
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
