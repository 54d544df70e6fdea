"""Reading stored JSON strictly: the one check of every stored value, for every ruleset.

Campaigns, combat logs, stat blocks and dice entries all read their fields through
``StoredFields``, so a mistyped value is refused with its field named instead of being
quietly converted.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, Union, get_args, get_origin

from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.playout_mode import playing_out_now


def json_type(value: object) -> str:
    """The JSON name of a parsed value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "an array"
    return "an object"


_REQUIRED: Any = object()


class StoredFields:
    """One stored JSON object's fields, read strictly: the one check of every stored value.

    A value of the wrong JSON type is refused, never converted (``"no"`` is not false,
    ``null`` is not the text "None", ``""`` is not an empty table), and so is a key the
    object does not have (a misspelt field would otherwise be silently ignored). Every
    refusal is a ``TraitValueError`` naming the field.
    """

    def __init__(self, obj: object, where: str, known: Iterable[str]) -> None:
        if not isinstance(obj, Mapping):
            raise TraitValueError(where.rstrip(": ") or "value", f"an object, not {json_type(obj)}")
        self.obj = obj
        self.where = where
        unknown = sorted(set(obj) - set(known))
        if unknown:
            raise TraitValueError(f"{where}{unknown[0]}", "one of " + ", ".join(sorted(known)))

    def value(self, key: str, default: Any = _REQUIRED) -> Any:
        """A value whose type the constructor checks (numbers go through ``check_range``)."""
        if key in self.obj:
            return self.obj[key]
        if default is _REQUIRED:
            raise TraitValueError(f"{self.where}{key}", "present")
        return default

    def text(self, key: str, default: Any = _REQUIRED) -> str:
        """A string."""
        return self._typed(key, default, str, "text")

    def flag(self, key: str, default: Any = _REQUIRED) -> bool:
        """true or false."""
        return self._typed(key, default, bool, "true or false")

    def table(self, key: str, default: Any = _REQUIRED) -> Mapping[str, Any]:
        """A JSON object."""
        return self._typed(key, default, Mapping, "an object")

    def array(self, key: str, default: Any = _REQUIRED) -> list[Any]:
        """A JSON array."""
        return self._typed(key, default, list | tuple, "an array")

    def texts(self, key: str, default: Any = _REQUIRED) -> tuple[str, ...]:
        """A JSON array of strings."""
        items = self.array(key, default)
        for index, item in enumerate(items):
            if not isinstance(item, str):
                raise TraitValueError(f"{self.where}{key}[{index}]",
                                      f"text, not {json_type(item)}")
        return tuple(items)

    def _typed(self, key: str, default: Any, kind: Any, allowed: str) -> Any:
        found = self.value(key, default)
        if isinstance(found, kind) and (kind is bool or not isinstance(found, bool)):
            return found
        raise TraitValueError(f"{self.where}{key}", f"{allowed}, not {json_type(found)}")


# -- a stat block's traits: checked when a block is made ---------------------------------


def check_range(name: str, value: object, bounds: tuple[int, int]) -> int:
    """A whole number within ``bounds``, or ``TraitValueError`` naming the field."""
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TraitValueError(name, f"a whole number {low}-{high}", value)
    return value


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> str:
    """One of a fixed set of words, or ``TraitValueError`` naming the field."""
    if value not in choices:
        raise TraitValueError(name, "one of " + ", ".join(choices), value)
    return str(value)


# -- what a file can hold: checked when a value is made ----------------------------------

MAX_NUMBER_DIGITS = 15
"""The longest whole number a file holds (the sign aside); ``storage.schema`` reads no longer."""

MAX_NAME = 200
"""The longest name (a character's, a campaign's, a combat's, a weapon's)."""

MAX_TEXT = 1_000_000
"""The longest text of any other kind (as a campaign's notes)."""

MAX_DEPTH = 40
"""The deepest nesting of lists and objects a file holds."""

_WHOLE_LIMIT = 10**MAX_NUMBER_DIGITS


def check_storable(value: object, field: str = "value") -> None:
    """Refuse what the file reader would refuse, naming the field (``TraitValueError``).

    The one rule for every value that goes into a file (an action, a stat block, what
    the character editor and the importers make): whole numbers of at most 15 digits,
    finite numbers, text without a lone surrogate (it cannot be written as UTF-8),
    names of at most 200 characters and other text of at most a million, nesting at
    most 40 deep; a dataclass's fields must also have the types they are declared with.
    So whatever is made can be saved, and whatever is saved opens again.
    """
    _check(value, Any, field, 0)


class Storable:
    """Base of a frozen dataclass that goes into a file: checked whole when made.

    ``check_storable`` runs after the class's own ``__post_init__`` (which may convert
    its fields), and also when that one fails on a wrong type, so the field is named.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("__post_init__")
        if own is not None and not getattr(own, "_checks_storable", False):
            cls.__post_init__ = _checked_post_init(own)  # type: ignore[method-assign]

    def __post_init__(self) -> None:
        if not playing_out_now():  # nothing a playout makes goes into a file
            check_storable(self, "")


def _checked_post_init(own: Any) -> Any:
    def __post_init__(self: Any) -> None:
        try:
            own(self)
        except (TypeError, AttributeError, KeyError):
            check_storable(self, "")  # a wrong type made the class's own check fail
            raise
        if not playing_out_now():  # nothing a playout makes goes into a file
            check_storable(self, "")

    __post_init__._checks_storable = True  # type: ignore[attr-defined]
    return __post_init__


def _join(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _check(value: object, hint: Any, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise TraitValueError(where or "value", f"nested at most {MAX_DEPTH} deep")
    expected = _expected(hint, value)
    if expected is not None:
        raise TraitValueError(where or "value", f"{expected}, not {json_type(value)}")
    if type(value) is int:
        if not -_WHOLE_LIMIT < value < _WHOLE_LIMIT:
            raise TraitValueError(where or "value",
                                  f"a whole number of at most {MAX_NUMBER_DIGITS} digits", value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise TraitValueError(where or "value", "a finite number", value)
    elif isinstance(value, str):
        _check_text(value, where)
    elif isinstance(value, tuple | list):
        items = _item_hints(hint, len(value))
        for index, (item, item_hint) in enumerate(zip(value, items, strict=False)):
            if type(item) is int and item_hint in _WHOLE_HINTS and depth < MAX_DEPTH \
                    and -_WHOLE_LIMIT < item < _WHOLE_LIMIT:
                continue  # a die's face, say: nothing more to ask of it
            _check(item, item_hint, f"{where}[{index}]", depth + 1)
    elif isinstance(value, Mapping):
        item_hint = _mapping_hint(hint)
        for key, item in value.items():
            if not isinstance(key, str):
                raise TraitValueError(where or "value", f"keys of text, not {json_type(key)}")
            _check_text(key, where)
            _check(item, item_hint, _join(where, key), depth + 1)
    elif isinstance(value, Storable) and depth > 0:
        return  # checked whole when it was made, and frozen since
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        _check_fields(value, where, depth + 1)


def _check_fields(value: object, where: str, depth: int) -> None:
    """Each field of a dataclass ``value`` checked as ``_check`` would; a leaf (None, true
    or false, a whole number, text, an empty list, a value checked when made) without
    the call for it, as every action made is checked so."""
    cls: type = type(value)
    for name, hint, matcher, default in _field_plan(cls):
        item = getattr(value, name)
        if item is default and depth <= MAX_DEPTH:
            continue  # the declared default, checked once for the class
        kind = type(item)
        leaf = item is None or kind is bool or kind is int or kind is str or item == () \
            or isinstance(item, Storable)
        if not leaf or depth > MAX_DEPTH:
            _check(item, hint, _join(where, name), depth)
            continue
        expected = matcher(item)
        if expected is not None:
            raise TraitValueError(_join(where, name), f"{expected}, not {json_type(item)}")
        if kind is int and not -_WHOLE_LIMIT < item < _WHOLE_LIMIT:
            raise TraitValueError(_join(where, name),
                                  f"a whole number of at most {MAX_NUMBER_DIGITS} digits", item)
        if kind is str:
            _check_text(item, _join(where, name))


def _check_text(text: str, where: str) -> None:
    limit = MAX_NAME if where.rsplit(".", 1)[-1] == "name" else MAX_TEXT
    if len(text) > limit:
        raise TraitValueError(where or "text", f"at most {limit} characters", len(text))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise TraitValueError(where or "text", "text without a lone half of a character pair "
                              "(\\ud800-\\udfff), which cannot be saved") from None


_SIMPLE: dict[Any, tuple[tuple[type, ...], str]] = {
    bool: ((bool,), "true or false"),
    int: ((int,), "a whole number"),
    float: ((int, float), "a number"),
    str: ((str,), "text"),
    type(None): ((type(None),), "null"),
}


def _expected(hint: Any, value: object) -> str | None:
    """What ``hint`` asks for if ``value`` is not of it (None: it is, or cannot be told)."""
    if hint is Any:
        return None
    return _matcher(hint)(value)


Matcher = Callable[[object], "str | None"]


@functools.cache
def _matcher(hint: Any) -> Matcher:
    """``hint`` read once into a test of a value: every action made is checked field by
    field, and taking a hint apart (``get_origin``, ``get_args``) each time cost more
    than all the rest of a forecast's check."""
    if hint is Any:
        return lambda value: None
    if hint in _SIMPLE:
        return _simple_matcher(hint)
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return _union_matcher(tuple(_matcher(option) for option in get_args(hint)))
    if origin is tuple:
        return lambda value: None if isinstance(value, tuple | list) else "a list"
    if origin in (dict, Mapping):
        return lambda value: None if isinstance(value, Mapping) else "an object"
    if origin is Literal:
        allowed = get_args(hint)
        words = "one of " + ", ".join(map(repr, allowed))
        return lambda value: None if value in allowed else words
    if isinstance(hint, type) and hint is not object and origin is None:
        words = "an object" if dataclasses.is_dataclass(hint) else f"a {hint.__name__}"
        return lambda value: None if isinstance(value, hint) else words
    return lambda value: None


def _simple_matcher(hint: Any) -> Matcher:
    kinds, words = _SIMPLE[hint]
    if hint is bool:
        return lambda value: None if isinstance(value, kinds) else words
    return lambda value: None if isinstance(value, kinds) and not isinstance(value, bool) \
        else words


def _union_matcher(options: tuple[Matcher, ...]) -> Matcher:
    words = " or ".join(option(_NOTHING) or "?" for option in options)

    def matches(value: object) -> str | None:
        for option in options:
            if option(value) is None:
                return None
        return words

    return matches


_NOTHING = object()  # never of any type: asks ``_expected`` for a type's words


_WHOLE_HINTS = (int, Any)
"""Declared types a whole number in range always fits."""


def _item_hints(hint: Any, count: int) -> Iterable[Any]:
    args = _tuple_args(hint)
    if args is not None:
        if len(args) == 2 and args[1] is Ellipsis:
            return [args[0]] * count
        if len(args) == count:
            return args
    return [Any] * count


@functools.cache
def _tuple_args(hint: Any) -> tuple[Any, ...] | None:
    """The item types a ``tuple[...]`` hint declares (None: ``hint`` is no tuple type)."""
    return get_args(hint) if get_origin(hint) is tuple else None


def _mapping_hint(hint: Any) -> Any:
    args = get_args(hint) if get_origin(hint) in (dict, Mapping) else ()
    return args[1] if len(args) == 2 else Any


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except (NameError, TypeError):  # an annotation only a type checker can resolve
        return {}


@functools.cache
def _field_plan(cls: type) -> tuple[tuple[str, Any, Matcher, object], ...]:
    """Each field of a dataclass with its declared type, that type's test, and its default
    if the check passes it (else a value no field holds)."""
    hints = _hints(cls)
    return tuple((each.name, hints.get(each.name, Any), _matcher(hints.get(each.name, Any)),
                  _passing_default(each, hints.get(each.name, Any)))
                 for each in dataclasses.fields(cls))


def _passing_default(each: dataclasses.Field[Any], hint: Any) -> object:
    """The field's plain default if ``_check`` passes it, else ``_NOTHING``: most fields of
    an action hold their default, and an immutable default passes or fails alike each time."""
    default = each.default
    if type(default) not in _PLAIN_DEFAULTS and default != ():
        return _NOTHING
    try:
        _check(default, hint, each.name, 1)
    except TraitValueError:
        return _NOTHING
    return default


_PLAIN_DEFAULTS = frozenset({str, int, bool, float, type(None)})
