"""Conditions the GM lays on a combatant: a few words, a dice or defence modifier, an expiry.

Ruleset-neutral. Every system's combatant record carries its conditions as a tuple in a
field named ``conditions``; the core adds and removes them (two actions every ruleset
accepts, like a change of ruling) and ends them as the fight's time passes: after a
number of the ruleset's units (2e ticks, rounds elsewhere) or when the combatant's next
action is over. Each ruleset folds ``dice_modifier`` into the attack pools it offers and
``defence_modifier`` into the defence an attack meets.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import FIGHTER, Action, Names
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.events import Event

RULE = "Combat > Conditions"
NO_EXPIRY = "none"
NEXT_ACTION = "action"
TEXT_LONGEST = 60
MODIFIER_RANGE = (-20, 20)
COUNT_RANGE = (1, 99)


@dataclass(frozen=True)
class Condition:
    """One condition: its words, its modifiers and how it ends.

    ``expiry`` is ``"none"``, ``"action"`` (the end of the combatant's next action) or
    the ruleset's unit of time (``"ticks"``, ``"rounds"``); ``count`` is how many units
    are left, or for ``"action"`` how many of the combatant's actions must still end
    (two when laid on during its own action: that one does not count).
    """

    text: str
    dice: int = 0
    defence: int = 0
    expiry: str = NO_EXPIRY
    count: int = 0

    def modifiers(self) -> str:
        """The modifiers in words ("-2 dice, +1 defence"), empty when it has none."""
        dice = "die" if abs(self.dice) == 1 else "dice"
        parts = [f"{value:+d} {word}" for value, word in
                 ((self.dice, dice), (self.defence, "defence")) if value]
        return ", ".join(parts).replace("-", "\N{MINUS SIGN}")

    def lasts(self) -> str:
        """How long it lasts, in words."""
        if self.expiry == NO_EXPIRY:
            return "until removed"
        if self.expiry == NEXT_ACTION:
            return "until the end of their next action"
        unit = self.expiry[:-1] if self.count == 1 else self.expiry
        return f"{self.count} {unit} left"

    def summary(self) -> str:
        """Words, modifiers and expiry: "Prone (-1 defence; until removed)"."""
        details = "; ".join(part for part in (self.modifiers(), self.lasts()) if part)
        return f"{self.text} ({details})"


def dice_modifier(conditions: Iterable[Condition]) -> int:
    """Dice the conditions add to (or take from) a combatant's attack pools."""
    return sum(condition.dice for condition in conditions)


def defence_modifier(conditions: Iterable[Condition]) -> int:
    """What the conditions add to (or take from) the defence attacks on a combatant meet."""
    return sum(condition.defence for condition in conditions)


def conditions_of(record: Any) -> tuple[Condition, ...]:
    """A combatant record's conditions (none for a record that keeps no such field)."""
    found: tuple[Condition, ...] = getattr(record, "conditions", ())
    return found


# -- the two actions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AddCondition(Action):
    """The GM lays a condition on a combatant (logged and undoable)."""

    kind: ClassVar[str] = "add_condition"
    combatant: str = field(metadata=FIGHTER)
    condition: Condition

    def sentence(self, names: Names) -> str:
        return f"GM puts \u201c{self.condition.text}\u201d on {names(self.combatant)} " \
               f"({_details(self.condition)})."


@dataclass(frozen=True)
class RemoveCondition(Action):
    """The GM takes a condition off a combatant; ``index`` in its list, ``text`` to check."""

    kind: ClassVar[str] = "remove_condition"
    words: ClassVar[str] = "GM removes \u201c{text}\u201d from {combatant:name}."
    combatant: str = field(metadata=FIGHTER)
    index: int
    text: str


CONDITION_ACTIONS = (AddCondition, RemoveCondition)


def _details(condition: Condition) -> str:
    lasts = {NO_EXPIRY: "until removed", NEXT_ACTION: "until the end of their next action"}
    when = lasts.get(condition.expiry, f"for {condition.count} {condition.expiry}")
    return "; ".join(part for part in (condition.modifiers(), when) if part)


def check_condition(condition: Condition, unit: str) -> None:
    """Refuse a condition with no words, modifiers out of range or an expiry the system lacks."""
    text = condition.text.strip()
    if not text or len(text) > TEXT_LONGEST or text != condition.text:
        raise IllegalAction(RULE, f"a condition needs a few words (1 to {TEXT_LONGEST} "
                                  "letters, no spaces at either end)")
    low, high = MODIFIER_RANGE
    if not (low <= condition.dice <= high and low <= condition.defence <= high):
        raise IllegalAction(RULE, f"a modifier must be from {low} to {high}")
    if condition.expiry not in (NO_EXPIRY, NEXT_ACTION, unit):
        raise IllegalAction(RULE, f"a condition ends never, after the next action, or after "
                                  f"a number of {unit}; not {condition.expiry!r}")
    low, high = COUNT_RANGE
    if condition.expiry == unit and not low <= condition.count <= high:
        raise IllegalAction(RULE, f"a condition lasts {low} to {high} {unit}")
    if condition.expiry != unit and condition.count:
        raise IllegalAction(RULE, f"only a condition that lasts some {unit} has a count")


Records = MutableMapping[str, Any]


def _record(records: Records, cid: str) -> Any:
    record = records.get(cid)
    if record is None:
        raise IllegalAction(RULE, f"there is no combatant {cid!r} in this fight")
    if not hasattr(record, "conditions"):
        raise IllegalAction(RULE, "this system keeps no conditions")
    return record


def add_condition(records: Records, action: AddCondition, unit: str,
                  acting: Iterable[str]) -> list[Event]:
    """Lay a condition on a combatant; one ending with its next action skips the one under way."""
    condition = action.condition
    check_condition(condition, unit)
    record = _record(records, action.combatant)
    if condition.expiry == NEXT_ACTION:
        condition = dataclasses.replace(condition, count=2 if action.combatant in acting else 1)
    records[action.combatant] = dataclasses.replace(
        record, conditions=(*record.conditions, condition))
    return [Event("condition_added", action.combatant)]


def remove_condition(records: Records, action: RemoveCondition) -> list[Event]:
    """Take one condition off a combatant, checking it is the one the GM saw."""
    record = _record(records, action.combatant)
    held: tuple[Condition, ...] = record.conditions
    if not 0 <= action.index < len(held) or held[action.index].text != action.text:
        raise IllegalAction(RULE, f"\u201c{action.text}\u201d is not among this combatant's "
                                  "conditions (any more)")
    kept = held[: action.index] + held[action.index + 1:]
    records[action.combatant] = dataclasses.replace(record, conditions=kept)
    return [Event("condition_removed", action.combatant)]


# -- expiry as time passes -------------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """Where the fight's time stands: the ruleset's clock (None: not running) and who acts.

    ``turns`` pairs each acting combatant with a token naming its turn, so a fighter
    with two turns in a row (Impulse's action counters) ends the first.
    """

    clock: int | None
    turns: frozenset[tuple[str, str]]

    @property
    def acting(self) -> frozenset[str]:
        """The combatants acting at this moment."""
        return frozenset(cid for cid, _ in self.turns)


def passed(before: Moment, after: Moment) -> int:
    """Units of time from ``before`` to ``after`` (0 when the clock did not move forward)."""
    if before.clock is None or after.clock is None:
        return 0
    return max(0, after.clock - before.clock)


def actions_ended(before: Moment, after: Moment) -> frozenset[str]:
    """Combatants whose action was under way before and is over after.

    Either they no longer act, or time moved on (2e: the next tick may be theirs again).
    """
    if passed(before, after):
        return before.acting
    return frozenset(cid for cid, turn in before.turns - after.turns)


def time_moved(before: Moment, after: Moment) -> bool:
    """Whether any time passed or any action ended between two moments."""
    return bool(passed(before, after) or actions_ended(before, after))


def expire(records: Records, before: Moment, after: Moment, names: Names) -> list[Event]:
    """Count down every condition and end those whose time is up, one event each."""
    units, ended = passed(before, after), actions_ended(before, after)
    events: list[Event] = []
    for cid, record in list(records.items()):
        held = conditions_of(record)
        if not held:
            continue  # most have none: no copy of the tuple to compare
        kept: list[Condition] = []
        for condition in held:
            left = _counted_down(condition, units, cid in ended)
            if left is None:
                events.append(Event("condition_ended", cid,
                                    text=_ended_text(condition, cid, names)))
            else:
                kept.append(left)
        if tuple(kept) != held:
            records[cid] = dataclasses.replace(record, conditions=tuple(kept))
    return events


def _counted_down(condition: Condition, units: int, action_ended: bool) -> Condition | None:
    """The condition after ``units`` of time and maybe its action's end (None: it is over)."""
    if condition.expiry == NO_EXPIRY:
        return condition
    if condition.expiry == NEXT_ACTION:
        left = condition.count - 1 if action_ended else condition.count
    else:
        left = condition.count - units
    if left <= 0:
        return None
    return condition if left == condition.count else dataclasses.replace(condition, count=left)


def _ended_text(condition: Condition, cid: str, names: Names) -> str:
    why = "their action is over" if condition.expiry == NEXT_ACTION else \
        f"its {condition.expiry} have passed"
    return f"\u201c{condition.text}\u201d on {names(cid)} ends ({why})."


# -- what the views show -----------------------------------------------------------------------


def badge(conditions: tuple[Condition, ...]) -> c.Badge | None:
    """The counter's condition badge: the first condition's first letters, +N for more."""
    if not conditions:
        return None
    text = conditions[0].text[:4].strip()
    if len(conditions) > 1:
        text = f"{text[:3].strip()}+{min(len(conditions) - 1, 9)}"
    tip = "<br>".join(condition.summary() for condition in conditions)
    return c.Badge(c.SIDE_RIGHT, text, tip, "condition")


def with_badge(badges: tuple[c.Badge, ...], conditions: tuple[Condition, ...]) -> \
        tuple[c.Badge, ...]:
    """A counter's badges with its condition badge added (when it has conditions)."""
    found = badge(conditions)
    return badges if found is None else (*badges, found)


def section(cid: str, conditions: tuple[Condition, ...]) -> c.ConditionsSection | None:
    """The sheet's list of conditions, each with the action that removes it (None: none)."""
    if not conditions:
        return None
    lines = tuple(
        c.ConditionLine(condition.text, "; ".join(
            part for part in (condition.modifiers(), condition.lasts()) if part),
            RemoveCondition(cid, index, condition.text))
        for index, condition in enumerate(conditions))
    return c.ConditionsSection("Conditions", lines)


def with_section(sheet: c.SheetView, conditions: tuple[Condition, ...]) -> c.SheetView:
    """A sheet with its conditions listed under its first section (the health track), where
    the GM sees them without scrolling; the same sheet when it has none."""
    found = section(sheet.id, conditions)
    if found is None:
        return sheet
    first, rest = sheet.sections[:1], sheet.sections[1:]
    return dataclasses.replace(sheet, sections=(*first, found, *rest))


def track_with_badges(track: c.TurnTrack, records: Records) -> c.TurnTrack:
    """The wheel with each counter of a combatant under conditions wearing their badge."""
    if not any(conditions_of(record) for record in records.values()):
        return track
    counters = tuple(
        dataclasses.replace(counter, badges=with_badge(counter.badges, held))
        if (held := conditions_of(records.get(counter.id))) else counter
        for counter in track.counters)
    return dataclasses.replace(track, counters=counters)
