"""Checks shared by the action handlers: each refuses with the rule it enforces."""

from __future__ import annotations

from battlewheel.engine.core.dice import DiceEntry, is_botch, successes
from battlewheel.engine.core.errors import IllegalAction, member_or_refuse
from battlewheel.engine.rulesets.rewrite.state import Combat, Combatant

INVOLVED_RULE = "000 §Determine Involved Characters"
TICK_RULE = "000 §Each tick"


def combatant(state: Combat, cid: str) -> Combatant:
    """The combatant with this id, or a refusal naming it."""
    return member_or_refuse(state.combatants, cid, INVOLVED_RULE,
                            f"there is no combatant {cid!r} in this fight")


def require_running(state: Combat) -> None:
    """Refuse any change once the combat has ended."""
    if state.ended:
        raise IllegalAction(TICK_RULE, "the combat has ended; undo the ending to change it")


def require_started(state: Combat, what: str) -> None:
    """Refuse what needs the wheel before the battle has begun."""
    require_running(state)
    if not state.started:
        raise IllegalAction(TICK_RULE, f"{what} needs the battle to have begun (start it first)")


def require_setup(state: Combat, rule: str, what: str) -> None:
    """Refuse what belongs to set-up once the battle has begun."""
    require_running(state)
    if state.started:
        raise IllegalAction(rule, f"{what} happens before the battle begins")


def require_amount(amount: int, what: str) -> None:
    """Refuse a spend or regain of nothing or less."""
    if amount < 1:
        raise IllegalAction("004 §Traits", f"{what} must be at least 1, got {amount}")


def entry_successes(entry: DiceEntry, *, double_tens: bool = True) -> int:
    """Successes of a dice entry: counted from faces, or as typed (004 §Pools and Dice)."""
    if entry.faces is not None:
        return successes(entry.faces, double_tens=double_tens)
    return entry.successes or 0


def entry_botched(entry: DiceEntry) -> bool:
    """Whether a dice entry botched: from the faces, or as the GM said (004 §Botch)."""
    if entry.faces is not None:
        return is_botch(entry.faces)
    return entry.botch
