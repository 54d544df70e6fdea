"""The presentation contract's side of a ruleset (``Ruleset``'s part), read from its module.

A system names its presentation module (``presentation_module``, its
``presentation.py``): plain functions, one for each question the shared views ask
(``contract.py``), under the same name as the ``Ruleset`` method that asks it:

- ``turn_track(state)`` and ``sheet(state, id)``: the wheel and a sheet (every system
  gives these two);
- ``drop(ruleset, state, id, slot)``, ``pocket_drop(ruleset, state, id, text)``,
  ``pocket_fire(ruleset, state, id, slot)``: a drag's ``DropVerdict`` (tried with
  ``ruleset.apply``), in the ring or its side pocket;
- ``vitality(state, id, sheet)``: the player screen's ``Vitality`` (``sheet``: as shown);
- ``box_click(state, id, track, index)``, ``pool_change(state, id, pool, amount)``: the
  action a click on a sheet asks for;
- ``roster_columns()``, ``roster_cells(state, id)``, ``roster_order(state)``: the
  system's own combatants table (giving ``roster_cells`` declares its rows its own);
- ``turn_actions(state)``, ``next_step(state)``, ``status_line(state)``: the Combat
  menu, Space and the status line;
- ``card(state, id)``, ``block_card(block)``: printed cards.

Each is optional but the first two: where the module has none, the default here fits a
simple system (no drop, no pocket, the table read from the sheet, no card). The core
adds what is the same in every system: the conditions' badges on the wheel and their
section on a sheet (``conditions.py``), read from ``condition_records``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from battlewheel.engine.core import conditions as cond
from battlewheel.engine.core import contract as c
from battlewheel.engine.core.positions import ignoring_absurd_number, refusing_absurd_slot

if TYPE_CHECKING:
    from battlewheel.engine.core.actions import Action

NO_POCKET = "the wheel of this system has no pocket"
CARD_FIGHTER = "card"  # the one fighter of the fight a default block card is read from


class Presenting:
    """What the shared views read of a fight: each answer from the presentation module."""

    title: ClassVar[str]
    # The system's presentation module (its ``presentation.py``); None: a ruleset that
    # overrides the methods itself (as the tests' own systems do).
    presentation_module: ClassVar[Any] = None
    # How to read the wheel, in a few short paragraphs of rich text (Help menu).
    legend: ClassVar[str] = "<p>Drag a counter to another slot; Ctrl+Z undoes it.</p>"

    if TYPE_CHECKING:  # the rules' part (ruleset.py)

        def condition_records(self, state: Any) -> dict[str, Any]: ...
        def combatants(self, state: Any) -> Mapping[str, Any]: ...
        def fighter_ids(self, state: Any) -> Collection[str]: ...
        def turn_order(self, state: Any) -> tuple[str, ...]: ...
        def new_state(self, options: Any) -> Any: ...
        def default_options(self) -> Any: ...
        def apply(self, state: Any, action: Action) -> Any: ...
        def join_action(self, combatant_id: str, character: Any, side: str) -> Action: ...
        def block_side(self, block: Any) -> str: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if getattr(cls, "name", None) is None:
            return  # the interface itself, not yet a system
        for name in ("turn_track", "sheet"):  # the two every system must give
            if getattr(cls, name) is getattr(Presenting, name) \
                    and not hasattr(cls.presentation_module, name):
                raise TypeError(f"{cls.__name__} gives no {name}: its presentation module "
                                f"has none and the class does not override it")

    def _given(self, name: str) -> Callable[..., Any] | None:
        """The presentation module's function ``name`` (None: it has none)."""
        found: Callable[..., Any] | None = getattr(self.presentation_module, name, None)
        return found

    # -- the wheel -----------------------------------------------------------------------

    def turn_track(self, state: Any) -> c.TurnTrack:
        """What the wheel shows: slots, cursor, counters and their badges."""
        track: c.TurnTrack = self.presentation_module.turn_track(state)
        return cond.track_with_badges(track, self.condition_records(state))

    def drop(self, state: Any, counter_id: str, slot: int) -> c.DropVerdict:
        """What letting ``counter_id`` go on ``slot`` would do (refused unless a ruleset says)."""
        return self._slot_gesture("drop", state, counter_id, slot,
                                  "counters do not move by hand in this system")

    def pocket_drop(self, state: Any, counter_id: str, text: str | None = None) -> c.DropVerdict:
        """What letting ``counter_id`` go in the ring's side pocket would do.

        Asked first with ``text`` None; a verdict with a ``prompt`` wants words from the
        GM (a trigger) and is asked again with them. Refused unless a ruleset says.
        """
        given = self._given("pocket_drop")
        if given is None:
            return c.DropVerdict(None, refusal=NO_POCKET)
        verdict: c.DropVerdict = given(self, state, counter_id, text)
        return verdict

    def pocket_fire(self, state: Any, counter_id: str, slot: int) -> c.DropVerdict:
        """What dragging ``counter_id`` out of the pocket onto ``slot`` would do."""
        return self._slot_gesture("pocket_fire", state, counter_id, slot, NO_POCKET)

    def _slot_gesture(self, name: str, state: Any, counter_id: str, slot: int,
                      refusal: str) -> c.DropVerdict:
        """The module's verdict on a counter let go on ``slot`` (``refusal`` where it has
        none), an absurd slot refused as a class's own gesture is (``positions.py``)."""
        given = self._given(name)
        if given is None:
            return c.DropVerdict(None, refusal=refusal)
        return refusing_absurd_slot(given)(self, state, counter_id, slot)

    @ignoring_absurd_number
    def _number_gesture(self, state: Any, name: str, combatant_id: str, what: str,
                        number: int) -> Action | None:
        """The module's action for a click on box or pool ``what`` (None where it has
        none); nothing for an absurd ``number``, as for a class's own (``positions.py``)."""
        given = self._given(name)
        return None if given is None else given(state, combatant_id, what, number)

    def wheel_legend(self) -> str:
        """How to read the wheel, in a few short paragraphs of rich text (Help menu)."""
        return self.legend

    # -- a sheet and the player screen ------------------------------------------------------

    def sheet(self, state: Any, combatant_id: str) -> c.SheetView:
        """One combatant's sheet as it stands now, its conditions under its first section."""
        found: c.SheetView = self.presentation_module.sheet(state, combatant_id)
        return cond.with_section(found, self.condition_records(state)[combatant_id].conditions)

    def vitality(self, state: Any, combatant_id: str) -> c.Vitality:
        """How hurt a combatant is, for the player screen (read from the sheet and wheel).

        The default takes the sheet's first box track and the counter's ``down``; an
        ally counts as a player character.
        """
        sheet = self.sheet(state, combatant_id)
        given = self._given("vitality")
        if given is not None:
            shown: c.Vitality = given(state, combatant_id, sheet)
            return shown
        track = next(iter(sheet.tracks()), None)
        counter = self.turn_track(state).counter(combatant_id)
        left = track.marks.count(track.blank) / len(track.marks) if track and track.marks else 1.0
        down = counter.down if counter is not None else False
        return c.Vitality(left, down, sheet.side == c.ALLY, track)

    def box_click(self, state: Any, combatant_id: str, track: str, index: int) -> Action | None:
        """The action a click on box ``index`` of a sheet's track asks for (None: not clickable)."""
        return self._number_gesture(state, "box_click", combatant_id, track, index)

    def pool_change(
        self, state: Any, combatant_id: str, pool: str, amount: int
    ) -> Action | None:
        """The action spending (negative) or regaining (positive) ``amount`` of a pool."""
        return self._number_gesture(state, "pool_change", combatant_id, pool, amount)

    # -- the combatants table ---------------------------------------------------------------

    def roster_columns(self) -> tuple[c.Column, ...]:
        """The combatants table's columns: name first, then the ruleset's own."""
        given = self._given("roster_columns")
        if given is not None:
            columns: tuple[c.Column, ...] = given()
            return columns
        return (c.Column("Name"), c.Column("Side", hidden=True),
                c.Column("Turn", order=True), c.Column("Track", track=True))

    def roster_cells(self, state: Any, combatant_id: str) -> tuple[c.Cell, ...]:
        """One combatant's cells, one per column of ``roster_columns`` (read from the sheet
        unless the presentation module gives its own rows).

        A row follows its combatant's record (``combatants``), except the turn-order
        column, which may follow the whole fight (``roster_order``): the table reads a
        row again when its combatant changed, and that column of every row when the
        wheel changed.
        """
        given = self._given("roster_cells")
        if given is not None:
            cells: tuple[c.Cell, ...] = given(state, combatant_id)
            return cells
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
        does, its module's ``roster_order`` says so): the table then reads again only
        the rows of combatants who changed.
        """
        given = self._given("roster_order")
        if given is not None:
            cells: dict[str, c.Cell] | None = given(state)
            return cells
        ids = list(self.fighter_ids(state))  # the ids alone (Impulse's records cost n²)
        if self._own_roster_cells():  # a ruleset's own rows: read whole, keep the column
            column = next((i for i, col in enumerate(self.roster_columns()) if col.order), 0)
            return {cid: row[column] for cid, row in self.roster_rows(state, ids).items()}
        order = self.turn_order(state)
        return {cid: _place_cell(order, cid) for cid in ids}

    def _own_roster_cells(self) -> bool:
        """Whether the rows are the system's own (its presentation module declares
        ``roster_cells``), not read from the sheet."""
        return self._given("roster_cells") is not None

    def _sheet_row(
        self, state: Any, combatant_id: str, order: tuple[str, ...]
    ) -> tuple[c.Cell, ...]:
        sheet = self.sheet(state, combatant_id)
        track = next(iter(sheet.tracks()), None)
        track_cell = c.Cell(track.marks, track.marks.count(track.blank), track.summary, track) \
            if track else c.Cell()
        return (c.Cell(sheet.name, sheet.name.lower()), c.Cell(sheet.side, sheet.side),
                _place_cell(order, combatant_id), track_cell)

    # -- the menu, the status line, printing ------------------------------------------------

    def turn_actions(self, state: Any) -> tuple[c.TurnAction, ...]:
        """The Combat menu's entries for the turn, in order."""
        given = self._given("turn_actions")
        return () if given is None else tuple(given(state))

    def next_step(self, state: Any) -> c.TurnAction | None:
        """The one next step of the turn, whatever it is (Space and the toolbar's Next).

        One of the ``turn_actions`` entries (or an action to push as it is); None when
        the ruleset does not say, and the window then has no next step to offer.
        """
        given = self._given("next_step")
        return None if given is None else given(state)

    def status_line(self, state: Any) -> str:
        """The window's permanent status line: where the fight stands and what comes next."""
        given = self._given("status_line")
        return "" if given is None else str(given(state))

    def card(self, state: Any, combatant_id: str) -> c.Card:
        """A fighter's printed card, with the marks of the fight as it stands (by default
        the sheet's tracks and values under the fighter's name)."""
        given = self._given("card")
        if given is not None:
            found: c.Card = given(state, combatant_id)
            return found
        sheet = self.sheet(state, combatant_id)
        return c.Card(sheet.name, f"{self.title} \u00b7 {sheet.kind}", sheet.sections)

    def block_card(self, block: Any) -> c.Card:
        """A printed card for a roster character's stat block, its tracks empty (by
        default the card of a fight the character has just joined, alone)."""
        given = self._given("block_card")
        if given is not None:
            found: c.Card = given(block)
            return found
        state = self.new_state(self.default_options())
        self.apply(state, self.join_action(CARD_FIGHTER, block, self.block_side(block)))
        return self.card(state, CARD_FIGHTER)


def _place_cell(order: tuple[str, ...], combatant_id: str) -> c.Cell:
    """The default turn-order cell: the place in the order counted from 1 (blank: none)."""
    place = order.index(combatant_id) if combatant_id in order else c.NOT_PLACED
    return c.Cell("" if place == c.NOT_PLACED else str(place + 1), place)
