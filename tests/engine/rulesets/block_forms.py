"""Checks every ruleset's character-editor form must pass (engine/core/block_form.py).

A ruleset's tests call these with its templates and demo characters: the form gives
back the block it was made from, and each bounded field's limits are exactly the
block's own checks (one past either end refused, each end accepted by some block).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.block_form import FormField, FormRows, problems
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.ruleset import Ruleset

NOT_A_CHOICE = "no such thing"


def assert_round_trip(ruleset: Ruleset, block: Any) -> None:
    """block -> form -> block gives the block back, from scratch and over itself."""
    values = ruleset.block_form(block)
    assert problems(ruleset.block_schema(), values) == {}, ruleset.block_name(block)
    assert ruleset.block_from_form(values) == block
    assert ruleset.block_from_form(values, block) == block
    assert ruleset.block_from_json(block.to_json()) == block


def _accepted(ruleset: Ruleset, values: dict[str, Any], base: Any) -> bool:
    try:
        ruleset.block_from_form(values, base)
    except TraitValueError:
        return False
    return True


def _refused(ruleset: Ruleset, values: dict[str, Any], base: Any, named: str) -> bool:
    """Refused, the refusal naming the form's key (so the editor can mark the cell)."""
    with pytest.raises(TraitValueError) as refused:
        ruleset.block_from_form(values, base)
    assert refused.value.field == named, str(refused.value)
    return True


def _set(values: dict[str, Any], rows: FormRows | None, field: FormField,
         value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(values)
    if rows is None:
        changed[field.key] = value
    else:
        changed[rows.key][0][field.key] = value
    return changed


def every_field(ruleset: Ruleset) -> Iterable[tuple[FormRows | None, FormField]]:
    """Each bounded or chosen field, top level and in rows, with its row set."""
    for item in ruleset.block_schema().items():
        cells = item.fields if isinstance(item, FormRows) else (item,)
        for cell in cells:
            if cell.kind in ("int", "choice"):
                yield (item if isinstance(item, FormRows) else None), cell


def assert_bounds_agree(ruleset: Ruleset, blocks: Sequence[Any]) -> int:
    """For every int field: low-1 and high+1 refused by the block on every block that
    shows the field; low and high each accepted on at least one; a choice outside its
    list refused. Returns the number of fields checked."""
    checked = 0
    for rows, field in every_field(ruleset):
        showing = [(b, ruleset.block_form(b)) for b in blocks
                   if rows is None or ruleset.block_form(b)[rows.key]]
        where = field.key if rows is None else f"{rows.key}[0].{field.key}".rstrip(".")
        assert showing, f"no block has a row of {where}"
        for block, values in showing:
            if field.kind == "int":
                for wrong in (field.low - 1, field.high + 1):
                    assert _refused(ruleset, _set(values, rows, field, wrong), block, where)
            else:
                assert _refused(ruleset, _set(values, rows, field, NOT_A_CHOICE), block, where)
        if field.kind == "int":
            for end in (field.low, field.high):
                assert any(_accepted(ruleset, _set(values, rows, field, end), block)
                           for block, values in showing), f"{where} = {end} refused everywhere"
        else:
            for choice in field.choices:
                assert any(_accepted(ruleset, _set(values, rows, field, choice), block)
                           for block, values in showing), f"{where} = {choice!r} refused"
        checked += 1
    return checked


def assert_preview_on_sheet(preview: Sequence[Any], sheet: c.SheetView, least: int) -> None:
    """Every preview section the sheet also has (same kind, same title) is equal to it,
    and at least ``least`` of them are there."""
    on_sheet = {(type(s), getattr(s, "title", None)): s for s in sheet.sections}
    shared = [s for s in preview if (type(s), getattr(s, "title", None)) in on_sheet]
    for section in shared:
        assert section == on_sheet[(type(section), getattr(section, "title", None))]
    assert len(shared) >= least, [getattr(s, "title", s) for s in preview]


def assert_every_field_is_explained(ruleset: Ruleset) -> None:
    """Each field and row set has a help line; each number or choice cites its seed section."""
    for _rows, field in every_field(ruleset):
        assert "§" in field.help, field.key
    for item in ruleset.block_schema().items():
        assert item.help.strip(), item.key
        for cell in item.fields if isinstance(item, FormRows) else ():
            assert cell.help.strip(), f"{item.key}.{cell.key}"


def assert_demo_sides_follow_the_blocks(ruleset: Ruleset) -> int:
    """Each demo roster character with a block of this system: ``block_side`` of the block
    is the side the roster gives them (a player character joins as an ally)."""
    from battlewheel.storage.demo_campaign import load_demo_campaign  # the bundled demo file

    checked = 0
    for character in load_demo_campaign().characters:
        block = character.block(ruleset.name)
        if block is not None:
            assert ruleset.block_side(block) == character.identity.side, character.name
            checked += 1
    return checked


WRONG_TYPES: dict[str, tuple[Any, ...]] = {
    "int": (None, "3", 1.5, True, []), "text": (None, 3, [], {}),
    "choice": (None, 3, [], {}), "flag": (None, "yes", 1),
}


def assert_wrong_types_are_refused_by_name(ruleset: Ruleset, blocks: Sequence[Any]) -> None:
    """A value of the wrong type in any field (a blank number, a list for a name) is a
    ``TraitValueError`` naming that field, never a crash."""
    for item in ruleset.block_schema().items():
        rows = item if isinstance(item, FormRows) else None
        for field in item.fields if isinstance(item, FormRows) else (item,):
            block = next((b for b in blocks if rows is None or ruleset.block_form(b)[rows.key]),
                         None) or _with_a_row(ruleset, blocks[0], rows)
            for junk in WRONG_TYPES[field.kind]:
                values = _set(ruleset.block_form(block), rows, field, junk)
                with pytest.raises(TraitValueError) as refused:
                    ruleset.block_from_form(values, block)
                assert field.key in refused.value.field, (item.key, field.key, junk)


def _with_a_row(ruleset: Ruleset, block: Any, rows: FormRows | None) -> Any:
    """``block`` with one row of defaults added to ``rows`` (no block given has one)."""
    assert rows is not None
    values = ruleset.block_form(block)
    values[rows.key] = [{cell.key: cell.default for cell in rows.fields}]
    return ruleset.block_from_form(values, block)


def assert_blank_form_is_a_block(ruleset: Ruleset) -> Any:
    """Every field at its default and no rows: a whole block, as a fresh form starts."""
    defaults = ruleset.block_schema().defaults()
    block = ruleset.block_from_form(defaults)
    assert set(ruleset.block_form(block)) == set(defaults)  # the form shows every field
    return block
