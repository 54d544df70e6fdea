"""An attack's numbers in words, step by step (003 §Resolution Steps), and its odds.

Pure functions over the engine's plans (``attack.plan_attack``, ``attack.damage_plan``),
so the dialog shows exactly the figures the engine will use, and a test can check them
without a window.
"""

from __future__ import annotations

from battlewheel.engine.core.contract import Odds
from battlewheel.engine.core.dice import Roll
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import odds as o
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers.attack import AttackPlan, DamagePlan, plan_attack
from battlewheel.engine.rulesets.ex3.rules.defence import DefenceSteps
from battlewheel.engine.rulesets.ex3.state import Combat

MINUS = "\u2212"


def signed(value: int) -> str:
    """+3 or -2, with a real minus sign."""
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


def parts_text(parts: tuple[tuple[str, int], ...]) -> str:
    """"Dexterity 4 + Melee 5 - flurry 3" from named parts."""
    words = []
    for index, (name, value) in enumerate(parts):
        if index == 0:
            words.append(f"{name} {value}")
        else:
            words.append(f"{'+' if value >= 0 else MINUS} {name} {abs(value)}")
    return " ".join(words) or "nothing"


def defence_text(steps: DefenceSteps) -> str:
    """Step 4: Parry and Evasion, the one used, every modifier and the Defence met."""
    shown = [f"{name} {value}" for name, value in (("Parry", steps.parry),
                                                   ("Evasion", steps.evasion))
             if value is not None]
    offered = ", ".join(shown) or "no usable defence"
    text = f"{offered} → {steps.used} {steps.base}"
    for name, value in steps.modifiers:
        text += f", {name} {signed(value)}"
    if steps.zeroed:
        return f"{text}; {steps.zeroed}: Defence 0"
    return f"{text} → Defence {steps.value}"


def pool_text(plan: AttackPlan, automatic: int) -> str:
    """Step 5: the attack pool's parts and the dice it makes."""
    text = f"{parts_text(plan.pool_parts)} = {plan.pool} dice"
    if automatic:
        text += f" + {automatic} automatic"
    tens = "10s count twice" if plan.double_tens else "10s count once"
    return f"{text} ({tens}) against Defence {plan.defence.value}"


def roll_text(rolled: Roll | None, defence: int) -> str:
    """Step 5's result: successes against Defence, hit or miss, the threshold."""
    if rolled is None:
        return "enter the roll"
    got = rolled.successes
    if got >= defence:
        return f"{got} successes against {defence}: a hit, threshold {got - defence}"
    return f"{got} successes against {defence}: a miss"


def withering_text(state: Combat, plan: AttackPlan, threshold: int, post_soak: int) -> str:
    """Step 8 for withering: Strength + damage + threshold - soak, the weapon's minimum."""
    attacker = state.combatants[plan.attacker]
    target = state.combatants[plan.target]
    strength = r.damage_strength(attacker.block, plan.weapon)
    raw = r.weapon_damage(attacker.block, plan.weapon)
    group = attacker.block.group
    if group is not None:
        raw += attacker.size + group.might
    soak = r.soak(target.block, target.size)
    pool = r.withering_pool(strength, raw, threshold, soak, plan.weapon.minimum)
    # A Quick Character's listed Damage already holds its Strength.
    dice = f"Strength {strength} + damage {raw}" if strength else f"Damage {raw}"
    text = (f"{dice} + threshold {threshold} {MINUS} soak {soak}"
            f" = {strength + raw + threshold - soak}, at least the minimum "
            f"{plan.weapon.minimum}: {pool}")
    if post_soak:
        text += f", post-soak {signed(post_soak)}"
    return text


def damage_text(state: Combat, plan: AttackPlan, damage: DamagePlan, threshold: int,
                post_soak: int, *, escape: bool = False) -> str:
    """Step 8's pool for any mode, from the engine's damage plan (an escape from a hold
    treats Hardness as 0, 003 §Attacks From Stealth)."""
    tens = "10s twice" if damage.double_tens else "10s once"
    auto = f" + {damage.automatic} automatic" if damage.automatic else ""
    if plan.mode == a.WITHERING:
        head = withering_text(state, plan, threshold, post_soak)
        return f"{head} → {damage.pool} dice{auto} ({tens})"
    attacker = state.combatants[plan.attacker]
    initiative = attacker.initiative or 0
    if plan.mode == a.GAMBIT:
        return (f"Initiative {initiative} → {damage.pool} dice{auto} ({tens}) against "
                f"difficulty {plan.difficulty}; costs {r.gambit_cost(plan.difficulty)}i")
    hardness = 0 if escape else state.combatants[plan.target].derived.hardness
    stopped = " (Hardness stops it: 0 dice)" if hardness >= initiative else ""
    extra = [(name, value) for name, value in damage.parts if not name.startswith("Initiative")]
    pool = parts_text((("Initiative", initiative), *extra))
    return (f"{pool} against Hardness {hardness}{stopped} → "
            f"{damage.pool} dice{auto} ({tens}); then Initiative resets to base "
            f"{attacker.block.base_initiative}")


def withering_effect(state: Combat, plan: AttackPlan, x: int) -> str:
    """What X withering damage does: the target's loss, then the attacker's gain, which a
    battle group never makes (003 §Resolution Steps 8d, §Battle Groups; bg_withering_gain)."""
    attacker, target = state.combatants[plan.attacker], state.combatants[plan.target]
    if target.is_group:
        loss = f"target {MINUS}{x} Magnitude"
    elif attacker.is_group and target.in_crash:
        loss = f"{x} {plan.weapon.damage_type} levels to the target in Crash"
    else:
        loss = f"target {MINUS}{x}i"
    if attacker.is_group:
        gain = "the group's Initiative stays"
    elif target.is_group and not state.options.bg_withering_gain:
        gain = "no Initiative gained (ruling bg_withering_gain)"
    else:
        gain = f"attacker +{x + 1}i (X + 1)"
    return f"{x}: {loss}, {gain}"


def effect_text(state: Combat, plan: AttackPlan, successes: int | None) -> str:
    """Step 8's effect once the damage (or gambit) roll is known."""
    if successes is None:
        return "enter the roll"
    if plan.mode == a.WITHERING:
        return withering_effect(state, plan, successes)
    if plan.mode == a.DECISIVE:
        return f"{successes} health levels"
    done = "completes" if successes >= plan.difficulty else "fails"
    return f"{successes} successes against difficulty {plan.difficulty}: the gambit {done}"


def miss_text(state: Combat, plan: AttackPlan) -> str:
    """Step 7: what a miss costs (decisive and gambits only)."""
    if plan.mode == a.WITHERING:
        return "a withering miss costs nothing"
    initiative = state.combatants[plan.attacker].initiative or 0
    return f"a miss costs {r.decisive_miss_cost(initiative)}i (2i, 3i at Initiative 11+)"


# -- odds ------------------------------------------------------------------------------------


def contract_odds(state: Combat, action: a.Attack, title: str,
                  defence: int | None = None) -> Odds:
    """The attack's odds as the odds dock draws them (engine ``odds.attack_odds``).

    A hit in 3e needs successes at least equal to Defence; the chance shown is that.
    Withering spreads Initiative damage, decisive health levels, a gambit the
    successes of its Initiative roll against the difficulty.
    """
    plan = plan_attack(state, action, own_turn=not action.escape)
    dv = plan.defence.value if defence is None else max(defence, 0)
    spread = o.successes_odds(plan.pool, action.bonus_successes, double_tens=plan.double_tens)
    engine = o.attack_odds(state, action, dv)
    if plan.mode == a.GAMBIT:
        hit, _ = o.threshold_odds(plan.pool, action.bonus_successes, dv,
                                  double_tens=plan.double_tens)
        initiative = state.combatants[plan.attacker].initiative or 0
        levels = tuple(o.successes_odds(initiative, double_tens=False))
        return Odds(f"{title}; {engine.chance_to_hit:.0%} to hit and complete the gambit",
                    dv, tuple(spread), hit, levels,
                    f"gambit successes (difficulty {plan.difficulty})",
                    defence_label="Defence", damage_axis="Gambit successes", hits_at=dv)
    label = "Initiative damage" if plan.mode == a.WITHERING else "health levels"
    return Odds(f"{title} (a hit needs successes ≥ Defence {dv})", dv, tuple(spread),
                engine.chance_to_hit, engine.damage, label, defence_label="Defence",
                damage_axis=f"{label.capitalize()} dealt by a hit", hits_at=dv)
