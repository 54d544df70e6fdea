"""A Block in the fight: cover against missiles and the roll to get past (000 §Block).

A Block declared in a flurry defends one combatant until the Blocker's next action.
Missiles at the ward meet a cover bonus, counted once however many block; a missile
that only the cover stopped strikes a Blocker instead. A close attack on the ward
needs the attacker's movement roll first (``block_movement_roll``); failing it
aborts the attack, or turns it on the Blocker if the attacker chose so.
"""

from __future__ import annotations

from dataclasses import dataclass

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.rewrite.actions import GetPast
from battlewheel.engine.rulesets.rewrite.rules import attack as rules
from battlewheel.engine.rulesets.rewrite.rules import values
from battlewheel.engine.rulesets.rewrite.rules.derived import gets_double_tens
from battlewheel.engine.rulesets.rewrite.rules.equipment import Weapon
from battlewheel.engine.rulesets.rewrite.rules.flurry import BlockRoll, block_movement_roll
from battlewheel.engine.rulesets.rewrite.sentences.wording import successes
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant

BLOCK_RULE = "000 §Block"
BLOCKED = "blocked"  # the failure of an attack aborted at a Blocker


@dataclass(frozen=True)
class Ward:
    """Who blocks for one attack's target, and what that means for this weapon (000 §Block)."""

    target: Combatant
    blockers: tuple[Combatant, ...]
    close: bool

    @property
    def melee(self) -> bool:
        """Whether the attacker must first get past a Blocker."""
        return bool(self.blockers) and self.close

    @property
    def missile_cover(self) -> int:
        """Cover against a missile: the best Blocker's, applied once (000 §Block)."""
        if self.close:
            return 0
        return max((b.block_cover for b in self.blockers), default=0)

    def blocker(self, state: Combat, chosen: str | None) -> Combatant:
        """The Blocker the GM named, or the first one."""
        if chosen is None:
            return self.blockers[0]
        for found in self.blockers:
            if found.id == chosen:
                return found
        names = ", ".join(b.name for b in self.blockers)
        raise IllegalAction(
            BLOCK_RULE, f"{state.name(chosen)} is not blocking for {self.target.name}; {names} is"
        )


def blockers_of(state: Combat, target: str) -> tuple[Combatant, ...]:
    """Combatants whose Block defends ``target``; one Incapacitated holds no Block (000 §Block)."""
    return tuple(
        c
        for c in state.combatants.values()
        if c.blocking == target and c.id != target and not c.health.incapacitated
    )


def ward_for(state: Combat, target: Combatant, weapon: Weapon, get_past: GetPast) -> Ward:
    """The Block around ``target`` against ``weapon``; refuse block inputs it has no use for."""
    ward = Ward(target, blockers_of(state, target.id), weapon.close)
    if ward.melee:
        return ward
    if ward.blockers and get_past == GetPast(blocker=get_past.blocker):
        ward.blocker(state, get_past.blocker)
        return ward
    if get_past != GetPast():
        why = "a missile meets only the cover" if ward.blockers else "nobody blocks for them"
        raise IllegalAction(
            BLOCK_RULE, f"no roll to get past is needed to attack {target.name}: {why}"
        )
    return ward


@dataclass(frozen=True)
class Passage:
    """The attacker's roll to get past a Blocker and its result (000 §Block)."""

    blocker: Combatant
    plan: BlockRoll
    successes: int

    @property
    def passed(self) -> bool:
        """At least one success left after the Blocker's movement ÷ 2."""
        return self.plan.passes(self.successes)


def movement_plan(
    state: Combat, attacker: Combatant, ward: Ward, given: GetPast
) -> tuple[Combatant, BlockRoll]:
    """The Blocker faced and the pool and penalty of the roll to get past (000 §Block)."""
    blocker = ward.blocker(state, given.blocker)
    plan = block_movement_roll(
        values.movement(attacker),
        values.movement(blocker),
        confined_space=given.confined_space,
        attacker_knockback=given.attacker_knockback,
        blocker_knockback=given.blocker_knockback,
        blocker_movement_applicable=given.blocker_movement_applicable,
    )
    return blocker, plan


def get_past(state: Combat, attacker: Combatant, ward: Ward, given: GetPast) -> Passage:
    """Roll the attacker's movement against the Blocker's (000 §Block)."""
    blocker, plan = movement_plan(state, attacker, ward, given)
    if given.roll is None and plan.pool > 0:
        raise IllegalAction(
            BLOCK_RULE,
            f"{blocker.name} blocks for {ward.target.name}: {attacker.name} must first roll "
            f"{plan.pool} dice of movement to get past",
        )
    double = gets_double_tens(attacker.character)
    rolled = rules.roll_entry(plan.pool, given.roll, double_tens=double)
    return Passage(blocker, plan, rolled.rolled_successes)


def passage_event(state: Combat, attacker: Combatant, passage: Passage, retarget: bool) -> Event:
    """A log line for the roll to get past."""
    who, blocker = attacker.name, passage.blocker.name
    numbers = successes(passage.successes)
    if passage.plan.external_penalty:
        numbers += f", less {passage.plan.external_penalty} for {blocker}'s movement"
    if passage.passed:
        text = f"{who} gets past {blocker}'s Block ({numbers})."
    elif retarget:
        text = f"{who} fails to get past {blocker}'s Block ({numbers}) and attacks {blocker}"
        text += " instead."
    else:
        text = f"{who} fails to get past {blocker}'s Block ({numbers}); the attack is aborted."
    return Event("block_roll", attacker.id, text)


def aborted(weapon: Weapon, blocker: Combatant) -> rules.AttackOutcome:
    """An attack that never reached its target: it has Failed (000 §Block)."""
    notes = (f"could not get past {blocker.name}'s Block",)
    return rules.failed_outcome(weapon, BLOCKED, notes=notes)
