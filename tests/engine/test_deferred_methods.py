"""Our dataclasses' methods are built when first used, and are then exactly dataclasses' own.

Counted, never timed: how many methods ``dataclasses`` builds while the 2e engine is
imported (in a fresh interpreter), and that a class of ours and the same class defined
outside Battlewheel (made as Python makes it) answer alike.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import pickle
import subprocess
import sys
import types
from typing import Any

import pytest

from battlewheel.engine.core import deferred_methods
from battlewheel.engine.core.records import replaced

# Python 3.13 builds a class's methods in one exec and has no ``_create_fn``: there the
# deferral is not installed, and the tests below check that nothing of ours changed.
DEFERS = hasattr(dataclasses, "_create_fn")

SOURCE = '''
from __future__ import annotations
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Point:
    """A frozen record, as most of ours are."""
    x: int
    label: str = "a"
    tags: tuple[str, ...] = field(default_factory=tuple)

@dataclass(frozen=True)
class Tagged(Point):
    weight: int = 0

class Plain(Tagged):
    """Not a dataclass itself: it inherits its methods."""

@dataclass
class Node:
    value: int
    next: Node | None = None

@dataclass(frozen=True, order=True)
class Rank:
    n: int
'''


def _module(name: str, monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """The classes above, made in a module called ``name`` (kept for the test: pickle)."""
    module = types.ModuleType(name)
    monkeypatch.setitem(sys.modules, name, module)
    exec(SOURCE, module.__dict__)  # our own text: the classes to compare
    return module


@pytest.fixture
def ours(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    return _module("battlewheel.deferred_example", monkeypatch)


@pytest.fixture
def theirs(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    return _module("elsewhere_example", monkeypatch)


def test_importing_the_2e_engine_builds_almost_no_method() -> None:
    """In a fresh interpreter, ``dataclasses`` is asked (through its ``_create_fn``) for
    each method as classes are made; with the deferral, the 2e engine's hundred-odd
    classes have it build only the few methods that the import itself uses (an
    ``__init__`` for a record made at import, a ``__hash__`` for one put in a set).
    Without it: six a frozen class."""
    if not DEFERS:
        _assert_nothing_installed()
        return
    program = (
        "import dataclasses, json\n"
        "made = []\n"
        "real = dataclasses._create_fn\n"
        "def counting(name, *args, **kwargs):\n"
        "    made.append(name)\n"
        "    return real(name, *args, **kwargs)\n"
        "dataclasses._create_fn = counting\n"
        "import battlewheel.engine.rulesets.rewrite.ruleset\n"
        "classes = {id(value) for name, module in list(__import__('sys').modules.items())\n"
        "           if name.startswith('battlewheel.') for value in vars(module).values()\n"
        "           if isinstance(value, type) and dataclasses.is_dataclass(value)}\n"
        "print(json.dumps({'made': made, 'classes': len(classes)}))\n"
    )
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                            check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    report: dict[str, Any] = json.loads(result.stdout)
    assert report["classes"] > 100
    assert len(report["made"]) < report["classes"] / 4
    assert set(report["made"]) <= {"__init__", "__hash__", "__eq__"}


def test_a_method_is_built_once_on_first_use_and_then_sits_on_its_class(
    ours: types.ModuleType,
) -> None:
    if not DEFERS:
        _assert_nothing_installed()
        return
    before = deferred_methods.built.copy()
    assert isinstance(ours.Point.__dict__["__eq__"], deferred_methods._Deferred)
    first = ours.Point(1)
    assert first == ours.Point(1)
    assert first != ours.Point(2)
    assert isinstance(ours.Point.__dict__["__eq__"], types.FunctionType)
    assert ours.Point.__eq__.__qualname__ == "Point.__eq__"
    first == ours.Point(3)  # noqa: B015 (a second comparison builds nothing)
    grown = deferred_methods.built - before
    assert grown == {"__init__": 1, "__eq__": 1}


def test_ours_answer_as_dataclasses_own(ours: types.ModuleType,
                                        theirs: types.ModuleType) -> None:
    """Equality, hashing, order, repr (recursive too), the refusals of a frozen record,
    signatures and docstrings, copies, pickles and ``replace``: the same answers."""
    assert isinstance(theirs.Point.__dict__["__eq__"], types.FunctionType)
    for module in (ours, theirs):
        assert str(inspect.signature(module.Tagged)) == (
            "(x: 'int', label: 'str' = 'a', tags: 'tuple[str, ...]' = <factory>, "
            "weight: 'int' = 0) -> None")
    assert ours.Tagged.__doc__ == theirs.Tagged.__doc__
    assert ours.Rank.__doc__ == theirs.Rank.__doc__ == "Rank(n: 'int')"
    assert answers(ours) == answers(theirs)


def answers(module: Any) -> list[object]:
    point, tagged, plain = module.Point(1, "b"), module.Tagged(2), module.Plain(2)
    node = module.Node(1)
    node.next = node
    said: list[object] = [
        point == module.Point(1, "b"), point == module.Point(2), point == (1, "b", ()),
        hash(point) == hash(module.Point(1, "b")), tagged == plain, plain == tagged,
        repr(point), repr(plain), repr(node),
        sorted([module.Rank(3), module.Rank(1)]), module.Rank(1) < module.Rank(2),
        copy.deepcopy(tagged) == tagged, pickle.loads(pickle.dumps(plain)) == plain,
        dataclasses.replace(point, x=5), replaced(point, label="c"),
        dataclasses.asdict(tagged),
    ]
    for attempt in (lambda: setattr(point, "x", 2), lambda: delattr(plain, "x")):
        with pytest.raises(dataclasses.FrozenInstanceError) as refused:
            attempt()
        said.append(str(refused.value))
    node.value = 7
    said.append(repr(node))
    return [repr(each) for each in said]


def test_other_libraries_dataclasses_are_made_as_before(theirs: types.ModuleType) -> None:
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        assert not isinstance(theirs.Point.__dict__[name], deferred_methods._Deferred)


def _assert_nothing_installed() -> None:
    """Where dataclasses has no ``_create_fn``, installing leaves it as it was."""
    before = dict(vars(dataclasses))
    deferred_methods.install()
    assert dict(vars(dataclasses)) == before
