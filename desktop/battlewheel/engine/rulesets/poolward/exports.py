"""The names the Pool & Ward package hands out on first use (``core.system.exported_lazily``)."""

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
