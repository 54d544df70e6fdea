"""What a ruleset declares about its stat block, so one shared editor can make and change it.

The character editor (``views/character_editor``) imports no ruleset: it builds its form
from a ruleset's ``BlockSchema`` (groups of fields and repeated rows, each with its
bounds, choices, default and a help line citing the seed), starts from one of the
ruleset's ``BlockTemplate``s, and turns what was typed back into a block through the
ruleset (``Ruleset.block_from_form``), whose own checks stay the one source of truth.

Form values are plain data: a dict from each field's ``key`` to its value, and from each
``FormRows`` key to a list of row dicts (each keyed by the row's field keys). The default
conversion between a block's JSON and form values follows dotted keys into nested JSON
objects (``"attributes.strength"``); a row field with the empty key stands for the whole
row item (a list of numbers, such as health levels).

    schema = ruleset.block_schema()
    values = ruleset.block_form(block)          # {"essence": 2, "weapons": [{...}], ...}
    block = ruleset.block_from_form(values)     # TraitValueError naming the field
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from battlewheel.engine.core.errors import TraitValueError

FieldKind = Literal["int", "text", "choice", "flag"]


@dataclass(frozen=True)
class FormField:
    """One value typed into the editor.

    ``low``/``high`` bound an ``int``; ``choices`` are the allowed values of a ``choice``
    (``labels``, if given, what the GM reads for each); ``help`` is one line that cites
    the seed section the value is read by.
    """

    key: str
    label: str
    kind: FieldKind = "int"
    low: int = 0
    high: int = 10
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    default: Any = 0
    help: str = ""

    def allowed(self) -> str:
        """What the field takes, in words for a refusal ("a whole number 1-5")."""
        if self.kind == "int":
            # "from -3 to 5": a dash between bounds reads badly once one is negative.
            if self.low < 0:
                return f"a whole number from {self.low} to {self.high}"
            return f"a whole number {self.low}-{self.high}"
        if self.kind == "choice":
            return "one of " + ", ".join(self.labels or self.choices)
        if self.kind == "flag":
            return "yes or no"
        return "text"

    def problem(self, value: object) -> str | None:
        """Why ``value`` is not allowed here, naming the field; None when it is."""
        if self.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
            if not ok or not self.low <= value <= self.high:  # type: ignore[operator]
                return f"{self.label} must be {self.allowed()}"
        elif (self.kind == "choice" and value not in self.choices) or (
                self.kind == "flag" and not isinstance(value, bool)):
            return f"{self.label} must be {self.allowed()}"
        elif self.kind == "text" and not isinstance(value, str):
            return f"{self.label} must be text"
        return None


@dataclass(frozen=True)
class FormRows:
    """A repeated row (weapons, armour, attacks, specialties, health levels).

    ``most`` caps the rows; ``least`` is how many must be present.
    """

    key: str
    label: str
    fields: tuple[FormField, ...]
    help: str = ""
    least: int = 0
    most: int = 20

    def blank_row(self) -> dict[str, Any]:
        """A new row, each field at its default."""
        return {f.key: copy.deepcopy(f.default) for f in self.fields}


FormItem = FormField | FormRows


@dataclass(frozen=True)
class FormGroup:
    """A titled group of the form, drawn in ``columns`` columns of fields."""

    title: str
    items: tuple[FormItem, ...]
    columns: int = 1
    help: str = ""


@dataclass(frozen=True)
class Preset:
    """One entry of a table the editor offers: its label, and the form values it makes
    of the form's values (a weapon added with its minimums, an armour put on)."""

    label: str
    apply: Callable[[Mapping[str, Any]], dict[str, Any]] = field(compare=False)


@dataclass(frozen=True)
class BlockSchema:
    """Every group of a ruleset's stat block form, in reading (and Tab) order."""

    groups: tuple[FormGroup, ...]
    # After an edit, what else the form changes to match it (a renamed weapon's minimum
    # rows follow its name, an attack's Stat fits its new Kind): the values the form
    # should show, from those before and after the edit. None: nothing follows.
    follow: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]] | None = field(
        default=None, compare=False)
    # Entries of the program's own tables the GM may pick (2e's weapons and armour), read
    # when the editor asks. None: the system offers no tables.
    presets: Callable[[], tuple[Preset, ...]] | None = field(default=None, compare=False)

    def items(self) -> Iterator[FormItem]:
        """Every field and row set, in order."""
        for group in self.groups:
            yield from group.items

    def fields(self) -> Iterator[FormField]:
        """Every top-level field, in order (row fields are under their ``FormRows``)."""
        return (item for item in self.items() if isinstance(item, FormField))

    def rows(self) -> Iterator[FormRows]:
        """Every repeated-row set, in order."""
        return (item for item in self.items() if isinstance(item, FormRows))

    def item(self, key: str) -> FormItem | None:
        """The field or row set with this key."""
        return next((item for item in self.items() if item.key == key), None)

    def defaults(self) -> dict[str, Any]:
        """Form values with every field at its default and no rows."""
        values: dict[str, Any] = {}
        for item in self.items():
            values[item.key] = [] if isinstance(item, FormRows) else copy.deepcopy(item.default)
        return values


@dataclass(frozen=True)
class BlockTemplate:
    """A starting point for a new character: "Extra", "Solar", "Battle group", a seed's NPC.

    ``block`` is a whole stat block of the ruleset; the editor copies its form values.
    """

    key: str
    label: str
    block: Any
    description: str = ""


def renamed(before: Mapping[str, Any], after: Mapping[str, Any], rows: str,
            cell: str = "name") -> dict[str, str]:
    """Old name to new of each row of ``rows`` whose ``cell`` was just retyped (rows neither
    added nor taken out), for the rows that name it to follow."""
    old, new = before.get(rows), after.get(rows)
    if not isinstance(old, list) or not isinstance(new, list) or len(old) != len(new):
        return {}
    names = [row.get(cell) for row in new]
    return {o.get(cell): n.get(cell) for o, n in zip(old, new, strict=True)
            if isinstance(o.get(cell), str) and isinstance(n.get(cell), str)
            and o.get(cell) != n.get(cell) and o.get(cell) not in names}


def follow_renames(before: Mapping[str, Any], after: Mapping[str, Any], rows: str,
                   naming: str, cell: str) -> dict[str, Any]:
    """``after`` with each row of ``naming`` whose ``cell`` named a renamed row of ``rows``
    naming it by its new name (a weapon's minimums, an attack's triggers)."""
    changes = renamed(before, after, rows)
    referring = after.get(naming)
    if not changes or not isinstance(referring, list):
        return dict(after)
    followed = [{**row, cell: changes.get(row.get(cell), row.get(cell))}
                if isinstance(row.get(cell), str) else row for row in referring]
    return {**after, naming: followed}


def problems(schema: BlockSchema, values: Mapping[str, Any]) -> dict[str, str]:
    """Each field out of its bounds, by key (a row field as ``rows[index].field``)."""
    found: dict[str, str] = {}
    for item in schema.items():
        if isinstance(item, FormField):
            problem = item.problem(values.get(item.key, item.default))
            if problem:
                found[item.key] = problem
            continue
        rows = values.get(item.key, [])
        if not item.least <= len(rows) <= item.most:
            found[item.key] = f"{item.label}: {item.least}-{item.most} rows"
        for index, row in enumerate(rows):
            for cell in item.fields:
                problem = cell.problem(row.get(cell.key, cell.default))
                if problem:
                    found[f"{item.key}[{index}].{cell.key}"] = (
                        f"{item.label} row {index + 1}: {problem}")
    return found


_KIND_TYPES: dict[str, tuple[type, ...]] = {"int": (int,), "text": (str,), "choice": (str,),
                                            "flag": (bool,)}


def check_kinds(schema: BlockSchema, values: Mapping[str, Any]) -> None:
    """Refuse (``TraitValueError`` naming the field) a value of the wrong type: text
    where a number goes, a list where a name goes. Only the type: a number's range and a
    choice's list are the block's own checks to make."""
    for item in schema.items():
        if item.key not in values:
            continue
        if isinstance(item, FormField):
            _check_kind(item, values[item.key], item.key)
            continue
        rows = values[item.key]
        if not isinstance(rows, list) or not all(isinstance(row, Mapping) for row in rows):
            raise TraitValueError(item.key, "a list of rows", rows)
        for index, row in enumerate(rows):
            for cell in item.fields:
                if cell.key in row:
                    _check_kind(cell, row[cell.key], f"{item.key}[{index}].{cell.key}")


def _check_kind(field: FormField, value: object, where: str) -> None:
    wanted = _KIND_TYPES.get(field.kind, (object,))
    wrong_bool = isinstance(value, bool) and field.kind == "int"
    if wrong_bool or not isinstance(value, wanted):
        raise TraitValueError(where, field.allowed(), value)


def in_row(rows: FormRows, index: int, error: TraitValueError) -> TraitValueError:
    """A row item's refusal renamed to the row's cell (``weapons[0].speed``), so the
    editor can mark the cell: the cell whose key (spaces for underscores) ends the
    refused field's name ("weapon Spear: speed", "Dagger.base")."""
    named = error.field.replace(" ", "_")
    cell = next((c.key for c in sorted(rows.fields, key=lambda c: -len(c.key))
                 if c.key and named.endswith(c.key)), None)
    if cell is None:
        return error
    return TraitValueError(f"{rows.key}[{index}].{cell}", error.allowed, error.value)


def entry_in_row(error: TraitValueError, rows_key: str, entries: list[str],
                 cell: str) -> TraitValueError:
    """A block's refusal of one entry of a named table ("skills.Stealth") renamed to the
    cell of the row that holds it (``skills[2].value``); ``entries`` are the rows' entry
    names in order. Any other refusal is returned as it is."""
    prefix = rows_key + "."
    entry = error.field[len(prefix):] if error.field.startswith(prefix) else None
    if entry not in entries:
        return error
    return TraitValueError(f"{rows_key}[{entries.index(entry)}].{cell}", error.allowed,
                           error.value)


# -- the default conversion: dotted keys into the block's JSON -------------------------------


def _get(obj: Any, key: str, default: Any) -> Any:
    if key == "":
        return obj
    for part in key.split("."):
        if not isinstance(obj, Mapping) or part not in obj:
            return copy.deepcopy(default)
        obj = obj[part]
    return copy.deepcopy(obj)


def _put(obj: dict[str, Any], key: str, value: Any) -> None:
    *path, last = key.split(".")
    for part in path:
        inner = obj.get(part)
        if not isinstance(inner, dict):
            inner = obj[part] = {}
        obj = inner
    obj[last] = value


def values_from_json(schema: BlockSchema, document: Mapping[str, Any]) -> dict[str, Any]:
    """Form values read from a block's JSON by each item's dotted key."""
    values: dict[str, Any] = {}
    for item in schema.items():
        if isinstance(item, FormField):
            values[item.key] = _get(document, item.key, item.default)
            continue
        rows = _get(document, item.key, [])
        values[item.key] = [
            {cell.key: _get(row, cell.key, cell.default) for cell in item.fields}
            for row in (rows if isinstance(rows, list) else [])
        ]
    return values


def json_from_values(schema: BlockSchema, values: Mapping[str, Any],
                     base: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` (the block's JSON) with every form value written in by its dotted key.

    Keys the schema does not name (a 2e GM override, say) keep ``base``'s value.
    """
    document = copy.deepcopy(dict(base))
    for item in schema.items():
        if item.key not in values:
            continue
        value = values[item.key]
        if isinstance(item, FormRows):
            value = [_row_json(item, row) for row in value]
        _put(document, item.key, copy.deepcopy(value))
    return document


def _row_json(rows: FormRows, row: Mapping[str, Any]) -> Any:
    if len(rows.fields) == 1 and rows.fields[0].key == "":
        return row.get("", rows.fields[0].default)
    built: dict[str, Any] = {}
    for cell in rows.fields:
        _put(built, cell.key, row.get(cell.key, cell.default))
    return built


# -- what a change of block changed, for the log ---------------------------------------------


def _shown(item: FormField, value: Any) -> str:
    if item.kind == "flag":
        return "yes" if value else "no"
    if item.kind == "choice" and value in item.choices and item.labels:
        return item.labels[item.choices.index(value)]
    return str(value) if value != "" else "none"


def changed_fields(schema: BlockSchema, before: Mapping[str, Any],
                   after: Mapping[str, Any]) -> list[str]:
    """What differs between two blocks' form values, in reading order, in the form's
    words: "Dodge 1 → 2", "Weapons changed"."""
    found = []
    for item in schema.items():
        old, new = before.get(item.key), after.get(item.key)
        if old == new:
            continue
        if isinstance(item, FormRows):
            found.append(f"{item.label} changed")
        else:
            found.append(f"{item.label} {_shown(item, old)} \u2192 {_shown(item, new)}")
    return found


def change_sentence(name: str, changes: list[str], most: int = 4) -> str:
    """The log's sentence for a block changed mid-fight, naming the first few changes."""
    if not changes:
        return f"GM changes {name}'s traits."
    shown = ", ".join(changes[:most])
    more = f" and {len(changes) - most} more" if len(changes) > most else ""
    return f"GM changes {name}'s traits: {shown}{more}."


def block_change_sentence(ruleset: Any, old: Any, document: Mapping[str, Any]) -> str:
    """The log's sentence for ``ChangeBlock``: the fighter's old block against the new
    JSON, compared field by field through ``ruleset``'s form."""
    name = ruleset.block_name(old)
    try:
        new = ruleset.block_from_json(dict(document))
    except TraitValueError:
        return change_sentence(name, [])
    before, after = ruleset.block_form(old), ruleset.block_form(new)
    return change_sentence(name, changed_fields(ruleset.block_schema(), before, after))
