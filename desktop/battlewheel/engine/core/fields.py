"""Reading stored JSON strictly: the one check of every stored value, for every ruleset.

Campaigns, combat logs, stat blocks and dice entries all read their fields through
``StoredFields``, so a mistyped value is refused with its field named instead of being
quietly converted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from battlewheel.engine.core.errors import TraitValueError


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
