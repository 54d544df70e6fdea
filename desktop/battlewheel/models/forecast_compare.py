"""Compare systems: the same match-up in every system its fighters have stat blocks for,
each fight at its start, ready for the forecast, and what each one played.

The fight's own system plays the fight's own set-up (``setup``): its log replayed up to
the first step that moves the clock or hurts anyone, so the GM's blocks, order and
rulings are those of the fight, and its row agrees with the fight's own forecast from
its start. Every other system is rebuilt from the roster: a fighter is matched to the
roster character of the same name (case aside), a system is offered only when every
fighter has a block in it, and it plays under the campaign's rulings for that system.

``order_rolled`` is the same set-up with its order left to the dice, to tell how much
the order the GM set weighs. No ruleset is named here: each is reached through the
registry, its ``join_action``, its ``turn_order`` and its declared options.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from battlewheel.engine.core.actions import Rewind
from battlewheel.engine.core.errors import RulesError
from battlewheel.engine.core.forecast import sides_of
from battlewheel.engine.core.ruleset import Ruleset, get_ruleset, ruleset_names
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.core.system import FORECAST

UNIT_WORDS = {
    "rounds": "rounds: everyone acts about once a round",
    "ticks": "ticks: moments on the wheel; an action takes its Speed in ticks (a 2e "
             "round is about 5-6 ticks)",
}
"""Each unit a system's lengths are counted in, explained (lengths are never converted)."""
_KEPT_KINDS = ("add_combatant", "change_ruling")  # joining and rulings: never about the order


class RosterEntry(Protocol):
    """What a roster character must offer: a name and its block in each system."""

    @property
    def name(self) -> str: ...

    def block(self, ruleset: str) -> Any | None: ...


@dataclass(frozen=True)
class Matchup:
    """One system's version of the fight: its state at the start, or why there is none,
    and in words what it plays (``played``: blocks, order, rulings; ``unit``: lengths)."""

    ruleset: str
    title: str
    state: Any = None
    missing: str = ""
    played: str = ""
    unit: str = ""


def fighters_of(ruleset: Ruleset, state: Any) -> list[tuple[str, str, str]]:
    """Each fighter of a fight: id, name and side."""
    names = ruleset.names(state)
    return [(cid, names(cid), side) for cid, side in sides_of(ruleset, state).items()]


def unit_words(unit: str) -> str:
    """A length unit explained (the unit itself when it has no explanation)."""
    return UNIT_WORDS.get(unit, unit)


def matchups(ruleset: Ruleset, state: Any, roster: Iterable[RosterEntry],
             rulings: Mapping[str, Any] | None = None,
             session: CombatSession | None = None) -> list[Matchup]:
    """The fight in every registered system with an autopilot (what is missing named):
    ``session``'s own set-up for its own system, the roster's blocks for the others."""
    by_name = {entry.name.casefold(): entry for entry in roster}
    fighters = fighters_of(ruleset, state)
    found = []
    for name in ruleset_names():
        system = get_ruleset(name)
        if not system.can(FORECAST):  # a system the forecast cannot play
            continue
        if session is not None and name == session.ruleset.name:
            found.append(own_matchup(session))
        else:
            found.append(_matchup(system, fighters, by_name, (rulings or {}).get(name)))
    return found


def own_matchup(session: CombatSession) -> Matchup:
    """The fight's own system: its own set-up, as the GM made it."""
    system = session.ruleset
    state = setup(session)
    played = "; ".join((
        "blocks: the fight's own", order_words(system, state, set_by_gm=has_order(session)),
        rulings_words(state.options)))
    return Matchup(system.name, system.title, state, played=played,
                   unit=system.forecast_unit)


def _matchup(system: Ruleset, fighters: list[tuple[str, str, str]],
             by_name: Mapping[str, RosterEntry], options: Any) -> Matchup:
    try:
        lacking = [who for _, who, _ in fighters if _block(by_name, who, system) is None]
    except RulesError as error:  # a stat block kept as read that does not read (damaged)
        return Matchup(system.name, system.title, missing=str(error))
    if lacking:
        return Matchup(system.name, system.title,
                       missing="no " + system.title + " block for " + ", ".join(lacking))
    session = CombatSession(system, options if options is not None else system.default_options())
    try:
        for cid, who, side in fighters:
            block = _block(by_name, who, system)
            session.apply(system.join_action(cid, system.named_block(block, who), side))
    except RulesError as error:
        return Matchup(system.name, system.title, missing=str(error))
    state = session.state
    played = "; ".join(("blocks: the roster's", order_words(system, state, set_by_gm=False),
                        rulings_words(state.options, "the campaign's")))
    return Matchup(system.name, system.title, state, played=played, unit=system.forecast_unit)


def _block(by_name: Mapping[str, RosterEntry], who: str, system: Ruleset) -> Any | None:
    entry = by_name.get(who.casefold())
    return entry.block(system.name) if entry is not None else None


# -- the fight's own set-up -------------------------------------------------------------------


def _states(session: CombatSession) -> list[Any]:
    """The fight after each of the log's first steps, in one pass (the states before and
    after every step; ``state_at`` for each would replay the log again from its start)."""
    states = [session.state_at(0)]
    for index, entry in enumerate(session.log):
        if isinstance(entry.action, Rewind):  # the session knows what a rewind reaches
            states.append(session.state_at(index + 1))
            continue
        work = states[-1].clone()
        session.ruleset.apply(work, entry.action)
        states.append(work)
    return states


def setup_length(session: CombatSession, states: list[Any] | None = None) -> int:
    """How many of the log's first steps are the set-up: those before the first step that
    moves the fight's clock, or changes anyone's end values (a wound, a spent pool) other
    than by arranging the order (3e's Join Battle sets Initiative and the order at once)."""
    ruleset = session.ruleset
    states = _states(session) if states is None else states
    for index in range(len(session.log)):
        if _moved(ruleset, states[index], states[index + 1]):
            return index
    return len(session.log)


def _moved(ruleset: Ruleset, before: Any, after: Any) -> bool:
    if ruleset.outcome(after).clock != ruleset.outcome(before).clock:
        return True
    was, now = ruleset.end_values(before), ruleset.end_values(after)
    if all(now[cid] == values for cid, values in was.items() if cid in now):
        return False
    return ruleset.turn_order(after) == ruleset.turn_order(before)


def setup(session: CombatSession) -> Any:
    """The fight as it stood when set up (the current state if nothing has happened)."""
    states = _states(session)
    length = setup_length(session, states)
    if length == len(session.log):
        return session.state.clone()
    return states[length].clone()


def _order_kinds(session: CombatSession, states: list[Any], length: int) -> set[str]:
    """The kinds of set-up step that arranged the order (a list, rolls, a tie settled):
    every kind one of whose steps changed the turn order other than by joining."""
    ruleset, kinds = session.ruleset, set()
    for index in range(length):
        action = session.log[index].action
        if action.kind not in _KEPT_KINDS and \
                ruleset.turn_order(states[index + 1]) != ruleset.turn_order(states[index]):
            kinds.add(action.kind)
    return kinds


def has_order(session: CombatSession) -> bool:
    """Whether the set-up holds steps that arranged the order."""
    states = _states(session)
    return bool(_order_kinds(session, states, setup_length(session, states)))


def order_rolled(session: CombatSession) -> tuple[Any, str] | None:
    """The set-up with its order left to the dice, and how that was done in words; None when
    the order is already left to them or the fight has gone past its set-up (nothing to
    compare)."""
    states = _states(session)
    length = setup_length(session, states)
    if length < len(session.log):
        return None  # the fight has gone on: its order is what happened, not a choice
    kinds = _order_kinds(session, states, length)
    ruleset = session.ruleset
    options, switched = _rolled_ruling(states[length].options)
    if not kinds and switched is None:
        return None
    replayed = CombatSession(ruleset, options)
    for entry in session.log[:length]:
        if entry.action.kind in kinds or entry.action.kind == "change_ruling":
            continue  # the rulings are already those the set-up reached
        try:
            replayed.apply(entry.action)
        except RulesError:  # a step that needed the order (a tie it settled): dropped
            continue
    how = ["without the GM's " + ", ".join(sorted(kinds)) + " steps"] if kinds else []
    if switched is not None:
        how.append(f"ruling {switched}")
    return replayed.state, " and ".join(how) + ", so each playout rolls its own order"


def _rolled_ruling(options: Any) -> tuple[Any, str | None]:
    """Options whose order ruling rolls, where a ruling about the order offers a roll and is
    not set to one (read from the declared choices; a roll once for the fight before one
    each round); the words of the change, or None if there is none."""
    for spec in options.specs():
        if "order" not in spec.name or not spec.choices:
            continue
        value = getattr(options, spec.name)
        rolls = [choice for choice in spec.choices if "roll" in choice]
        if not rolls or value in rolls:
            continue
        chosen = next((choice for choice in rolls if "once" in choice), rolls[0])
        return options.changed(spec.name, chosen), f"{spec.label}: {value} -> {chosen}"
    return options, None


# -- words -----------------------------------------------------------------------------------


def order_words(ruleset: Ruleset, state: Any, *, set_by_gm: bool) -> str:
    """Which order a version of the fight plays."""
    order = ruleset.turn_order(state)
    names = ruleset.names(state)
    listed = ", ".join(names(cid) for cid in order)
    if set_by_gm:
        return f"order: the fight's own ({listed})"
    if not order:
        return "order: rolled in each playout"
    return f"order: joining order ({listed}) unless the rules roll it in each playout"


def rulings_words(options: Any, whose: str = "the fight's") -> str:
    """The rulings a version of the fight plays under: defaults, or those changed."""
    changed = [f"{spec.label} {getattr(options, spec.name)}" for spec in options.specs()
               if getattr(options, spec.name) != spec.default]
    if not changed:
        return f"rulings: {whose}, all defaults"
    return f"rulings: {whose} ({'; '.join(changed)})"
