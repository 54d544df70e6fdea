"""Checks and small changes the handlers share: who may act, paying Impulse, statuses."""

from __future__ import annotations

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event
from battlewheel.engine.rulesets.impulse.rules import BANDS, MELEE, is_out
from battlewheel.engine.rulesets.impulse.state import Fighter, ImpulseCombat, Status

ROUND = "001 §The Combat Round"
GM = "GM edit"


def fighter(state: ImpulseCombat, cid: str, rule: str = GM) -> Fighter:
    """The fighter with this id, or a refusal saying there is none."""
    who = state.combatants.get(cid)
    if who is None:
        raise IllegalAction(rule, f"there is no combatant {cid!r} in this fight")
    return who


def band_index(name: str) -> int:
    """A band's number from its name (melee 0 .. extreme 4)."""
    if name not in BANDS:
        raise IllegalAction(
            "001 §Range Bands", f"a range band is one of {', '.join(BANDS)}, not {name!r}"
        )
    return BANDS.index(name)


def require_started(state: ImpulseCombat, rule: str = ROUND) -> None:
    """Refuse outside a running fight."""
    if state.ended:
        raise IllegalAction(rule, "the fight is over")
    if not state.started:
        raise IllegalAction(rule, "the fight has not begun yet")


def require_acting(state: ImpulseCombat, actor: str, rule: str = ROUND) -> Fighter:
    """The actor, refused unless it is their turn (a fired hold counts)."""
    require_started(state, rule)
    who = fighter(state, actor, rule)
    if state.acting_id() != actor:
        now = state.acting_id()
        turn = f"it is {state.name(now)}'s turn" if now else "nobody is acting"
        raise IllegalAction(rule, f"{who.name} can act only on their own turn; {turn}")
    return who


def require_simple(state: ImpulseCombat, actor: str, rule: str) -> Fighter:
    """The actor, refused once the turn's one Simple action is taken (001 §The Combat Round)."""
    who = require_acting(state, actor, rule)
    if state.simple_done:
        raise IllegalAction(ROUND, f"{who.name} has already taken this turn's Simple action")
    return who


def require_free(who: Fighter, kind: str) -> None:
    """Each kind of Free action once a turn (001 §The Combat Round)."""
    if kind in who.free_used:
        raise IllegalAction(ROUND, f"{who.name} has already used this Free action this turn")


def require_impulse(who: Fighter, amount: int, rule: str, what: str) -> None:
    """A cost needs the Impulse in hand (rules/impulse.md, ruling impulse_floor)."""
    if who.impulse < amount:
        raise IllegalAction(rule, f"{what} needs {amount} Impulse; {who.name} has {who.impulse}")


def put(state: ImpulseCombat, who: Fighter) -> Fighter:
    """Store a changed fighter and hand it back."""
    state.combatants[who.id] = who
    return who


def add_status(
    state: ImpulseCombat,
    cid: str,
    name: str,
    source: str,
    *,
    other: str = "",
    until_used: bool = False,
) -> None:
    """Put a status on a fighter, replacing one of the same name and partner."""
    who = state.combatants[cid]
    kept = tuple(s for s in who.statuses if not (s.name == name and s.other == other))
    status = Status(name, source, state.turn, state.round, other, until_used)
    put(state, who.replace(statuses=(*kept, status)))


def remove_status(state: ImpulseCombat, cid: str, name: str) -> None:
    """Take every status of that name off a fighter."""
    who = state.combatants[cid]
    put(state, who.replace(statuses=tuple(s for s in who.statuses if s.name != name)))


def in_melee_with_foe(state: ImpulseCombat, cid: str, *, ignoring: str = "") -> tuple[str, ...]:
    """Foes still standing at melee range of a fighter (001 §Range Bands)."""
    return tuple(
        other
        for other in state.combatants
        if other not in (cid, ignoring)
        and state.hostile(cid, other)
        and state.can_act(other)
        and state.band(cid, other) == MELEE
    )


def take_endurance(state: ImpulseCombat, cid: str, amount: int) -> list[Event]:
    """Endurance lost; at the ruling's line the fighter falls (001 §Endurance, §Defeat)."""
    who = state.combatants[cid]
    left = who.endurance - amount
    who = put(state, who.replace(endurance=left))
    if who.defeated or not is_out(left, state.options.endurance_out):
        return [
            Event("endurance_changed", cid, f"{who.name} loses {amount} Endurance ({left} left).")
        ]
    return [
        Event("endurance_changed", cid, f"{who.name} loses {amount} Endurance ({left} left)."),
        *fall(state, cid),
    ]


def fall(state: ImpulseCombat, cid: str) -> list[Event]:
    """Out of the fight; a player character gains 1 Limit (001 §Player Character Defeat)."""
    who = state.combatants[cid]
    limit = who.limit + (1 if who.player else 0)
    put(state, who.replace(defeated=True, limit=limit, hold=None))
    text = f"{who.name} is out of the fight"
    text += " and gains 1 Limit." if who.player else "; their fate is the players' to decide."
    return [Event("defeated", cid, text)]
