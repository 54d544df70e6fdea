"""Defence against one attack, with every modifier named (003 §Defending Against Attacks).

Also range between two combatants, since which weapons reach and which modifiers apply
depend on it (003 §Positioning and Movement).
"""

from __future__ import annotations

from dataclasses import dataclass

from battlewheel.engine.core.conditions import defence_modifier
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.block import Weapon
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant

DEFENDING = "003 §Defending Against Attacks"


def band(state: Combat, a: str, b: str) -> str:
    """The range band between two combatants, by zones or the GM's bands (ruling range_model).

    003 §Positioning and Movement.
    """
    pair = frozenset((a, b))
    if state.options.range_model == "bands":
        return state.bands.get(pair, "short")
    first, second = state.combatants[a], state.combatants[b]
    return r.zone_band(first.zone, second.zone, pair in state.close)


def at_close(state: Combat, a: str, b: str) -> bool:
    """Whether two combatants are at close range."""
    return band(state, a, b) == "close"


def foes_at_close(state: Combat, cid: str) -> list[str]:
    """Opponents at close range (003 §Disengage, §Move)."""
    return [f for f in state.foes(cid) if at_close(state, cid, f)]


def ready_weapons(who: Combatant) -> tuple[Weapon, ...]:
    """The weapons it can use now: those readied, and its unarmed attack (003 §Ready Weapon)."""
    return tuple(w for w in who.block.all_weapons if w.name in who.ready or w.name == "Unarmed")


def best_parry(who: Combatant, rounding: str) -> int | None:
    """The highest Parry among ready close weapons; a Quick Character's listed Parry
    (003 §Defending Against Attacks)."""
    if who.block.quick is not None:
        return who.block.quick.parry
    parries = [r.parry(who.block, w, rounding) for w in ready_weapons(who) if w.close]
    return max(parries) if parries else None


@dataclass(frozen=True)
class DefenceSteps:
    """Parry and Evasion before modifiers, the one used, each modifier and the result."""

    parry: int | None
    evasion: int | None
    used: str
    base: int
    modifiers: tuple[tuple[str, int], ...]
    value: int
    zeroed: str = ""


def standing_modifiers(state: Combat, who: Combatant) -> list[tuple[str, int]]:
    """Modifiers to both defences that do not depend on the attacker (003 §Combat Actions)."""
    wounds = 0 if who.is_group else r.wound_defence(who.health)
    mods = [("wound", -wounds), ("onslaught", -who.onslaught),
            ("clash loss", -r.CLASH_DEFENCE * who.clash_penalty),
            ("flurry", -int(who.flurry_penalty)), ("actions", who.action_defence),
            ("cover", r.COVER_DEFENCE[who.cover]), ("battle group", r.group_defence(who.block)),
            ("conditions", defence_modifier(who.conditions))]
    if who.id in state.grapples or state.grappled_by(who.id):
        mods.append(("grapple", -r.GRAPPLE_DEFENCE))
    if who.rout_failed:
        mods.append(("breaking", -r.DISSOLVING_DEFENCE))
    return [(name, value) for name, value in mods if value]


def attack_modifiers(state: Combat, target: Combatant, attacker: Combatant,
                     weapon: Weapon) -> list[tuple[str, int]]:
    """Surprise and mount modifiers that depend on who attacks (003 §Attacks From Stealth)."""
    mods = []
    if (attacker.id, target.id) in state.concealed:
        mods.append(("surprise", -r.SURPRISE_DEFENCE))
    if (target.mounted and not attacker.mounted and weapon.close and not weapon.reach):
        mods.append(("mounted", 1))
    return mods


def is_ambush(state: Combat, target: Combatant, attacker: Combatant) -> bool:
    """A surprise attack in round 1 on a lower Initiative (003 §Attacks From Stealth)."""
    lower = (target.initiative or 0) < (attacker.initiative or 0)
    return state.round == 1 and (attacker.id, target.id) in state.concealed and lower


def defence_against(
    state: Combat, target: Combatant, attacker: Combatant, weapon: Weapon, *,
    declared: str = "", unblockable: bool = False, undodgeable: bool = False,
    gm_modifier: int = 0, zero: str = "",
) -> DefenceSteps:
    """The target's Defence: the best usable (or declared) of Parry and Evasion, modified.

    003 §Defending Against Attacks, §Resolution Steps 4.
    """
    rounding = state.options.static_rounding
    parry = None if unblockable else best_parry(target, rounding)
    evasion = None if undodgeable else r.evasion(target.block, rounding)
    if target.prone:
        parry = None if parry is None else parry - 1
        evasion = None if evasion is None else evasion - 2
    used, base = _choose(state, parry, evasion, declared)
    mods = standing_modifiers(state, target) + attack_modifiers(state, target, attacker, weapon)
    if gm_modifier:
        mods.append(("GM", gm_modifier))
    value = max(base + sum(v for _, v in mods), 0)
    if zero:
        value = 0
    return DefenceSteps(parry, evasion, used, base, tuple(mods), value, zero)


CLASH = "clash"
"""The defence an attack of a clash meets: none is declared, the rolls oppose (003 §Clashes)."""


def _choose(state: Combat, parry: int | None, evasion: int | None,
            declared: str) -> tuple[str, int]:
    """Step 4: the target's choice, or its best under ruling defence_choice.

    003 §Defending Against Attacks.
    """
    usable = {name: value for name, value in (("parry", parry), ("evasion", evasion))
              if value is not None}
    if not usable:
        return "none", 0
    if state.options.defence_choice == "declared" and declared != CLASH:
        if declared not in usable:
            raise IllegalAction(DEFENDING, "the target must declare a usable defence: "
                                + " or ".join(usable))
        return declared, usable[declared]
    best = max(usable, key=lambda name: usable[name])
    return best, usable[best]
