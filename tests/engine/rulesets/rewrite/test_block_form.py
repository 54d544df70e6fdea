"""The character editor's 2e form: round trips, bounds, templates, preview and a character
changed mid-fight (issue 22)."""

from __future__ import annotations

import dataclasses

import pytest

from battlewheel.engine.core.actions import ChangeBlock
from battlewheel.engine.core.errors import IllegalAction, TraitValueError
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite import form
from battlewheel.engine.rulesets.rewrite.actions import AddCombatant, SetHealth, SpendWillpower
from battlewheel.engine.rulesets.rewrite.block import Character, CharacterKind, Override
from battlewheel.engine.rulesets.rewrite.rules.traits import ABILITIES, ATTRIBUTES, VIRTUES
from tests.engine.rulesets.block_forms import (
    assert_bounds_agree,
    assert_preview_on_sheet,
    assert_round_trip,
)

RULESET = get_ruleset("2e-rewrite")
TEMPLATES = RULESET.block_templates()
DEMO = form.demo_characters()


def template(key: str) -> Character:
    return next(t.block for t in TEMPLATES if t.key == key)


@pytest.mark.parametrize("block", [t.block for t in TEMPLATES] + list(DEMO)
                         + [RULESET.new_block("New character")],
                         ids=lambda b: b.name)
def test_every_template_and_demo_character_comes_back_from_the_form(block: Character) -> None:
    assert_round_trip(RULESET, block)


def test_the_form_bounds_are_the_blocks_own_checks() -> None:
    checked = assert_bounds_agree(RULESET, [t.block for t in TEMPLATES])
    assert checked >= len(ATTRIBUTES) + len(ABILITIES) + len(VIRTUES) + 8 + 10


def test_templates_cover_every_kind_and_the_demo() -> None:
    kinds = {t.block.kind for t in TEMPLATES}
    assert kinds == set(CharacterKind)
    assert [t.key for t in TEMPLATES][:3] == ["mortal", "extra", "heroic-mortal"]
    assert {c.name for c in DEMO} <= {t.label for t in TEMPLATES}


def test_a_gm_makes_a_hunt_spearman_from_the_extra_by_typing_what_differs() -> None:
    spearman = next(c for c in DEMO if c.name == "Hunt spearman 1")
    values = RULESET.block_form(template("extra"))
    typed = {key: value for key, value in RULESET.block_form(spearman).items()
             if values.get(key) != value}
    assert len(typed) <= 14  # of 57 fields and rows
    assert RULESET.block_from_form({**values, **typed}) == spearman


def test_specialties_are_rows_of_ability_name_and_dots() -> None:
    kestrel = next(c for c in DEMO if c.name.startswith("Kestrel"))
    rows = RULESET.block_form(kestrel)["specialties"]
    assert rows == [{"ability": "melee", "name": "Daiklaves", "dots": 2},
                    {"ability": "dodge", "name": "Amid the press", "dots": 1}]
    rows.append({"ability": "melee", "name": "Daiklaves", "dots": 1})
    with pytest.raises(TraitValueError, match=r"specialties\[2\]\.name"):
        RULESET.block_from_form({"specialties": rows}, kestrel)


def test_no_armour_is_a_blank_name_and_armour_without_a_name_is_refused() -> None:
    values = RULESET.block_form(template("mortal"))
    assert values["armour.name"] == ""
    assert RULESET.block_from_form(values).armour is None
    values["armour.soak.lethal"] = 3
    with pytest.raises(TraitValueError, match=r"armour\.soak\.lethal"):
        RULESET.block_from_form(values)
    values["armour.name"] = "Hide coat"
    assert RULESET.block_from_form(values).armour.soak_against(form.DamageType.LETHAL) == 3


def test_a_close_weapon_without_a_defence_rating_is_parries_off() -> None:
    values = RULESET.block_form(template("mortal"))
    values["weapons"][0]["parries"] = False
    assert RULESET.block_from_form(values).weapons[0].defence is None


def test_the_gms_overrides_stay_as_the_edited_character_has_them() -> None:
    kestrel = next(c for c in DEMO if c.name.startswith("Kestrel"))
    blessed = kestrel.with_override("dodge_dv", 9, "river god's blessing")
    values = RULESET.block_form(blessed)
    values["essence"] = 3
    changed = RULESET.block_from_form(values, blessed)
    assert (changed.essence, changed.overrides) == (3, {"dodge_dv": Override(9,
                                                        "river god's blessing")})


def test_side_follows_the_player_mark_written_only_when_set() -> None:
    spearman = next(c for c in DEMO if c.name == "Hunt spearman 1")
    assert RULESET.block_side(spearman) == "enemy"
    marked = dataclasses.replace(spearman, player=True)
    assert RULESET.block_side(marked) == "ally"
    assert "player" not in spearman.to_json()
    assert Character.from_json(marked.to_json()) == marked
    with pytest.raises(TraitValueError, match="player"):
        Character.from_json({**spearman.to_json(), "player": "yes"})


@pytest.mark.parametrize("made", TEMPLATES, ids=lambda t: t.key)
def test_the_preview_is_what_the_sheet_shows_in_a_fight(made) -> None:
    session = CombatSession.new(ruleset="2e-rewrite")
    session.apply(AddCombatant("foe", template("extra"), "enemy"))
    session.apply(AddCombatant("new", made.block, "ally"))
    sheet = RULESET.sheet(session.state, "new")
    preview = RULESET.block_preview(made.block)
    assert_preview_on_sheet(preview, sheet, least=4)
    assert len(preview[0].marks) == 7 + len(made.block.extra_health_levels) + made.block.stamina


def test_a_changed_character_keeps_the_damage_undoes_and_replays() -> None:
    session = CombatSession.new(ruleset="2e-rewrite")
    mortal = template("mortal")
    session.apply(AddCombatant("ana", mortal, "ally"))
    session.apply(AddCombatant("foe", template("extra"), "enemy"))
    session.apply(SetHealth("ana", "XX/" + "." * 6))
    session.apply(SpendWillpower("ana", 2))
    ox_body = dataclasses.replace(mortal, extra_health_levels=(1, 2, 2), willpower=7)
    session.apply(ChangeBlock("ana", ox_body.to_json()))
    who = session.state.combatants["ana"]
    assert who.character == ox_body
    assert session.log[-1].sentence == (
        "GM changes Mortal's traits: Willpower 5 \u2192 7, Extra health levels changed.")
    assert (who.health.marks, who.willpower) == ("XX/" + "." * 9, 5)
    assert CombatSession.from_json(session.to_json()).state.combatants["ana"] == who
    session.undo()
    back = session.state.combatants["ana"]
    assert (back.character, back.health.marks, back.willpower) == (mortal, "XX/" + "." * 6, 3)


def test_an_unchanged_character_is_refused() -> None:
    session = CombatSession.new(ruleset="2e-rewrite")
    session.apply(AddCombatant("ana", template("mortal"), "ally"))
    with pytest.raises(IllegalAction, match="unchanged"):
        session.apply(ChangeBlock("ana", template("mortal").to_json()))
