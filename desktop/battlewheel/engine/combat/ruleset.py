"""The ruleset interface and its registry.

A ruleset owns what is particular to one combat system: how a fight is set up, the
turn order, the actions it offers and its damage model. The session and the desktop
only talk to this interface, so further rulesets plug in without them changing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from battlewheel.engine.combat.actions import Action
from battlewheel.engine.combat.events import Event
from battlewheel.engine.combat.options import RulesetOptions
from battlewheel.engine.combat.state import Combat
from battlewheel.engine.errors import IllegalAction

Handler = Callable[[Combat, Any], list[Event]]


class Ruleset(ABC):
    """One combat system: its options, its actions and how each changes the state."""

    name: ClassVar[str]
    title: ClassVar[str]

    def new_state(self, options: RulesetOptions) -> Combat:
        """An empty combat under these options."""
        return Combat(options=options)

    def options_from_json(self, obj: object) -> RulesetOptions:
        """This ruleset's options read from JSON, defaults filled in."""
        return RulesetOptions.from_json(obj)

    @abstractmethod
    def handlers(self) -> Mapping[type[Action], Handler]:
        """The action types this ruleset accepts and the function that applies each."""

    @abstractmethod
    def refresh(self, state: Combat) -> None:
        """Recompute the derived values shown for every combatant."""

    def turn_order(self, state: Combat) -> tuple[str, ...]:
        """Combatants on the wheel, soonest to act first (ties in the order they were added)."""
        placed = [(c.next_tick, i, cid) for i, (cid, c) in enumerate(state.combatants.items())]
        return tuple(cid for tick, _, cid in sorted(p for p in placed if p[0] is not None))

    def pending_damage(self, state: Combat) -> tuple[Any, ...]:
        """Damage waiting to be rolled and applied this tick, per attacker and target."""
        return ()

    def offered(self, state: Combat) -> tuple[str, ...]:
        """The action kinds this ruleset offers (the desktop builds its menus from them)."""
        return tuple(cls.kind for cls in self.handlers())

    def apply(self, state: Combat, action: Action) -> list[Event]:
        """Change ``state`` by ``action``; the caller passes a copy it can throw away."""
        handler = self.handlers().get(type(action))
        if handler is None:
            raise IllegalAction(f"ruleset {self.name}", f"does not offer {action.kind!r}")
        events = handler(state, action)
        self.refresh(state)
        return events

    def describe(self, before: Combat, action: Action, after: Combat | None) -> str:
        """The log sentence of ``action`` from ``before`` to ``after`` (None: it was refused)."""
        return action.sentence(before.name)


_REGISTRY: dict[str, Ruleset] = {}


def register_ruleset(ruleset: Ruleset) -> Ruleset:
    """Make a ruleset available by its name."""
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def get_ruleset(name: str) -> Ruleset:
    """The ruleset registered under ``name``; an unknown name is refused with the known ones."""
    if name not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY))
        raise IllegalAction("ruleset", f"unknown ruleset {name!r}; known: {known}")
    return _REGISTRY[name]


def ruleset_names() -> tuple[str, ...]:
    """Every registered ruleset's name."""
    return tuple(_REGISTRY)
