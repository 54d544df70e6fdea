"""The base of every action, and reading actions back from a log.

An action is one frozen, JSON-serialisable value; each ruleset defines its own. The
core knows only the base class, how to write any action and how to read one back
against a ruleset's list of action types, plus the one action every ruleset shares:
changing a ruling mid-fight, and rewinding it to an earlier step.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from battlewheel.engine.core.codec import LogFormatError, decode_fields, encode
from battlewheel.engine.core.fields import Storable

Names = Callable[[str], str]


@dataclass(frozen=True)
class Action(Storable):
    """Base of every action; ``kind`` names it in the log.

    Made, it is checked whole (``check_storable``): what a file could not hold, or the
    reader would refuse, is refused here with the field named, so a fight that saves opens.
    """

    kind: ClassVar[str] = ""
    # The field naming a fighter this action brings into the fight (not there yet).
    joins: ClassVar[str] = ""

    def sentence(self, names: Names) -> str:
        """A readable sentence for the combat log."""
        return self.kind.replace("_", " ")

    def merge_key(self) -> str:
        """Actions with the same non-empty key fold into one undo step (repeated drags)."""
        return ""


@dataclass(frozen=True)
class ChangeRuling(Action):
    """The GM changes one ruling (a ruleset option) in the middle of a fight."""

    kind: ClassVar[str] = "change_ruling"
    name: str
    value: bool | int | str

    def sentence(self, names: Names) -> str:
        value = ("on" if self.value else "off") if isinstance(self.value, bool) else self.value
        return f"GM changes the ruling {self.name.replace('_', ' ')} to {value}."


@dataclass(frozen=True)
class Rewind(Action):
    """The GM takes the fight back to how it stood after its first ``to`` steps.

    The session applies it (a ruleset never sees it): the steps after ``to`` stay in
    the log, so the record of the evening keeps what was played and then taken back,
    and undoing the rewind returns to where the fight had got to.
    """

    kind: ClassVar[str] = "rewind"
    to: int

    def sentence(self, names: Names) -> str:
        return f"GM rewinds the fight to step {self.to}."


@dataclass(frozen=True)
class ChangeBlock(Action):
    """The GM changes a fighter's stat block from now on (the character editor).

    ``block`` is the new block's JSON, read by the fight's ruleset; the steps before it
    keep the values they were played with, and undo takes it back.
    """

    kind: ClassVar[str] = "change_block"
    combatant_id: str
    block: Mapping[str, Any] = field(hash=False)

    def sentence(self, names: Names) -> str:
        return f"GM changes {names(self.combatant_id)}'s traits."


def action_to_json(action: Action) -> dict[str, Any]:
    """The action as a JSON object with its ``kind`` first."""
    body = encode(action)
    return {"kind": action.kind, **body}


def action_types(classes: Iterable[type[Action]]) -> dict[str, type[Action]]:
    """A kind-to-class table for ``decode_action``."""
    return {cls.kind: cls for cls in classes}


def decode_action(
    obj: object, types: Mapping[str, type[Action]], path: str = "action"
) -> Action:
    """Read one action strictly: unknown kind, missing field or wrong type is refused."""
    if not isinstance(obj, dict):
        raise LogFormatError(path, "must be a JSON object")
    kind = obj.get("kind")
    if not isinstance(kind, str):
        raise LogFormatError(f"{path}.kind", "is missing")
    cls = types.get(kind)
    if cls is None:
        raise LogFormatError(f"{path}.kind", f"unknown action kind {kind!r}")
    return cls(**decode_fields(cls, obj, path, skip=_KIND))


_KIND = frozenset({"kind"})


FIGHTER_FIELDS = frozenset({
    "id", "combatant", "combatant_id", "actor", "attacker", "target", "targets", "victim",
    "ambusher", "by", "hearers", "observers", "ward", "other", "through_group", "ally",
    "grappler", "holder", "commander", "group", "to", "crashed", "a", "b", "drag", "foe",
    "blocker", "order", "opposed",
})
"""Field names that, holding text, name a fighter of the fight (every ruleset, nested
values too; an ``opposed`` table by its keys). Empty text and None name nobody."""


def named_fighters(action: Action) -> Iterator[tuple[str, str]]:
    """Each (field, id) of ``action`` that names a fighter already in the fight."""
    yield from _fighters_in(action, "", action.joins)


def _fighters_in(value: object, where: str, skip: str) -> Iterator[tuple[str, str]]:
    cls: type = type(value)
    for name in _field_names(cls):
        if name == skip:
            continue
        found = getattr(value, name)
        if name in FIGHTER_FIELDS:
            yield from ((f"{where}{name}", fighter) for fighter in _ids(found))
        elif type(found) in _PLAIN:
            continue  # names nobody, holds nothing that does: asked before every action
        elif isinstance(found, tuple):
            for index, item in enumerate(found):
                if dataclasses.is_dataclass(item):
                    yield from _fighters_in(item, f"{where}{name}[{index}].", "")
        elif dataclasses.is_dataclass(found) and not isinstance(found, Storable):
            yield from _fighters_in(found, f"{where}{name}.", "")


_PLAIN = frozenset({str, int, bool, float, type(None)})
"""Types of a field value that hold no other value."""


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """The field names of a dataclass, in order (every action's are read per action)."""
    return tuple(each.name for each in dataclasses.fields(cls))


def _ids(value: object) -> Iterator[str]:
    if isinstance(value, str):
        if value:
            yield value
    elif isinstance(value, tuple):
        yield from (item for item in value if isinstance(item, str) and item)
    elif isinstance(value, Mapping):
        yield from (key for key in value if isinstance(key, str) and key)


def carried_numbers(action: Action) -> Iterator[tuple[str, int]]:
    """Each whole number an action carries, by field (nested values and lists too; not
    stat blocks, which bound their own traits)."""
    cls: type = type(action)
    for name in _field_names(cls):
        value = getattr(action, name)
        if type(value) is int:
            yield name, value
        elif type(value) not in _PLAIN:
            yield from _numbers_in(value, name)


def _numbers_in(value: object, where: str) -> Iterator[tuple[str, int]]:
    if type(value) is int:
        yield where, value
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _numbers_in(item, f"{where}[{index}]")
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _numbers_in(item, f"{where}.{key}")
    elif dataclasses.is_dataclass(value) and not isinstance(value, Storable | type):
        cls: type = type(value)
        for name in _field_names(cls):
            yield from _numbers_in(getattr(value, name), f"{where}.{name}" if where else name)
