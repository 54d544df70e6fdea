"""One attack's nine steps in words, for the attack dialog and the log (000 §Attack Resolution)."""

from __future__ import annotations

from battlewheel.engine.rulesets.rewrite.rules.attack import (
    AttackOutcome,
    DamageStep,
    DefenceStep,
    RollStep,
)
from battlewheel.engine.rulesets.rewrite.rules.equipment import DamageType
from battlewheel.engine.rulesets.rewrite.sentences.wording import charm_name, plural, successes

STEP_TITLES = (
    "Declare attack",
    "Declare defence",
    "Attack roll",
    "Attack reroll",
    "Apply defences",
    "Defence reroll",
    "Raw damage",
    "Static defences",
    "Counterattacks",
)


def describe_steps(outcome: AttackOutcome) -> tuple[tuple[int, str, str], ...]:
    """One line per step reached: (step number, title, what happened) (000 §Attack Resolution)."""
    lines = [(1, f"{outcome.weapon} ({outcome.damage_type})")]
    if outcome.failure == "blocked":
        note = outcome.notes[0] if outcome.notes else "stopped by a Block"
        lines.append((3, f"{note}: the attack is aborted before its roll and has Failed"))
        return tuple((n, STEP_TITLES[n - 1], text) for n, text in lines)
    if outcome.roll is None:
        lines.append((2, outcome.notes[0] if outcome.notes else "a perfect defence"))
        lines.append((5, "the attack misses without a roll and has Failed"))
        return tuple((n, STEP_TITLES[n - 1], text) for n, text in lines)
    roll, defence = outcome.roll, outcome.defence
    assert defence is not None
    lines += [(2, defence.dv_name), (3, _roll_text(roll)), (4, _reroll_text(roll))]
    lines.append((5, _defence_text(roll, defence, outcome)))
    if outcome.damage is not None:
        lines += _damage_lines(outcome.damage, outcome)
    if outcome.counterattack:
        lines.append((9, "none: a counterattack has no step 9"))
    return tuple((n, STEP_TITLES[n - 1], text) for n, text in lines)


def _roll_text(roll: RollStep) -> str:
    autos = ", ".join(f"{name} {value}" for name, value in roll.automatic_successes.items())
    if roll.automatic_failure:
        return f"{roll.dice} dice and no automatic success: the roll fails outright"
    botch = " (botch)" if roll.botch else ""
    text = f"{max(roll.dice, 0)} dice of {roll.base_pool}: {roll.rolled_successes} successes{botch}"
    if autos:
        text += f" + automatic ({autos})"
    if roll.external_penalty:
        text += f" - {roll.external_penalty} external"
    return f"{text} = {roll.total_successes}"


def _reroll_text(roll: RollStep) -> str:
    if roll.reroll is None:
        return "no reroll"
    kept = "the reroll" if roll.kept_reroll else "the first roll"
    return f"rerolled for {roll.reroll.rolled_successes} successes; {kept} is kept"


def _defence_text(roll: RollStep, defence: DefenceStep, outcome: AttackOutcome) -> str:
    parts = [f"{defence.dv_name} {defence.base_dv}"]
    if defence.ordinary_dv != defence.base_dv:
        parts.append(f"{defence.ordinary_dv} after penalty, stunt and virtue")
    if defence.inapplicable:
        parts.append("inapplicable: 0")
    if defence.cover:
        parts.append(f"+{defence.cover} cover from a Block")
    if defence.charm_points or defence.charm_dv_bonus:
        parts.append(f"+{defence.charm_points + defence.charm_dv_bonus} from charms")
    if defence.onslaught or defence.surprise:
        parts.append(f"-{defence.onslaught} onslaught -{defence.surprise} surprise")
    result = f"excess {outcome.excess}: a hit" if outcome.hit else "a miss, which has Failed"
    return (
        f"{'; '.join(parts)}; final DV {defence.final_dv}; {roll.total_successes} vs DV: {result}"
    )


def _damage_lines(damage: DamageStep, outcome: AttackOutcome) -> list[tuple[int, str]]:
    raw = (
        f"{damage.excess} excess + {damage.strength_dice} Strength"
        f" + {damage.charm_damage_dice} charm = {damage.raw_dice} dice;"
        f" {damage.weapon_damage} + {damage.charm_levels} charm = {damage.raw_levels} levels"
    )
    if not damage.beats_hardness:
        static = f"{hardness_words(damage)}: Failed"
    else:
        static = (
            f"{hardness_words(damage)}; {soak_words(damage)}:"
            f" -{damage.soak_off_levels} levels, -{damage.soak_off_dice} dice;"
            f" {damage.dice} dice and {damage.levels} levels"
        )
        if outcome.failure == "adamant skin":
            static += "; Adamant Skin: counts as not beating hardness, Failed"
    return [(7, raw), (8, static)]


def hardness_words(damage: DamageStep) -> str:
    """The Hardness check with its sum (000 §Apply Static Defences): raw dice + levels
    against the target's Hardness."""
    raw = damage.raw_dice + damage.raw_levels
    if not damage.hardness:
        return f"raw {raw}, no Hardness to beat"
    verdict = "beats it" if damage.beats_hardness else "below it"
    return f"raw {damage.raw_dice} + {damage.raw_levels} = {raw} vs Hardness {damage.hardness}: " \
           f"{verdict}"


def soak_words(damage: DamageStep) -> str:
    """Soak term by term: natural, armour (halved by a Piercing weapon), or the GM's
    override (000 §Apply Static Defences)."""
    armour = f"armour {damage.armour_counted}"
    if damage.armour_counted != damage.armour_soak:
        armour = f"armour {damage.armour_soak} halved by Piercing = {damage.armour_counted}"
    if damage.soak != damage.natural_soak + damage.armour_counted:
        return f"soak {damage.soak} (set on the sheet, in place of natural " \
               f"{damage.natural_soak} + {armour})"
    return f"soak {damage.soak} = natural {damage.natural_soak} + {armour}"


def outcome_sentence(
    attacker: str, target: str, outcome: AttackOutcome, *, charm: str | None = None
) -> str:
    """One log line for what an attack did: the hit and its damage, or why it failed.

    ``charm`` is the id of the perfect defence (or Adamant Skin) the defender used, if any.
    """
    weapon = f"{attacker}'s {outcome.weapon}"
    if not outcome.failed:
        kind = DamageType(outcome.damage_type).word
        damage = plural(outcome.dice, "damage die", "damage dice")
        if outcome.levels:
            damage += " + " + plural(outcome.levels, "level")
        return f"{weapon} hits {target}: {damage}, {kind}, after soak (rolled at the tick's end)."
    if outcome.failure == "missed" and outcome.roll and outcome.defence:
        got = successes(outcome.roll.total_successes)
        return f"{weapon} misses {target} ({got} against DV {outcome.defence.final_dv})."
    return f"{weapon} fails against {target} ({_failure_reason(outcome, charm)})."


def _failure_reason(outcome: AttackOutcome, charm: str | None) -> str:
    if outcome.failure in ("perfect defence", "adamant skin") and charm:
        return f"{charm_name(charm)}, a perfect defence"
    if outcome.failure == "hardness" and outcome.damage is not None:
        raw = outcome.damage.raw_dice + outcome.damage.raw_levels
        return f"raw damage {raw} does not beat Hardness {outcome.damage.hardness}"
    return "; ".join(outcome.notes) or str(outcome.failure)
