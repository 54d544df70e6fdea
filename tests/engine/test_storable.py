"""One rule in one place: what the file reader refuses is refused when a value is made.

``check_storable`` (engine/core/fields.py) is that rule; every action (the ``Action``
base) and every ruleset's stat block goes through it when made, so a campaign that
saves always opens again (issue 23, faults 3, 4 and 5).
"""

from __future__ import annotations

import copy
import dataclasses
import json
import typing
from collections.abc import Callable, Iterator
from typing import Any, Union, get_args, get_origin

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action, fighter_fields
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.fields import check_storable
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.storage.errors import CampaignFileError
from battlewheel.storage.schema import dump_json, parse_json
from tests.conformance import LONE, SYSTEMS, case_of, cases_of

from .rulesets.every_action import fight_blocks, fights, kinds

RULESETS = SYSTEMS


@pytest.mark.parametrize(("system", "field", "maker"), cases_of("unstorable", 2))
def test_the_issue_s_values_are_refused_when_made(system: str, field: str,
                                                  maker: Callable[[], object]) -> None:
    """The values issue 23 found accepted when made and refused when read (each system's
    ``unstorable``)."""
    case_of(system, "unstorable", field, maker)
    with pytest.raises(TraitValueError, match=f"^{field} must be"):
        maker()


# -- every field of every action --------------------------------------------------------


def plain(hint: Any) -> Any:
    """The simplest value of a type, to make an action whose one field is then spoiled."""
    origin = get_origin(hint)
    if origin in (Union, typing.Union) or str(origin) == "<class 'types.UnionType'>":
        return None if type(None) in get_args(hint) else plain(get_args(hint)[0])
    if origin is tuple:
        return ()
    if origin is not None:
        return {}
    if hint is DiceEntry:
        return DiceEntry(successes=1)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return hint(**{f.name: plain(typing.get_type_hints(hint)[f.name])
                       for f in dataclasses.fields(hint) if f.init
                       and f.default is dataclasses.MISSING
                       and f.default_factory is dataclasses.MISSING})
    return {bool: False, int: 0, str: "x"}.get(hint)


def spoilable(ruleset: str) -> Iterator[tuple[type[Action], str, Any]]:
    """Each action class with each of its number or text fields and a spoiling value."""
    for cls in kinds(get_ruleset(ruleset)).values():
        hints = typing.get_type_hints(cls)
        for each in dataclasses.fields(cls):
            options = get_args(hints[each.name]) or (hints[each.name],)
            if int in options and bool not in options:
                yield cls, each.name, 10**15
            if str in options:
                yield cls, each.name, LONE


def made(ruleset: str, cls: type[Action], field: str, value: Any) -> Action:
    hints = typing.get_type_hints(cls)
    block = fight_blocks(fights()[ruleset]())[0]
    values = {f.name: block if hints[f.name] is type(block) else plain(hints[f.name])
              for f in dataclasses.fields(cls) if f.init
              and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    values[field] = value
    return cls(**values)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_number_and_text_field_of_every_action_is_checked_when_made(ruleset: str) -> None:
    """16 digits or a lone surrogate in any field of any action is refused, naming it;
    every kind of action naming a fighter is among those checked (a small system's too)."""
    checked: set[type[Action]] = set()
    for cls, field, value in spoilable(ruleset):
        with pytest.raises(TraitValueError, match=f"^{field}"):
            made(ruleset, cls, field, value)
        checked.add(cls)
    naming = {cls for cls in kinds(get_ruleset(ruleset)).values()
              if any(f.name in fighter_fields(cls) for f in dataclasses.fields(cls))}
    assert naming and naming <= checked


# -- one rule: check_storable refuses exactly what the reader refuses ------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**17), 10**17)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=3),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_check_storable_refuses_what_the_reader_refuses(value: object) -> None:
    """A value ``check_storable`` passes is written and read back; one it refuses is
    one the file writer or reader would refuse too."""
    try:
        check_storable(value, "value")
    except TraitValueError:
        with pytest.raises((CampaignFileError, ValueError)):
            parse_json(None, dump_json({"value": value}))
        return
    assert parse_json(None, dump_json({"value": value})) == json.loads(
        json.dumps({"value": value}))


# -- a stat block read from a file: every field of the wrong JSON type ----------------


def _paths(obj: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], object]]:
    if path:
        yield path, obj
    if isinstance(obj, dict):
        for key, item in obj.items():
            yield from _paths(item, (*path, key))
    elif isinstance(obj, list):
        for index, item in enumerate(obj):
            yield from _paths(item, (*path, index))


def _wrong(value: object) -> tuple[object, ...]:
    """JSON of another type than ``value``'s (null only where the value is not null)."""
    if isinstance(value, bool):
        return ("x", [None], 3)
    if isinstance(value, int):
        return ("x", [None], True, None)
    if isinstance(value, str):
        return ([None], 5, None, {})
    if isinstance(value, list):
        return ({}, "x", None, [None])
    if isinstance(value, dict):
        return ([], "x")
    return ()


def _spoiled(data: dict[str, Any], path: tuple[Any, ...], value: object) -> dict[str, Any]:
    spoiled = copy.deepcopy(data)
    target: Any = spoiled
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return spoiled


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_field_of_a_stat_block_of_the_wrong_type_is_refused_with_its_name(
    ruleset: str,
) -> None:
    """Each field (nested ones too) of each of the fight's blocks, of each wrong JSON
    type, is refused at reading, the message naming the field (issue 23.5: a Pool &
    Ward attack's ``skill`` of ``[null]`` was accepted and crashed printing)."""
    reader = get_ruleset(ruleset)
    tried = fields = 0
    for block in fight_blocks(fights()[ruleset]()):
        data = block.to_json()
        for path, value in _paths(data):
            fields += 1
            named = next(str(key) for key in reversed(path) if isinstance(key, str))
            for wrong in _wrong(value):
                tried += 1
                with pytest.raises(ValueError) as refused:
                    reader.block_from_json(_spoiled(data, path, wrong))
                assert named.rstrip("s") in str(refused.value), (path, wrong, refused.value)
    assert fields and tried >= 2 * fields  # two wrong types at least for each field
