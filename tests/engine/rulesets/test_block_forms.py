"""What every system's character-editor form does alike, checked once for each system
(the checks are in block_forms.py; each system's own file tests what is its alone)."""

from __future__ import annotations

import pytest

import battlewheel.engine.rulesets  # noqa: F401  (registers every system)
from battlewheel.engine.core.ruleset import Ruleset, get_ruleset
from tests.engine.rulesets.block_forms import (
    assert_blank_form_is_a_block,
    assert_demo_sides_follow_the_blocks,
    assert_every_field_is_explained,
    assert_wrong_types_are_refused_by_name,
)

SYSTEMS = ("2e-rewrite", "impulse", "pool-and-ward")


@pytest.fixture(params=SYSTEMS)
def ruleset(request: pytest.FixtureRequest) -> Ruleset:
    return get_ruleset(request.param)


def test_every_field_is_explained_with_its_seed_section(ruleset: Ruleset) -> None:
    assert_every_field_is_explained(ruleset)


def test_the_demo_rosters_sides_are_what_its_blocks_say(ruleset: Ruleset) -> None:
    assert assert_demo_sides_follow_the_blocks(ruleset) >= 4


def test_a_value_of_the_wrong_type_is_refused_naming_its_field(ruleset: Ruleset) -> None:
    assert_wrong_types_are_refused_by_name(ruleset, [t.block for t in ruleset.block_templates()])


def test_a_blank_form_is_a_whole_block(ruleset: Ruleset) -> None:
    assert ruleset.block_name(assert_blank_form_is_a_block(ruleset)) == "New character"
