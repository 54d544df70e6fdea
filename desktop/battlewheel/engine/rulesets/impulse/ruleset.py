"""The Impulse homebrew (seed 001) behind the core's ruleset interface."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from itertools import repeat
from typing import Any, ClassVar

from battlewheel.engine.core.actions import Action, Joining
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.ruleset import Handler, ModuleOnFirstUse, Ruleset, register_ruleset
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse import lasting, menu, presentation, replay, sentences
from battlewheel.engine.rulesets.impulse.block import ImpulseCharacter
from battlewheel.engine.rulesets.impulse.handlers import (
    block_change,
    gm,
    movement,
    setup,
    strikes,
    turns,
)
from battlewheel.engine.rulesets.impulse.options import ImpulseOptions
from battlewheel.engine.rulesets.impulse.rules import EXTREME, derived
from battlewheel.engine.rulesets.impulse.state import PHASE_SETUP, PHASE_TURN, ImpulseCombat

_HANDLERS: dict[type[Action], Handler] = {
    a.AddCombatant: setup.add_combatant,
    a.RemoveCombatant: setup.remove_combatant,
    a.SetRange: setup.set_range,
    a.RollOrder: setup.roll_order,
    a.SetOrderValue: setup.set_order_value,
    a.MarkAmbushed: setup.mark_ambushed,
    a.AmbushContest: setup.ambush_contest,
    a.StartCombat: turns.start,
    a.SettleTie: turns.settle_tie,
    a.EndTurn: turns.end_turn,
    a.HoldAction: turns.hold_action,
    a.FireHold: turns.fire_hold,
    a.ChangeInitiative: turns.change_initiative,
    a.Manoeuvre: strikes.manoeuvre,
    a.DecisiveStrike: strikes.decisive_strike,
    a.FlurryStrike: strikes.flurry_strike,
    a.Move: movement.move,
    a.Dash: movement.dash,
    a.Disengage: movement.disengage,
    a.AdjustImpulse: gm.adjust_impulse,
    a.SetEndurance: gm.set_endurance,
    a.SetCover: gm.set_cover,
    a.CounterDefence: gm.counter_defence,
    a.ClearStatus: gm.clear_status,
    a.ChooseDeath: gm.choose_death,
    a.VillainEscapes: gm.villain_escapes,
    a.EndCombat: gm.end_combat,
}
_ALWAYS = (
    "add_combatant",
    "remove_combatant",
    "set_range",
    "roll_order",
    "set_order_value",
    "settle_tie",
    "adjust_impulse",
    "set_endurance",
    "set_cover",
    "counter_defence",
    "clear_status",
    "choose_death",
    "villain_escapes",
    "end_combat",
    "change_ruling",
    "add_condition",
    "remove_condition",
)
_BY_PHASE = {
    PHASE_SETUP: ("mark_ambushed", "ambush_contest", "start"),
    PHASE_TURN: (
        "end_turn",
        "manoeuvre",
        "decisive_strike",
        "flurry_strike",
        "hold_action",
        "fire_hold",
        "change_initiative",
        "move",
        "dash",
        "disengage",
    ),
}


class ImpulseRuleset(Ruleset):
    """Rounds, Impulse and Endurance: the Impulse homebrew's combat (seed 001)."""

    name: ClassVar[str] = "impulse"
    title: ClassVar[str] = "Impulse homebrew"
    seed: ClassVar[str] = "001"
    fighters_section: ClassVar[str] = "001 §Turn Order"
    options_type: ClassVar[type[ImpulseOptions]] = ImpulseOptions
    block_type: ClassVar[type[ImpulseCharacter]] = ImpulseCharacter
    joining: ClassVar[Joining] = a.JOINING
    block_field: ClassVar[str] = "character"
    end_words: ClassVar[str] = "The fight is over."
    autopilot_module: ClassVar[Any] = ModuleOnFirstUse(f"{__package__}.autopilot")
    # The character editor's form: imported when the editor or a preview first reads it.
    form_module: ClassVar[Any] = ModuleOnFirstUse(f"{__package__}.form")
    sentences_module: ClassVar[Any] = sentences
    lasting_module: ClassVar[Any] = lasting
    state_type: ClassVar[type[ImpulseCombat]] = ImpulseCombat
    handler_table: ClassVar[Mapping[type[Action], Handler]] = _HANDLERS
    offers_by_phase: ClassVar[Mapping[str, tuple[str, ...]]] = _BY_PHASE
    offers_always: ClassVar[tuple[str, ...]] = _ALWAYS
    legend: ClassVar[str] = menu.WHEEL_LEGEND
    presentation_module: ClassVar[Any] = presentation

    def refresh(self, state: ImpulseCombat) -> None:
        """Current DV, Evasion and Soak (001 §Combat Values)."""
        derived.refresh(state)

    def final_state(self, state: ImpulseCombat) -> dict[str, Any]:
        """The round, the order, pools, marks and ranges."""
        return replay.final_state(state)

    def turn_order(self, state: ImpulseCombat) -> tuple[str, ...]:
        """Fighters by their first counter in this round's order (001 §Turn Order), then
        those with no counter yet (unrolled, in reserve, gone): the table's Turn column."""
        placed = tuple(dict.fromkeys(entry.cid for entry in state.order()))
        return placed + tuple(cid for cid in state.combatants if cid not in placed)

    def acting(self, state: ImpulseCombat) -> tuple[str, ...]:
        """The fighter whose turn it is (a fired hold's owner while it acts)."""
        cid = state.acting_id()
        return (cid,) if cid else ()

    def condition_clock(self, state: ImpulseCombat) -> int | None:
        """Conditions count rounds (001 §Turn Order), from the first."""
        return state.round if state.started else None

    def condition_turn(self, state: ImpulseCombat) -> str:
        """The action counter acting: a fighter's two counters in a row are two actions."""
        return state.acting_key or ""

    def combatants(self, state: ImpulseCombat) -> Mapping[str, Any]:
        """Each fighter with what their sheet reads from the fight around them.

        The window redraws a sheet when its record changes; an Impulse sheet also shows
        the range band to everyone, whether the fighter acts now and whether they wait in
        reserve, which live outside the ``Fighter``, so the record carries them too.
        """
        return _seen(state)

    def fighter_ids(self, state: ImpulseCombat) -> Collection[str]:
        """The fighters' ids, without the bands to everyone that ``combatants`` works out."""
        return state.combatants.keys()

    def end_action(self, reason: str = "") -> Action | None:
        """The fight ends by the GM's word (window: Combat > End the combat)."""
        return a.EndCombat()

    def join_action(self, combatant_id: str, character: Any, side: str, *, roster: str = "",
                    lasting: Any = None) -> Action:
        """A roster character joins the fight (001 §Turn Order: the order roll follows); once
        the fight has begun, as a reinforcement a round at Extreme (001 §Range Bands)."""
        return a.AddCombatant(combatant_id, character, side, reserve=None, roster=roster,
                              lasting=lasting)

    def replace_block(self, state: ImpulseCombat, combatant_id: str, block: Any) -> list[Event]:
        """The fighter's new block from now on, keeping what the fight did (001 §Endurance)."""
        return block_change.replace_block(state, combatant_id, block)


def _seen(state: ImpulseCombat) -> dict[str, tuple[Any, ...]]:
    """Each record with its bands to the others (in the roster's order), whether it acts
    now and whether it waits in reserve, and the rulings."""
    rows = _band_rows(state)
    acting = state.acting_id()
    ids = tuple(state.combatants)
    extreme = repeat(EXTREME)
    return {cid: (who, tuple(map(rows[cid].get, ids[:i] + ids[i + 1:], extreme)),
                  acting == cid, state.in_reserve(cid), state.options)
            for i, (cid, who) in enumerate(state.combatants.items())}


def _band_rows(state: ImpulseCombat) -> dict[str, dict[str, int]]:
    """Each fighter's bands to the others set apart from Extreme, as ``state.band`` reads
    them (Extreme while either is in reserve), from one pass over the pairs: asking
    ``band`` of every pair costs forty times forty look-ups after each step."""
    rows: dict[str, dict[str, int]] = {cid: {} for cid in state.combatants}
    reserve = {cid for cid in state.combatants if state.in_reserve(cid)}
    for (one, other), band in state.bands.items():
        if one in rows and other in rows and one not in reserve and other not in reserve:
            rows[one][other] = rows[other][one] = band
    return rows


IMPULSE = register_ruleset(ImpulseRuleset())
