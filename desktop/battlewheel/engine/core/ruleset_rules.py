"""The ruleset interface: one combat system's rules behind what the session reads.

A ruleset owns everything particular to one combat system: its state type, its
actions and their handlers, its options, its characters' stat blocks, its log
sentences, and the presentation contract (``contract.py``) the desktop reads. The
session and the shared views talk only to this interface, so the four systems stand
side by side under ``engine/rulesets/`` without the core knowing any of them.

``Ruleset`` is made of parts that each read on their own: the rules here (state,
actions, the core's checks, conditions, sentences, the combatants); its stat blocks and
the editor (``ruleset_blocks.py``); the presentation contract, read from the system's
presentation module (``ruleset_presentation.py``); the forecast
(``ruleset_forecast.py``). A system declares what it can do in its package's ``SYSTEM``
(``system.py``), which ``can`` reads; ``ruleset.py`` gathers the names to import.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

from battlewheel.engine.core import conditions as cond
from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import (
    Action,
    AddCombatant,
    ChangeBlock,
    ChangeRuling,
    EndCombat,
    Joining,
    Rewind,
    action_types,
    carried_numbers,
    decode_action,
    end_sentence,
    named_fighters,
    names_only,
    numbers_within,
)
from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.options import Options
from battlewheel.engine.core.positions import guard_positions
from battlewheel.engine.core.ruleset_blocks import StatBlocks
from battlewheel.engine.core.ruleset_forecast import Forecasting
from battlewheel.engine.core.ruleset_presentation import Presenting
from battlewheel.engine.core.system import System

if TYPE_CHECKING:
    from battlewheel.engine.core.lasting import LastingRules


class CombatState(Protocol):
    """What the core needs of a ruleset's state: its options, and a cheap copy."""

    options: Any

    def clone(self) -> Any: ...


class Fighters(Protocol):
    """The conventions the core's defaults read of a state: its fighters' records by id
    (``combatants``, each a frozen value with a ``conditions`` tuple) and a fighter's name
    by id (``name``). A state that keeps them otherwise says so through ``combatants``,
    ``names`` and ``condition_records``, as Pool & Ward's ``fighters`` do."""

    @property
    def combatants(self) -> Mapping[str, Any]: ...

    def name(self, combatant_id: str) -> str: ...


Handler = Callable[[Any, Any], list[Event]]

RULINGS_SECTION = "Combat > Rulings"
NUMBER_BOUNDS = (-1_000_000, 1_000_000)
"""The whole numbers any action may carry: no tick, count, roll or value of any system
means anything beyond a million (a ruleset bounds some more tightly: ``number_bounds``)."""


class Ruleset(StatBlocks, Presenting, Forecasting):
    """One combat system behind the contract the session and the desktop read."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A gesture's absurd position is refused, not a TraitValueError (positions.py).
        super().__init_subclass__(**kwargs)
        guard_positions(cls)

    name: ClassVar[str]
    title: ClassVar[str]
    seed: ClassVar[str]
    options_type: ClassVar[type[Options]]
    # The package's declaration is read from the package the class lives in (its
    # ``SYSTEM``); a ruleset outside ``engine/rulesets/`` (a test's) may name its own.
    own_system: ClassVar[System | None] = None
    # The seed section a refusal cites when an action names someone not in the fight.
    fighters_section: ClassVar[str] = "combatants"

    # What some numbers an action carries can mean, tighter than ``NUMBER_BOUNDS``:
    # "kind.field" (e.g. "set_initiative.value") -> (lowest, highest).
    number_bounds: ClassVar[Mapping[str, tuple[int, int]]] = {}

    # What a fighter joins on beyond id, stat block and side (None: nothing more), and
    # the log's words for the end of a fight: the shared actions' per-system parts.
    joining: ClassVar[Joining | None] = None
    end_words: ClassVar[str] = "The combat ends."
    # The field of a combatant's record holding its stat block ("": the log says only
    # that the GM changed the traits, not which).
    block_field: ClassVar[str] = ""

    def joining_rules(self) -> Joining:
        """This system's ``Joining``: its stat block type and the terms it declares."""
        return self.joining or Joining(self.block_type)

    def declaration(self) -> System:
        """What the system's package declares of it (``SYSTEM``): a ruleset declared
        nowhere can do nothing beyond playing a fight (no capabilities)."""
        found = self.__dict__.get("_declaration")
        if found is None:
            found = self.own_system or _package_system(type(self).__module__) \
                or System(self.name, self.title, self.seed)
            self.__dict__["_declaration"] = found
        return cast(System, found)

    def can(self, capability: str) -> bool:
        """Whether the system declares ``capability`` (``FORECAST``, ``EDITOR``, ``CARRY``)."""
        return self.declaration().can(capability)

    # -- state and actions ------------------------------------------------------------

    # The state of a fight (made from the options alone) and each action type with the
    # function that applies it: a system declares them, the core makes and applies.
    state_type: ClassVar[type[Any]]
    handler_table: ClassVar[Mapping[type[Action], Handler]]

    def new_state(self, options: Any) -> Any:
        """An empty combat under these options."""
        return self.state_type(options=options)

    def handlers(self) -> Mapping[type[Action], Handler]:
        """The action types this ruleset accepts and the function that applies each."""
        return self.handler_table

    def refresh(self, state: Any) -> None:
        """Recompute the derived values shown for the combatants (after every action)."""

    def default_options(self) -> Options:
        """The rulings a new combat starts with."""
        return self.options_type()

    def options_from_json(self, obj: object) -> Options:
        """This ruleset's options read from JSON; missing ones as they were before they existed."""
        return self.options_type.from_json(obj)

    def action_from_json(self, obj: object, path: str = "action") -> Action:
        """Read one action of this ruleset from the log, strictly."""
        return decode_action(obj, self._types(), path, self.joining_rules())

    def _types(self) -> dict[str, type[Action]]:
        cached: dict[str, type[Action]] | None = self.__dict__.get("_action_types")
        if cached is None:
            cached = action_types([*self.handlers(), ChangeRuling, ChangeBlock, Rewind,
                                   *cond.CONDITION_ACTIONS])
            self.__dict__["_action_types"] = cached
        return cached

    # The action kinds offered in each phase of a fight (the state's ``phase``) and in
    # every phase; a system that declares none offers all its kinds.
    offers_by_phase: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    offers_always: ClassVar[tuple[str, ...]] = ()

    def offered(self, state: Any) -> tuple[str, ...]:
        """The action kinds this ruleset offers now (none once the fight has ended)."""
        if not self.offers_by_phase:
            return tuple(cls.kind for cls in self.handlers())
        if state.ended:
            return ()
        return (*self.offers_by_phase[state.phase], *self.offers_always)

    def apply(self, state: Any, action: Action) -> list[Event]:
        """Change ``state`` by ``action``; the caller passes a copy it can throw away.

        Conditions whose time is up end as part of the action that moved time on, so
        undoing that action brings them back.
        """
        self._refuse_unknown_fighters(state, action)
        self._refuse_meaningless_numbers(action)
        return self.apply_for_playout(state, action)

    def apply_for_playout(self, state: Any, action: Action) -> list[Event]:
        """``apply`` without the core's checks that ``action`` names only fighters present
        and numbers within bounds: for a forecast's autopilot, which built the action from
        ``state`` (engine/core/playout_mode.py; every rule of the handler still holds)."""
        if isinstance(action, AddCombatant):
            self._refuse_bad_joining(state, action)
        if isinstance(action, ChangeRuling):
            events = change_ruling(state, action)
        elif isinstance(action, ChangeBlock):
            if action.combatant_id not in self.fighter_ids(state):
                raise IllegalAction("character editor", "no such fighter in this combat")
            block = self.block_from_json(dict(action.block))
            events = self.replace_block(state, action.combatant_id, block)
        elif isinstance(action, cond.AddCondition):
            events = cond.add_condition(self.condition_records(state), action,
                                        self.condition_unit, self.acting(state))
        elif isinstance(action, cond.RemoveCondition):
            events = cond.remove_condition(self.condition_records(state), action)
        else:
            handler = self.handlers().get(type(action))
            if handler is None:
                raise IllegalAction(f"ruleset {self.name}", f"does not offer {action.kind!r}")
            if not self._holds_conditions(state):
                # Nobody holds a condition (only the GM gives them): none to count down.
                events = handler(state, action)
            else:
                before = self._moment(state)
                events = handler(state, action)
                after = self._moment(state)
                if cond.time_moved(before, after):
                    events = [*events, *cond.expire(self.condition_records(state), before,
                                                    after, self.names(state))]
        self.refresh(state)
        return events

    def _refuse_bad_joining(self, state: Any, action: AddCombatant) -> None:
        """A newcomer needs a new id and a side, and joins on this system's terms: the
        shared part of joining, refused before the ruleset's handler runs."""
        if not action.id.strip() or action.id in self.combatants(state):
            raise IllegalAction(self.fighters_section,
                                f"the id {action.id!r} is empty or already in the fight")
        if action.side not in c.SIDES:
            raise IllegalAction(self.fighters_section, f"side must be one of "
                                f"{', '.join(c.SIDES)}, not {action.side!r}")
        self.joining_rules().check(action, self.fighters_section)

    def _refuse_meaningless_numbers(self, action: Action) -> None:
        """A number no rule can mean is a rules refusal (a huge Initiative hung the 3e ring)."""
        if action.kind not in self._bounded_kinds() and numbers_within(action, *NUMBER_BOUNDS):
            return  # the common case, answered without naming each number's place
        for where, value in carried_numbers(action):
            low, high = self.number_bounds.get(f"{action.kind}.{where}", NUMBER_BOUNDS)
            if not low <= value <= high:
                raise IllegalAction(self.title, f"{where} must be {low} to {high}, not {value}")

    def _bounded_kinds(self) -> frozenset[str]:
        """The action kinds ``number_bounds`` bounds more tightly than ``NUMBER_BOUNDS``."""
        cached = self.__dict__.get("_bounded")
        if cached is None:
            cached = frozenset(key.partition(".")[0] for key in self.number_bounds)
            self.__dict__["_bounded"] = cached
        return cached

    def _refuse_unknown_fighters(self, state: Any, action: Action) -> None:
        """An action naming someone not in the fight is a rules refusal, in every ruleset."""
        present = self.fighter_ids(state)
        if names_only(action, present):
            return  # the common case, answered without naming each field
        for where, fighter in named_fighters(action):
            if fighter not in present:
                raise IllegalAction(self.fighters_section, f"{where} names {fighter!r}, "
                                    "who is not in this fight")

    # -- conditions (engine/core/conditions.py) ---------------------------------------------

    # The unit a condition's duration is counted in: the ruleset's ``condition_clock``.
    condition_unit: ClassVar[str] = "rounds"

    def condition_clock(self, state: Any) -> int | None:
        """Time passed in ``condition_unit`` (None while the fight's clock is not running)."""
        return None

    def condition_records(self, state: Any) -> dict[str, Any]:
        """The state's own dict of combatant records, each with a ``conditions`` field.

        A system whose state keeps none there has no conditions (an empty dict).
        """
        found = getattr(state, "combatants", None)
        return found if isinstance(found, dict) else {}

    def condition_turn(self, state: Any) -> str:
        """A token naming the turn under way, when one combatant can act twice running."""
        return ""

    def _holds_conditions(self, state: Any) -> bool:
        """Whether any combatant holds a condition (most fights: nobody)."""
        return any(cond.conditions_of(record)
                   for record in self.condition_records(state).values())

    def _moment(self, state: Any) -> cond.Moment:
        turn = self.condition_turn(state)
        return cond.Moment(self.condition_clock(state),
                           frozenset((cid, turn) for cid in self.acting(state)))

    # The module whose ``describe(before, action, after)`` words the log from the states
    # around each action (None: each action's own sentence).
    sentences_module: ClassVar[Any] = None

    def describe(self, before: Any, action: Action, after: Any | None) -> str:
        """The log sentence of ``action`` from ``before`` to ``after`` (None: it was refused)."""
        shared = self.shared_sentence(before, action)
        if shared:
            return shared
        if self.sentences_module is not None:
            return cast(str, self.sentences_module.describe(before, action, after))
        return action.sentence(self.names(before))

    def shared_sentence(self, before: Any, action: Action) -> str | None:
        """The log line of an action every ruleset shares, in this system's words: the end
        of the fight, a stat block changed (which traits; None: not one of them)."""
        if isinstance(action, EndCombat):
            return end_sentence(self.end_words, action.reason)
        if isinstance(action, ChangeBlock) and self.block_field:
            record = self.condition_records(before).get(action.combatant_id)
            if record is not None:
                from battlewheel.engine.core.block_form import block_change_sentence

                return block_change_sentence(self, getattr(record, self.block_field),
                                             action.block)
        return None

    def names(self, state: Any) -> Callable[[str], str]:
        """How sentences name a combatant id in this state: by the state's own ``name``
        (``Fighters``: each system's state has one), else by the id itself."""
        named: Callable[[str], str] | None = getattr(state, "name", None)
        return named if callable(named) else (lambda cid: cid)

    def final_state(self, state: Any) -> dict[str, Any]:
        """The state ``battlewheel replay`` prints as JSON."""
        return {}

    def turn_order(self, state: Any) -> tuple[str, ...]:
        """Combatants in the order they act next (the table's default sort)."""
        return tuple(self.combatants(state))

    def acting(self, state: Any) -> tuple[str, ...]:
        """Whose turn it is now (empty between turns)."""
        return ()

    def join_action(self, combatant_id: str, character: Any, side: str, *, roster: str = "",
                    lasting: Any = None) -> Action:
        """The action that brings a campaign character into a fight of this system.

        ``roster`` names the roster character ("" for a one-off foe) and ``lasting`` is
        their current condition (None: fresh); both are joining terms, written in the log
        only when set. Refused (``IllegalAction``) when the character has no stat block for it.
        By default the shared ``AddCombatant`` where the system's handlers take it, with
        those terms where set and the system declares them (its ``joining``).
        """
        if AddCombatant not in self.handlers():
            raise IllegalAction(self.title,
                                f"{self.title} fights cannot take roster characters yet")
        terms: dict[str, Any] = {"roster": roster} if roster and self.joining else {}
        if lasting is not None and self.joining is not None:
            terms["lasting"] = lasting
        return AddCombatant(combatant_id, character, side, **terms)

    def end_action(self, reason: str = "") -> Action | None:
        """The action that ends a fight in this system: the shared ``EndCombat`` with the
        GM's reason where the system handles it (None: it cannot be ended by hand)."""
        return EndCombat(reason=reason) if EndCombat in self.handlers() else None

    # -- between fights (engine/core/lasting.py) ----------------------------------------

    # The system's current-condition rules (its ``lasting.py``: ``LASTING``, ``fresh``,
    # ``after``, ``lines``, ``carried``, ``fitted``, ``summary``, ``sections``,
    # ``rest_offers``, ``rested``); None: nothing carries from its fights yet.
    lasting_module: ClassVar[LastingRules | None] = None

    def lasting_rules(self) -> LastingRules:
        """This system's current-condition rules; refused where it declares none."""
        if self.lasting_module is None:
            raise IllegalAction(self.title, f"{self.title} fights carry nothing yet")
        return self.lasting_module

    def combatants(self, state: Any) -> Mapping[str, Any]:
        """Each combatant's record by id, in the order they joined.

        Records are frozen values replaced whole on every change, so comparing two
        states' records tells which combatants an action touched. By default the state's
        own ``combatants`` (``Fighters``).
        """
        return cast(Fighters, state).combatants

    def fighter_ids(self, state: Any) -> Collection[str]:
        """Who is in the fight: the ids of ``combatants``. A ruleset whose records cost
        something to build says it more cheaply (every action is checked against it)."""
        return self.combatants(state)


def change_ruling(state: Any, action: ChangeRuling) -> list[Event]:
    """Change one ruling of a fight in progress (a GM decision, logged and undoable)."""
    options: Options = state.options
    try:
        state.options = options.changed(action.name, action.value)
    except TraitValueError as error:
        raise IllegalAction(RULINGS_SECTION, str(error)) from error
    if state.options == options:
        raise IllegalAction(RULINGS_SECTION, f"{action.name} is already {action.value!r}")
    return [Event("ruling_changed", text=f"{action.name} = {action.value!r}")]


def _package_system(module: str) -> System | None:
    """The ``SYSTEM`` of the package holding ``module`` (None: it declares none)."""
    package = module.rpartition(".")[0]
    found = getattr(importlib.import_module(package), "SYSTEM", None) if package else None
    return found if isinstance(found, System) else None
