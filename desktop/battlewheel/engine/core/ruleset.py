"""The ruleset interface and its registry.

A ruleset owns everything particular to one combat system: its state type, its
actions and their handlers, its options, its characters' stat blocks, its log
sentences, and the presentation contract (``contract.py``) the desktop reads. The
session and the shared views talk only to this interface, so the four systems stand
side by side under ``engine/rulesets/`` without the core knowing any of them.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
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
from battlewheel.engine.core.errors import IllegalAction, RulesError, TraitValueError
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.options import Options
from battlewheel.engine.core.outcome import Outcome
from battlewheel.engine.core.positions import guard_positions

# The editor's forms (block_form) are read only by the editor and a stat block's change:
# imported there, not before the first paint.
if TYPE_CHECKING:
    from battlewheel.engine.core.block_form import BlockSchema, BlockTemplate
    from battlewheel.engine.core.lasting import LastingRules


class CombatState(Protocol):
    """What the core needs of a ruleset's state: its options, and a cheap copy."""

    options: Any

    def clone(self) -> Any: ...


Handler = Callable[[Any, Any], list[Event]]


class Autopilot(Protocol):
    """A ruleset's autopilot for the encounter forecast (its ``autopilot.py`` module)."""

    def candidates(self, state: Any, rng: random.Random,
                   tactics: Mapping[str, str]) -> Iterator[Action]: ...

    def outcome(self, state: Any) -> Outcome: ...

    def end_values(self, state: Any) -> dict[str, dict[str, float]]: ...
class ModuleOnFirstUse:
    """A ruleset's module read from the class but imported only when first read: the
    forecast's autopilot is never needed before the first paint, so start-up skips it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.module: Any = None

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        # Kept once imported: a playout reads it several times an action.
        if self.module is None:
            self.module = importlib.import_module(self.name)
        return self.module


RULINGS_SECTION = "Combat > Rulings"
NUMBER_BOUNDS = (-1_000_000, 1_000_000)
"""The whole numbers any action may carry: no tick, count, roll or value of any system
means anything beyond a million (a ruleset bounds some more tightly: ``number_bounds``)."""


class Ruleset(ABC):
    """One combat system behind the contract the session and the desktop read."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A gesture's absurd position is refused, not a TraitValueError (positions.py).
        super().__init_subclass__(**kwargs)
        guard_positions(cls)

    name: ClassVar[str]
    title: ClassVar[str]
    seed: ClassVar[str]
    options_type: ClassVar[type[Options]]
    # The character stat block of this system: a frozen dataclass whose first field is
    # ``name``, every other field defaulted, with ``to_json`` and ``from_json``.
    block_type: ClassVar[type[Any]]
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

    # -- stat blocks ------------------------------------------------------------------

    def block_from_json(self, obj: object) -> Any:
        """A stat block of this system read strictly from JSON."""
        return self.block_type.from_json(obj)

    def new_block(self, name: str) -> Any:
        """A fresh stat block for a character who has none in this system yet."""
        return self.block_type(name=name)

    def block_name(self, block: Any) -> str:
        """The name a stat block carries."""
        return str(block.name)

    def named_block(self, block: Any, name: str) -> Any:
        """The same stat block under another name (a numbered copy: "Hunt spearman 3")."""
        return dataclasses.replace(block, name=name)

    # -- the character editor (engine/core/block_form.py) ----------------------------

    # The system's editor form (its ``form.py``: ``SCHEMA``, ``templates()``,
    # ``block_form``, ``block_from_form``, ``preview``); None: the defaults below read
    # the block's JSON through an empty form.
    form_module: ClassVar[Any] = None

    def block_schema(self) -> BlockSchema:
        """The editor's form for this system's stat block: groups, fields, rows, bounds."""
        from battlewheel.engine.core.block_form import BlockSchema

        if self.form_module is not None:
            return cast(BlockSchema, self.form_module.SCHEMA)
        return BlockSchema(groups=())

    def block_templates(self) -> tuple[BlockTemplate, ...]:
        """Starting points for a new character (mortal, extra, an Exalt, a seed's NPC)."""
        if self.form_module is not None:
            return cast("tuple[BlockTemplate, ...]", self.form_module.templates())
        from battlewheel.engine.core.block_form import BlockTemplate

        return (BlockTemplate("blank", "Blank", self.new_block("New character")),)

    def block_form(self, block: Any) -> dict[str, Any]:
        """A block as the editor's form values."""
        if self.form_module is not None:
            return cast(dict[str, Any], self.form_module.block_form(block))
        from battlewheel.engine.core.block_form import values_from_json

        return values_from_json(self.block_schema(), block.to_json())

    def block_from_form(self, values: Mapping[str, Any], base: Any | None = None) -> Any:
        """The block the form describes, checked whole (``TraitValueError`` naming the field).

        ``base`` is the block being edited: what the form does not show is kept from it.
        """
        if self.form_module is not None:
            return self.form_module.block_from_form(values, base)
        from battlewheel.engine.core.block_form import json_from_values

        start = (base if base is not None else self.new_block("New character")).to_json()
        return self.block_from_json(json_from_values(self.block_schema(), values, start))

    def block_preview(self, block: Any) -> tuple[Any, ...]:
        """The values the sheet will show for a block (DVs, soak, pools, its track)."""
        if self.form_module is not None:
            return cast(tuple[Any, ...], self.form_module.preview(block))
        return self.block_card(block).sections

    def replace_block(self, state: Any, combatant_id: str, block: Any) -> list[Event]:
        """Give a fighter a changed stat block from now on (``ChangeBlock``), keeping
        what the fight did to them (damage, Initiative, position) where it still fits.
        """
        raise IllegalAction("character editor",
                            f"{self.title} cannot change a fighter's traits mid-fight yet")

    def block_side(self, block: Any) -> str:
        """The side a character of this block joins on unless the GM picks: a player
        character (a block whose ``player`` is true) as an ally, anyone else as a foe."""
        return c.ALLY if getattr(block, "player", False) else c.ENEMY

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

    def refresh(self, state: Any) -> None:  # noqa: B027 - optional, most rulesets need it
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
        (each system's state has one), else by the id itself."""
        named = getattr(state, "name", None)
        return named if callable(named) else (lambda cid: cid)

    def final_state(self, state: Any) -> dict[str, Any]:
        """The state ``battlewheel replay`` prints as JSON."""
        return {}

    # -- the presentation contract -------------------------------------------------------

    @abstractmethod
    def turn_track(self, state: Any) -> c.TurnTrack:
        """What the wheel shows: slots, cursor, counters and their badges."""

    def drop(self, state: Any, counter_id: str, slot: int) -> c.DropVerdict:
        """What letting ``counter_id`` go on ``slot`` would do (refused unless a ruleset says)."""
        return c.DropVerdict(None, refusal="counters do not move by hand in this system")

    def pocket_drop(self, state: Any, counter_id: str, text: str | None = None) -> c.DropVerdict:
        """What letting ``counter_id`` go in the ring's side pocket would do.

        Asked first with ``text`` None; a verdict with a ``prompt`` wants words from the
        GM (a trigger) and is asked again with them. Refused unless a ruleset says.
        """
        return c.DropVerdict(None, refusal="the wheel of this system has no pocket")

    def pocket_fire(self, state: Any, counter_id: str, slot: int) -> c.DropVerdict:
        """What dragging ``counter_id`` out of the pocket onto ``slot`` would do."""
        return c.DropVerdict(None, refusal="the wheel of this system has no pocket")

    @abstractmethod
    def sheet(self, state: Any, combatant_id: str) -> c.SheetView:
        """One combatant's sheet as it stands now."""

    def vitality(self, state: Any, combatant_id: str) -> c.Vitality:
        """How hurt a combatant is, for the player screen (read from the sheet and wheel).

        The default takes the sheet's first box track and the counter's ``down``; an
        ally counts as a player character.
        """
        sheet = self.sheet(state, combatant_id)
        track = next(iter(sheet.tracks()), None)
        counter = self.turn_track(state).counter(combatant_id)
        left = track.marks.count(track.blank) / len(track.marks) if track and track.marks else 1.0
        down = counter.down if counter is not None else False
        return c.Vitality(left, down, sheet.side == c.ALLY, track)

    def box_click(self, state: Any, combatant_id: str, track: str, index: int) -> Action | None:
        """The action a click on box ``index`` of a sheet's track asks for (None: not clickable)."""
        return None

    def pool_change(
        self, state: Any, combatant_id: str, pool: str, amount: int
    ) -> Action | None:
        """The action spending (negative) or regaining (positive) ``amount`` of a pool."""
        return None

    def roster_columns(self) -> tuple[c.Column, ...]:
        """The combatants table's columns: name first, then the ruleset's own."""
        return (c.Column("Name"), c.Column("Side", hidden=True),
                c.Column("Turn", order=True), c.Column("Track", track=True))

    def roster_cells(self, state: Any, combatant_id: str) -> tuple[c.Cell, ...]:
        """One combatant's cells, one per column of ``roster_columns`` (read from the sheet).

        A row follows its combatant's record (``combatants``), except the turn-order
        column, which may follow the whole fight (``roster_order``): the table reads a
        row again when its combatant changed, and that column of every row when the
        wheel changed.
        """
        return self._sheet_row(state, combatant_id, self.turn_order(state))

    def roster_rows(
        self, state: Any, combatant_ids: Iterable[str]
    ) -> dict[str, tuple[c.Cell, ...]]:
        """Several combatants' rows at once (``roster_cells`` each), as the table reads them."""
        if self._own_roster_cells():
            return {cid: self.roster_cells(state, cid) for cid in combatant_ids}
        order = self.turn_order(state)  # once for all the rows, not once a row
        return {cid: self._sheet_row(state, cid, order) for cid in combatant_ids}

    def roster_order(self, state: Any) -> dict[str, c.Cell] | None:
        """Every combatant's cell of the turn-order column, read when the wheel changed.

        None when that cell too follows the combatant's own record (as 2e's next tick
        does): the table then reads again only the rows of combatants who changed.
        """
        ids = list(self.fighter_ids(state))  # the ids alone (Impulse's records cost n²)
        if self._own_roster_cells():  # a ruleset's own rows: read whole, keep the column
            column = next((i for i, col in enumerate(self.roster_columns()) if col.order), 0)
            return {cid: row[column] for cid, row in self.roster_rows(state, ids).items()}
        order = self.turn_order(state)
        return {cid: _place_cell(order, cid) for cid in ids}

    def _own_roster_cells(self) -> bool:
        # A ruleset with rows of its own (not read from the sheet) gets the safe defaults.
        return type(self).roster_cells is not Ruleset.roster_cells

    def _sheet_row(
        self, state: Any, combatant_id: str, order: tuple[str, ...]
    ) -> tuple[c.Cell, ...]:
        sheet = self.sheet(state, combatant_id)
        track = next(iter(sheet.tracks()), None)
        track_cell = c.Cell(track.marks, track.marks.count(track.blank), track.summary, track) \
            if track else c.Cell()
        return (c.Cell(sheet.name, sheet.name.lower()), c.Cell(sheet.side, sheet.side),
                _place_cell(order, combatant_id), track_cell)

    def turn_order(self, state: Any) -> tuple[str, ...]:
        """Combatants in the order they act next (the table's default sort)."""
        return tuple(self.combatants(state))

    def turn_actions(self, state: Any) -> tuple[c.TurnAction, ...]:
        """The Combat menu's entries for the turn, in order."""
        return ()

    def next_step(self, state: Any) -> c.TurnAction | None:
        """The one next step of the turn, whatever it is (Space and the toolbar's Next).

        One of the ``turn_actions`` entries (or an action to push as it is); None when
        the ruleset does not say, and the window then has no next step to offer.
        """
        return None

    def card(self, state: Any, combatant_id: str) -> c.Card:
        """A fighter's printed card, with the marks of the fight as it stands."""
        raise NotImplementedError(f"{self.title} has no printed card yet")

    def block_card(self, block: Any) -> c.Card:
        """A printed card for a roster character's stat block, its tracks empty."""
        raise NotImplementedError(f"{self.title} has no printed card yet")

    def acting(self, state: Any) -> tuple[str, ...]:
        """Whose turn it is now (empty between turns)."""
        return ()

    def join_action(self, combatant_id: str, character: Any, side: str, *, roster: str = "",
                    lasting: Any = None) -> Action:
        """The action that brings a campaign character into a fight of this system.

        ``roster`` names the roster character ("" for a one-off foe) and ``lasting`` is
        their current condition (None: fresh); both are joining terms, written in the log
        only when set. Refused (``IllegalAction``) when the character has no stat block for it.
        """
        raise IllegalAction(self.title, f"{self.title} fights cannot take roster characters yet")

    def end_action(self, reason: str = "") -> Action | None:
        """The action that ends a fight in this system (None: it cannot be ended by hand)."""
        return None

    def status_line(self, state: Any) -> str:
        """The window's permanent status line: where the fight stands and what comes next."""
        return ""

    # How to read the wheel, in a few short paragraphs of rich text (Help menu).
    legend: ClassVar[str] = "<p>Drag a counter to another slot; Ctrl+Z undoes it.</p>"

    def wheel_legend(self) -> str:
        """How to read the wheel, in a few short paragraphs of rich text (Help menu)."""
        return self.legend

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

    # -- the encounter forecast (engine/core/forecast.py) ---------------------------------

    # What a forecast counts a fight's length in.
    forecast_unit: ClassVar[str] = "rounds"
    # How long a forecast's playout may run on (in ``forecast_unit``) before it counts
    # as a stalemate.
    forecast_limit: ClassVar[int] = 60
    # The system's autopilot (its ``autopilot.py``); None: it cannot be forecast yet.
    autopilot_module: ClassVar[Autopilot | None] = None

    def autopilot_candidates(self, state: Any, rng: random.Random,
                             tactics: Mapping[str, str]) -> Iterator[Action]:
        """The actions the autopilot would take now, best first, dice rolled from ``rng``;
        ``tactics`` maps a side to its stance."""
        if self.autopilot_module is None:
            return iter(())
        return self.autopilot_module.candidates(state, rng, tactics)

    def autopilot(self, state: Any, rng: random.Random,
                  tactics: Mapping[str, str]) -> Action | None:
        """The autopilot's action for whoever must act now: the first candidate the rules
        accept (None when there is none)."""
        for action in self.autopilot_candidates(state, rng, tactics):
            if self.refusal(state, action) is None:
                return action
        return None

    def refusal(self, state: Any, action: Action) -> RulesError | None:
        """Why ``action`` would be refused in ``state`` (tried on a copy), or None."""
        try:
            self.apply(state.clone(), action)
        except RulesError as error:
            return error
        return None

    def outcome(self, state: Any) -> Outcome:
        """Whether the fight is over and who won (a system without an autopilot: never)."""
        if self.autopilot_module is None:
            return Outcome(False, None, 0)
        return self.autopilot_module.outcome(state)

    def end_values(self, state: Any) -> dict[str, dict[str, float]]:
        """Each combatant's values worth averaging at a fight's end (Health lost, Initiative)."""
        if self.autopilot_module is None:
            return {}
        return self.autopilot_module.end_values(state)

    def combatants(self, state: Any) -> Mapping[str, Any]:
        """Each combatant's record by id, in the order they joined.

        Records are frozen values replaced whole on every change, so comparing two
        states' records tells which combatants an action touched.
        """
        found: Mapping[str, Any] = state.combatants
        return found

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


# -- the registry ------------------------------------------------------------------------

_REGISTRY: dict[str, Ruleset] = {}
_PLUGINS = "battlewheel.engine.rulesets"


def register_ruleset(ruleset: Ruleset) -> Ruleset:
    """Make a ruleset available by its name."""
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def _load_plugins(name: str | None = None) -> None:
    # The rulesets register themselves when their package is imported; the core never
    # names one, it only asks the rulesets package to load the one asked for (or all).
    importlib.import_module(_PLUGINS).load(name)


def get_ruleset(name: str) -> Ruleset:
    """The ruleset registered under ``name``; an unknown name is refused with the known ones."""
    if name not in _REGISTRY:
        _load_plugins(name)
    if name not in _REGISTRY:
        _load_plugins()
    if name not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY))
        raise IllegalAction("ruleset", f"unknown ruleset {name!r}; known: {known}")
    return _REGISTRY[name]


def ruleset_known(name: str) -> bool:
    """Whether ``name`` is a ruleset's, registered or not yet loaded (loads nothing)."""
    return name in _REGISTRY or bool(importlib.import_module(_PLUGINS).known(name))


def ruleset_names() -> tuple[str, ...]:
    """Every registered ruleset's name."""
    _load_plugins()
    return tuple(_REGISTRY)


def _place_cell(order: tuple[str, ...], combatant_id: str) -> c.Cell:
    """The default turn-order cell: the place in the order counted from 1 (blank: none)."""
    place = order.index(combatant_id) if combatant_id in order else c.NOT_PLACED
    return c.Cell("" if place == c.NOT_PLACED else str(place + 1), place)
