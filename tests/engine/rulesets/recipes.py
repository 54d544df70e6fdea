"""Fights set up for the action kinds a random walk rarely reaches, and makers that build
each kind from the fight as it stands.

A ``Recipe`` is a scene (a fight in the state a rare kind needs: a grapple in progress,
a fighter prone, a battle group, a tie to settle...) and, in order, the kinds to try
there, each with its maker: a function of the hypothesis data and the session that picks
legal targets and values from the state (whose turn it is, who is close, what is held)
and draws the rest (dice, flags), so a maker's action is usually accepted but not always.

Each ruleset's recipes live beside its tests (``<name>/recipes.py``); the walk that uses
them is ``tests/engine/test_walks_reach_every_kind.py``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action, ChangeBlock, ChangeRuling
from battlewheel.engine.core.conditions import NO_EXPIRY, AddCondition, Condition, RemoveCondition
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.options import Options
from battlewheel.engine.core.session import CombatSession

Maker = Callable[[st.DataObject, CombatSession], Action | None]


@dataclass(frozen=True)
class Recipe:
    """A fight set up for some kinds, and a maker for each, tried in this order (a kind
    may come back: a turn passed between two actions of the same fighter)."""

    name: str
    scene: Callable[[], CombatSession]
    makers: tuple[tuple[str, Maker], ...]


def typed(data: st.DataObject, low: int = 0, high: int = 6) -> DiceEntry:
    """Successes the GM typed, drawn between ``low`` and ``high``."""
    return DiceEntry.of_successes(data.draw(st.integers(low, high), label="successes"))


def pick(data: st.DataObject, among: Any, label: str = "pick") -> Any:
    """One of ``among`` (a sequence), or None if it is empty."""
    among = list(among)
    return data.draw(st.sampled_from(among), label=label) if among else None


def whose_turn(session: CombatSession) -> str:
    """Whose turn it is (the ruleset's ``acting``), else the first fighter ("" if none)."""
    ruleset, state = session.ruleset, session.state
    return next(iter((*ruleset.acting(state), *ruleset.combatants(state))), "")


def anyone(data: st.DataObject, session: CombatSession) -> str:
    """Any fighter in the fight ("" if there is none)."""
    return str(pick(data, session.ruleset.combatants(session.state), "who") or "")


# -- the kinds every ruleset shares (the core's) -------------------------------------------


def add_condition(data: st.DataObject, session: CombatSession) -> Action | None:
    """A lasting condition on anyone in the fight."""
    who = anyone(data, session)
    words = data.draw(st.sampled_from(("Blinded", "Blessed", "On fire")), label="words")
    return AddCondition(who, Condition(words, dice=data.draw(st.integers(-2, 2)),
                                       defence=data.draw(st.integers(-2, 2)),
                                       expiry=NO_EXPIRY)) if who else None


def remove_condition(data: st.DataObject, session: CombatSession) -> Action | None:
    """One of the conditions someone wears, by its index and words."""
    worn = [(cid, index, held.text)
            for cid, record in session.ruleset.condition_records(session.state).items()
            for index, held in enumerate(record.conditions)]
    chosen = pick(data, worn, "worn")
    return RemoveCondition(*chosen) if chosen else None


def change_block(data: st.DataObject, session: CombatSession) -> Action | None:
    """Someone's stat block swapped for another fighter's (the editor's change)."""
    from .every_action import _block_of

    records = session.ruleset.condition_records(session.state) \
        or session.ruleset.combatants(session.state)
    own = {cid: _block_of(record) for cid, record in records.items()}
    swaps = [(cid, other.to_json()) for cid, block in own.items() for other in own.values()
             if block is not None and other is not None and other.to_json() != block.to_json()]
    chosen = pick(data, swaps, "swap")
    return ChangeBlock(*chosen) if chosen else None


def change_ruling(data: st.DataObject, session: CombatSession) -> Action | None:
    """One of the rulings with choices changed to another of its choices."""
    options = session.state.options
    changes = [(spec.name, value) for spec in options.specs() for value in spec.choices
               if value != getattr(options, spec.name)]
    chosen = pick(data, changes, "ruling")
    return ChangeRuling(*chosen) if chosen else None


SHARED: dict[str, Maker] = {"add_condition": add_condition,
                            "remove_condition": remove_condition,
                            "change_block": change_block, "change_ruling": change_ruling}
"""Makers of the core's kinds, the same in every ruleset."""


def attempt(session: CombatSession, action: Action) -> None:
    """A scene's step that only some rulings take (a band under range bands, a roll under
    a rolled order): applied if the rules accept it, left out if not."""
    with contextlib.suppress(IllegalAction):
        session.apply(action)


# -- rulings -------------------------------------------------------------------------------


def rulings(options_type: type[Options], walk: int) -> dict[str, object]:
    """The rulings of the ``walk``-th walk: each option with choices takes its choices in
    turn (offset by its place, so no walk is all defaults and, over as many walks as the
    longest list, every alternative of every option is walked); flags alternate; a
    bounded number takes its low, default and high value in turn."""
    chosen: dict[str, object] = {}
    for place, spec in enumerate(options_type.specs()):
        if spec.choices:
            values: tuple[object, ...] = tuple(spec.choices)
        elif isinstance(spec.default, bool):
            values = (spec.default, not spec.default)
        elif spec.bounds:
            values = (spec.bounds[0], spec.default, spec.bounds[1])
        else:
            continue
        chosen[spec.name] = values[(walk + place) % len(values)]
    return chosen
