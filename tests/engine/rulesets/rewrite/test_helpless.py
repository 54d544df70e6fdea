"""Who cannot act: the Incapacitated are Inactive, the dead passed over (000 §Applying Effects)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    PHASE_EFFECTS,
    Advance,
    ApplyTickEffects,
    DeclaredManoeuvre,
    DeclareFlurry,
    NextTick,
    SetHealth,
)

from .helpers import started

# A mortal with Stamina 1: -0, -1, -1, -2, -2, -4, Incapacitated, one Dying box.
UNCONSCIOUS = "///////."
CRITICAL = "XXXXXXX."
DEAD = "XXXXXXXX"
GUARD = (DeclaredManoeuvre("guard"),)  # Speed 3


def test_an_unconscious_combatant_is_not_waited_for_and_is_inactive() -> None:
    """B unconscious on tick 1: only A declares; B is logged Inactive and moves 1 + 5 = 6."""
    session = started(a=3, b=3)
    session.apply(SetHealth("b", UNCONSCIOUS))
    events = session.apply(NextTick())
    assert session.state.awaiting_flurry() == ("a",)
    assert "B is unconscious and cannot act: Inactive, Speed 5." in [e.text for e in events]
    session.apply(DeclareFlurry("a", GUARD))
    assert session.state.phase == PHASE_EFFECTS
    session.apply(ApplyTickEffects())
    ticks = {cid: c.next_tick for cid, c in session.state.combatants.items()}
    assert ticks == {"a": 4, "b": 6}


def test_a_critical_combatant_is_inactive_and_logged_as_critical() -> None:
    """B with lethal in the Incapacitated box is critical: Inactive without a declaration."""
    session = started(a=3, b=3)
    session.apply(SetHealth("b", CRITICAL))
    events = session.apply(NextTick())
    assert "B is critical and cannot act: Inactive, Speed 5." in [e.text for e in events]


def test_an_incapacitated_combatant_cannot_declare_a_flurry() -> None:
    """A flurry for an unconscious B is refused, naming the rule."""
    session = started(a=3, b=3)
    session.apply(SetHealth("b", UNCONSCIOUS))
    session.apply(NextTick())
    with pytest.raises(IllegalAction, match=r"^000 §Applying Effects: B is Incapacitated"):
        session.apply(DeclareFlurry("b", GUARD))


def test_someone_knocked_out_before_declaring_is_inactive_when_effects_apply() -> None:
    """B falls unconscious after tick 1 began: not waited for, Inactive at the effects, tick 6."""
    session = started(a=3, b=3)
    session.apply(NextTick())
    session.apply(DeclareFlurry("a", GUARD))
    session.apply(SetHealth("b", UNCONSCIOUS))
    assert session.state.phase == PHASE_EFFECTS
    session.apply(ApplyTickEffects())
    assert session.state.combatants["b"].next_tick == 6


def test_a_dead_combatant_does_not_act_and_its_counter_stays() -> None:
    """Dead B on tick 1 is not Acting; after A's Guard, B's counter is still on tick 1."""
    session = started(a=3, b=3)
    session.apply(SetHealth("b", DEAD))
    session.apply(NextTick())
    assert session.state.acting_ids() == ("a",)
    session.apply(DeclareFlurry("a", GUARD))
    session.apply(ApplyTickEffects())
    assert session.state.combatants["b"].next_tick == 1


def test_advance_skips_a_dead_combatants_counter() -> None:
    """C (Join Battle 1 of 3) waits on tick 3 but is dead: advance goes from 1 to A and B on 4."""
    session = started(a=3, b=3, c=1)
    session.apply(SetHealth("c", DEAD))
    session.apply(NextTick())
    session.apply(DeclareFlurry("a", GUARD))
    session.apply(DeclareFlurry("b", GUARD))
    session.apply(ApplyTickEffects())
    session.apply(Advance())
    assert session.state.current_tick == 4
    assert session.state.combatants["c"].next_tick == 3
