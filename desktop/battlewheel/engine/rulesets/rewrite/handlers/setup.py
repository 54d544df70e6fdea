"""2e Rewrite set-up: the involved, ambush, Join Battle, wheel (000 §Pre-combat Procedure)."""

from __future__ import annotations

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.lasting import LASTING_TERM
from battlewheel.engine.rulesets.rewrite import lasting, wheel
from battlewheel.engine.rulesets.rewrite.actions import (
    JOINING,
    AddCombatant,
    DeclareConcealment,
    RemoveCombatant,
    RollAmbush,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.handlers.common import (
    combatant,
    entry_botched,
    entry_successes,
    require_running,
    require_setup,
)
from battlewheel.engine.rulesets.rewrite.rules import setup, values
from battlewheel.engine.rulesets.rewrite.rules.derived import gets_double_tens
from battlewheel.engine.rulesets.rewrite.state import TOTALLY, Combat, Combatant

AMBUSH_RULE = "000 §Determine if there is an Ambush"
SURPRISE_RULE = "000 §Roll Surprise Checks"
JOIN_RULE = "000 §Roll Join Battle"
LATE_JOIN_RULE = "000 §Reassess Surprise"


def add_combatant(state: Combat, action: AddCombatant) -> list[Event]:
    """Bring a character in, before or during the fight (000 §Determine Involved Characters)."""
    require_running(state)
    who = values.new_combatant(action.id, action.character, action.side)
    condition = JOINING.of(action)[LASTING_TERM]
    if condition is not None:  # as they are (rules/between-fights.md §2e Rewrite)
        who = who.replace(**lasting.joined(action.character, condition))
    state.combatants[action.id] = who
    return [Event("combatant_added", action.id, action.sentence(state.name))]


def remove_combatant(state: Combat, action: RemoveCombatant) -> list[Event]:
    """Take a combatant out, with their awareness, concealment and part in the tick."""
    require_running(state)
    combatant(state, action.id)
    sentence = action.sentence(state.name)
    del state.combatants[action.id]
    state.unaware = {pair: m for pair, m in state.unaware.items() if action.id not in pair}
    state.concealment.pop(action.id, None)
    for targets in state.concealment.values():
        targets.pop(action.id, None)
    state.tick.forget(action.id, as_target=True)
    return [Event("combatant_removed", action.id, sentence)]


def declare_concealment(state: Combat, action: DeclareConcealment) -> list[Event]:
    """Record whom an ambusher hides from and the SDV modifiers (000 §Roll Surprise Checks)."""
    require_setup(state, AMBUSH_RULE, "hiding for an ambush")
    combatant(state, action.ambusher)
    targets: dict[str, int] = {}
    for item in action.hidden_from:
        combatant(state, item.target)
        if item.target == action.ambusher:
            raise IllegalAction(AMBUSH_RULE, "an ambusher cannot hide from themselves")
        if item.situation not in setup.situation_modifiers():
            names = ", ".join(setup.situation_modifiers())
            raise IllegalAction(SURPRISE_RULE, f"situation must be one of {names}")
        targets[item.target] = setup.situation_modifier(
            item.situation, seen_as_ally=item.seen_as_ally
        )
    state.concealment[action.ambusher] = targets
    for target in targets:
        state.unaware.pop((target, action.ambusher), None)
    return [Event("concealment_declared", action.ambusher, action.sentence(state.name))]


def roll_ambush(state: Combat, action: RollAmbush) -> list[Event]:
    """Compare one Dex + Stealth roll to each SDV (000 §Determine Surprise Results)."""
    require_setup(state, AMBUSH_RULE, "the ambush roll")
    combatant(state, action.ambusher)
    targets = state.concealment.get(action.ambusher)
    if not targets:
        raise IllegalAction(
            SURPRISE_RULE, f"{state.name(action.ambusher)} has not hidden from anyone"
        )
    ambusher = state.combatants[action.ambusher]
    pool = values.ambush_pool(ambusher, state.options.essence_floor)
    _check_faces(action.dice, pool, SURPRISE_RULE, "Dexterity + Stealth")
    rolled = entry_successes(action.dice, double_tens=gets_double_tens(ambusher.character))
    events = [Event("ambush_rolled", action.ambusher, action.sentence(state.name))]
    for target, modifier in targets.items():
        sdv = values.surprise_detection_value(state.combatants[target]) + modifier
        margin = setup.margin_of_surprise(rolled, sdv)
        if margin:
            state.unaware[(target, action.ambusher)] = margin
        else:
            state.unaware.pop((target, action.ambusher), None)
        events.append(
            Event(
                "awareness_changed", target, _awareness_text(state, target, action.ambusher, margin)
            )
        )
    return events


def _check_faces(entry: DiceEntry, pool: int, rule: str, traits: str) -> None:
    """Rolled faces must be one per die of the pool (004 §Pools and Dice).

    A typed success count is the GM's word and is taken as given.
    """
    if entry.faces is not None and len(entry.faces) != pool:
        raise IllegalAction(
            rule, f"{len(entry.faces)} faces given for a {traits} pool of {pool} dice"
        )


def _awareness_text(state: Combat, observer: str, hidden: str, margin: int) -> str:
    if margin:
        return (
            f"{state.name(observer)} is not aware of {state.name(hidden)} "
            f"(margin of surprise {margin})."
        )
    return f"{state.name(observer)} is aware of {state.name(hidden)}."


def roll_join_battle(state: Combat, action: RollJoinBattle) -> list[Event]:
    """Record a Join Battle roll, or place a late joiner's counter (000 §Roll Join Battle).

    Once the battle has begun the roll places the counter at once, against the
    Reaction Count (000 §Reassess Surprise).
    """
    require_running(state)
    who = combatant(state, action.combatant)
    if who.surprise == TOTALLY:
        raise IllegalAction(
            JOIN_RULE, f"{who.name} is Totally Surprised and cannot Join Battle yet"
        )
    pool = values.join_battle_pool(who, state.options.essence_floor)
    _check_faces(action.dice, pool, JOIN_RULE, "Wits + Awareness")
    rolled = entry_successes(action.dice, double_tens=gets_double_tens(who.character))
    botch = entry_botched(action.dice)
    if not state.started:
        state.combatants[who.id] = who.replace(join_battle=rolled, join_botch=botch)
        return [Event("join_battle_rolled", who.id, action.sentence(state.name))]
    return _late_join(state, who, rolled, botch, action)


def _late_join(
    state: Combat, who: Combatant, rolled: int, botch: bool, action: RollJoinBattle
) -> list[Event]:
    """Place a late joiner against the Reaction Count (000 §Reassess Surprise)."""
    if who.next_tick is not None:
        raise IllegalAction(LATE_JOIN_RULE, f"{who.name} is already on the wheel")
    assert state.current_tick is not None
    count = state.reaction_count or 0
    # A botch falls as far short as the cap allows.
    effective = -wheel.final_offset() - 1 if botch else rolled
    tick = wheel.late_join_tick(
        effective, count, state.current_tick, cap=state.options.late_join_cap
    )
    state.combatants[who.id] = who.replace(join_battle=rolled, join_botch=botch, next_tick=tick)
    text = f"{action.sentence(state.name)} Counter placed on tick {tick}."
    return [Event("counter_moved", who.id, text)]


def start(state: Combat, action: StartCombat) -> list[Event]:
    """Place every counter from the Join Battle results (000 §Set Up the Battlewheel).

    The First Actors go on tick 1; the tick counter waits on tick 0, so the first
    next tick brings it onto them.
    """
    require_setup(state, JOIN_RULE, "starting")
    rolling = [c for c in state.combatants.values() if c.surprise != TOTALLY]
    missing = [c.name for c in rolling if c.join_battle is None]
    if missing:
        raise IllegalAction(JOIN_RULE, "still to roll Join Battle: " + ", ".join(missing))
    if not rolling:
        why = "everyone is Totally Surprised" if state.combatants else "nobody is in the fight"
        raise IllegalAction(JOIN_RULE, f"nobody can Join Battle: {why}")
    count = setup.reaction_count(c.join_battle or 0 for c in rolling if not c.join_botch)
    for c in rolling:
        offset = wheel.join_battle_offset(c.join_battle or 0, count, botch=c.join_botch)
        state.combatants[c.id] = c.replace(next_tick=1 + offset)
    state.reaction_count = count
    state.current_tick = 0
    state.started = True
    return [Event("combat_started", None, f"{action.sentence(state.name)} Reaction Count {count}.")]
