"""A minimal round-based ruleset that lives only in the tests: the contract's second system.

It is nothing like the 2e tick wheel on purpose: the ring is the round's order (one slot
per fighter), a turn passes to the next in order, dragging the acting counter to another
slot reorders the round (a drop elsewhere is refused, naming the rule), a fighter's sheet
has one clickable box track of hits, and its printed card holds that track. If the shared
views drive this through the real window without change, the contract carries a system
they were not written for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import FIGHTER, Action, Names
from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.events import Event
from battlewheel.engine.core.options import Options, option
from battlewheel.engine.core.ruleset import Handler, Ruleset, get_ruleset, register_ruleset

NAME = "test-rounds"
ORDER_RULE = "test §Order"
HIT, EMPTY = "x", "."


@dataclass(frozen=True)
class RoundsOptions(Options):
    """The test system's one ruling."""

    boxes: int = option(4, label="Hit boxes", description="Boxes on each fighter's track.",
                        bounds=(1, 10))


@dataclass(frozen=True)
class Token:
    """A fighter's stat block: a name."""

    name: str

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name}

    @classmethod
    def from_json(cls, obj: object) -> Token:
        if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
            raise TraitValueError("name", "text", obj)
        return cls(obj["name"])


@dataclass(frozen=True)
class Fighter:
    id: str
    name: str
    side: str
    hits: str
    acted: bool = False


@dataclass
class RoundsState:
    options: RoundsOptions = field(default_factory=RoundsOptions)
    fighters: dict[str, Fighter] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)
    round: int = 0
    turn: int = 0

    def clone(self) -> RoundsState:
        return dataclasses.replace(self, fighters=dict(self.fighters), order=list(self.order))

    def acting(self) -> str | None:
        return self.order[self.turn] if self.round and self.order else None


@dataclass(frozen=True)
class Join(Action):
    kind: ClassVar[str] = "join"
    joins: ClassVar[str] = "id"
    id: str = field(metadata=FIGHTER)
    token: Token
    side: str = "enemy"

    def sentence(self, names: Names) -> str:
        return f"{self.token.name} joins."


@dataclass(frozen=True)
class Begin(Action):
    kind: ClassVar[str] = "begin"


@dataclass(frozen=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"
    words: ClassVar[str] = "The turn passes on."


@dataclass(frozen=True)
class Reorder(Action):
    kind: ClassVar[str] = "reorder"
    words: ClassVar[str] = "{id:name} moves to place {place:nth}."
    id: str = field(metadata=FIGHTER)
    place: int

    def merge_key(self) -> str:
        return f"reorder:{self.id}"


@dataclass(frozen=True)
class MarkHit(Action):
    kind: ClassVar[str] = "mark_hit"
    words: ClassVar[str] = "GM marks {id:name}'s box {index:nth}."
    id: str = field(metadata=FIGHTER)
    index: int


def _join(state: RoundsState, action: Join) -> list[Event]:
    state.fighters[action.id] = Fighter(action.id, action.token.name, action.side,
                                        EMPTY * state.options.boxes)
    state.order.append(action.id)
    return []


def _begin(state: RoundsState, action: Begin) -> list[Event]:
    if state.round or not state.order:
        raise IllegalAction(ORDER_RULE, "the round begins once, with someone to act")
    state.round = 1
    return []


def _end_turn(state: RoundsState, action: EndTurn) -> list[Event]:
    acting = state.acting()
    if acting is None:
        raise IllegalAction(ORDER_RULE, "nobody is acting")
    state.fighters[acting] = dataclasses.replace(state.fighters[acting], acted=True)
    state.turn += 1
    if state.turn == len(state.order):
        state.round, state.turn = state.round + 1, 0
        for fid, who in state.fighters.items():
            state.fighters[fid] = dataclasses.replace(who, acted=False)
    return []


def _reorder(state: RoundsState, action: Reorder) -> list[Event]:
    if action.id != state.acting():
        raise IllegalAction(ORDER_RULE, "only the acting counter may change its place")
    if not 0 <= action.place < len(state.order):
        raise IllegalAction(ORDER_RULE, f"place must be 1-{len(state.order)}")
    state.order.remove(action.id)
    state.order.insert(action.place, action.id)
    state.turn = action.place
    return []


def _mark(state: RoundsState, action: MarkHit) -> list[Event]:
    who = state.fighters[action.id]
    marks = list(who.hits)
    marks[action.index] = HIT if marks[action.index] == EMPTY else EMPTY
    state.fighters[action.id] = dataclasses.replace(who, hits="".join(marks))
    return []


_HANDLERS: dict[type[Action], Callable[[RoundsState, Any], list[Event]]] = {
    Join: _join, Begin: _begin, EndTurn: _end_turn, Reorder: _reorder, MarkHit: _mark,
}
LEGEND = (c.Glyph(HIT, "hit", "#b3261e"),)


class RoundsRuleset(Ruleset):
    """The test system: rounds, an order, a track of hits."""

    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Test rounds"
    seed: ClassVar[str] = "tests"
    options_type: ClassVar[type[RoundsOptions]] = RoundsOptions
    block_type: ClassVar[type[Token]] = Token
    state_type: ClassVar[type[RoundsState]] = RoundsState
    handler_table: ClassVar[Mapping[type[Action], Handler]] = _HANDLERS

    def names(self, state: RoundsState) -> Callable[[str], str]:
        return lambda fid: state.fighters[fid].name if fid in state.fighters else fid

    def combatants(self, state: RoundsState) -> Mapping[str, Any]:
        return state.fighters

    def turn_order(self, state: RoundsState) -> tuple[str, ...]:
        return tuple(state.order)

    def acting(self, state: RoundsState) -> tuple[str, ...]:
        acting = state.acting()
        return (acting,) if acting else ()

    def turn_track(self, state: RoundsState) -> c.TurnTrack:
        places = {fid: index for index, fid in enumerate(state.order)}
        colours = c.colour_indices([(f.id, f.side) for f in state.fighters.values()])
        counters = tuple(
            c.Counter(f.id, f.name, c.initials(f.name), f.side,
                      slot=places[f.id] if state.round else None, colour_index=colours[f.id],
                      acting=f.id == state.acting(), done=f.acted,
                      badges=(c.Badge(c.BOTTOM_LEFT, str(f.hits.count(HIT)), "hits"),),
                      meter=1 - f.hits.count(HIT) / len(f.hits))
            for f in state.fighters.values()
        )
        return c.TurnTrack(
            slots=tuple(c.Slot(f"place {i + 1}") for i in range(max(1, len(state.order)))),
            cursor=state.turn if state.round else None,
            counters=counters,
            hub=f"round\n{state.round}" if state.round else "not started",
            waiting_caption="waiting for the round",
        )

    def drop(self, state: RoundsState, counter_id: str, slot: int) -> c.DropVerdict:
        action = Reorder(counter_id, slot)
        try:
            self.apply(state.clone(), action)
        except IllegalAction as refusal:
            return c.DropVerdict(None, refusal=refusal.reason, rule=refusal.rule)
        return c.DropVerdict(action, cost="free", rule=ORDER_RULE,
                             result=f"{state.fighters[counter_id].name} acts at place {slot + 1}.")

    def sheet(self, state: RoundsState, combatant_id: str) -> c.SheetView:
        who = state.fighters[combatant_id]
        labels = tuple(str(i + 1) for i in range(len(who.hits)))
        track = c.BoxTrack("hits", "Hits", who.hits, labels, LEGEND, cycle=(EMPTY, HIT),
                           blank=EMPTY,
                           condition=f"{who.hits.count(HIT)} hit(s)")
        place = state.order.index(combatant_id) + 1
        return c.SheetView(who.id, who.name, "token", who.side, (f"place {place}",),
                           (track, c.Values("Order", (c.Value("Place", place),))))

    def box_click(self, state: RoundsState, combatant_id: str, track: str, index: int) -> Action:
        return MarkHit(combatant_id, index)

    def turn_actions(self, state: RoundsState) -> tuple[c.TurnAction, ...]:
        started = bool(state.round)
        return (
            c.TurnAction("begin", "&Begin the round", "Ctrl+B", "Start round 1", action=Begin(),
                         why_not="The round has begun." if started else "", toolbar=True),
            c.TurnAction("end_turn", "&End the turn", "E", "Pass to the next in order",
                         action=EndTurn(), why_not="" if started else "Begin the round first.",
                         toolbar=True, group=1),
        )

    def status_line(self, state: RoundsState) -> str:
        acting = state.acting()
        return f"Round {state.round} · acting: {state.fighters[acting].name}" if acting else \
            "Not started"

    def card(self, state: RoundsState, combatant_id: str) -> c.Card:
        sheet = self.sheet(state, combatant_id)
        return c.Card(sheet.name, "test rounds", sheet.sections, ("Hits: one box each.",))

    def block_card(self, block: Any) -> c.Card:
        return c.Card(block.name, "test rounds", (), ("Hits: one box each.",))

    def join_action(self, combatant_id: str, character: Any, side: str) -> Action:
        return Join(combatant_id, character, side)


def rounds_ruleset() -> RoundsRuleset:
    """The test system, registered once per test run."""
    try:
        found = get_ruleset(NAME)
    except IllegalAction:
        found = register_ruleset(RoundsRuleset())
    assert isinstance(found, RoundsRuleset)
    return found
