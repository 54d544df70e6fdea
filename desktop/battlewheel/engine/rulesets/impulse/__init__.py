"""The Impulse homebrew (seed 001): rounds, Impulse and Endurance, as a ruleset.

Importing the package registers the ruleset as ``"impulse"``; run a fight with
``CombatSession.new(ruleset="impulse")``. ``demo_fight`` builds the demo campaign's fight.
"""

from battlewheel.engine.rulesets.impulse.actions import (
    AddCombatant,
    AdjustImpulse,
    AmbushContest,
    ChangeInitiative,
    ChooseDeath,
    ClearStatus,
    Contest,
    CounterDefence,
    Dash,
    DecisiveStrike,
    Disengage,
    EndCombat,
    EndTurn,
    FireHold,
    FlurryStrike,
    HoldAction,
    Manoeuvre,
    MarkAmbushed,
    Move,
    RemoveCombatant,
    RollOrder,
    SetCover,
    SetEndurance,
    SetOrderValue,
    SetRange,
    SettleTie,
    StartCombat,
    StuntEffect,
    VillainEscapes,
)
from battlewheel.engine.rulesets.impulse.block import ImpulseCharacter, Weapon
from battlewheel.engine.rulesets.impulse.demo import demo_fight
from battlewheel.engine.rulesets.impulse.options import ImpulseOptions
from battlewheel.engine.rulesets.impulse.ruleset import IMPULSE, ImpulseRuleset
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat

__all__ = [
    "IMPULSE",
    "AddCombatant",
    "AdjustImpulse",
    "AmbushContest",
    "ChangeInitiative",
    "ChooseDeath",
    "ClearStatus",
    "Contest",
    "CounterDefence",
    "Dash",
    "DecisiveStrike",
    "Disengage",
    "EndCombat",
    "EndTurn",
    "Fighter",
    "FireHold",
    "FlurryStrike",
    "HoldAction",
    "ImpulseCharacter",
    "ImpulseCombat",
    "ImpulseOptions",
    "ImpulseRuleset",
    "Manoeuvre",
    "MarkAmbushed",
    "Move",
    "RemoveCombatant",
    "RollOrder",
    "SetCover",
    "SetEndurance",
    "SetOrderValue",
    "SetRange",
    "SettleTie",
    "StartCombat",
    "StuntEffect",
    "VillainEscapes",
    "Weapon",
    "demo_fight",
]
