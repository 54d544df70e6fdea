"""Set-up: combatants, ranges, the order roll, the ambush (001 §Turn Order, §Ambush Round)."""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.impulse import actions as a
from battlewheel.engine.rulesets.impulse.block import ImpulseCharacter
from battlewheel.engine.rulesets.impulse.handlers.common import GM, band_index, fighter, put
from battlewheel.engine.rulesets.impulse.handlers.turns import ORDER, advance, give_starting_impulse
from battlewheel.engine.rulesets.impulse.rules import EXTREME, beats, rolled_successes
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat

AMBUSH = "001 §Ambush Round"
RANGES = "001 §Range Bands"
ORDER_RANGE = (0, 99)


def add_combatant(state: ImpulseCombat, action: a.AddCombatant) -> list[Event]:
    """A new combatant at a band to everyone, or waiting at Extreme as a reinforcement."""
    if state.ended:
        raise IllegalAction(GM, "the fight is over")
    if "#" in action.id:  # a counter's key is its fighter's id, '#', its number
        raise IllegalAction(GM, f"the id {action.id!r} has '#'")
    character: ImpulseCharacter = action.character
    terms = a.JOINING.of(action)
    band = band_index(terms["band"])
    reserve = reinforcement(state, terms["reserve"])
    if band == EXTREME and not reserve:
        raise IllegalAction(RANGES, "only reinforcements start at Extreme range")
    who = Fighter(  # with the block's pools full
        id=action.id, character=character, side=action.side, join_index=state.joined,
        endurance=character.endurance, willpower=character.willpower, motes=character.motes,
        entry_band=band, arrives_round=arrival_round(state) if reserve else 0,
    )
    state.joined += 1
    put(state, who)
    for other in state.combatants:
        if other != action.id:
            state.set_band(action.id, other, band)
    if reserve:
        return [Event("joined", action.id, f"{who.name} joins the fight as a reinforcement: a "
                                           f"round at Extreme, on the field in round "
                                           f"{who.arrives_round}.")]
    return [Event("joined", action.id, f"{who.name} joins the fight.")]


def arrival_round(state: ImpulseCombat) -> int:
    """The round a reinforcement joining now enters the field, after one round at Extreme
    (001 §Range Bands): the next, when it joins a round nobody has acted in yet; else
    the one after, the rest of this round not counting as its round."""
    return state.round + (1 if state.started and _nobody_acted(state) else 2)


def _nobody_acted(state: ImpulseCombat) -> bool:
    """No turn of this round is over and the acting fighter has done nothing yet."""
    if state.done or state.paused is not None or state.simple_done:
        return False
    cid = state.acting_id()
    if cid is None:
        return True
    who = state.combatants[cid]
    return not who.free_used and not who.moved and who.hold is None


def reinforcement(state: ImpulseCombat, reserve: bool | None) -> bool:
    """Whether the newcomer waits a round at Extreme: as the action says, or (``None``)
    whenever the fight has already begun (001 §Range Bands)."""
    if reserve is None:
        return state.started
    return reserve


def remove_combatant(state: ImpulseCombat, action: a.RemoveCombatant) -> list[Event]:
    """Take a combatant out entirely; if it was their turn, the next counter acts."""
    who = fighter(state, action.id)
    del state.combatants[action.id]
    state.bands = {pair: band for pair, band in state.bands.items() if action.id not in pair}
    state.tie_breaks = tuple(k for k in state.tie_breaks if k.partition("#")[0] != action.id)
    for other in list(state.combatants.values()):
        kept = tuple(s for s in other.statuses if action.id not in (s.source, s.other))
        put(state, other.replace(statuses=kept))
    events = [Event("left", action.id, f"{who.name} leaves the fight.")]
    if state.acting_id() == action.id or (
        state.paused and state.paused.key.partition("#")[0] == action.id
    ):
        state.paused = None
        state.acting_key = None
        events += advance(state)
    return events


def set_range(state: ImpulseCombat, action: a.SetRange) -> list[Event]:
    """The GM puts two combatants at a band (001 §Range Bands)."""
    fighter(state, action.a)
    fighter(state, action.b)
    band = band_index(action.band)
    if action.a == action.b:
        raise IllegalAction(RANGES, "a range is between two different combatants")
    if band == EXTREME:
        raise IllegalAction(RANGES, "Extreme is off the field: only reinforcements wait there")
    if state.in_reserve(action.a) or state.in_reserve(action.b):
        raise IllegalAction(RANGES, "a reinforcement spends its round at Extreme first")
    state.set_band(action.a, action.b, band)
    return [Event("range_changed", action.a, "Range set.")]


def roll_order(state: ImpulseCombat, action: a.RollOrder) -> list[Event]:
    """1d10 + Initiative per counter, each die read by its face (001 §Turn Order)."""
    who = fighter(state, action.combatant, ORDER)
    if who.orders:
        raise IllegalAction(ORDER, f"{who.name} has already rolled; the GM can place a counter")
    faces = action.dice.faces
    if faces is None:
        raise IllegalAction(
            ORDER, "the order roll is read by its face: give the die, not successes"
        )
    wanted = who.character.actions if state.options.extra_npc_actions == "own_roll" else 1
    if len(faces) != wanted:
        raise IllegalAction(ORDER, f"{who.name} rolls {wanted} d10 for the order, not {len(faces)}")
    orders = tuple(face + who.character.initiative for face in faces)
    put(state, who.replace(orders=orders, next_orders=orders))
    if state.started and not state.in_reserve(who.id):
        give_starting_impulse(state, who.id)
    values = ", ".join(str(v) for v in orders)
    return [Event("order_rolled", who.id, f"{who.name} acts at {values}.")]


def set_order_value(state: ImpulseCombat, action: a.SetOrderValue) -> list[Event]:
    """The GM places a counter: an extra NPC action, or a counter dragged (a GM edit, no cost)."""
    who = fighter(state, action.combatant, ORDER)
    low, high = ORDER_RANGE
    if not low <= action.value <= high:
        raise IllegalAction(ORDER, f"an order value is a whole number {low}-{high}")
    if not 0 <= action.index < who.character.actions or action.index > len(who.orders):
        raise IllegalAction(ORDER, f"{who.name} has no action {action.index + 1} to place yet")
    if action.index == 0 and not who.orders:
        raise IllegalAction(ORDER, f"{who.name} rolls for the order first")
    orders = _placed(who.orders, action.index, action.value)
    following = _placed(who.next_orders, action.index, action.value)
    put(state, who.replace(orders=orders, next_orders=following))
    # The log names the fighter; the counter's key ("ogre#2") is the wheel's, not the GM's.
    which = f"{who.name}'s action {action.index + 1}" if action.index else who.name
    return [Event("order_placed", who.id, f"{which} is placed at {action.value}.")]


def _placed(orders: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    values = list(orders)
    if index == len(values):
        values.append(value)
    else:
        values[index] = value
    return tuple(values)


def mark_ambushed(state: ImpulseCombat, action: a.MarkAmbushed) -> list[Event]:
    """The GM says who is caught unawares, before the fight begins (001 §Ambush Round)."""
    who = fighter(state, action.combatant, AMBUSH)
    if state.started:
        raise IllegalAction(AMBUSH, "the ambush is settled before round 1")
    if who.ambushed == action.ambushed:
        raise IllegalAction(
            AMBUSH, f"{who.name} is already {'ambushed' if who.ambushed else 'not ambushed'}"
        )
    put(state, who.replace(ambushed=action.ambushed))
    return [
        Event("ambush", who.id, f"{who.name} {'is' if action.ambushed else 'is not'} ambushed.")
    ]


def ambush_contest(state: ImpulseCombat, action: a.AmbushContest) -> list[Event]:
    """Cunning + Awareness against Cunning + Stealth; a tie: ambushed (001 §Ambush Round)."""
    victim = fighter(state, action.victim, AMBUSH)
    ambusher = fighter(state, action.ambusher, AMBUSH)
    if state.started:
        raise IllegalAction(AMBUSH, "the ambush is settled before round 1")
    if not victim.player:
        raise IllegalAction(AMBUSH, "only player characters roll to see an ambush coming")
    if not victim.ambushed:
        raise IllegalAction(AMBUSH, f"{victim.name} is not caught in an ambush")
    if not state.hostile(victim.id, ambusher.id):
        raise IllegalAction(AMBUSH, f"{ambusher.name} is on {victim.name}'s side")
    seen = rolled_successes(victim.character.pool("cunning", "awareness"), action.awareness)
    hidden = rolled_successes(ambusher.character.pool("cunning", "stealth"), action.stealth)
    if beats(seen, hidden, "above"):
        put(state, victim.replace(ambushed=False))
        return [
            Event("ambush", victim.id, f"{victim.name} sees it coming ({seen} against {hidden}).")
        ]
    return [
        Event("ambush", victim.id, f"{victim.name} is caught unawares ({seen} against {hidden}).")
    ]
