"""Strict JSON reading and writing for frozen action dataclasses.

Every action is a frozen dataclass whose fields are plain JSON types, dice entries,
characters, tuples and mappings of those, or nested frozen dataclasses. Reading checks
each field against its annotation and names the field when something is wrong.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Union, get_args, get_origin

from battlewheel.engine.core.errors import RulesError

OMIT_EMPTY = "omit_empty"
"""A field's metadata key: the field is left out of the log while it is empty."""


class LogFormatError(RulesError):
    """A combat log or action in JSON that does not have the documented shape."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


def encode(value: object) -> Any:
    """A JSON-ready copy of a field value."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        to_json = getattr(value, "to_json", None)
        if callable(to_json):
            return to_json()
        # Fields left at their default are omitted: the log stays readable, and
        # reading fills them back in.
        return {
            f.name: encode(getattr(value, f.name))
            for f in _init_order(type(value))
            if not _is_default(f, getattr(value, f.name))
        }
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): encode(item) for key, item in value.items()}
    if hasattr(value, "to_json"):
        return value.to_json()
    return value


@functools.cache
def _init_order(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """Fields as the constructor takes them: keyword-only ones (shared inputs) last."""
    return tuple(sorted(dataclasses.fields(cls), key=lambda f: bool(f.kw_only)))


def decode_fields(cls: type, obj: object, path: str, *, skip: frozenset[str]) -> dict[str, Any]:
    """Keyword arguments for ``cls`` read strictly from a JSON object."""
    if not isinstance(obj, dict):
        raise LogFormatError(path, "must be a JSON object")
    allowed, plan = _plan(cls, skip)
    if not obj.keys() <= allowed:
        unknown = sorted(set(obj) - allowed)
        raise LogFormatError(f"{path}.{unknown[0]}", "is not a field of this entry")
    values: dict[str, Any] = {}
    for name, read, optional, plain in plan:
        if name not in obj:
            if optional:
                continue
            raise LogFormatError(f"{path}.{name}", "is missing")
        value = obj[name]
        # A text, number or flag of just the right type needs no reader (nor its path).
        values[name] = value if type(value) is plain else read(value, f"{path}.{name}")
    return values


Reader = Callable[[object, str], Any]
"""Reads one JSON value (the path names it in errors) against one annotation."""


_PLAIN = (str, int, bool)


@functools.cache
def _plan(
    cls: type, skip: frozenset[str]
) -> tuple[frozenset[str], tuple[tuple[str, Reader, bool, type | None], ...]]:
    """The keys a JSON object of ``cls`` may hold and, per field: its name, its reader,
    whether it may be left out, and its plain type (str, int or bool) if it has one.

    Worked out once per class: resolving annotations and choosing a reader for each is
    the slow part of reading a log, and a class's annotations never change while the
    program runs.
    """
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    plan = tuple((f.name, _reader(hints[f.name]), _has_default(f),
                  hints[f.name] if hints[f.name] in _PLAIN else None) for f in fields)
    return frozenset(f.name for f in fields) | skip, plan


def decode(hint: Any, value: object, path: str) -> Any:
    """One value read against its type annotation, or a ``LogFormatError`` naming it."""
    return _reader(hint)(value, path)


def _reader(hint: Any) -> Reader:
    """The reader for an annotation, built once per (hashable) annotation."""
    try:
        return _cached_reader(hint)
    except TypeError:  # an annotation that cannot be a cache key: build its reader anew
        return _build_reader(hint)


def _build_reader(hint: Any) -> Reader:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return _union_reader(hint)
    if origin is tuple:
        return _tuple_reader(hint)
    if origin in (dict, Mapping, typing.Mapping):
        return _mapping_reader(hint)
    return _plain_reader(hint)


_cached_reader = functools.cache(_build_reader)


def _union_reader(hint: Any) -> Reader:
    options = get_args(hint)
    nullable = type(None) in options
    readers = [_reader(option) for option in options if option is not type(None)]

    def read(value: object, path: str) -> Any:
        if value is None:
            if nullable:
                return None
            raise LogFormatError(path, "must not be null")
        errors = []
        for option in readers:
            try:
                return option(value, path)
            except (LogFormatError, ValueError) as error:
                errors.append(str(error))
        raise LogFormatError(path, errors[0] if len(errors) == 1 else "has the wrong type")

    return read


def _tuple_reader(hint: Any) -> Reader:
    item = _reader(get_args(hint)[0])

    def read(value: object, path: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise LogFormatError(path, "must be a list")
        return tuple(item(entry, f"{path}[{i}]") for i, entry in enumerate(value))

    return read


def _mapping_reader(hint: Any) -> Reader:
    item = _reader(get_args(hint)[1])

    def read(value: object, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise LogFormatError(path, "must be a JSON object")
        return {key: item(entry, f"{path}.{key}") for key, entry in value.items()}

    return read


def _plain_reader(hint: Any) -> Reader:
    if hint is bool:
        return _read_bool
    if hint is int:
        return _read_int
    if hint is str:
        return _read_str
    if hint is Any:
        return lambda value, path: value
    from_json = getattr(hint, "from_json", None)
    if callable(from_json):
        return functools.partial(_read_from_json, from_json)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return functools.partial(_read_dataclass, hint)
    return functools.partial(_read_unknown, hint)


def _read_bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise LogFormatError(path, "must be true or false")
    return value


def _read_int(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LogFormatError(path, "must be a whole number")
    return value


def _read_str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise LogFormatError(path, "must be a string")
    return value


def _read_from_json(from_json: Callable[[object], Any], value: object, path: str) -> Any:
    try:
        return from_json(value)
    except LogFormatError:
        raise
    except (ValueError, TypeError, KeyError) as error:
        raise LogFormatError(path, str(error)) from error


def _read_dataclass(hint: type, value: object, path: str) -> Any:
    return hint(**decode_fields(hint, value, path, skip=frozenset()))


def _read_unknown(hint: Any, value: object, path: str) -> Any:
    raise LogFormatError(path, f"has a type the log cannot hold ({hint!r})")


def _is_default(field: dataclasses.Field[Any], value: object) -> bool:
    if field.default is not dataclasses.MISSING:
        return bool(value == field.default)
    return bool(field.metadata.get(OMIT_EMPTY)) and not value


def _has_default(field: dataclasses.Field[Any]) -> bool:
    return (
        field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    )
