"""The Impulse example logs shipped in resources/examples, built through the session API.

Run ``.venv/bin/python -m tests.engine.rulesets.impulse.examples`` to write them again;
the tests replay the shipped files and check that they still match what this builds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from battlewheel.engine.core.dice import DiceEntry, SeededDice
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import (
    AmbushContest,
    DecisiveStrike,
    EndCombat,
    EndTurn,
    FireHold,
    HoldAction,
    Manoeuvre,
    MarkAmbushed,
    Move,
    RemoveCombatant,
    SetRange,
    StartCombat,
    StuntEffect,
    demo_fight,
)
from battlewheel.engine.rulesets.impulse.handlers.strikes import (
    manoeuvre_pool,
    resolve_decisive,
    strike_pool,
    strike_weapon,
)

from ..shipped import write

STRIKE_AT = 5  # a fighter in these logs strikes once it holds this much Impulse


def manoeuvre(
    session: CombatSession, dice: SeededDice, actor: str, stunt: StuntEffect | None = None
) -> None:
    """A Dexterity + Athletics manoeuvre rolled from the seeded dice."""
    who = session.state.combatants[actor]
    pool = manoeuvre_pool(who, "dexterity", "athletics", stunt is not None)
    session.apply(Manoeuvre(actor, "dexterity", "athletics", dice.entry(pool), stunt=stunt))


def strike(session: CombatSession, dice: SeededDice, actor: str, target: str) -> None:
    """A Decisive Strike with the first weapon; the damage is rolled only on a hit."""
    who = session.state.combatants[actor]
    weapon = who.character.weapons[0]
    pool = strike_pool(who, strike_weapon(who, weapon.name, ""), False)
    action = DecisiveStrike(actor, target, weapon.name, dice.entry(pool))
    probe = replace(action, damage=DiceEntry.of_successes(0))
    if session.refusal(probe) is not None:
        session.apply(action)  # a miss: no damage roll
        return
    damage_pool = resolve_decisive(session.state, probe).damage_pool
    session.apply(replace(action, damage=dice.entry(damage_pool)))


def in_reach(session: CombatSession, actor: str, target: str) -> bool:
    """Whether the actor's first weapon reaches the target now (001 §Attack Ranges)."""
    band = session.state.band(actor, target)
    ranged = session.state.combatants[actor].character.weapons[0].ranged
    return band in (0, 1, 2) if ranged else band == 0


def turn(session: CombatSession, dice: SeededDice, targets: dict[str, str]) -> None:
    """Close in if out of reach; strike with enough Impulse, else manoeuvre; end the turn."""
    state = session.state
    actor = state.acting_id()
    assert actor is not None
    target = targets[actor]
    if not in_reach(session, actor, target):
        move = Move(actor, (target,), "toward")
        if session.refusal(move) is None:
            session.apply(move)
    ready = session.state.combatants[actor].impulse >= STRIKE_AT
    if ready and in_reach(session, actor, target) and session.state.can_act(target):
        strike(session, dice, actor, target)
    else:
        manoeuvre(session, dice, actor)
    session.apply(EndTurn())


def _fight_on(
    session: CombatSession, dice: SeededDice, targets: dict[str, str], rounds: int
) -> None:
    end = session.state.round + rounds
    while session.state.round < end and not any(
        session.state.combatants[t].defeated for t in targets.values()
    ):
        turn(session, dice, targets)


def impulse_duel() -> CombatSession:
    """Harmonious Jade against the Bandit Chief (two actions a round) until one falls."""
    session = demo_fight()
    for cid in ("reed", "archer"):
        session.apply(RemoveCombatant(cid))
    session.apply(SetRange("jade", "chief", "melee"))
    session.apply(StartCombat())
    dice = SeededDice("impulse duel")
    _fight_on(session, dice, {"jade": "chief", "chief": "jade"}, rounds=12)
    session.apply(EndCombat())
    return session


def impulse_ambush_held() -> CombatSession:
    """The bandits ambush the heroes; the archer holds for Jade's move and acts first;
    the chief's later hold never comes and is refunded."""
    session = demo_fight()
    dice = SeededDice("impulse ambush")
    for hero in ("jade", "reed"):
        session.apply(MarkAmbushed(hero))
    session.apply(AmbushContest("reed", "chief", dice.entry(6), dice.entry(3)))
    session.apply(StartCombat())
    targets = {"jade": "chief", "reed": "archer", "chief": "jade", "archer": "reed"}
    while session.state.acting_id() != "archer":
        turn(session, dice, targets)
    session.apply(HoldAction("archer", "Harmonious Jade makes her move"))
    while session.state.acting_id() != "jade":
        turn(session, dice, targets)
    session.apply(FireHold("archer", "before"))
    manoeuvre(session, dice, "archer", StuntEffect("seek_cover", scenery=1, cover="partial"))
    session.apply(EndTurn())
    turn(session, dice, targets)
    while session.state.acting_id() != "chief" or session.state.round < 2:
        turn(session, dice, targets)
    session.apply(HoldAction("chief", "a second band of riders appears"))
    _fight_on(session, dice, targets, rounds=2)
    session.apply(EndCombat())
    return session


BUILDERS: dict[str, Callable[[], CombatSession]] = {
    "impulse-duel.json": impulse_duel,
    "impulse-ambush-held.json": impulse_ambush_held,
}


def write_all() -> None:
    """Write every example log to resources/examples."""
    write(BUILDERS, indent=2)


if __name__ == "__main__":
    write_all()
