"""Build any action of any ruleset from its annotations, for tests that cover them all.

Each field's value is drawn from what its type and name say: a field that names a
fighter (marked ``FIGHTER``) takes one of the ids given, other text one of the words the
ruleset's own source and blocks use (modes, weapons, statuses, directions...), a number
a small one or, now and then, a huge one, a dice entry faces or successes, a stat block
one of the fight's own blocks. ``kinds(ruleset)`` is every action kind a log may hold.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from pathlib import Path
from typing import Any, Union, get_args, get_origin

from hypothesis import strategies as st

from battlewheel.engine.core.actions import Action, ChangeBlock, ChangeRuling, fighter_fields
from battlewheel.engine.core.contract import SIDES
from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.ruleset import Ruleset
from battlewheel.engine.core.session import CombatSession
from tests.time_limits import time_limit

STEP_SECONDS = 20  # a hang detector, not a speed test: a step takes milliseconds
HUGE = (10**9, -(10**9), 10**14, -(10**14), 999_999, -999_999, 10**6)


def kinds(ruleset: Ruleset) -> dict[str, type[Action]]:
    """Every action kind of the ruleset, the core's shared ones too (not Rewind)."""
    return {kind: cls for kind, cls in ruleset._types().items() if kind != "rewind"}


def fights() -> dict[str, Callable[[], CombatSession]]:
    """A fight with fighters on both sides for each ruleset found, not yet started
    (each system's ``fight`` in its conformance file)."""
    from tests.conformance import SYSTEMS, piece

    return {name: piece(name, "fight") for name in SYSTEMS}


@functools.cache
def words(ruleset_name: str, package: str) -> tuple[str, ...]:
    """Short words written in the ruleset's source: its modes, choices and names."""
    found: set[str] = set()
    root = import_module(package)
    # Every module, in the package's sub-packages too (handlers/, rules/, ...).
    for path in sorted(Path(root.__path__[0]).rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and 0 < len(node.value) <= 24 and "\n" not in node.value \
                    and "{" not in node.value:
                found.add(node.value)
    return tuple(sorted(found))


def field_strategy(hint: Any, name: str, context: Context,
                   fighter: bool = False) -> st.SearchStrategy[Any]:
    """Values for one field from its annotation, its name and whether it names a fighter."""
    if name == "joining":  # the terms the ruleset declares a fighter joins on
        terms = context.ruleset.joining_rules().terms
        return st.fixed_dictionaries({}, optional={
            term: field_strategy(each.hint, term, context) for term, each in terms.items()})
    if name == "character" and hint is Any:  # the shared joining's stat block
        return st.sampled_from(context.blocks)
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return st.one_of([field_strategy(option, name, context, fighter)
                          for option in get_args(hint)])
    if hint is type(None):
        return st.none()
    if origin is tuple:
        item = field_strategy(get_args(hint)[0], name, context, fighter)
        return st.lists(item, max_size=3).map(tuple)
    if origin in (dict, Mapping, typing.Mapping):
        value = field_strategy(get_args(hint)[1], "", context)
        return st.dictionaries(st.sampled_from(context.ids), value, max_size=2)
    if hint is bool:
        return st.booleans()
    if hint is int:
        small = st.integers(0, 3)  # most numbers a fight carries are small; one in six huge
        return st.one_of(small, small, small, st.integers(-2, 12), st.integers(0, 20),
                         st.sampled_from(HUGE))
    if hint is str:
        if fighter:  # whoever acts now, half the time: most actions are theirs
            anyone = st.sampled_from(context.ids)
            return st.one_of(st.sampled_from(context.acting), anyone) if context.acting \
                else anyone
        if name == "side":
            return st.sampled_from(SIDES)
        seen = context.seen.get(name)
        anything = st.one_of(st.just(""), st.sampled_from(context.words),
                             st.sampled_from(context.block_words))
        return st.one_of(st.sampled_from(sorted(seen)), st.sampled_from(sorted(seen)),
                         anything) if seen else anything
    if hint is DiceEntry:
        return st.one_of(
            st.integers(0, 8).map(lambda n: DiceEntry(successes=n)),
            st.lists(st.integers(1, 10), max_size=10).map(
                lambda faces: DiceEntry.of_faces(tuple(faces))))
    if hint is context.block_type:
        return st.sampled_from(context.blocks)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return dataclass_strategy(hint, context)
    return st.nothing()


def dataclass_strategy(cls: type, context: Context) -> st.SearchStrategy[dict[str, Any]]:
    """The keyword arguments of ``cls`` (built by the caller, which may refuse them)."""
    hints = typing.get_type_hints(cls)
    joins, naming = getattr(cls, "joins", ""), fighter_fields(cls)
    fields = {f.name: st.sampled_from(("newcomer", "second")) if f.name == joins
              else field_strategy(hints[f.name], f.name, context, f.name in naming)
              for f in dataclasses.fields(cls) if f.init}
    return st.fixed_dictionaries(fields).map(lambda values: _made(cls, values))


def _made(cls: type, values: dict[str, Any]) -> Any:
    try:
        return cls(**values)
    except ValueError:  # a nested value its own checks refuse: the action is refused
        return None


@dataclasses.dataclass(frozen=True)
class Context:
    """What a drawn action may name: the fight's ids, words and blocks."""

    ids: tuple[str, ...]
    words: tuple[str, ...]
    block_type: type
    blocks: tuple[Any, ...]
    ruleset: Ruleset
    # Text each field name held in actions the ruleset's own walk made: its real words.
    seen: Mapping[str, set[str]] = dataclasses.field(default_factory=dict)
    acting: tuple[str, ...] = ()
    # The text of the fight's stat blocks: weapon, attack and skill names.
    block_words: tuple[str, ...] = ("",)


def _texts(value: object) -> set[str]:
    if isinstance(value, str):
        return {value} if 0 < len(value) <= 40 else set()
    if isinstance(value, dict):
        keys = {key for key in value if len(key) <= 40}
        return keys.union(*map(_texts, value.values()))
    if isinstance(value, list):
        return set().union(*map(_texts, value))
    return set()


def remember_words(seen: dict[str, set[str]], value: object) -> None:
    """Note the text of each field of an action (nested values too) under its name."""
    kind: type = type(value)
    naming = fighter_fields(kind)
    for each in dataclasses.fields(value):  # type: ignore[arg-type]
        found = getattr(value, each.name)
        if isinstance(found, str) and each.name not in naming:
            seen.setdefault(each.name, set()).add(found)
        elif dataclasses.is_dataclass(found) and not hasattr(found, "to_json"):
            remember_words(seen, found)
        elif isinstance(found, tuple):
            for item in found:
                if dataclasses.is_dataclass(item):
                    remember_words(seen, item)


def context_of(session: CombatSession, extra_ids: tuple[str, ...] = (),
               seen: Mapping[str, set[str]] | None = None) -> Context:
    ruleset = session.ruleset
    records = ruleset.combatants(session.state)
    blocks = fight_blocks(session)
    package = type(ruleset).__module__.rsplit(".", 1)[0]
    return Context((*records, *extra_ids) or ("nobody",), words(ruleset.name, package),
                   ruleset.block_type, blocks or (ruleset.new_block("Zed"),), ruleset,
                   seen or {}, tuple(ruleset.acting(session.state)),
                   tuple(sorted(set().union(*(_texts(b.to_json()) for b in blocks)))) or ("",))


def fight_blocks(session: CombatSession) -> tuple[Any, ...]:
    """The stat blocks of the fight's combatants."""
    own = getattr(session.state, "combatants", None)  # Impulse's records wrap its own
    records = own if isinstance(own, dict) else session.ruleset.combatants(session.state)
    return tuple(block for record in records.values()
                 for block in [_block_of(record)] if block is not None)


def _block_of(record: Any) -> Any:
    for name in ("character", "block"):
        found = getattr(record, name, None)
        if found is not None and hasattr(found, "to_json"):
            return found
    return None


def action_strategy(cls: type[Action], context: Context) -> st.SearchStrategy[Any]:
    """One action of ``cls`` (None when its own checks refuse the values drawn)."""
    if cls is ChangeRuling:
        return _ruling(context)
    if cls is ChangeBlock:
        return st.tuples(st.sampled_from(context.ids), st.sampled_from(context.blocks)).map(
            lambda pair: ChangeBlock(pair[0], pair[1].to_json()))
    return dataclass_strategy(cls, context)


def _ruling(context: Context) -> st.SearchStrategy[Any]:
    specs = context.ruleset.options_type.specs()
    if not specs:  # a ruleset with no rulings: there is no ruling to change
        return st.none()

    def values(spec: Any) -> st.SearchStrategy[Any]:
        if spec.choices:
            return st.sampled_from(spec.choices)
        if isinstance(spec.default, bool):
            return st.booleans()
        low, high = spec.bounds or (0, 10)
        return st.integers(low, high)

    return st.sampled_from(specs).flatmap(
        lambda spec: values(spec).map(lambda value: ChangeRuling(spec.name, value)))


@contextlib.contextmanager
def hang_guard(what: str) -> Iterator[None]:
    """``what`` must come back within STEP_SECONDS, or it is a ``Hang`` naming it."""
    with time_limit(STEP_SECONDS, what):
        yield
