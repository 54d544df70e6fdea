"""The base of every action, and reading actions back from a log.

An action is one frozen, JSON-serialisable value; each ruleset defines its own. The
core knows the base class, how to write any action and how to read one back against
a ruleset's list of action types, and the actions every ruleset shares: a fighter
joining (on terms the ruleset declares, ``Joining``) or leaving, the fight ending,
changing a ruling mid-fight, changing a stat block, and rewinding to an earlier step.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from battlewheel.engine.core.codec import OMIT_EMPTY, LogFormatError, decode, decode_fields, encode
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.core.fields import Storable, check_storable

Names = Callable[[str], str]

NAMES_A_FIGHTER = "names_a_fighter"
"""The field metadata key ``FIGHTER`` sets."""

FIGHTER: Mapping[str, bool] = types.MappingProxyType({NAMES_A_FIGHTER: True})
"""The metadata of an action's field that, holding text, names a fighter of the fight,
whatever the field is called: ``target: str = field(metadata=FIGHTER)`` (a value inside
an action, not itself one, marks its own). A tuple names one by each item, a table by
its keys; empty text and None name nobody. Before a handler runs the core refuses an
action naming one who is not in the fight (``named_fighters``); a field not so marked
is not checked, whatever its name."""


@dataclass(frozen=True)
class Action(Storable):
    """Base of every action; ``kind`` names it in the log.

    Made, it is checked whole (``check_storable``): what a file could not hold, or the
    reader would refuse, is refused here with the field named, so a fight that saves opens.
    """

    kind: ClassVar[str] = ""
    # The field naming a fighter this action brings into the fight (not there yet).
    joins: ClassVar[str] = ""
    # The log line as a template over the fields, for an action whose line is plain
    # words: ``{combatant:name}`` writes a fighter's id as the fighter's name, ``{index:nth}``
    # a place counted from 0 as the GM counts it (from 1), and each spec of ``spoken``
    # (a ruleset's ``{roll:dice}``) writes its field in that way.
    words: ClassVar[str] = ""
    spoken: ClassVar[Mapping[str, Callable[[Any], str]]] = {}

    def sentence(self, names: Names) -> str:
        """A readable sentence for the combat log."""
        if self.words:
            return self.words.format_map(_Said(self, names))
        return self.kind.replace("_", " ")

    def merge_key(self) -> str:
        """Actions with the same non-empty key fold into one undo step (repeated drags)."""
        return ""


class _Said(dict[str, Any]):
    """An action's fields for its ``words``, each written as its format spec says."""

    def __init__(self, action: Action, names: Names) -> None:
        super().__init__()
        self.action, self.names = action, names

    def __missing__(self, field_name: str) -> _Term:
        return _Term(getattr(self.action, field_name), self)


@dataclass(frozen=True)
class _Term:
    value: Any
    said: _Said

    def __format__(self, spec: str) -> str:
        if spec == "name":
            return self.said.names(self.value)
        if spec == "nth":
            return str(self.value + 1)
        speak = self.said.action.spoken.get(spec)
        return format(self.value, spec) if speak is None else speak(self.value)


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
    words: ClassVar[str] = "GM rewinds the fight to step {to}."
    to: int


@dataclass(frozen=True)
class ChangeBlock(Action):
    """The GM changes a fighter's stat block from now on (the character editor).

    ``block`` is the new block's JSON, read by the fight's ruleset; the steps before it
    keep the values they were played with, and undo takes it back.
    """

    kind: ClassVar[str] = "change_block"
    words: ClassVar[str] = "GM changes {combatant_id:name}'s traits."
    combatant_id: str = field(metadata=FIGHTER)
    block: Mapping[str, Any] = field(hash=False)


# -- joining, leaving and the end: every ruleset's, on its own terms ---------------------


@dataclass(frozen=True, init=False)
class AddCombatant(Action):
    """A fighter joins the fight: an id, the ruleset's stat block and a side.

    ``joining`` holds the terms the fight's ruleset declares beyond those (its
    ``Joining``: 3e's zone, Impulse's range band, Pool & Ward's tracks as they stand);
    they may also be given as keywords, ``AddCombatant("g", guard, zone=1)``.
    """

    kind: ClassVar[str] = "add_combatant"
    joins: ClassVar[str] = "id"
    id: str = field(metadata=FIGHTER)
    character: Any
    side: str = "enemy"
    joining: Mapping[str, Any] = field(default_factory=dict, hash=False,
                                       metadata={OMIT_EMPTY: True})

    def __init__(self, id: str, character: Any, side: str = "enemy",
                 joining: Mapping[str, Any] | None = None, **terms: Any) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "character", character)
        object.__setattr__(self, "side", side)
        given = {} if joining is None else joining
        # Not a mapping: kept, for the storable check to refuse by the field's name.
        object.__setattr__(self, "joining", _without_defaults(character, {**given, **terms})
                           if isinstance(given, Mapping) else given)
        self.__post_init__()

    def __post_init__(self) -> None:
        if isinstance(self.joining, Mapping):
            for name, value in self.joining.items():  # a term is named as the GM knows it
                check_storable(value, name)
        super().__post_init__()

    def sentence(self, names: Names) -> str:
        side = "an ally" if self.side == "ally" else "an enemy"
        # A refused joining is described too: with no stat block (or a broken one) it is
        # named by its id.
        name = getattr(self.character, "name", None)
        who = name if isinstance(name, str) and name else names(str(self.id))
        # Joined at a carried condition (the "lasting" term): the log says so; a fresh
        # join's line is what it always was.
        terms = self.joining if isinstance(self.joining, Mapping) else {}
        carried = ", at their current condition" if terms.get("lasting") is not None else ""
        joining = JOININGS.get(type(self.character))
        if joining is None or joining.words is None:
            return f"{who} joins the fight as {side}{carried}."
        where = joining.words(joining.of(self))
        return f"{who} joins the fight as {side} ({where}){carried}."


def _without_defaults(character: Any, terms: dict[str, Any]) -> dict[str, Any]:
    """The terms given, less those at their ruleset's default: one fighter joining one
    way is one value, and its log entry says only what differs."""
    joining = JOININGS.get(type(character))
    if joining is None:
        return terms
    return {name: value for name, value in terms.items()
            if not joining.is_default(name, value)}


@dataclass(frozen=True)
class RemoveCombatant(Action):
    """Take a combatant out of the fight (fled, carried off, cleared away)."""

    kind: ClassVar[str] = "remove_combatant"
    words: ClassVar[str] = "{id:name} leaves the fight."
    id: str = field(metadata=FIGHTER)


@dataclass(frozen=True)
class EndCombat(Action):
    """The fight is over; ``reason`` says why, in the GM's words."""

    kind: ClassVar[str] = "end_combat"
    reason: str = ""

    def sentence(self, names: Names) -> str:
        return end_sentence("The combat ends.", self.reason)


def end_sentence(words: str, reason: str) -> str:
    """The log line ending a fight: the ruleset's words, then the GM's reason."""
    return words + (f" ({reason})" if reason else "")


@dataclass(frozen=True)
class Term:
    """One term a ruleset's fighters join on: its type (as an annotation) and default."""

    hint: Any
    default: Any


@dataclass(frozen=True)
class Joining:
    """What a ruleset's ``AddCombatant`` carries: its stat block type and its terms.

    ``words`` adds the terms to the log line (Impulse's range band), if the ruleset says.
    """

    block_type: type
    terms: Mapping[str, Term] = field(default_factory=dict)
    words: Callable[[Mapping[str, Any]], str] | None = None

    def __post_init__(self) -> None:
        if self.terms or self.words:  # a fighter's block tells its system's terms
            JOININGS[self.block_type] = self

    def is_default(self, name: str, value: object) -> bool:
        """Whether ``value`` is term ``name``'s default (of its type too: False is not 0)."""
        term = self.terms.get(name)
        return term is not None and type(value) is type(term.default) \
            and value == term.default

    def of(self, action: AddCombatant) -> dict[str, Any]:
        """Every term of ``action``, those it leaves out at their defaults."""
        return {name: action.joining.get(name, term.default) for name, term in self.terms.items()}

    def check(self, action: AddCombatant, rule: str) -> None:
        """Refuse a stat block of another system or a term this ruleset does not know
        or of the wrong type (``IllegalAction`` naming it under ``rule``)."""
        if not isinstance(action.character, self.block_type):
            raise IllegalAction(rule, "character must be a stat block of this system")
        for name, value in action.joining.items():
            term = self.terms.get(name)
            if term is None:
                raise IllegalAction(rule, f"{name} is not a term a fighter joins on here"
                                    f"{_known(self.terms)}")
            try:
                decode(term.hint, value, name)
            except LogFormatError as error:
                raise IllegalAction(rule, str(error)) from error

    def read(self, obj: Mapping[str, Any], path: str) -> AddCombatant:
        """An ``AddCombatant`` read strictly from the log: the block by its own reader,
        each term against its declared type."""
        body = decode_fields(AddCombatant, obj, path, skip=_KIND)
        character = decode(self.block_type, body.pop("character"), f"{path}.character")
        joining = body.pop("joining", {})
        for name, value in joining.items():
            term = self.terms.get(name)
            if term is None:
                raise LogFormatError(f"{path}.joining.{name}", "is not a term of this ruleset")
            joining[name] = decode(term.hint, value, f"{path}.joining.{name}")
        return AddCombatant(character=character, joining=joining, **body)


JOININGS: dict[type, Joining] = {}
"""Each ruleset's ``Joining`` by its stat block type (registered when declared)."""


def _known(terms: Mapping[str, Term]) -> str:
    return f"; known: {', '.join(terms)}" if terms else "; none are known"


def action_to_json(action: Action) -> dict[str, Any]:
    """The action as a JSON object with its ``kind`` first."""
    body = encode(action)
    return {"kind": action.kind, **body}


def action_types(classes: Iterable[type[Action]]) -> dict[str, type[Action]]:
    """A kind-to-class table for ``decode_action``."""
    return {cls.kind: cls for cls in classes}


def decode_action(
    obj: object, types: Mapping[str, type[Action]], path: str = "action",
    joining: Joining | None = None,
) -> Action:
    """Read one action strictly: unknown kind, missing field or wrong type is refused.

    ``joining`` reads an ``AddCombatant``'s stat block and terms for the ruleset.
    """
    if not isinstance(obj, dict):
        raise LogFormatError(path, "must be a JSON object")
    kind = obj.get("kind")
    if not isinstance(kind, str):
        raise LogFormatError(f"{path}.kind", "is missing")
    cls = types.get(kind)
    if cls is None:
        raise LogFormatError(f"{path}.kind", f"unknown action kind {kind!r}")
    if cls is AddCombatant and joining is not None:
        return joining.read(obj, path)
    return cls(**decode_fields(cls, obj, path, skip=_KIND))


_KIND = frozenset({"kind"})


@functools.cache
def fighter_fields(cls: type) -> frozenset[str]:
    """The names of ``cls``'s fields that name a fighter: those declared with ``FIGHTER``."""
    if not dataclasses.is_dataclass(cls):
        return frozenset()
    return frozenset(each.name for each in dataclasses.fields(cls)
                     if each.metadata.get(NAMES_A_FIGHTER))


def named_fighters(action: Action) -> Iterator[tuple[str, str]]:
    """Each (field, id) of ``action`` that names a fighter already in the fight."""
    yield from _fighters_in(action, "", action.joins)


def _fighters_in(value: object, where: str, skip: str) -> Iterator[tuple[str, str]]:
    cls: type = type(value)
    naming = fighter_fields(cls)
    for name in _field_names(cls):
        if name == skip:
            continue
        found = getattr(value, name)
        if name in naming:
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


def names_only(action: Action, present: Collection[str]) -> bool:
    """Whether every fighter ``named_fighters`` finds is in ``present``: the same walk
    without building a path for each (asked before every action; the paths are only
    wanted for a refusal)."""
    return _only_present(action, action.joins, present)


def _only_present(value: object, skip: str, present: Collection[str]) -> bool:
    cls: type = type(value)
    naming = fighter_fields(cls)
    for name in _may_name(cls, skip):
        found = getattr(value, name)
        if name in naming:
            if type(found) is str:  # the common case, without a generator
                if found and found not in present:
                    return False
            elif any(fighter not in present for fighter in _ids(found)):
                return False
        elif type(found) in _PLAIN:
            continue
        elif isinstance(found, tuple):
            if not all(_only_present(item, "", present) for item in found
                       if dataclasses.is_dataclass(item)):
                return False
        elif dataclasses.is_dataclass(found) and not isinstance(found, Storable) \
                and not _only_present(found, "", present):
            return False
    return True


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


def numbers_within(action: Action, low: int, high: int) -> bool:
    """Whether every number ``carried_numbers`` finds lies from ``low`` to ``high``: the
    same walk without building a path for each (asked before every action)."""
    cls: type = type(action)
    fields = [getattr(action, name) for name in _may_count(cls)]
    return _within(fields, low, high)


def _within(values: Iterable[object], low: int, high: int) -> bool:
    for item in values:
        kind = type(item)
        if kind is int:
            if not low <= item <= high:  # type: ignore[operator]
                return False
        elif kind not in _PLAIN and not _within(_parts(item), low, high):
            return False
    return True


def _parts(value: object) -> Iterable[object]:
    """The values inside ``value`` that ``_numbers_in`` looks into."""
    if isinstance(value, tuple):
        return value
    if isinstance(value, Mapping):
        return value.values()
    cls: type = type(value)
    if _is_record(cls) and not isinstance(value, Storable):
        return [getattr(value, name) for name in _may_count(cls)]
    return ()


# The quick checks look only where the answer may lie. Every value is checked against
# its declared types when made (``check_storable``), so a field declared to hold only
# text, true or false, a number or nothing holds no nested value: it names a fighter
# only if it is a fighter field, and carries a whole number only if declared one.
_LEAVES: frozenset[type] = frozenset({str, bool, float, int, type(None)})


@functools.cache
def _may_name(cls: type, skip: str) -> tuple[str, ...]:
    """The fields of ``cls`` that may name a fighter, ``skip`` left out."""
    hints, naming = _hints(cls), fighter_fields(cls)
    return tuple(name for name in _field_names(cls) if name != skip and (
        name in naming or not _only_of(hints.get(name, Any), _LEAVES)))


@functools.cache
def _may_count(cls: type) -> tuple[str, ...]:
    """The fields of ``cls`` that may carry a whole number."""
    hints = _hints(cls)
    return tuple(name for name in _field_names(cls)
                 if not _only_of(hints.get(name, Any), _LEAVES - {int}))


def _only_of(hint: Any, kinds: frozenset[type]) -> bool:
    """Whether ``hint`` allows only values of ``kinds`` (``Any``, or a hint not read: no)."""
    if hint in kinds:
        return True
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return all(_only_of(option, kinds) for option in typing.get_args(hint))
    if typing.get_origin(hint) is typing.Literal:
        return all(type(option) in kinds for option in typing.get_args(hint))
    if typing.get_origin(hint) is tuple:  # tuple[str, ...], tuple[int, str]
        return all(option is Ellipsis or _only_of(option, kinds)
                   for option in typing.get_args(hint))
    return False


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except (NameError, TypeError):  # an annotation only a type checker reads: walk it all
        return {}


@functools.cache
def _is_record(cls: type) -> bool:
    return dataclasses.is_dataclass(cls)


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
