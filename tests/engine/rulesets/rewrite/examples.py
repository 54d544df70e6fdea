"""The example combat logs shipped in resources/examples, built through the session API.

Run ``.venv/bin/python -m tests.engine.rulesets.rewrite.examples`` to write them again; the tests
replay the shipped files and check that they still match what this module builds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from battlewheel.engine.core.dice import DiceEntry, SeededDice
from battlewheel.engine.rulesets.rewrite import (
    AddCombatant,
    Advance,
    ApplyTickEffects,
    AttackCharms,
    CombatSession,
    Concealment,
    DamageRoll,
    DeclareConcealment,
    DeclaredManoeuvre,
    DeclareFlurry,
    Defence,
    EndCombat,
    GetPast,
    ResolveAttack,
    RollAmbush,
    RollJoinBattle,
    StartCombat,
    pending_damage,
)
from battlewheel.engine.rulesets.rewrite.block import ATTRIBUTES, Character, CharacterKind
from battlewheel.engine.rulesets.rewrite.handlers.flurry import preview_attack
from battlewheel.engine.rulesets.rewrite.options import RewriteOptions
from battlewheel.engine.rulesets.rewrite.rules import tables
from battlewheel.engine.rulesets.rewrite.rules.attack import best_dv
from battlewheel.engine.rulesets.rewrite.rules.values import join_battle_pool

from ..shipped import write

SWORD = tables.weapon("Short sword")
SPEAR = tables.weapon("Spear")


# The example fights were written before the ruling wound_penalty_on_dv existed; they
# keep the rulings they were played under, so they replay exactly as before.
PLAYED_UNDER = RewriteOptions(wound_penalty_on_dv=False)


def _mortal(name: str, **traits: int) -> Character:
    attributes = {k: v for k, v in traits.items() if k in ATTRIBUTES}
    abilities = {k: v for k, v in traits.items() if k not in attributes}
    return Character(name=name, attributes=attributes, abilities=abilities, weapons=(SWORD,))


def _join(session: CombatSession, dice: SeededDice, cid: str) -> None:
    pool = join_battle_pool(session.state.combatants[cid])
    session.apply(RollJoinBattle(cid, dice.entry(pool)))


def _attack(
    session: CombatSession,
    dice: SeededDice,
    attacker: str,
    index: int,
    *,
    defence: Defence | None = None,
    charms: AttackCharms | None = None,
) -> None:
    """Resolve the next attack, the defender taking their best DV unless told otherwise."""
    action = ResolveAttack(attacker, index, charms=charms or AttackCharms())
    if defence is not None:
        action = replace(action, defence=defence)
    preview = preview_attack(session.state, action)
    if defence is None:
        dvs = session.state.combatants[preview.defender].dvs
        action = replace(action, defence=Defence(best_dv(dvs)))
    rolled = DiceEntry.of_faces(dice.faces(preview.dice["attack"]))
    session.apply(replace(action, attack=rolled))


def _effects(session: CombatSession, dice: SeededDice) -> None:
    rolls = []
    for item in pending_damage(session.state):
        if item.pools.all_failed:
            continue
        entries = {
            kind: DiceEntry.of_faces(dice.faces(count))
            for kind, count in item.pools.dice.items()
            if count
        }
        rolls.append(DamageRoll.by_type(item.attacker, item.target, entries))
    session.apply(ApplyTickEffects(tuple(rolls)))


def _fight_tick(session: CombatSession, dice: SeededDice, targets: dict[str, str]) -> None:
    """Advance to the next actors; each attacks its target once with its first weapon."""
    session.apply(Advance())
    for cid in session.state.acting_ids():
        weapon = session.state.combatants[cid].character.weapons[0].name
        attack = DeclaredManoeuvre("attack", weapon=weapon, target=targets[cid])
        session.apply(DeclareFlurry(cid, (attack,)))
    for cid, index in session.state.pending_attacks():
        _attack(session, dice, cid, index)
    _effects(session, dice)


def mortal_duel() -> CombatSession:
    """Two swordsmen fight until one is Incapacitated."""
    session = CombatSession.new(PLAYED_UNDER)
    dice = SeededDice("mortal duel")
    ana = _mortal("Ana", dexterity=3, strength=2, stamina=2, wits=2, melee=3, awareness=2, dodge=2)
    bo = _mortal("Bo", dexterity=2, strength=3, stamina=3, wits=2, melee=3, awareness=1, dodge=1)
    session.apply(AddCombatant("ana", ana, "ally"))
    session.apply(AddCombatant("bo", bo, "enemy"))
    _join(session, dice, "ana")
    _join(session, dice, "bo")
    session.apply(StartCombat())
    targets = {"ana": "bo", "bo": "ana"}
    while not any(c.health.incapacitated for c in session.state.combatants.values()):
        _fight_tick(session, dice, targets)
    session.apply(EndCombat("one duellist is down"))
    return session


def ambush_with_late_joiner() -> CombatSession:
    """A hidden knife-man strikes a guard who never saw him; the guard joins the fight late."""
    session = CombatSession.new(PLAYED_UNDER)
    dice = SeededDice("ambush")
    knife = tables.weapon("Knife")
    assassin = Character(
        name="Assassin",
        attributes={"dexterity": 4, "wits": 3, "strength": 2},
        abilities={"stealth": 4, "melee": 3, "awareness": 2},
        weapons=(knife,),
    )
    guard = _mortal("Guard", dexterity=2, stamina=3, wits=2, perception=2, melee=2, awareness=1)
    captain = _mortal("Captain", dexterity=3, stamina=3, wits=3, perception=3, melee=3, awareness=3)
    session.apply(AddCombatant("assassin", assassin, "enemy"))
    session.apply(AddCombatant("guard", guard, "ally"))
    session.apply(AddCombatant("captain", captain, "ally"))
    session.apply(DeclareConcealment("assassin", (Concealment("guard", "hard_to_see"),)))
    session.apply(RollAmbush("assassin", DiceEntry.of_successes(4)))
    session.apply(RollJoinBattle("assassin", DiceEntry.of_successes(5)))
    _join(session, dice, "captain")
    session.apply(StartCombat())
    targets = {"assassin": "guard", "captain": "assassin", "guard": "assassin"}
    _fight_tick(session, dice, targets)
    _join(session, dice, "guard")
    for _ in range(3):
        _fight_tick(session, dice, targets)
    session.apply(EndCombat("the assassin flees"))
    return session


def exalt_against_extras() -> CombatSession:
    """A Solar cuts through three extras with a magical flurry and dodges with Seven Shadows."""
    session = CombatSession.new(PLAYED_UNDER)
    dice = SeededDice("exalt and extras")
    solar = Character(
        name="Harmonious Jade",
        kind=CharacterKind.SOLAR,
        essence=3,
        willpower=8,
        personal_motes=16,
        peripheral_motes=38,
        attributes={"dexterity": 5, "strength": 3, "stamina": 3, "wits": 3, "perception": 3},
        abilities={"melee": 5, "dodge": 4, "awareness": 3},
        weapons=(SWORD,),
    )
    session.apply(AddCombatant("jade", solar, "ally"))
    for n in (1, 2, 3):
        extra = Character(
            name=f"Soldier {n}",
            kind=CharacterKind.EXTRA,
            attributes={"dexterity": 2, "strength": 2, "stamina": 2, "wits": 2},
            abilities={"melee": 2, "awareness": 1},
            weapons=(SPEAR,),
        )
        session.apply(AddCombatant(f"soldier{n}", extra, "enemy"))
    for cid in session.state.combatants:
        _join(session, dice, cid)
    session.apply(StartCombat())
    _exalt_ticks(session, dice)
    session.apply(EndCombat("the soldiers are down"))
    return session


def _exalt_ticks(session: CombatSession, dice: SeededDice) -> None:
    soldiers = [cid for cid in session.state.combatants if cid != "jade"]
    dodged = False
    while not all(session.state.combatants[s].health.incapacitated for s in soldiers):
        session.apply(Advance())
        for cid in session.state.acting_ids():
            _declare_exalt_tick(session, cid, soldiers)
        for cid, index in session.state.pending_attacks():
            if cid != "jade" and not dodged:
                dodged = True
                defence = Defence("dodge", perfect_defence="seven_shadows_evasion")
                _attack(session, dice, cid, index, defence=defence)
            elif cid == "jade" and index == 0:
                _attack(session, dice, cid, index, charms=AttackCharms(charm_dice=3))
            else:
                _attack(session, dice, cid, index)
        _effects(session, dice)


def _declare_exalt_tick(session: CombatSession, cid: str, soldiers: list[str]) -> None:
    if cid != "jade":
        attack = DeclaredManoeuvre("attack", weapon="Spear", target="jade")
        session.apply(DeclareFlurry(cid, (attack,)))
        return
    standing = [s for s in soldiers if not session.state.combatants[s].health.incapacitated]
    attacks = tuple(
        DeclaredManoeuvre("attack", weapon="Short sword", target=s) for s in standing[:3]
    )
    session.apply(DeclareFlurry("jade", attacks, magical=len(attacks) > 1))


def bodyguard_blocks() -> CombatSession:
    """A bodyguard Blocks for a merchant against a bandit archer and a bandit swordsman.

    The archer's shots meet the Block's cover; the swordsman must roll his movement to
    get past the bodyguard, and turns on the bodyguard when he fails.
    """
    session = CombatSession.new(PLAYED_UNDER)
    dice = SeededDice("bodyguard 7")
    merchant = Character(
        name="Merchant",
        attributes={"dexterity": 3, "stamina": 3, "wits": 2},
        abilities={"dodge": 3, "awareness": 1},
    )
    guard = _mortal("Bodyguard", dexterity=3, strength=3, stamina=3, wits=2, melee=3, dodge=2)
    archer = replace(
        _mortal("Archer", dexterity=3, stamina=2, wits=2, archery=3, awareness=1),
        weapons=(tables.weapon("Short bow"),),
    )
    swordsman = _mortal("Swordsman", dexterity=3, strength=3, stamina=2, wits=2, melee=3)
    for cid, who, side in (
        ("merchant", merchant, "ally"),
        ("guard", guard, "ally"),
        ("archer", archer, "enemy"),
        ("swordsman", swordsman, "enemy"),
    ):
        session.apply(AddCombatant(cid, who, side))
        _join(session, dice, cid)
    session.apply(StartCombat())
    for _ in range(6):
        _bodyguard_tick(session, dice)
    session.apply(EndCombat("the bandits give up"))
    return session


def _bodyguard_tick(session: CombatSession, dice: SeededDice) -> None:
    session.apply(Advance())
    for cid in session.state.awaiting_flurry():
        if cid == "guard":
            manoeuvre = DeclaredManoeuvre("block", target="merchant")
        elif cid == "merchant":
            manoeuvre = DeclaredManoeuvre("guard")
        else:
            weapon = session.state.combatants[cid].character.weapons[0].name
            manoeuvre = DeclaredManoeuvre("attack", weapon=weapon, target="merchant")
        session.apply(DeclareFlurry(cid, (manoeuvre,)))
    for cid, index in session.state.pending_attacks():
        action = ResolveAttack(cid, index, defence=Defence("dodge"))
        preview = preview_attack(session.state, action)
        if "block" in preview.dice:
            roll = DiceEntry.of_faces(dice.faces(preview.dice["block"]))
            action = replace(action, block=GetPast(roll=roll, retarget=True))
        rolled = DiceEntry.of_faces(dice.faces(preview.dice["attack"]))
        session.apply(replace(action, attack=rolled))
    _effects(session, dice)


BUILDERS: dict[str, Callable[[], CombatSession]] = {
    "mortal-duel.json": mortal_duel,
    "ambush-late-joiner.json": ambush_with_late_joiner,
    "exalt-versus-extras.json": exalt_against_extras,
    "bodyguard-block.json": bodyguard_blocks,
}


def write_examples() -> None:
    """Write every example log into resources/examples."""
    write(BUILDERS, indent=1)


if __name__ == "__main__":
    write_examples()
