"""Rulings as data: every place a ruleset's text leaves open is a named, described option.

A ruleset's options are a frozen dataclass whose fields are declared with ``option``:
a default, a label and a one-line description the Rulings dialog shows, and the
allowed values. ``before`` is the value a combat saved before the option existed is
read with, so an old fight keeps the meaning it was played under while new combats
take the new default.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from battlewheel.engine.core.errors import TraitValueError

_MISSING: Any = dataclasses.MISSING
OptionValue = bool | int | str
OptionsT = TypeVar("OptionsT", bound="Options")


def option(
    default: OptionValue,
    *,
    label: str,
    description: str,
    choices: tuple[str, ...] = (),
    bounds: tuple[int, int] | None = None,
    before: OptionValue | None = None,
) -> Any:
    """Declare one ruling: its default, its words for the window and its allowed values."""
    meta = {
        "label": label,
        "description": description,
        "choices": choices,
        "bounds": bounds,
        "before": default if before is None else before,
    }
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True)
class OptionSpec:
    """One ruling as the window lists it."""

    name: str
    label: str
    description: str
    default: OptionValue
    choices: tuple[str, ...]
    bounds: tuple[int, int] | None

    @property
    def kind(self) -> str:
        """``"choice"``, ``"number"`` or ``"switch"``: which editor the window offers."""
        if self.choices:
            return "choice"
        return "switch" if isinstance(self.default, bool) else "number"


@dataclass(frozen=True)
class Options:
    """Base of a ruleset's options: checking, JSON, changing one ruling."""

    section: ClassVar[str] = "RULES.md"

    def __post_init__(self) -> None:
        for spec in self.specs():
            check_option(spec, getattr(self, spec.name))

    @classmethod
    def specs(cls) -> tuple[OptionSpec, ...]:
        """Every ruling of this ruleset, in declaration order."""
        return tuple(
            OptionSpec(
                f.name,
                f.metadata.get("label", f.name),
                f.metadata.get("description", ""),
                _default(f),
                tuple(f.metadata.get("choices", ())),
                f.metadata.get("bounds"),
            )
            for f in dataclasses.fields(cls)
        )

    def to_json(self) -> dict[str, Any]:
        """Every option by name, defaults included, so a saved combat never changes meaning."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls: type[OptionsT], obj: object) -> OptionsT:
        """Read options; a missing one takes the value it had before it existed."""
        if obj is None:
            return cls()
        if not isinstance(obj, dict):
            raise TraitValueError("options", "an object of option names")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(obj) - set(fields))
        if unknown:
            raise TraitValueError(f"options.{unknown[0]}", "one of " + ", ".join(sorted(fields)))
        values = {name: obj.get(name, _before(f)) for name, f in fields.items()}
        return cls(**values)

    def changed(self: OptionsT, name: str, value: object) -> OptionsT:
        """A copy with one ruling changed; an unknown name or a bad value is refused."""
        if name not in {spec.name for spec in self.specs()}:
            names = ", ".join(spec.name for spec in self.specs())
            raise TraitValueError(f"options.{name}", "one of " + names)
        return dataclasses.replace(self, **{name: value})


def _default(field: dataclasses.Field[object]) -> OptionValue:
    value = field.default
    if not isinstance(value, bool | int | str):
        raise TypeError(f"option {field.name} needs a plain default (declare it with option())")
    return value


def _before(field: dataclasses.Field[object]) -> object:
    """The value a combat saved before this option existed is read with."""
    return field.metadata.get("before", field.default)


def check_option(spec: OptionSpec, value: object) -> None:
    """Refuse a value the ruling does not allow, naming the option and what it takes."""
    field = f"options.{spec.name}"
    if spec.choices:
        if value not in spec.choices:
            raise TraitValueError(field, "one of " + ", ".join(spec.choices), value)
    elif isinstance(spec.default, bool):
        if not isinstance(value, bool):
            raise TraitValueError(field, "true or false", value)
    elif spec.bounds is not None:
        low, high = spec.bounds
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise TraitValueError(field, f"a whole number {low}-{high}", value)
