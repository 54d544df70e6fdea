"""Every system found gives every piece the conformance suite needs (tests/conformance.py)."""

import pytest

from battlewheel.engine.rulesets import systems
from tests.conformance import SYSTEMS, demo_session, piece, pieces_of


@pytest.mark.parametrize(("system", "name"),
                         [(system, name) for system in SYSTEMS for name in pieces_of(system)])
def test_every_system_gives_each_piece(system: str, name: str) -> None:
    assert piece(system, name) is not None


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_system_has_a_fight_in_the_demo_campaign(system: str) -> None:
    assert demo_session(system).ruleset.name == system


def test_the_shipped_systems_are_all_found() -> None:
    """The one inventory: the four systems the program ships with, listed first by File >
    New combat in this order (a system added later comes after them)."""
    assert set(SYSTEMS) >= {"2e-rewrite", "3e", "impulse", "pool-and-ward"}
    assert [info.name for info in systems()][:4] == ["2e-rewrite", "3e", "impulse",
                                                     "pool-and-ward"]
