"""The names the Impulse package hands out on first use (``engine.core.system.exported_lazily``)."""

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
