"""The 3e ruleset (seed 003) behind the core's interface: handlers, refresh, sentences, contract."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import Joining
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.ruleset import Handler, ModuleOnFirstUse, Ruleset, register_ruleset
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import lasting, presentation, sentences, wheel
from battlewheel.engine.rulesets.ex3 import refresh as derived_values
from battlewheel.engine.rulesets.ex3.block import Character
from battlewheel.engine.rulesets.ex3.handlers import attack, clash, flow, gm, groups, moves
from battlewheel.engine.rulesets.ex3.options import Ex3Options
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant

_HANDLERS: dict[type[a.Action], Handler] = {
    a.AddCombatant: flow.add_combatant,
    a.RemoveCombatant: flow.remove_combatant,
    a.RollJoinBattle: flow.roll_join_battle,
    a.StartCombat: flow.start,
    a.NextTurn: flow.next_turn,
    a.Delay: flow.delay,
    a.EndCombat: flow.end_combat,
    a.Attack: attack.resolve,
    a.Clash: clash.clash,
    a.Aim: moves.aim,
    a.DefendOther: moves.defend_other,
    a.Disengage: moves.disengage,
    a.EstablishSurprise: moves.establish_surprise,
    a.ConcealmentRoll: moves.concealment_roll,
    a.FullDefense: moves.full_defense,
    a.GoToGround: moves.go_to_ground,
    a.Rejoin: moves.rejoin,
    a.Move: moves.move,
    a.ReadyWeapon: moves.ready_weapon,
    a.RiseFromProne: moves.rise,
    a.Rush: moves.rush,
    a.TakeCover: moves.take_cover,
    a.Withdraw: moves.withdraw,
    a.OtherAction: moves.other_action,
    a.GrappleMove: moves.grapple_move,
    a.EndHold: moves.end_hold,
    a.Order: groups.order,
    a.Rally: groups.rally,
    a.RallyForNumbers: groups.rally_for_numbers,
    a.SetInitiative: gm.set_initiative,
    a.AdjustPool: gm.adjust_pool,
    a.CycleHealthBox: gm.cycle_box,
    a.SetMagnitude: gm.set_magnitude,
    a.AwardBreak: gm.award_break,
    a.GrantExtraAction: gm.grant_extra_action,
    a.SetCondition: gm.set_condition,
    a.SetRange: gm.set_range,
    a.MarkRough: gm.mark_rough,
}


INITIATIVE_EDIT_RANGE = (-30, 100)


class Exalted3e(Ruleset):
    """Exalted 3rd edition combat, clarified (seed 003)."""

    name: ClassVar[str] = "3e"
    title: ClassVar[str] = "Exalted 3rd edition"
    seed: ClassVar[str] = "003"
    fighters_section: ClassVar[str] = "003 §The Flow of Combat"
    options_type: ClassVar[type[Ex3Options]] = Ex3Options
    block_type: ClassVar[type[Character]] = Character
    joining: ClassVar[Joining] = a.JOINING
    lasting_module: ClassVar[Any] = lasting.RULES_OF_LASTING
    autopilot_module: ClassVar[Any] = ModuleOnFirstUse(f"{__package__}.autopilot")
    # The character editor's form: imported when the editor or a preview first reads it.
    form_module: ClassVar[Any] = ModuleOnFirstUse(f"{__package__}.form")
    state_type: ClassVar[type[Combat]] = Combat
    handler_table: ClassVar[Mapping[type[a.Action], Handler]] = _HANDLERS
    legend: ClassVar[str] = wheel.WHEEL_LEGEND
    presentation_module: ClassVar[Any] = presentation
    # A GM's Initiative or delay tick the ring can show (rules/3e.md §5): one slot a value.
    number_bounds: ClassVar[Mapping[str, tuple[int, int]]] = {
        "set_initiative.value": INITIATIVE_EDIT_RANGE, "delay.tick": INITIATIVE_EDIT_RANGE}

    def refresh(self, state: Combat) -> None:
        """Derived values of the combatants that may have changed (003 §Defending Against
        Attacks)."""
        derived_values.refresh(state)

    def offered(self, state: Combat) -> tuple[str, ...]:
        """Every action kind while the fight runs; none once it is over."""
        return () if state.ended else super().offered(state)

    def describe(self, before: Combat, action: a.Action, after: Combat | None) -> str:
        """The action's sentence and the changes it made."""
        return sentences.describe(before, action, after)

    def final_state(self, state: Combat) -> dict[str, Any]:
        """Round, tick, actor and each combatant's Initiative, health or Magnitude."""
        return {
            "round": state.round, "tick": state.tick, "actor": state.actor,
            "ended": state.ended,
            "combatants": {cid: _final(who) for cid, who in state.combatants.items()},
            "grapples": {g: {"target": grip.target, "rounds": grip.rounds}
                         for g, grip in state.grapples.items()},
        }

    def turn_order(self, state: Combat) -> tuple[str, ...]:
        """The actor, those yet to act this round, then the rest (the roster's order)."""
        return wheel.turn_order(state)

    def acting(self, state: Combat) -> tuple[str, ...]:
        """Whose turn it is."""
        return (state.actor,) if state.actor else ()

    def condition_clock(self, state: Combat) -> int | None:
        """Conditions count rounds (003 §The Flow of Combat), from the first."""
        return state.round if state.started else None

    def block_side(self, block: Any) -> str:
        """A player character joins as an ally; anyone else as a foe. A block's kind cannot
        tell: an Exalt is as often the villain (Lady Ashkeel) as a player's Solar."""
        return c.ALLY if getattr(block, "player_character", False) else c.ENEMY

    def replace_block(self, state: Combat, combatant_id: str, block: Any) -> list[Event]:
        """The fighter's new block from now on, keeping damage, Initiative and position."""
        return gm.replace_block(state, combatant_id, block)

def _final(who: Combatant) -> dict[str, Any]:
    return {
        "name": who.name, "side": who.side, "initiative": who.initiative,
        "acted": who.acted, "in_crash": who.in_crash, "crash_turns": who.crash_turns,
        "health": who.health.marks if not who.is_group else None,
        "magnitude": who.magnitude if who.is_group else None,
        "size": who.size if who.is_group else None, "dissolved": who.dissolved,
        "onslaught": who.onslaught, "prone": who.prone, "out": who.out,
    }


EXALTED_3E = register_ruleset(Exalted3e())
