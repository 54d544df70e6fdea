"""Log sentences: what the action was, then what came of it, read from the states around it."""

from __future__ import annotations

from collections.abc import Callable

from battlewheel.engine.core.actions import Action
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.handlers import strikes
from battlewheel.engine.rulesets.impulse.handlers.effects import EffectOutcome
from battlewheel.engine.rulesets.impulse.rules import change_cost
from battlewheel.engine.rulesets.impulse.state import ImpulseCombat


def describe(before: ImpulseCombat, action: Action, after: ImpulseCombat | None) -> str:
    """The sentence of ``action``; with ``after`` (it was applied) the outcome too."""
    base = action.sentence(before.name)
    if after is None:
        return base
    outcome = _OUTCOMES.get(type(action))
    extra = outcome(before, action, after) if outcome else ""
    return f"{base} {extra}".strip()


def _manoeuvre(before: ImpulseCombat, action: Action, after: ImpulseCombat) -> str:
    assert isinstance(action, a.Manoeuvre)
    result = strikes.resolve_manoeuvre(before, action)
    impulse = after.combatants[action.actor].impulse
    text = (
        f"{successes_text(result.successes)} from {result.pool} dice: "
        f"+{result.successes} Impulse ({impulse})."
    )
    if result.hit is not None:
        verdict = "hits" if result.hit else "misses"
        text += (f" Against {before.name(action.target)}'s DV {result.dv} it {verdict}"
                 f"{'; no Endurance is lost' if result.hit else ''}.")
    return _with_effects(text, (result.effect,) if result.effect else (), before)


def _strike(before: ImpulseCombat, action: Action, after: ImpulseCombat) -> str:
    if isinstance(action, a.DecisiveStrike):
        result = strikes.resolve_decisive(before, action)
    else:
        assert isinstance(action, a.FlurryStrike)
        result = strikes.resolve_flurry(before, action)
    actor = action.actor
    head = f"{successes_text(result.successes)} from {result.pool} dice against DV {result.dv}"
    if not result.hit:
        return f"{head}: a miss; {before.name(actor)} loses 2 Impulse."
    impulse = before.combatants[actor].impulse
    base = result.damage_pool - impulse - result.threshold
    damage = (
        f"{head}: a hit by {result.threshold}. Damage {impulse} Impulse + {base} Base "
        f"Damage + {result.threshold} = {result.damage_pool} dice: {successes_text(result.damage)}"
    )
    shares = "; ".join(
        f"{before.name(t)} loses {n} Endurance ({after.combatants[t].endurance} left)"
        for t, n in result.shares
    )
    return _with_effects(f"{damage}. {shares}.", result.effects, before)


def _with_effects(text: str, effects: tuple[EffectOutcome, ...], before: ImpulseCombat) -> str:
    for effect in effects:
        against = "" if effect.difficulty is None else f" against {effect.difficulty}"
        verdict = "lands" if effect.landed else "fails"
        name = effect.effect.replace("_", " ").capitalize()
        text += f" {name} on {before.name(effect.target)}{against}: {verdict}."
    return text


def _change(before: ImpulseCombat, action: Action, after: ImpulseCombat) -> str:
    assert isinstance(action, a.ChangeInitiative)
    old = before.combatants[action.actor].next_orders[action.index]
    cost = change_cost(old, action.value)
    return f"Cost {cost} Impulse (order {old} to {action.value})." if cost else "Free (lowered)."


def _next(before: ImpulseCombat, action: Action, after: ImpulseCombat) -> str:
    parts = []
    if after.round != before.round:
        parts += [
            f"{f.name}'s trigger never came: 2 Impulse back."
            for cid, f in before.combatants.items()
            if f.hold is not None and cid in after.combatants and after.combatants[cid].hold is None
        ]
        parts.append(f"Round {after.round} begins.")
    acting = after.acting_id()
    parts.append(f"{after.name(acting)} acts." if acting else "Nobody is left to act.")
    return " ".join(parts)


def _disengage(before: ImpulseCombat, action: Action, after: ImpulseCombat) -> str:
    assert isinstance(action, a.Disengage)
    kept = [c.foe for c in action.contests if after.band(action.actor, c.foe) == 0]
    free = [c.foe for c in action.contests if c.foe not in kept]
    parts = []
    if free:
        parts.append("Breaks away from " + ", ".join(before.name(f) for f in free) + ".")
    if kept:
        parts.append(", ".join(before.name(f) for f in kept) + " keep(s) up.")
    return " ".join(parts)


def _order(before: ImpulseCombat, action: Action, after: ImpulseCombat) -> str:
    assert isinstance(action, a.RollOrder)
    values = ", ".join(str(v) for v in after.combatants[action.combatant].orders)
    return f"Order {values}."


def _impulse_spent(before: ImpulseCombat, action: Action, after: ImpulseCombat) -> str:
    assert isinstance(action, a.HoldAction | a.Dash)
    actor = action.actor
    spent = before.combatants[actor].impulse - after.combatants[actor].impulse
    text = f"({spent} Impulse spent.)" if spent > 0 else ""
    return f"{text} {_next(before, action, after)}" if isinstance(action, a.HoldAction) else text


def _ambush(before: ImpulseCombat, action: Action, after: ImpulseCombat) -> str:
    assert isinstance(action, a.AmbushContest)
    if after.combatants[action.victim].ambushed:
        return f"{after.name(action.victim)} is caught unawares."
    return f"{after.name(action.victim)} sees it coming."


def successes_text(count: int) -> str:
    """ "1 success", "3 successes"."""
    return f"{count} success" + ("" if count == 1 else "es")


_OUTCOMES: dict[type[Action], Callable[[ImpulseCombat, Action, ImpulseCombat], str]] = {
    a.Manoeuvre: _manoeuvre,
    a.DecisiveStrike: _strike,
    a.FlurryStrike: _strike,
    a.ChangeInitiative: _change,
    a.EndTurn: _next,
    a.StartCombat: _next,
    a.Disengage: _disengage,
    a.RollOrder: _order,
    a.HoldAction: _impulse_spent,
    a.Dash: _impulse_spent,
    a.AmbushContest: _ambush,
}
