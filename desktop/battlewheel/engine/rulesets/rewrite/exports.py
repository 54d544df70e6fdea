"""The names the 2e package hands out on first use (``engine.core.system.exported_lazily``)."""

from battlewheel.engine.core.codec import LogFormatError
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.ruleset import Ruleset, get_ruleset, register_ruleset, ruleset_names
from battlewheel.engine.core.session import CombatSession, LogEntry, ReplayError
from battlewheel.engine.rulesets.rewrite.actions import (
    Action,
    AddCombatant,
    Advance,
    ApplyTickEffects,
    AttackCharms,
    AwardStunt,
    Concealment,
    CycleHealthBox,
    DamageRoll,
    DeclareConcealment,
    DeclaredManoeuvre,
    DeclareFlurry,
    DeclareMovement,
    Defence,
    EndCombat,
    GetPast,
    MoveCounter,
    NextTick,
    RaiseAlarm,
    ReduceSurprise,
    RegainMotes,
    RegainWillpower,
    RemoveCombatant,
    ResolveAttack,
    ResolveCounterattack,
    RollAmbush,
    RollJoinBattle,
    SetHealth,
    SetOverride,
    SpendMotes,
    SpendWillpower,
    StartCombat,
    action_from_json,
    action_to_json,
)
from battlewheel.engine.rulesets.rewrite.handlers.effects import PendingDamage, pending_damage
from battlewheel.engine.rulesets.rewrite.options import RewriteOptions
from battlewheel.engine.rulesets.rewrite.ruleset import REWRITE_2E, Rewrite2e
from battlewheel.engine.rulesets.rewrite.state import (
    PARTIALLY,
    PHASE_DECLARE,
    PHASE_DONE,
    PHASE_EFFECTS,
    PHASE_ENDED,
    PHASE_RESOLVE,
    PHASE_SETUP,
    TOTALLY,
    UNSURPRISED,
    Combat,
    Combatant,
)
