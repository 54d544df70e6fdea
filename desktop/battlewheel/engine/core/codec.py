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
from collections.abc import Mapping
from typing import Any, Union, get_args, get_origin

from battlewheel.engine.core.errors import RulesError


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
    hints, fields = _shape(cls)
    unknown = sorted(set(obj) - set(fields) - skip)
    if unknown:
        raise LogFormatError(f"{path}.{unknown[0]}", "is not a field of this entry")
    values: dict[str, Any] = {}
    for name, field in fields.items():
        if name not in obj:
            if _has_default(field):
                continue
            raise LogFormatError(f"{path}.{name}", "is missing")
        values[name] = decode(hints[name], obj[name], f"{path}.{name}")
    return values


@functools.cache
def _shape(cls: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """A dataclass's resolved annotations and fields, worked out once per class.

    Resolving string annotations is the slow part of reading a log, and a class's
    annotations never change while the program runs.
    """
    return typing.get_type_hints(cls), {f.name: f for f in dataclasses.fields(cls)}


def decode(hint: Any, value: object, path: str) -> Any:
    """One value read against its type annotation, or a ``LogFormatError`` naming it."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return _decode_union(hint, value, path)
    if origin is tuple:
        return _decode_tuple(hint, value, path)
    if origin in (dict, Mapping, typing.Mapping):
        return _decode_mapping(hint, value, path)
    return _decode_plain(hint, value, path)


def _decode_union(hint: Any, value: object, path: str) -> Any:
    options = get_args(hint)
    if value is None:
        if type(None) in options:
            return None
        raise LogFormatError(path, "must not be null")
    concrete = [option for option in options if option is not type(None)]
    errors = []
    for option in concrete:
        try:
            return decode(option, value, path)
        except (LogFormatError, ValueError) as error:
            errors.append(str(error))
    raise LogFormatError(path, errors[0] if len(errors) == 1 else "has the wrong type")


def _decode_tuple(hint: Any, value: object, path: str) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise LogFormatError(path, "must be a list")
    item_hint = get_args(hint)[0]
    return tuple(decode(item_hint, item, f"{path}[{i}]") for i, item in enumerate(value))


def _decode_mapping(hint: Any, value: object, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise LogFormatError(path, "must be a JSON object")
    item_hint = get_args(hint)[1]
    return {key: decode(item_hint, item, f"{path}.{key}") for key, item in value.items()}


def _decode_plain(hint: Any, value: object, path: str) -> Any:
    if hint is bool:
        if not isinstance(value, bool):
            raise LogFormatError(path, "must be true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise LogFormatError(path, "must be a whole number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise LogFormatError(path, "must be a string")
        return value
    if hint is Any:
        return value
    from_json = getattr(hint, "from_json", None)
    if callable(from_json):
        try:
            return from_json(value)
        except LogFormatError:
            raise
        except (ValueError, TypeError, KeyError) as error:
            raise LogFormatError(path, str(error)) from error
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return hint(**decode_fields(hint, value, path, skip=frozenset()))
    raise LogFormatError(path, f"has a type the log cannot hold ({hint!r})")


def _is_default(field: dataclasses.Field[Any], value: object) -> bool:
    if field.default is not dataclasses.MISSING:
        return bool(value == field.default)
    return False


def _has_default(field: dataclasses.Field[Any]) -> bool:
    return (
        field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    )
