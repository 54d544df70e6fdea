"""The rulesets' character-editor forms pass the shared checks of
tests/engine/rulesets/block_forms.py: each field explained with its seed section, the
demo roster's sides taken from its blocks, a wrong JSON type refused naming its field,
and a blank form a whole block (each ruleset's test_block_form.py had its own copy)."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.ruleset import Ruleset, get_ruleset
from tests.conformance import SYSTEMS, demo_session, piece, pieces_of

from .rulesets.block_forms import (
    assert_blank_form_is_a_block,
    assert_demo_sides_follow_the_blocks,
    assert_every_field_is_explained,
    assert_wrong_types_are_refused_by_name,
)

RULESETS = SYSTEMS
# The forms held to citing a section for every field (a system with a form says in its
# conformance file whether, and why not).
EXPLAINED = tuple(name for name in SYSTEMS if "EXPLAINS_EVERY_FIELD" in pieces_of(name)
                  and piece(name, "EXPLAINS_EVERY_FIELD"))


@pytest.mark.parametrize("name", EXPLAINED)
def test_every_field_is_explained_with_its_seed_section(name: str) -> None:
    assert_every_field_is_explained(get_ruleset(name))


@pytest.mark.parametrize("name", RULESETS)
def test_the_demo_rosters_sides_are_what_its_blocks_say(name: str) -> None:
    """Checked for every fighter of the system's demo fight at least (each is on the
    roster with its block), however few a small system has."""
    session = demo_session(name)
    fighters = {session.ruleset.sheet(session.state, cid).name
                for cid in session.ruleset.combatants(session.state)}
    assert assert_demo_sides_follow_the_blocks(get_ruleset(name)) >= len(fighters) > 0


@pytest.mark.parametrize("name", RULESETS)
def test_a_value_of_the_wrong_type_is_refused_naming_its_field(name: str) -> None:
    ruleset = get_ruleset(name)
    assert_wrong_types_are_refused_by_name(ruleset, [t.block for t in ruleset.block_templates()])


@pytest.mark.parametrize("name", RULESETS)
def test_a_blank_form_is_a_whole_block(name: str) -> None:
    ruleset: Ruleset = get_ruleset(name)
    assert ruleset.block_name(assert_blank_form_is_a_block(ruleset)) == "New character"
