"""The Pool & Ward ruleset (seed 002) behind the core's interface: handlers, options, contract."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from battlewheel.engine.core.actions import Action, Joining
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.ruleset import Handler, ModuleOnFirstUse, Ruleset, register_ruleset
from battlewheel.engine.rulesets.poolward import actions as a
from battlewheel.engine.rulesets.poolward import lasting, presentation, sentences, wheel
from battlewheel.engine.rulesets.poolward.block import STATS, StatBlock
from battlewheel.engine.rulesets.poolward.handlers import attack, block_change, manual, rounds
from battlewheel.engine.rulesets.poolward.handlers import turn as handlers_turn
from battlewheel.engine.rulesets.poolward.options import PoolWardOptions
from battlewheel.engine.rulesets.poolward.state import Fight

_HANDLERS: dict[type[Action], Handler] = {
    a.AddCombatant: handlers_turn.add_combatant,
    a.RemoveCombatant: handlers_turn.remove_combatant,
    a.SetOrder: handlers_turn.set_order,
    a.RollOrder: handlers_turn.roll_order,
    a.StartFight: handlers_turn.start_fight,
    a.NextTurn: handlers_turn.next_turn,
    a.EndFight: handlers_turn.end_fight,
    a.UseAction: handlers_turn.use_action,
    a.GrantAction: handlers_turn.grant_action,
    a.DelayTurn: handlers_turn.delay_turn,
    a.ReadyAction: handlers_turn.ready_action,
    a.TriggerReadied: handlers_turn.trigger_readied,
    a.Attack: attack.attack,
    a.SetTrack: manual.set_track,
    a.AdjustRound: manual.adjust_round,
    a.SetCondition: manual.set_condition,
    a.Backlash: manual.backlash,
    a.Sleep: manual.sleep,
    a.Rest: manual.rest,
    a.Heal: manual.heal,
}


class PoolAndWard(Ruleset):
    """Pool & Ward: one roll for hit and damage, defence off the pool, Ward, Health and Vigor."""

    name: ClassVar[str] = "pool-and-ward"
    title: ClassVar[str] = "Pool & Ward"
    seed: ClassVar[str] = "002"
    fighters_section: ClassVar[str] = "002 §Types of Actions"
    options_type: ClassVar[type[PoolWardOptions]] = PoolWardOptions
    block_type: ClassVar[type[StatBlock]] = StatBlock
    joining: ClassVar[Joining] = a.JOINING
    block_field: ClassVar[str] = "block"
    end_words: ClassVar[str] = "The fight ends."
    autopilot_module: ClassVar[Any] = ModuleOnFirstUse(f"{__package__}.autopilot")
    # The character editor's form: imported when the editor or a preview first reads it.
    form_module: ClassVar[Any] = ModuleOnFirstUse(f"{__package__}.form")
    sentences_module: ClassVar[Any] = sentences
    lasting_module: ClassVar[Any] = lasting
    state_type: ClassVar[type[Fight]] = Fight
    handler_table: ClassVar[Mapping[type[Action], Handler]] = _HANDLERS
    legend: ClassVar[str] = wheel.LEGEND
    presentation_module: ClassVar[Any] = presentation

    def refresh(self, state: Fight) -> None:
        """Conditions and flat-footedness; Dodge back at a turn's start under ``dodge_reset``."""
        rounds.refresh(state)

    def final_state(self, state: Fight) -> dict[str, Any]:
        """The round, the order and each fighter's tracks."""
        return sentences.final_state(state)

    def acting(self, state: Fight) -> tuple[str, ...]:
        """The fighter whose turn it is (empty between rounds)."""
        return state.acting_ids()

    def turn_order(self, state: Fight) -> tuple[str, ...]:
        """The round's order (the combatants table's Turn column)."""
        return tuple(state.order)

    def combatant_ids(self, state: Fight) -> tuple[str, ...]:
        """Every fighter, in the order they joined."""
        return tuple(state.fighters)

    def new_block(self, name: str) -> StatBlock:
        """A fresh stat block: every stat 1, so Health and Vigor start at 1 (002 §Damage
        Tracking); the GM fills in the rest."""
        return StatBlock(name=name, stats={stat: 1 for stat in STATS})

    def combatants(self, state: Fight) -> Mapping[str, Any]:
        """The fighters by id, in the order they joined."""
        return state.fighters

    def condition_records(self, state: Fight) -> dict[str, Any]:
        """The fighters, who carry the GM's conditions."""
        return state.fighters

    def condition_clock(self, state: Fight) -> int | None:
        """Conditions count rounds (002 §Types of Actions), from the first."""
        return state.round if state.started else None

    def join_action(self, combatant_id: str, character: Any, side: str, *, roster: str = "",
                    lasting: Any = None) -> Action:
        """A roster character joins the fight, allies and marked players as player
        characters (002), at their current condition (``lasting``; None: fresh)."""
        player = side == "ally" or bool(getattr(character, "player", False))
        return a.AddCombatant(combatant_id, character, side, player=player, roster=roster,
                              lasting=lasting)

    # -- the character editor -------------------------------------------------------------------

    def replace_block(self, state: Fight, combatant_id: str, block: Any) -> list[Event]:
        """The fighter's new block from now on, with the damage, spent Ward and this round's
        Dodge losses kept (002 §Damage Tracking)."""
        return block_change.replace_block(state, combatant_id, block)


POOL_AND_WARD = register_ruleset(PoolAndWard())
