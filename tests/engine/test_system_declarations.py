"""Each ruleset declares itself (``SYSTEM`` in its package) and says what it can do as data.

The rulesets are found by themselves (``engine/rulesets/__init__.py``); the declared
capabilities must be the ruleset's own, so that what reads a declaration (the forecast,
the editor, the carry) never has to look inside a ruleset to learn them.
"""

import pytest

from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.system import CARRY, EDITOR, FORECAST, System
from battlewheel.engine.rulesets import declared, known, systems, title_of

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
    assert system.can(FORECAST) == (ruleset.autopilot_module is not None)
    assert system.can(EDITOR) == (ruleset.form_module is not None)
    assert system.can(CARRY) == (ruleset.lasting_module is not None)


def test_new_combat_lists_the_systems_in_their_declared_order() -> None:
    listed = [info.name for info in systems()]
    assert listed == sorted(listed, key=lambda name: declared()[name][1].listed)
    # (which systems come first: the one inventory, tests/test_conformance.py)


def test_an_unknown_capability_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="teleport"):
        System("x", "X", "seed", capabilities=frozenset({"teleport"}))
