"""The 2e Rewrite ruleset (seed 000): its actions and derived values behind the interface."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from battlewheel.engine.core import conditions as cond
from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import Joining
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.ruleset import Handler, ModuleOnFirstUse, Ruleset, register_ruleset
from battlewheel.engine.rulesets.rewrite import actions as a
from battlewheel.engine.rulesets.rewrite import actions as f
from battlewheel.engine.rulesets.rewrite import card as cards
from battlewheel.engine.rulesets.rewrite import lasting, menu, presentation, replay, roster
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

    # -- the contract --------------------------------------------------------------------

    def turn_track(self, state: Combat) -> c.TurnTrack:
        """The ring of segments labelled with ticks (000 §The Battlewheel)."""
        return cond.track_with_badges(presentation.turn_track(state), state.combatants)

    def drop(self, state: Combat, counter_id: str, slot: int) -> c.DropVerdict:
        """A counter let go on a segment: its next action moves there (RULES.md §The wheel)."""
        return presentation.drop(self, state, counter_id, slot)

    def sheet(self, state: Combat, combatant_id: str) -> c.SheetView:
        """Traits, pools, current defences, weapons and the health track."""
        sheet = presentation.sheet(state, combatant_id)
        return cond.with_section(sheet, state.combatants[combatant_id].conditions)

    def vitality(self, state: Combat, combatant_id: str) -> c.Vitality:
        """Levels left above Incapacitated; down once Incapacitated (000 §Applying Effects)."""
        who = state.combatants[combatant_id]
        health = who.health
        track = self.sheet(state, combatant_id).track("health")
        return c.Vitality(health.share_left, health.incapacitated or health.dead,
                          who.side == c.ALLY, track)

    def box_click(self, state: Combat, combatant_id: str, track: str, index: int) -> a.Action:
        """A click cycles one health box (000 §Health Levels)."""
        return a.CycleHealthBox(combatant=combatant_id, index=index)

    def pool_change(self, state: Combat, combatant_id: str, pool: str, amount: int) -> a.Action:
        """Willpower or motes spent (negative) or regained."""
        return presentation.pool_change(combatant_id, pool, amount)

    def roster_columns(self) -> tuple[c.Column, ...]:
        """Name, side, next tick, health boxes, wound and DV penalties, motes, Willpower."""
        return roster.COLUMNS

    def roster_cells(self, state: Combat, combatant_id: str) -> tuple[c.Cell, ...]:
        """One combatant's row of the combatants table."""
        return roster.cells(state, combatant_id)

    def roster_order(self, state: Combat) -> None:
        """None: the turn-order column is each combatant's own next tick (000 §The Battlewheel)."""
        return None

    def turn_actions(self, state: Combat) -> tuple[c.TurnAction, ...]:
        """Set up, next tick, declare, roll, counterattack, apply (000 §Each tick)."""
        return menu.turn_actions(state)

    def next_step(self, state: Combat) -> c.TurnAction | None:
        """Declare, roll, apply (by itself when nobody was hit), next action (000 §Each tick)."""
        return menu.next_step(state)

    def join_action(self, combatant_id: str, character: Any, side: str, *, roster: str = "",
                    lasting: Any = None) -> a.Action:
        """A roster character joins the fight (000 §Set Up: involved characters)."""
        return a.AddCombatant(combatant_id, character, side, roster=roster, lasting=lasting)

    def end_action(self, reason: str = "") -> a.Action:
        """Combat > End the combat."""
        return a.EndCombat(reason=reason)

    def status_line(self, state: Combat) -> str:
        """The tick, who acts and the GM's next step."""
        return menu.status_line(state)

    def card(self, state: Combat, combatant_id: str) -> c.Card:
        """A player's health-track card with the fight's marks."""
        who = state.combatants[combatant_id]
        return cards.character_card(who.character, who.health)

    def block_card(self, block: Any) -> c.Card:
        """A roster character's health-track card, its boxes empty."""
        return cards.character_card(block)

    # -- the character editor -------------------------------------------------------------------

    def block_preview(self, block: Any) -> tuple[Any, ...]:
        """Health track, Willpower and motes, DVs, soak and hardness, attack pools."""
        return self.form_module.preview(self, block)

    def replace_block(self, state: Combat, combatant_id: str, block: Any) -> list[Event]:
        """The fighter's new character from now on, keeping damage and spent pools."""
        return block_change.replace_block(state, combatant_id, block)


REWRITE_2E = register_ruleset(Rewrite2e())
