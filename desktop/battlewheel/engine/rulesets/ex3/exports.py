"""The names the 3e package hands out on first use (``engine.core.system.exported_lazily``)."""

from battlewheel.engine.rulesets.ex3.actions import (
    AddCombatant,
    Aim,
    AlsoHit,
    Attack,
    AwardBreak,
    Clash,
    ClashSide,
    ConcealmentRoll,
    CycleHealthBox,
    DefendOther,
    Delay,
    Disengage,
    EndCombat,
    EndHold,
    EstablishSurprise,
    FullDefense,
    GoToGround,
    GrappleMove,
    MarkRough,
    Move,
    NextTurn,
    Order,
    OtherAction,
    Rally,
    RallyForNumbers,
    ReadyWeapon,
    Rejoin,
    RemoveCombatant,
    RiseFromProne,
    RollJoinBattle,
    Rush,
    SetCondition,
    SetInitiative,
    SetMagnitude,
    SetRange,
    StartCombat,
    TakeCover,
    Withdraw,
)
from battlewheel.engine.rulesets.ex3.block import Armour, Character, GroupTraits, Weapon
from battlewheel.engine.rulesets.ex3.demo import demo_fight
from battlewheel.engine.rulesets.ex3.options import Ex3Options
from battlewheel.engine.rulesets.ex3.ruleset import EXALTED_3E, Exalted3e
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant
