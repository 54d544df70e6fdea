"""The 2e Rewrite ruleset (seed 000): its actions and derived values behind the interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from battlewheel.engine.core.actions import Joining
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.ruleset import Handler, ModuleOnFirstUse, Ruleset, register_ruleset
from battlewheel.engine.rulesets.rewrite import actions as a
from battlewheel.engine.rulesets.rewrite import actions as f
from battlewheel.engine.rulesets.rewrite import lasting, menu, presentation, replay
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.handlers import block_change, effects, manual, setup
from battlewheel.engine.rulesets.rewrite.handlers import counter as rewrite_counter
from battlewheel.engine.rulesets.rewrite.handlers import flurry as rewrite_flurry
from battlewheel.engine.rulesets.rewrite.handlers import tick as rewrite_tick
from battlewheel.engine.rulesets.rewrite.options import RewriteOptions
from battlewheel.engine.rulesets.rewrite.rules import values
from battlewheel.engine.rulesets.rewrite.sentences import log as sentences
from battlewheel.engine.rulesets.rewrite.state import (
    PHASE_DECLARE,
    PHASE_DONE,
    PHASE_EFFECTS,
    PHASE_RESOLVE,
    PHASE_SETUP,
    Combat,
)

_HANDLERS: dict[type[a.Action], Handler] = {
    a.AddCombatant: setup.add_combatant,
    a.RemoveCombatant: setup.remove_combatant,
    a.DeclareConcealment: setup.declare_concealment,
    a.RollAmbush: setup.roll_ambush,
    a.RollJoinBattle: setup.roll_join_battle,
    a.StartCombat: setup.start,
    a.NextTick: rewrite_tick.next_tick,
    a.Advance: rewrite_tick.advance,
    a.DeclareMovement: rewrite_tick.declare_movement,
    a.RaiseAlarm: rewrite_tick.raise_alarm,
    a.ReduceSurprise: rewrite_tick.reduce_surprise,
    a.MoveCounter: manual.move_counter,
    a.CycleHealthBox: manual.cycle_box,
    a.SetHealth: manual.set_health,
    a.SpendMotes: manual.spend_motes,
    a.RegainMotes: manual.regain_motes,
    a.SpendWillpower: manual.spend_willpower,
    a.RegainWillpower: manual.regain_willpower,
    a.SetOverride: manual.set_override,
    a.EndCombat: manual.end_combat,
    f.DeclareFlurry: rewrite_flurry.declare_flurry,
    f.ResolveAttack: rewrite_flurry.resolve_attack,
    f.ResolveCounterattack: rewrite_counter.resolve_counterattack,
    f.ApplyTickEffects: effects.apply_tick_effects,
    f.AwardStunt: rewrite_flurry.award_stunt,
}


# Offered at any time while the fight runs: the GM's hand and the roster.
_ALWAYS = (
    "add_combatant",
    "remove_combatant",
    "raise_alarm",
    "reduce_surprise",
    "cycle_box",
    "set_health",
    "spend_motes",
    "regain_motes",
    "spend_willpower",
    "regain_willpower",
    "set_override",
    "award_stunt",
    "end_combat",
    "change_ruling",
    "add_condition",
    "remove_condition",
)
_STARTED = ("move_counter", "declare_movement", "roll_join_battle")
_BY_PHASE: dict[str, tuple[str, ...]] = {
    PHASE_SETUP: ("declare_concealment", "roll_ambush", "roll_join_battle", "start"),
    PHASE_DECLARE: ("declare_flurry", *_STARTED),
    PHASE_RESOLVE: ("resolve_attack", "resolve_counterattack", *_STARTED),
    PHASE_EFFECTS: ("apply_tick_effects", "resolve_counterattack", *_STARTED),
    PHASE_DONE: ("next_tick", "advance", *_STARTED),
}


class Rewrite2e(Ruleset):
    """Exalted 2nd edition with the combat engine rewrite (000) on the basic mechanics (004)."""

    name: ClassVar[str] = "2e-rewrite"
    title: ClassVar[str] = "Exalted 2e (combat rewrite)"
    seed: ClassVar[str] = "000 + 004"
    fighters_section: ClassVar[str] = "000 §Determine Involved Characters"
    options_type: ClassVar[type[RewriteOptions]] = RewriteOptions
    block_type: ClassVar[type[Character]] = Character
    joining: ClassVar[Joining] = a.JOINING
    block_field: ClassVar[str] = "character"
    condition_unit: ClassVar[str] = "ticks"
    forecast_unit: ClassVar[str] = "ticks"
    forecast_limit: ClassVar[int] = 300
    autopilot_module: ClassVar[Any] = ModuleOnFirstUse(f"{__package__}.autopilot")
    # The character editor's form: imported when the editor or a preview first reads it.
    form_module: ClassVar[Any] = ModuleOnFirstUse(f"{__package__}.form")
    sentences_module: ClassVar[Any] = sentences
    lasting_module: ClassVar[Any] = lasting.RULES_OF_LASTING
    state_type: ClassVar[type[Combat]] = Combat
    handler_table: ClassVar[Mapping[type[a.Action], Handler]] = _HANDLERS
    offers_by_phase: ClassVar[Mapping[str, tuple[str, ...]]] = _BY_PHASE
    offers_always: ClassVar[tuple[str, ...]] = _ALWAYS
    legend: ClassVar[str] = menu.WHEEL_LEGEND
    presentation_module: ClassVar[Any] = presentation

    def pending_damage(self, state: Combat) -> tuple[effects.PendingDamage, ...]:
        """Each flurry and target of the tick, its damage dice and levels (000 §Total Damage)."""
        return effects.pending_damage(state)

    def refresh(self, state: Combat) -> None:
        """Segments, laps, surprise, current DVs and wound penalties (000 §Each tick)."""
        values.refresh(state)

    def final_state(self, state: Combat) -> dict[str, Any]:
        """The tick, and each combatant's wheel, health, DVs and pools."""
        return replay.final_state(state)

    def turn_order(self, state: Combat) -> tuple[str, ...]:
        """Combatants on the wheel, soonest to act first (ties in the order they were added)."""
        placed = [(c.next_tick, i, cid) for i, (cid, c) in enumerate(state.combatants.items())]
        return tuple(cid for tick, _, cid in sorted(p for p in placed if p[0] is not None))

    def acting(self, state: Combat) -> tuple[str, ...]:
        """The combatants whose counters are on the current tick."""
        return state.acting_ids()

    def condition_clock(self, state: Combat) -> int | None:
        """Conditions count ticks (000 §Move Tick Counter)."""
        return state.current_tick

    def replace_block(self, state: Combat, combatant_id: str, block: Any) -> list[Event]:
        """The fighter's new character from now on, keeping damage and spent pools."""
        return block_change.replace_block(state, combatant_id, block)


REWRITE_2E = register_ruleset(Rewrite2e())
