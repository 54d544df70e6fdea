"""The names this system's package offers (``from battlewheel.engine.rulesets.impulse import``).

The package's ``__init__`` hands them out from here on first use, so reading its
declaration (``SYSTEM``) loads none of the rules.
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
