"""Initiative changes and everything they set off: Crash, Break, Shift, rising out of Crash.

Every change of a combatant's Initiative goes through ``lose`` or ``gain`` so the Crash
rules (003 §Crash) apply whatever caused it: an attack, a cost, a gambit, a Break.
"""

from __future__ import annotations

from battlewheel.engine.core.dice import DiceEntry, roll
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.state import SELF, Combat, Combatant, Turn

CRASH = "003 §Crash"
COST, MISS, DAMAGE = "cost", "miss", "damage"


def join_pool(who: Combatant) -> int:
    """Wits + Awareness (a Quick Character's Join Battle pool) less the wound penalty.

    003 §The Flow of Combat.
    """
    return who.block.pool("wits", "awareness") - who.derived.wound_penalty


def join_result(who: Combatant, dice: DiceEntry, bonus: bool) -> int:
    """Successes of a Join Battle roll, +3 when the bonus applies (003 §The Flow of Combat)."""
    rolled = roll(join_pool(who), dice, double_tens=who.block.double_tens)
    return rolled.successes + (r.BASE_JOIN_BONUS if bonus else 0)


def _locked_out(state: Combat, victim: Combatant) -> bool:
    """Crashing someone who rose out of Crash this round or last earns no Break (003 §Crash)."""
    left = victim.left_crash_round
    return left is not None and state.round - left <= 1


def lose(
    state: Combat, cid: str, amount: int, *, by: str, cause: str, events: list[Event],
) -> bool:
    """Take Initiative away and apply Crash or a self-Crash (003 §Crash).

    Returns whether a foe (``by``) has just put ``cid`` in Crash: the caller then
    applies Break or Shift (``after_crash``) at the step the rules name.
    """
    who = state.combatants[cid]
    if who.is_group or who.initiative is None or amount <= 0:
        return False
    before = who.initiative
    after = before - amount
    if before <= 0 or after > 0:
        state.put(who.replace(initiative=after))
        return False
    own = by == cid
    counts_as_self = own and (state.options.self_crash_scope == "any" or cause == COST)
    if counts_as_self:
        after -= r.SELF_CRASH_EXTRA
    crasher = SELF if counts_as_self else ("" if own else by)
    state.put(who.replace(initiative=after, crashed_by=crasher, crash_turns=0))
    tail = f", {r.SELF_CRASH_EXTRA} more for crashing itself" if counts_as_self else ""
    events.append(Event("crash", cid, f"{who.name} is in Crash at {after}i{tail}."))
    if cid in state.grapples:
        held = state.grapples.pop(cid).target
        events.append(Event("grapple_escaped", held, f"{state.name(held)} breaks free "
                                                     f"as {who.name} Crashes (003 §Grapple)."))
    return not own


def after_crash(
    state: Combat, by: str, victim_id: str, *, shifts: bool, shift_dice: DiceEntry | None,
    events: list[Event],
) -> None:
    """The crasher Breaks, or Shifts when its own crasher is the victim (003 §Crash).

    ``shifts`` is judged when the attack was made (the crasher was in a Crash the victim
    caused), before the hit's own Initiative gain lifts it out.
    """
    crasher = state.combatants[by]
    if crasher.is_group:
        return
    if shifts:
        shift(state, by, victim_id, shift_dice, events)
        if not state.options.shift_also_breaks:
            return
    award_break(state, by, state.combatants[victim_id], events)


def award_break(state: Combat, to: str, victim: Combatant, events: list[Event]) -> None:
    """+5i for crashing a foe, unless it rose out of Crash this round or last (003 §Crash)."""
    if _locked_out(state, victim):
        events.append(Event("break_locked", to, f"No Break: {victim.name} only just left Crash."))
        return
    gain(state, to, r.BREAK_BONUS, events)
    events.append(Event("break", to, f"{state.name(to)} gains {r.BREAK_BONUS}i Break."))


def shift_pending(state: Combat, by: str, victim_id: str) -> bool:
    """Whether crashing ``victim_id`` now would make ``by`` Shift (003 §Crash)."""
    crasher = state.combatants[by]
    return (not crasher.is_group and crasher.in_crash and crasher.crashed_by == victim_id)


def shift(
    state: Combat, cid: str, victim_id: str, dice: DiceEntry | None, events: list[Event]
) -> None:
    """Reset to base, add a Join Battle roll, restart the turn on one target (003 §Crash)."""
    if dice is None:
        raise IllegalAction(CRASH, f"{state.name(cid)} Shifts: give its Join Battle roll")
    who = state.combatants[cid]
    rolled = join_result(who, dice, bonus=True)  # Shift's roll keeps the +3s (3e reading §4)
    start = max(who.initiative or 0, who.block.base_initiative)
    state.put(who.replace(initiative=start + rolled, crashed_by="", crash_turns=0,
                          left_crash_round=state.round))
    if state.turn is not None and state.turn.actor == cid:
        state.turn = Turn(actor=cid, shift_target=victim_id, shifted=True)
    events.append(Event("shift", cid, f"{who.name} Shifts to {start + rolled}i; "
                                      f"the turn starts over against {state.name(victim_id)}."))


def gain(state: Combat, cid: str, amount: int, events: list[Event]) -> None:
    """Add Initiative; rising above 0 leaves Crash (003 §Crash)."""
    who = state.combatants[cid]
    if who.is_group or who.initiative is None or amount <= 0:
        return
    set_initiative(state, cid, who.initiative + amount, events)


def set_initiative(state: Combat, cid: str, value: int, events: list[Event]) -> None:
    """Put Initiative at a value, noting a rise out of Crash (003 §Crash)."""
    who = state.combatants[cid]
    was_crashed = who.in_crash
    who = who.replace(initiative=value)
    if was_crashed and value > 0:
        who = who.replace(crashed_by="", crash_turns=0, left_crash_round=state.round)
        events.append(Event("crash_left", cid, f"{who.name} leaves Crash."))
    state.put(who)


def reset_to_base(state: Combat, cid: str, events: list[Event]) -> None:
    """Initiative back to base Initiative (003 §Resolution Steps, 8e; §Crash)."""
    who = state.combatants[cid]
    if who.is_group:
        return
    set_initiative(state, cid, who.block.base_initiative, events)
