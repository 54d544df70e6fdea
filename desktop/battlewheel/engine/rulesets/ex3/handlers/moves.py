"""The combat actions other than attacks (003 §Combat Actions) and the grapple's manoeuvres.

Each handler spends the turn's actions through ``flow.use_simple`` (Simple, Flurry and
Movement keywords), rolls what the action rolls and changes the state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from battlewheel.engine.core.dice import DiceEntry, roll
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import rules as r
from battlewheel.engine.rulesets.ex3.handlers import flow
from battlewheel.engine.rulesets.ex3.handlers import initiative as ini
from battlewheel.engine.rulesets.ex3.rules import defence as d
from battlewheel.engine.rulesets.ex3.state import Combat, Combatant, Grapple

STEALTH = "003 §Stealth in Combat"
STEALTH_ATTACKS = "003 §Attacks From Stealth"
POSITION = "003 §Positioning and Movement"
CROWD = "003 §Interacting with Battle Groups"


def successes(who: Combatant, pool: int, dice: DiceEntry) -> int:
    """Successes of a roll by ``who`` (10s double for Exalts and heroic mortals).

    004 §The Rule of 10, as 3e reads it.
    """
    return roll(pool, dice, double_tens=who.block.double_tens).successes


def trait_pool(who: Combatant, attribute: str, ability: str) -> int:
    """Attribute + Ability (a Quick Character's listed pool) less the wound penalty.

    003 §Combat Actions; 3e reading §4 health_track.
    """
    return who.block.pool(attribute, ability) - who.derived.wound_penalty


def rough(state: Combat, who: Combatant) -> int:
    """-3 on movement rolls in difficult terrain (003 §Disengage, §Rush, §Withdraw)."""
    return r.ROUGH_PENALTY if who.zone in state.rough_zones else 0


def speed(state: Combat, who: Combatant) -> int:
    """A mounted rider's speed bonus, unless the GM adds it by hand (ruling mount_speed_rolls).

    003 §Mounted Combat.
    """
    if not who.mounted or state.options.mount_speed_rolls == "gm":
        return 0
    return r.mount_speed(who.block)


def _turn(state: Combat, **changes: object) -> None:
    assert state.turn is not None
    state.turn = dataclasses.replace(state.turn, **changes)  # type: ignore[arg-type]


# -- Aim, Defend Other, Full Defense, Ready Weapon, Other ------------------------------------------


def aim(state: Combat, action: a.Aim) -> list[Event]:
    """Aim: +3 next turn, two turns at medium range or farther (003 §Aim)."""
    turn = flow.turn_of(state, action.combatant)
    who = state.combatants[action.combatant]
    if turn.movement or turn.moved:
        raise IllegalAction("003 §Aim", "no aiming on a turn with movement")
    weapon = next((w for w in d.ready_weapons(who) if w.name == action.weapon), None)
    if weapon is None or action.target not in state.combatants:
        raise IllegalAction("003 §Aim", "aim a ready weapon at someone in the fight")
    if not r.within(d.band(state, who.id, action.target), weapon):
        raise IllegalAction("003 §Aim", f"{state.name(action.target)} is out of range")
    flow.use_simple(state, who.id, "aim", flurry_keyword=False, flurry=False)
    turns = who.aim_turns + 1 if who.aim_target == action.target else 1
    state.put(who.replace(aim_target=action.target, aim_turns=turns))
    _turn(state, aimed=True)
    return [Event("aimed", who.id, f"{who.name} aims ({turns} turn(s)).")]


def defend_other(state: Combat, action: a.DefendOther) -> list[Event]:
    """Parry for an ally at close range (003 §Defend Other; ruling round_duration)."""
    flow.use_simple(state, action.combatant, "defend_other", flurry_keyword=True,
                    flurry=action.flurry)
    who = state.combatants[action.combatant]
    ward = state.combatants.get(action.ward)
    if ward is None or ward.side != who.side or ward.id == who.id:
        raise IllegalAction("003 §Defend Other", "the ward must be an ally")
    if not d.at_close(state, who.id, ward.id):
        raise IllegalAction("003 §Defend Other", f"{ward.name} is not at close range")
    until = state.round if state.options.round_duration == "round_end" else None
    state.put(who.replace(ward=ward.id, ward_until_round=until))
    return [Event("warding", who.id, f"{who.name} guards {ward.name}.")]


def full_defense(state: Combat, action: a.FullDefense) -> list[Event]:
    """1i for +2 Defence; Perilous, so not in Crash (003 §Full Defense)."""
    who = state.combatants.get(action.combatant)
    if who is not None and who.in_crash:
        raise IllegalAction("003 §Crash", f"{who.name} is in Crash: no Perilous actions")
    flow.use_simple(state, action.combatant, "full_defense", flurry_keyword=True,
                    flurry=action.flurry)
    events: list[Event] = []
    ini.lose(state, action.combatant, r.FULL_DEFENCE_COST, by=action.combatant,
             cause=ini.COST, events=events)
    who = state.combatants[action.combatant]
    state.put(who.replace(action_defence=who.action_defence + 2))
    return [*events, Event("full_defense", who.id, f"{who.name} defends: +2 Defence.")]


def ready_weapon(state: Combat, action: a.ReadyWeapon) -> list[Event]:
    """Ready or put away weapons, -1 Defence (003 §Ready Weapon)."""
    who = state.combatants.get(action.combatant)
    if who is None:
        raise IllegalAction("003 §Ready Weapon", "no such combatant")
    names = {w.name for w in who.block.carried}
    if (not action.ready and not action.unready) or not {*action.ready, *action.unready} <= names:
        raise IllegalAction("003 §Ready Weapon", "name weapons from the stat block")
    flow.use_simple(state, who.id, "ready_weapon", flurry_keyword=True, flurry=action.flurry)
    who = state.combatants[who.id]
    ready = tuple(n for n in (*who.ready, *action.ready) if n not in action.unready)
    state.put(who.replace(ready=tuple(dict.fromkeys(ready)), action_defence=who.action_defence - 1))
    return [Event("weapons", who.id, f"{who.name} now has ready: {', '.join(ready) or 'nothing'}.")]


def other_action(state: Combat, action: a.OtherAction) -> list[Event]:
    """Any other Simple action, -1 Defence (003 §Other Simple Action)."""
    who = state.combatants.get(action.combatant)
    if who is not None and who.in_crash and action.perilous:
        raise IllegalAction("003 §Crash", f"{who.name} is in Crash: no Perilous actions")
    flow.use_simple(state, action.combatant, "other", flurry_keyword=True, flurry=action.flurry,
                    social=action.social)
    who = state.combatants[action.combatant]
    state.put(who.replace(action_defence=who.action_defence - 1))
    return [Event("other", who.id, f"{who.name} acts: {action.description or 'other action'}.")]


# -- moving ---------------------------------------------------------------------------------------


def move(state: Combat, action: a.Move) -> list[Event]:
    """Cover ground 1, never away from a foe at close range (003 §Move)."""
    flow.turn_of(state, action.combatant)
    flow.check_movement(state, action.combatant, "move")
    who = state.combatants[action.combatant]
    if _holding_foes(state, who):
        raise IllegalAction("003 §Move", f"{who.name} is at close range with a foe: Disengage")
    if action.through_group:
        _check_through_group(state, who, action)
    text = _step(state, who, action)
    _moved(state, who.id)
    events = [Event("moved", who.id, text)]
    if action.through_group:
        ini.lose(state, who.id, r.GROUP_GROUND_COST, by=who.id, cause=ini.COST, events=events)
        events.append(Event("crowd", who.id, f"{who.name} pushes through "
                                             f"{state.name(action.through_group)}: "
                                             f"-{r.GROUP_GROUND_COST}i."))
    return events


def _check_through_group(state: Combat, who: Combatant, action: a.Move) -> None:
    """Only a fighter covering ground between zones goes through a group's ranks
    (003 §Interacting with Battle Groups)."""
    group = state.combatants.get(action.through_group)
    if group is None or not group.is_group or group.out:
        raise IllegalAction(CROWD, "name a battle group on the field")
    if who.is_group or action.step != "zone":
        raise IllegalAction(CROWD, "only a fighter covering ground to a zone goes through a "
                                   "battle group")


def _holding_foes(state: Combat, who: Combatant) -> list[str]:
    """Foes at close range that keep it there; a group walks away from foes 2+ Size smaller,
    an individual counting as Size 0 (003 §Battle Groups)."""
    close = d.foes_at_close(state, who.id)
    if not who.is_group:
        return close
    return [f for f in close if state.combatants[f].size > who.size - 2]


def _step(state: Combat, who: Combatant, action: a.Move) -> str:
    """One Move: close in, leave close range, change zone or band (003 §Move)."""
    named = action.other in state.combatants and action.other != who.id
    if action.step in ("close", "leave", "toward", "away") and not named:
        raise IllegalAction(POSITION, "name someone else in the fight")
    if action.step == "close":
        return _close_in(state, who, action.other)
    if action.step == "leave":
        _leave(state, who.id, action.other)
        return f"{who.name} steps out of close range."
    if action.step == "zone":
        return _to_zone(state, who, action.zone, bool(action.through_group))
    if action.step in ("toward", "away"):
        return _band_step(state, who, action.other, action.step)
    raise IllegalAction(POSITION, f"unknown step {action.step!r}")


def _close_in(state: Combat, who: Combatant, other: str) -> str:
    """Close in with someone at short range (003 §Move)."""
    if d.band(state, who.id, other) != "short":
        raise IllegalAction(POSITION, f"{state.name(other)} must be at short range to close in")
    if state.options.range_model == "bands":
        state.bands[frozenset((who.id, other))] = "close"
    else:
        state.close.add(frozenset((who.id, other)))
    return f"{who.name} closes with {state.name(other)}."


def _leave(state: Combat, cid: str, other: str) -> None:
    """Step out of close range (003 §Move, §Disengage)."""
    pair = frozenset((cid, other))
    if d.band(state, cid, other) != "close":
        raise IllegalAction(POSITION, "they are not at close range")
    if state.options.range_model == "bands":
        state.bands[pair] = "short"
    else:
        state.close.discard(pair)


def _to_zone(state: Combat, who: Combatant, zone: int, crowd: bool = False) -> str:
    """One zone; difficult terrain (or a battle group's ranks) takes two Moves
    (003 §Positioning and Movement, §Interacting with Battle Groups)."""
    if state.options.range_model != "zones" or abs(zone - who.zone) != 1:
        raise IllegalAction(POSITION, "move to an adjacent zone")
    if any(who.id in pair for pair in state.close):
        raise IllegalAction(POSITION, "leave close range before crossing zones")
    rough_way = zone in state.rough_zones or who.zone in state.rough_zones or crowd
    if rough_way and who.crossing != zone:
        state.put(who.replace(crossing=zone))
        return f"{who.name} is half-way across difficult ground."
    state.put(who.replace(zone=zone, crossing=None))
    return f"{who.name} moves to zone {zone}."


def _band_step(state: Combat, who: Combatant, other: str, step: str) -> str:
    """One band nearer or farther under per-pair bands (ruling range_model).

    003 §Positioning and Movement.
    """
    if state.options.range_model != "bands":
        raise IllegalAction(POSITION, "with zones, move to a zone")
    now = r.RANGE_ORDER.index(d.band(state, who.id, other))
    new = now - 1 if step == "toward" else now + 1
    if now == 0 or not 1 <= new < len(r.RANGE_ORDER):
        raise IllegalAction(POSITION, "that step leaves the range bands")
    state.bands[frozenset((who.id, other))] = r.RANGE_ORDER[new]
    return f"{who.name} is now at {r.RANGE_ORDER[new]} range of {state.name(other)}."


def _moved(state: Combat, cid: str) -> None:
    """Spend the Movement, drop cover, make a hidden mover roll (003 §Stealth in Combat)."""
    _turn(state, movement=True, moved=True)
    who = state.combatants[cid]
    hidden = any(hider == cid for hider, _ in state.concealed)
    state.put(who.replace(cover=0, stealth_check=hidden))


def disengage(state: Combat, action: a.Disengage) -> list[Event]:
    """2i, Dexterity + Dodge against each foe's Dexterity + Athletics (003 §Disengage)."""
    penalty = flow.use_simple(state, action.combatant, "disengage", flurry_keyword=True,
                              flurry=action.flurry, movement=True)
    who = state.combatants[action.combatant]
    close = d.foes_at_close(state, who.id)
    if not close:
        raise IllegalAction("003 §Disengage", f"{who.name} is at close range with no foe")
    if not set(action.opposed) <= set(close):
        raise IllegalAction("003 §Disengage", "only foes at close range can oppose")
    events: list[Event] = []
    ini.lose(state, who.id, r.DISENGAGE_COST, by=who.id, cause=ini.COST, events=events)
    pool = trait_pool(who, "dexterity", "dodge") - penalty - rough(state, who)
    mine = successes(who, pool + speed(state, who) + action.bonus_dice, action.roll)
    if not _beats_all(state, mine, action.opposed, "dexterity", "athletics"):
        return [*events, Event("disengage_failed", who.id, f"{who.name} cannot break away.")]
    for foe in close:
        _leave(state, who.id, foe)
    state.put(state.combatants[who.id].replace(disengaged_from=tuple(action.opposed)))
    _moved(state, who.id)
    return [*events, Event("disengaged", who.id, f"{who.name} breaks away.")]


def _beats_all(state: Combat, mine: int, opposed: Mapping[str, DiceEntry], attribute: str,
               ability: str, penalty: int = 0) -> bool:
    """An opposed roll won against each opponent; a tie is not a win.

    003 §Stealth in Combat, §Rush.
    """
    for foe, dice in opposed.items():
        other = state.combatants[foe]
        if mine <= successes(other, trait_pool(other, attribute, ability) - penalty, dice):
            return False
    return True


def rush(state: Combat, action: a.Rush) -> list[Event]:
    """Dexterity + Athletics opposed, at short range, to follow the target (003 §Rush)."""
    if action.target not in state.combatants or action.combatant not in state.combatants:
        raise IllegalAction("003 §Rush", "name a target in the fight")
    if d.band(state, action.combatant, action.target) != "short":
        raise IllegalAction("003 §Rush", "the target must be at short range")
    penalty = flow.use_simple(state, action.combatant, "rush", flurry_keyword=True,
                              flurry=action.flurry, movement=True)
    who = state.combatants[action.combatant]
    state.concealed = {p for p in state.concealed if p[0] != who.id}
    pool = trait_pool(who, "dexterity", "athletics") - penalty - rough(state, who)
    mine = successes(who, pool + speed(state, who) + action.bonus_dice, action.roll)
    if not _beats_all(state, mine, {action.target: action.opposed}, "dexterity", "athletics"):
        return [Event("rush_failed", who.id, f"{who.name} cannot keep up.")]
    state.put(who.replace(rushing=action.target))
    _turn(state, movement=True)
    return [Event("rushing", who.id, f"{who.name} will follow {state.name(action.target)}.")]


def take_cover(state: Combat, action: a.TakeCover) -> list[Event]:
    """Dexterity + Dodge at the GM's difficulty: light, heavy or total cover (003 §Take Cover)."""
    if action.cover not in (1, 2, 3) or not 1 <= action.difficulty <= 10:
        raise IllegalAction("003 §Take Cover", "cover 1-3 (light, heavy, total), difficulty 1-10")
    penalty = flow.use_simple(state, action.combatant, "take_cover", flurry_keyword=True,
                              flurry=action.flurry, movement=True)
    who = state.combatants[action.combatant]
    got = successes(who, trait_pool(who, "dexterity", "dodge") - penalty, action.roll)
    if got < action.difficulty:
        return [Event("cover_failed", who.id, f"{who.name} finds no cover.")]
    state.put(who.replace(cover=action.cover))
    return [Event("cover", who.id, f"{who.name} takes cover.")]


def rise(state: Combat, action: a.RiseFromProne) -> list[Event]:
    """Stand; with a foe close, Dexterity + Dodge at difficulty 2 (003 §Rise From Prone)."""
    who = state.combatants.get(action.combatant)
    if who is None or not who.prone:
        raise IllegalAction("003 §Rise From Prone", "only someone prone can rise")
    penalty = flow.use_simple(state, who.id, "rise", flurry_keyword=True, flurry=action.flurry,
                              movement=True)
    if d.foes_at_close(state, who.id):
        if action.roll is None:
            raise IllegalAction("003 §Rise From Prone", "a foe is close: roll Dexterity + Dodge")
        if successes(who, trait_pool(who, "dexterity", "dodge") - penalty, action.roll) < 2:
            return [Event("rise_failed", who.id, f"{who.name} stays down.")]
    elif action.roll is not None:
        raise IllegalAction("003 §Rise From Prone", "no foe is close: no roll")
    state.put(state.combatants[who.id].replace(prone=False))
    return [Event("rose", who.id, f"{who.name} gets up.")]


def withdraw(state: Combat, action: a.Withdraw) -> list[Event]:
    """10i a roll, Dexterity + Athletics towards 10 successes (003 §Withdraw)."""
    who = state.combatants.get(action.combatant)
    if who is None:
        raise IllegalAction("003 §Withdraw", "no such combatant")
    near = [f for f in state.foes(who.id)
            if r.RANGE_ORDER.index(d.band(state, who.id, f)) < r.RANGE_ORDER.index("medium")]
    if near:
        raise IllegalAction("003 §Withdraw", "every foe must be at medium range or farther")
    penalty = flow.use_simple(state, who.id, "withdraw", flurry_keyword=True,
                              flurry=action.flurry, movement=True)
    events: list[Event] = []
    _away(state, who.id)
    ini.lose(state, who.id, r.WITHDRAW_COST, by=who.id, cause=ini.COST, events=events)
    who = state.combatants[who.id]
    pool = trait_pool(who, "dexterity", "athletics") - penalty - rough(state, who)
    got = successes(who, pool + speed(state, who) + action.bonus_dice, action.roll)
    progress = who.withdraw_progress + got
    if progress < r.WITHDRAW_GOAL:
        state.put(who.replace(withdraw_progress=progress))
        return [*events, Event("withdrawing", who.id, f"{who.name} withdraws: {progress}/10.")]
    return events + _withdrawn(state, who)


def _withdrawn(state: Combat, who: Combatant) -> list[Event]:
    """Withdraw's goal: off the field if every foe is at extreme range, else a zone away.

    003 §Withdraw.
    """
    far = all(d.band(state, who.id, f) == "extreme" for f in state.foes(who.id))
    if far:
        state.put(who.replace(gone=True, withdraw_progress=0))
        return [Event("escaped", who.id, f"{who.name} leaves the battlefield.")]
    state.put(who.replace(withdraw_progress=0))
    _away(state, who.id)
    return [Event("withdrawn", who.id, f"{who.name} gets clear by another zone.")]


def _away(state: Combat, cid: str) -> None:
    """Cover ground 1 away from every foe (003 §Withdraw)."""
    who = state.combatants[cid]
    foes = state.foes(cid)
    if state.options.range_model == "bands":
        for foe in foes:
            now = r.RANGE_ORDER.index(d.band(state, cid, foe))
            state.bands[frozenset((cid, foe))] = r.RANGE_ORDER[min(now + 1, 4)]
    else:
        mean = sum(state.combatants[f].zone for f in foes) / max(len(foes), 1)
        state.put(who.replace(zone=who.zone + (1 if who.zone >= mean else -1)))
    state.put(state.combatants[cid].replace(cover=0))


# -- stealth --------------------------------------------------------------------------------------


def _concealment(state: Combat, who: Combatant, dice: DiceEntry, opposed: Mapping[str, DiceEntry],
                 expected: set[str], extra_penalty: int, in_combat: bool = True) -> set[str]:
    """Dexterity + Stealth (-3 in combat) vs each Wits + Awareness (003 §Stealth in Combat)."""
    if set(opposed) != expected:
        names = ", ".join(sorted(state.name(f) for f in expected)) or "nobody"
        raise IllegalAction(STEALTH, f"give the Wits + Awareness rolls of: {names}")
    penalty = (r.IN_COMBAT_STEALTH if in_combat else 0) + extra_penalty
    mine = successes(who, trait_pool(who, "dexterity", "stealth") - penalty, dice)
    return {foe for foe in opposed if _beats_all(state, mine, {foe: opposed[foe]}, "wits",
                                                 "awareness")}


def establish_surprise(state: Combat, action: a.EstablishSurprise) -> list[Event]:
    """Hide from every aware foe you beat (003 §Establish Surprise)."""
    flow.use_simple(state, action.combatant, "establish_surprise", flurry_keyword=False,
                    flurry=False)
    who = state.combatants[action.combatant]
    aware = {f for f in state.foes(who.id) if (who.id, f) not in state.concealed}
    won = _concealment(state, who, action.roll, action.opposed, aware, 0, action.in_combat)
    state.concealed |= {(who.id, foe) for foe in won}
    return [Event("hidden", who.id, f"{who.name} is hidden from {len(won)} foe(s).")]


def concealment_roll(state: Combat, action: a.ConcealmentRoll) -> list[Event]:
    """After moving while hidden: win to stay hidden, lose to be seen (003 §Stealth in Combat)."""
    flow.turn_of(state, action.combatant)
    who = state.combatants[action.combatant]
    if not who.stealth_check:
        raise IllegalAction(STEALTH, f"{who.name} owes no concealment roll")
    hidden_from = {f for h, f in state.concealed if h == who.id}
    won = _concealment(state, who, action.roll, action.opposed, hidden_from, 0)
    state.concealed = {p for p in state.concealed if p[0] != who.id or p[1] in won}
    state.put(who.replace(stealth_check=False))
    return [Event("hidden", who.id, f"{who.name} stays hidden from {len(won)} foe(s).")]


def go_to_ground(state: Combat, action: a.GoToGround) -> list[Event]:
    """Three turns of concealment rolls at -3, -4, -5 to vanish (003 §Go to Ground)."""
    who = state.combatants.get(action.combatant)
    if who is None:
        raise IllegalAction("003 §Go to Ground", "no such combatant")
    foes = set(state.foes(who.id))
    if not foes or any((who.id, f) not in state.concealed for f in foes):
        raise IllegalAction("003 §Go to Ground", f"{who.name} must be hidden from every foe")
    flow.use_simple(state, who.id, "go_to_ground", flurry_keyword=False, flurry=False,
                    movement=True)
    won = _concealment(state, who, action.roll, action.opposed, foes, who.ground_turns)
    _turn(state, movement=True)
    if won != foes:
        state.concealed = {p for p in state.concealed if p[0] != who.id or p[1] in won}
        state.put(who.replace(ground_turns=0))
        return [Event("seen", who.id, f"{who.name} is spotted.")]
    turns = who.ground_turns + 1
    state.put(who.replace(ground_turns=turns, gone=turns >= 3))
    return [Event("ground", who.id, f"{who.name} goes to ground ({turns}/3).")]


def rejoin(state: Combat, action: a.Rejoin) -> list[Event]:
    """Coming back from hiding sets Initiative to -10 (003 §Go to Ground)."""
    who = state.combatants.get(action.combatant)
    if who is None or not who.gone or who.withdraw_progress or not who.ground_turns:
        raise IllegalAction("003 §Go to Ground", "only one who went to ground can rejoin")
    waits = state.tick is not None and state.tick <= r.GO_TO_GROUND_REJOIN
    state.put(who.replace(gone=False, ground_turns=0, initiative=r.GO_TO_GROUND_REJOIN,
                          crashed_by=ini.SELF, acted=waits))
    return [Event("rejoined", who.id, f"{who.name} rejoins at {r.GO_TO_GROUND_REJOIN}i.")]


# -- grapple manoeuvres ----------------------------------------------------------------------------


def grapple_move(state: Combat, action: a.GrappleMove) -> list[Event]:
    """Maintain (Simple, Movement), Restrain/Drag (2 rounds) or release (003 §Grapple)."""
    grip = state.grapples.get(action.grappler)
    if grip is None:
        raise IllegalAction("003 §Grapple", f"{state.name(action.grappler)} holds no one")
    if action.move == "release":
        del state.grapples[action.grappler]
        return [Event("grapple_released", action.grappler, "The grapple ends.")]
    if action.move == "maintain":
        flow.use_simple(state, action.grappler, "grapple_maintain", flurry_keyword=False,
                        flurry=False, movement=True)
        _turn(state, maintained=True)
        return [Event("grapple_held", action.grappler, f"{grip.rounds} control rounds left.")]
    if action.move == "restrain":
        return _restrain(state, action.grappler, grip)
    raise IllegalAction("003 §Grapple", f"unknown manoeuvre {action.move!r}")


def _restrain(state: Combat, grappler: str, grip: Grapple) -> list[Event]:
    """Restrain/Drag spends 2 control rounds and the turn's manoeuvre (003 §Grapple)."""
    turn = flow.turn_of(state, grappler)
    if grip.engage or turn.grapple_manoeuvre or grip.rounds < 2:
        raise IllegalAction("003 §Grapple", "Restrain needs 2 control rounds and this turn's "
                                            "manoeuvre")
    state.grapples[grappler] = Grapple(grip.target, grip.rounds - 2, grip.engage)
    target = state.combatants[grip.target]
    state.put(target.replace(restrained=True))
    _turn(state, grapple_manoeuvre=True)
    return [Event("restrained", target.id, f"{target.name} can only act reflexively next turn.")]


def end_hold(state: Combat, action: a.EndHold) -> list[Event]:
    """When the rounds pass, both roll Join Battle, the target at -2; a winning holder may
    ambush at once (003 §Attacks From Stealth)."""
    holder = state.combatants.get(action.holder)
    target = state.combatants.get(action.target)
    if holder is None or target is None or target.held_by != holder.id:
        raise IllegalAction(STEALTH_ATTACKS, "that target is not held at bay by that holder")
    if target.held_until_round is not None and state.round < target.held_until_round:
        until = target.held_until_round
        raise IllegalAction(STEALTH_ATTACKS, f"the hold lasts until round {until}")
    mine = successes(holder, ini.join_pool(holder), action.holder_roll)
    theirs = successes(target, ini.join_pool(target) - 2, action.target_roll)
    won = mine > theirs
    state.put(target.replace(held_by="", held_until_round=None,
                             exposed_to=holder.id if won else ""))
    word = "may strike at once" if won else "loses the moment"
    return [Event("hold_ended", target.id, f"The hold ends: {holder.name} {word}.")]
