"""Each ruleset declares itself (``SYSTEM`` in its package) and says what it can do as data.

The rulesets are found by themselves (``engine/rulesets/__init__.py``); the declared
capabilities must be the ruleset's own, so that what reads a declaration (the forecast,
the editor, the carry) never has to look inside a ruleset to learn them.
"""

import pytest

from battlewheel.engine.core.ruleset import Presenting, get_ruleset
from battlewheel.engine.core.system import CAPABILITIES, CARRY, EDITOR, FORECAST, System
from battlewheel.engine.rulesets import declared, known, systems, title_of
from tests.contract.rounds_ruleset import RoundsRuleset

NAMES = tuple(declared())


@pytest.mark.parametrize("name", NAMES)
def test_a_declaration_names_the_ruleset_its_package_registers(name: str) -> None:
    _package, system = declared()[name]
    ruleset = get_ruleset(name)
    assert (ruleset.name, ruleset.title) == (system.name, system.title)
    assert title_of(name) == system.title and known(name)


@pytest.mark.parametrize("name", NAMES)
def test_declared_capabilities_are_the_rulesets_own(name: str) -> None:
    _package, system = declared()[name]
    ruleset = get_ruleset(name)
    assert ruleset.declaration() is system  # what the readers ask (``ruleset.can``)
    assert system.can(FORECAST) == (ruleset.autopilot_module is not None)
    assert system.can(EDITOR) == (ruleset.form_module is not None)
    assert system.can(CARRY) == (ruleset.lasting_module is not None)
    assert all(ruleset.can(each) == system.can(each) for each in CAPABILITIES)


def test_a_ruleset_declared_nowhere_can_do_nothing_more() -> None:
    """A ruleset outside ``engine/rulesets/`` (the tests' own) declares no capability
    unless its class names a declaration (``own_system``)."""
    ruleset = RoundsRuleset()  # made, not registered: the other tests see four systems
    assert not any(ruleset.can(each) for each in CAPABILITIES)
    assert ruleset.autopilot_module is None and ruleset.lasting_module is None


@pytest.mark.parametrize("name", NAMES)
def test_own_rows_are_declared_by_the_presentation_module(name: str) -> None:
    """A system whose table has rows of its own says so by its presentation module's
    ``roster_cells``; the others' rows are read from the sheet."""
    ruleset = get_ruleset(name)
    module = ruleset.presentation_module
    assert ruleset._own_roster_cells() == hasattr(module, "roster_cells")
    assert {"turn_track", "sheet"} <= set(module.__all__)
    assert all(callable(getattr(module, each)) for each in module.__all__)
    # Every name it hands out answers one of the contract's questions: a misspelt one
    # would leave the core's default answering in silence.
    assert sorted(set(module.__all__) - set(vars(Presenting))) == []


def test_new_combat_lists_the_systems_in_their_declared_order() -> None:
    listed = [info.name for info in systems()]
    assert listed == sorted(listed, key=lambda name: declared()[name][1].listed)
    # (which systems come first: the one inventory, tests/test_conformance.py)


def test_an_unknown_capability_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="teleport"):
        System("x", "X", "seed", capabilities=frozenset({"teleport"}))
