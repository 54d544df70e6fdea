"""Exact odds for the odds dock: the chance to hit and the spread of damage (003 §Resolution Steps).

Everything is a convolution of single-die distributions (``dice.success_distribution``),
so no sampling and no numpy. A hit needs successes at least equal to Defence; the
threshold is the excess.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from battlewheel.engine.core.dice import success_distribution
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.actions import Attack
from battlewheel.engine.rulesets.ex3.handlers.attack import plan_attack
from battlewheel.engine.rulesets.ex3.state import Combat


@dataclass(frozen=True)
class Odds:
    """The chance to hit and the spread of damage given a hit (``damage[k]`` = P(k | hit))."""

    chance_to_hit: float
    damage: tuple[float, ...]

    @property
    def expected_damage(self) -> float:
        """Mean damage of a hit (003 §Resolution Steps 8)."""
        return sum(k * p for k, p in enumerate(self.damage))


def successes_odds(dice: int, automatic: int = 0, *, double_tens: bool = True) -> list[float]:
    """Chance of each success count, automatic successes added (004 §Pools and Dice)."""
    rolled = success_distribution(max(dice, 0), double_tens=double_tens)
    return [0.0] * max(automatic, 0) + rolled


def threshold_odds(dice: int, automatic: int, defence: int, *,
                   double_tens: bool = True) -> tuple[float, list[float]]:
    """Chance to hit a Defence and the spread of threshold successes (003 §Resolution Steps 5)."""
    counts = successes_odds(dice, automatic, double_tens=double_tens)
    needed = max(defence, 0)
    spread = counts[needed:] or [0.0]
    return sum(counts[needed:]), spread


def withering_odds(
    attack_dice: int, defence: int, *, strength: int, weapon_damage: int, soak: int,
    minimum: int, post_soak: int = 0, automatic: int = 0, damage_automatic: int = 0,
    attack_double_tens: bool = True, damage_double_tens: bool = True,
) -> Odds:
    """Chance to hit, and the spread of Initiative damage given a hit (003 §Resolution Steps)."""
    hit, spread = threshold_odds(attack_dice, automatic, defence, double_tens=attack_double_tens)
    damage: list[float] = [0.0]
    for threshold, p in enumerate(spread):
        if p == 0.0:
            continue
        pool = r.withering_pool(strength, weapon_damage, threshold, soak, minimum) + post_soak
        _add(damage, p, successes_odds(pool, damage_automatic, double_tens=damage_double_tens))
    return Odds(hit, _given(damage, hit))


def decisive_odds(
    attack_dice: int, defence: int, *, initiative: int, hardness: int, automatic: int = 0,
    damage_automatic: int = 0, attack_double_tens: bool = True,
) -> Odds:
    """Chance to hit, spread of levels given a hit; no 10s double (003 §Resolution Steps)."""
    hit, _ = threshold_odds(attack_dice, automatic, defence, double_tens=attack_double_tens)
    pool = r.decisive_pool(initiative, hardness, gambit=False)
    levels = successes_odds(pool, damage_automatic, double_tens=False)
    return Odds(hit, tuple(levels) if hit > 0 else (1.0,))


def gambit_odds(attack_dice: int, defence: int, *, initiative: int, difficulty: int,
                automatic: int = 0, attack_double_tens: bool = True) -> float:
    """Chance to hit and then meet the gambit's difficulty (003 §Resolution Steps 8d)."""
    hit, _ = threshold_odds(attack_dice, automatic, defence, double_tens=attack_double_tens)
    counts = successes_odds(initiative, double_tens=False)
    return hit * sum(counts[max(difficulty, 0):])


def _add(into: list[float], weight: float, spread: list[float]) -> None:
    if len(into) < len(spread):
        into.extend([0.0] * (len(spread) - len(into)))
    for k, q in enumerate(spread):
        into[k] += weight * q


def _given(damage: list[float], hit: float) -> tuple[float, ...]:
    if hit <= 0:
        return (1.0,)
    return tuple(p / hit for p in damage)


def attack_odds(state: Combat, action: Attack, defence: int | None = None) -> Odds:
    """The odds dock for a planned attack: withering Initiative damage or decisive levels.

    A gambit's ``damage`` holds the single chance of completing it, as ``(1 - p, p)``.
    ``defence`` replaces the target's Defence (the odds dock's "what if" box).
    003 §Resolution Steps 5, 8.
    """
    plan = plan_attack(state, action, own_turn=not action.escape)
    if defence is not None:
        plan = dataclasses.replace(
            plan, defence=dataclasses.replace(plan.defence, value=max(defence, 0)))
    attacker, target = state.combatants[plan.attacker], state.combatants[plan.target]
    if plan.mode == "withering":
        group = attacker.block.group
        raw = r.weapon_damage(attacker.block, plan.weapon) + (
            (0 if action.spread else attacker.size) + group.might if group is not None else 0)
        return withering_odds(
            plan.pool, plan.defence.value,
            strength=r.damage_strength(attacker.block, plan.weapon),
            weapon_damage=raw, soak=r.soak(target.block, target.size),
            minimum=plan.weapon.minimum, post_soak=action.post_soak,
            automatic=action.bonus_successes, attack_double_tens=plan.double_tens,
            damage_double_tens=r.damage_double_tens(attacker.block))
    initiative = attacker.initiative or 0
    if plan.mode == "gambit":
        chance = gambit_odds(plan.pool, plan.defence.value, initiative=initiative,
                             difficulty=plan.difficulty, automatic=action.bonus_successes,
                             attack_double_tens=plan.double_tens)
        return Odds(chance, (1 - chance, chance))
    hardness = 0 if action.escape else target.derived.hardness
    return decisive_odds(plan.pool, plan.defence.value, initiative=initiative,
                         hardness=hardness, automatic=action.bonus_successes,
                         attack_double_tens=plan.double_tens)
