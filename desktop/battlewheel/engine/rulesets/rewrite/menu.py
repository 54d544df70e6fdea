"""The 2e tick as menu entries: set up, next tick, declare, roll, counterattack, apply.

What each entry opens is named for the 2e views package; ``why_not`` says in plain
words why an entry has nothing to do now, so a key pressed at the wrong moment is
never silently ignored. The status line and the wheel's legend live here too.
"""

from __future__ import annotations

from battlewheel.engine.core.contract import TurnAction
from battlewheel.engine.rulesets.rewrite.actions import Advance, ApplyTickEffects, NextTick
from battlewheel.engine.rulesets.rewrite.handlers.counter import counterattack_openings
from battlewheel.engine.rulesets.rewrite.handlers.effects import needs_damage_rolls
from battlewheel.engine.rulesets.rewrite.state import (
    PHASE_DECLARE,
    PHASE_DONE,
    PHASE_EFFECTS,
    PHASE_RESOLVE,
    PHASE_SETUP,
    Combat,
)

# What the GM does next in each phase of a tick (the engine's PHASE_* names).
NEXT_STEP = {
    "setup": "set up the battle (Ctrl+B)",
    "declare": "declare flurries (Space, or D)",
    "resolve": "roll the attacks (Space, or R)",
    "effects": "apply the effects (Space, or Ctrl+Return)",
    "done": "next action (Space, or A)",
    "ended": "start the next fight (File > New combat, Ctrl+Shift+N)",
}


def turn_actions(state: Combat) -> tuple[TurnAction, ...]:
    """The Combat menu's 2e entries, in menu order, with why each is idle now."""
    return (
        TurnAction("set_up", "&Set up the battle…", "Ctrl+B", "Ambush and Join Battle rolls",
                   dialog="set_up", why_not=_why_not_set_up(state), group=0),
        TurnAction("next_tick", "Next &tick", "N", "Move the tick counter one segment on",
                   action=NextTick(), toolbar=True, group=1),
        TurnAction("next_action", "Next &action", "A",
                   "Move the tick counter on to the next tick on which someone acts",
                   action=Advance(), toolbar=True, group=1),
        TurnAction("declare", "&Declare flurry…", "D",
                   "Declare the flurry of the selected (or next) acting combatant",
                   dialog="declare", why_not=_why_not_declare(state), toolbar=True, group=2),
        TurnAction("declare_tick", "Declare the tick's &flurries…", "Shift+D",
                   "Declare the flurry of everyone still to act this tick, one row each",
                   dialog="declare_tick", why_not=_why_not_declare(state), group=2),
        TurnAction("roll", "&Roll attack…", "R", "Roll (or type) the next declared attack",
                   dialog="roll", why_not=_why_not_roll(state), toolbar=True, group=2),
        TurnAction("counterattack", "&Counterattack…", "C",
                   "A charm's counterattack on someone whose attack reached step 9 this tick",
                   dialog="counterattack", why_not=_why_not_counter(state), group=2),
        TurnAction("apply", "A&pply effects", "Ctrl+Return",
                   "Apply the tick's effects: damage, surprise, DV penalties, counters",
                   dialog="apply", toolbar=True, group=2),
    )


def next_step(state: Combat) -> TurnAction | None:
    """The one next step of the tick, whatever it is (000 §Each tick).

    Set up, then each tick: declare the flurries (everyone still to declare, in one
    dialog), roll the attacks, apply the effects (with no damage to roll, the effects
    apply themselves: no dialog), then move on to the next tick on which someone acts.
    None once the combat is over.
    """
    phase = state.phase
    if phase == PHASE_SETUP:
        return _entry(state, "set_up")
    if phase == PHASE_DECLARE:
        return _entry(state, "declare_tick")
    if phase == PHASE_RESOLVE:
        return _entry(state, "roll")
    if phase == PHASE_EFFECTS:
        if needs_damage_rolls(state):
            return _entry(state, "apply")
        return TurnAction("apply", "Apply the tick's effects",
                          tip="No damage to roll: DV penalties and counters move at once",
                          action=ApplyTickEffects(), auto=True)
    if phase == PHASE_DONE:
        return _entry(state, "next_action")
    return None


def _entry(state: Combat, key: str) -> TurnAction:
    return next(entry for entry in turn_actions(state) if entry.key == key)


def _why_not_set_up(state: Combat) -> str:
    if state.started and not state.awaiting_join_battle():
        return "The battle has already begun and nobody is waiting to Join Battle."
    return ""


def _why_not_declare(state: Combat) -> str:
    if not state.awaiting_flurry():
        return "Nobody acting this tick still has a flurry to declare."
    return ""


def _why_not_roll(state: Combat) -> str:
    return "" if state.pending_attacks() else "No declared attack is waiting to be rolled."


def _why_not_counter(state: Combat) -> str:
    if counterattack_openings(state):
        return ""
    return ("No attack this tick has reached step 9: only an attack that has not "
            "Failed opens a counterattack.")


def status_line(state: Combat) -> str:
    """The permanent status line: the tick, who acts and the GM's next step."""
    step = NEXT_STEP.get(state.phase, state.phase)
    if state.ended:
        return f"Combat over · next: {step}"
    if state.current_tick is None:
        return f"Not started: {step}"
    acting = ", ".join(state.name(cid) for cid in state.acting_ids()) or "nobody"
    return f"Tick {state.current_tick} · acting: {acting} · next: {step}"


WHEEL_LEGEND = """\
<p>Each segment shows the tick it stands for; the yellow segment and the pointer on the
rim are the tick counter. The hub shows the current tick.</p>
<p><b>Round, cool colours</b>: allies. <b>Square, warm colours</b>: enemies.
A gold ring: acting this tick. A cyan ring: selected.</p>
<p>Badges: <b>DV-n</b> (top left) DV penalty; <b>+n lap</b> (top right) acts n laps
later than the tick shown; <b>W-n</b> (bottom left) wound penalty; bottom right
<b>?</b> surprised, <b>z</b> unconscious, <b>!</b> critical, <b>†</b> dead (greyed).</p>
<p>Drag a counter to another segment to move its next action there (Ctrl+Z undoes it),
or select it and press <b>[</b> or <b>]</b>. Hover a counter for its details.</p>"""
