"""The character editor's Impulse form: round trips, bounds, templates, preview and a
block changed mid-fight (issue 22)."""

from __future__ import annotations

import dataclasses

import pytest

from battlewheel.engine.core.actions import ChangeBlock
from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.impulse import demo
from battlewheel.engine.rulesets.impulse.actions import AddCombatant, SetEndurance, StartCombat
from battlewheel.engine.rulesets.impulse.block import ImpulseCharacter
from tests.engine.rulesets.block_forms import (
    assert_bounds_agree,
    assert_preview_on_sheet,
    assert_round_trip,
)

RULESET = get_ruleset("impulse")
TEMPLATES = RULESET.block_templates()
DEMO = (*demo.heroes(), *demo.foes())


@pytest.mark.parametrize("block", [t.block for t in TEMPLATES] + list(DEMO)
                         + [RULESET.new_block("New character")],
                         ids=lambda b: b.name)
def test_every_template_and_demo_character_comes_back_from_the_form(
        block: ImpulseCharacter) -> None:
    assert_round_trip(RULESET, block)


def test_the_form_bounds_are_the_blocks_own_checks() -> None:
    checked = assert_bounds_agree(RULESET, [t.block for t in TEMPLATES])
    assert checked >= 10 + 2 + 1 + 2  # combat values, actions and armour, dots, weapon


def test_templates_are_the_seeds_kinds_and_the_demo_fighters() -> None:
    labels = [t.label for t in TEMPLATES]
    assert labels[:3] == ["Player character", "NPC", "Dangerous NPC"]
    assert {b.name for b in DEMO} <= set(labels)
    assert next(t for t in TEMPLATES if t.key == "dangerous-npc").block.actions == 3


def test_trait_names_are_read_in_lower_case_and_named_once() -> None:
    values = RULESET.block_form(demo.foes()[1])
    values["traits"][0]["name"] = "Dexterity"
    assert RULESET.block_from_form(values).trait("dexterity") == 3
    values["traits"].append({"name": "ARCHERY", "dots": 1})
    with pytest.raises(TraitValueError, match=r"traits\[5\]\.name"):
        RULESET.block_from_form(values)


def test_a_player_character_cannot_take_extra_actions() -> None:
    values = RULESET.block_form(demo.heroes()[0])
    values["actions"] = 2
    with pytest.raises(TraitValueError, match="actions"):
        RULESET.block_from_form(values)


def test_side_follows_the_player_mark() -> None:
    jade, _ = demo.heroes()
    chief, _ = demo.foes()
    assert (RULESET.block_side(jade), RULESET.block_side(chief)) == ("ally", "enemy")


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.key)
def test_the_preview_is_what_the_sheet_shows_in_a_fight(template) -> None:
    session = demo.demo_fight()
    session.apply(AddCombatant("new", template.block, "enemy"))
    sheet = RULESET.sheet(session.state, "new")
    preview = RULESET.block_preview(template.block)
    assert_preview_on_sheet(preview, sheet, least=4)
    defences = {v.key: v.value for v in preview[2].values}
    assert defences["dv"] == template.block.dv
    assert preview[1].summary == f"{template.block.endurance} / {template.block.endurance}"


def test_a_changed_block_keeps_the_damage_undoes_and_replays() -> None:
    session = demo.demo_fight()
    session.apply(SetEndurance("chief", 9))  # 5 of 14 lost
    tougher = dataclasses.replace(demo.foes()[0], endurance=20, dv=4)
    session.apply(ChangeBlock("chief", tougher.to_json()))
    who = session.state.combatants["chief"]
    assert (who.character, who.endurance, who.dv) == (tougher, 15, 4)
    assert session.log[-1].sentence == (
        "GM changes Bandit Chief's traits: DV 3 \u2192 4, Endurance 14 \u2192 20.")
    replayed = CombatSession.from_json(session.to_json())
    assert replayed.state.combatants["chief"] == who
    session.undo()
    assert session.state.combatants["chief"].character == demo.foes()[0]
    assert session.state.combatants["chief"].endurance == 9


def test_a_lower_endurance_that_reaches_zero_takes_the_fighter_out() -> None:
    session = demo.demo_fight()
    session.apply(SetEndurance("archer", 2))  # 5 of 7 lost
    session.apply(ChangeBlock("archer", dataclasses.replace(demo.foes()[1],
                                                            endurance=5).to_json()))
    who = session.state.combatants["archer"]
    assert (who.endurance, who.defeated) == (0, True)


def test_actions_a_round_do_not_change_once_the_order_is_rolled() -> None:
    session = demo.demo_fight()
    session.apply(StartCombat())
    fewer = dataclasses.replace(demo.foes()[0], actions=1)
    with pytest.raises(IllegalAction, match="order"):
        session.apply(ChangeBlock("chief", fewer.to_json()))
