"""Battle groups: Magnitude damage, rout checks with carried-over damage, dissolution, commands.

003 §Battle Groups. A rout check is rolled inside the action that caused it; its dice
come with that action (``rout``), one entry per check, in order.
"""

from __future__ import annotations

from collections.abc import Iterator

from battlewheel.engine.core.dice import DiceEntry, roll
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers import initiative as ini
from battlewheel.engine.rulesets.ex3.handlers.turn import use_simple
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant

GROUPS = "003 §Battle Groups"


def rout_extras(state: Combat, group: Combatant, magical_area: bool) -> int:
    """+1 each: magical area, allied group dissolved, leader killed (003 §Battle Groups)."""
    return int(magical_area) + int(group.side in state.dissolved_sides) + int(group.leader_killed)


def damage_group(
    state: Combat, gid: str, amount: int, *, by: str, rout: Iterator[DiceEntry],
    magical_area: bool, events: list[Event], breaks: list[Event] | None = None,
) -> None:
    """Magnitude damage; at 0 a rout check, a pass carrying the rest over (003 §Battle Groups).

    ``breaks`` collects the Break each lost Size earns instead of awarding it at once: a
    decisive attack resets its attacker to base first (003 §Resolution Steps 8).
    """
    group = state.combatants[gid]
    left = group.magnitude - amount
    state.put(group.replace(magnitude=max(left, 0)))
    events.append(Event("magnitude", gid, f"{group.name} loses {amount} Magnitude."))
    while left <= 0:
        group = state.combatants[gid]
        if group.dissolved or group.rout_failed:
            return
        left = _rout_check(state, group, -left, by, rout, magical_area, events, breaks)


def _rout_check(
    state: Combat, group: Combatant, overflow: int, by: str, rout: Iterator[DiceEntry],
    magical_area: bool, events: list[Event], breaks: list[Event] | None = None,
) -> int:
    """One rout check; returns the Magnitude left after carried-over damage (1 = stop).

    003 §Battle Groups.
    """
    difficulty = r.rout_difficulty(group.block, group.size_lost,
                                   rout_extras(state, group, magical_area))
    passed = _rout_passes(state, group, difficulty, rout)
    if not passed:
        state.put(group.replace(magnitude=0, rout_failed=True, rout_difficulty=difficulty,
                                routed_by=by))
        events.append(Event("rout_failed", group.id,
                            f"{group.name} fails its rout check: it breaks at its next turn."))
        return 1
    if group.size == 0:
        # Size 0 has no Size left to lose: the passed check still ends the group.
        dissolve(state, group.id, by, events, breaks)
        return 1
    fresh = r.magnitude_max(group.block, group.size - 1) - overflow
    state.put(group.replace(size=group.size - 1, size_lost=group.size_lost + 1,
                            magnitude=max(fresh, 0)))
    events.append(Event("size_lost", group.id, f"{group.name} holds but drops to Size "
                                               f"{group.size - 1}, Magnitude {max(fresh, 0)}."))
    _size_break(state, by, group, events, breaks)
    return fresh


def _rout_passes(state: Combat, group: Combatant, difficulty: int,
                 rout: Iterator[DiceEntry]) -> bool:
    """Whether a rout check passes: perfect morale always does (003 §Battle Groups)."""
    assert group.block.group is not None
    if group.block.group.perfect_morale:
        return True
    dice = next(rout, None)
    if dice is None:
        raise IllegalAction(GROUPS, f"{group.name} makes a rout check (difficulty "
                                    f"{difficulty}): give its roll")
    pool = r.rout_pool(group.block, state.options.rout_drill_dice)
    return roll(pool, dice, double_tens=group.block.double_tens).successes >= difficulty


def _size_break(state: Combat, by: str, group: Combatant, events: list[Event],
                breaks: list[Event] | None = None) -> None:
    """Each Size lost and a dissolution earn one Break, no lock-out (3e reading §4)."""
    if by in state.combatants and not state.combatants[by].is_group and by != group.id:
        earned = Event("break", by, f"{state.name(by)} gains {r.BREAK_BONUS}i Break.")
        if breaks is not None:
            breaks.append(earned)
            return
        award_size_break(state, earned, events)


def award_size_break(state: Combat, earned: Event, events: list[Event]) -> None:
    """Give the Break a lost Size earned (3e reading §4)."""
    assert earned.combatant is not None
    ini.gain(state, earned.combatant, r.BREAK_BONUS, events)
    events.append(earned)


def dissolve(state: Combat, gid: str, by: str, events: list[Event],
             breaks: list[Event] | None = None) -> None:
    """The group scatters; its side counts an allied group dissolved (003 §Battle Groups)."""
    group = state.combatants[gid]
    state.put(group.replace(dissolved=True, magnitude=0, rout_failed=False, acted=True))
    state.dissolved_sides.add(group.side)
    events.append(Event("dissolved", gid, f"{group.name} breaks and scatters."))
    _size_break(state, by, group, events, breaks)


def dissolves_now(state: Combat, cid: str, events: list[Event]) -> bool:
    """A group that failed its rout check dissolves as its turn begins (003 §Battle Groups)."""
    who = state.combatants[cid]
    if not who.rout_failed:
        return False
    dissolve(state, cid, who.routed_by, events)
    return True


def check_rout_dice_used(rout: Iterator[DiceEntry]) -> None:
    """Refuse rout rolls given for checks that never happened."""
    if next(rout, None) is not None:
        raise IllegalAction(GROUPS, "more rout rolls were given than rout checks were made")


# -- commands ------------------------------------------------------------------------------


def _command(state: Combat, commander: str, gid: str, attribute: str, allowed: tuple[str, ...],
             kind: str) -> Combatant:
    """Common checks and costs of a command: Simple, no flurry, -1 Defence (003 §Commanding)."""
    use_simple(state, commander, kind, flurry_keyword=False, flurry=False)
    if gid not in state.combatants or not state.combatants[gid].is_group:
        raise IllegalAction("003 §Commanding Battle Groups", f"{gid!r} is not a battle group")
    group = state.combatants[gid]
    if group.side != state.combatants[commander].side:
        raise IllegalAction("003 §Commanding Battle Groups", f"{group.name} will not follow")
    if attribute not in allowed:
        raise IllegalAction("003 §Commanding Battle Groups",
                            f"roll {' or '.join(allowed)} + War")
    who = state.combatants[commander]
    state.put(who.replace(action_defence=who.action_defence - 1))
    return group


def command_pool(state: Combat, commander: str, group: Combatant, attribute: str,
                 poor_applies: bool) -> int:
    """Attribute + War, -2 for Poor Drill where it applies, +2 for Elite (003 §Battle Groups)."""
    who = state.combatants[commander]
    assert group.block.group is not None
    drill = r.DRILL_COMMAND[group.block.group.drill]
    if drill < 0 and not poor_applies:
        drill = 0
    pool = who.block.pool(attribute, "war") + drill
    return pool - who.derived.wound_penalty


def _successes(state: Combat, cid: str, pool: int, dice: DiceEntry) -> int:
    """A commander's roll, its 10s as its stat block counts them (003 §Commanding Battle Groups)."""
    return roll(pool, dice, double_tens=state.combatants[cid].block.double_tens).successes


def order(state: Combat, action: a.Order) -> list[Event]:
    """The group adds the successes to its pools on its next turn (003 §Order)."""
    group = _command(state, action.commander, action.group, action.attribute,
                     a.COMMAND_ATTRIBUTES, "order")
    pool = command_pool(state, action.commander, group, action.attribute, poor_applies=True)
    got = _successes(state, action.commander, pool, action.roll)
    if got < 1:
        return [Event("order_failed", group.id, f"{group.name} does not follow the order.")]
    state.put(group.replace(order_bonus=got))
    return [Event("ordered", group.id, f"{group.name} follows the order: +{got} dice next turn.")]


def rally(state: Combat, action: a.Rally) -> list[Event]:
    """Beat the failed rout check's difficulty to recover as if it had passed (003 §Rally)."""
    group = _command(state, action.commander, action.group, action.attribute,
                     ("charisma", "appearance"), "rally")
    if not group.rout_failed:
        raise IllegalAction("003 §Rally", f"{group.name} has not failed a rout check")
    if group.size == 0:
        raise IllegalAction("003 §Rally", f"{group.name} has no Size left to give up")
    pool = command_pool(state, action.commander, group, action.attribute, poor_applies=False)
    if _successes(state, action.commander, pool, action.roll) < group.rout_difficulty:
        return [Event("rally_failed", group.id, f"{group.name} cannot be rallied.")]
    size = group.size - 1
    state.put(group.replace(rout_failed=False, size=size, size_lost=group.size_lost + 1,
                            magnitude=r.magnitude_max(group.block, size)))
    events = [Event("rallied", group.id, f"{group.name} rallies at Size {size}.")]
    _size_break(state, group.routed_by, group, events)
    return events


def rally_for_numbers(state: Combat, action: a.RallyForNumbers) -> list[Event]:
    """+successes ÷ 2 Magnitude, once plus once per Size lost (003 §Rally for Numbers)."""
    group = _command(state, action.commander, action.group, action.attribute,
                     ("charisma", "appearance"), "rally_for_numbers")
    assert group.block.group is not None
    most = r.magnitude_max(group.block, group.size)
    if group.block.group.perfect_morale:
        raise IllegalAction("003 §Battle Groups", "perfect morale gains nothing from this")
    if group.magnitude >= most or group.rout_failed or group.dissolved:
        raise IllegalAction("003 §Rally for Numbers", f"{group.name} has no Magnitude to regain")
    if group.rfn_used >= 1 + group.size_lost:
        raise IllegalAction("003 §Rally for Numbers", "already used for its Size")
    pool = command_pool(state, action.commander, group, action.attribute, poor_applies=True)
    gained = r.rally_for_numbers_gain(_successes(state, action.commander, pool, action.roll))
    magnitude = min(group.magnitude + gained, most)
    state.put(group.replace(magnitude=magnitude, rfn_used=group.rfn_used + 1))
    return [Event("rallied", group.id, f"{group.name} regains Magnitude to {magnitude}.")]
