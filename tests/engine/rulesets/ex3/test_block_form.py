"""3e's declarations for the character editor: schema, templates, preview, side, ChangeBlock."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from battlewheel.engine.core import contract as c
from battlewheel.engine.core.actions import ChangeBlock
from battlewheel.engine.core.block_form import FormField, FormRows, problems
from battlewheel.engine.core.errors import TraitValueError
from battlewheel.engine.core.ruleset import get_ruleset
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.ex3 import actions as a
from battlewheel.engine.rulesets.ex3 import demo_fight
from battlewheel.engine.rulesets.ex3.form import IS_GROUP, IS_QUICK

RULESET = get_ruleset("3e")
SCHEMA = RULESET.block_schema()
TEMPLATES = {t.key: t for t in RULESET.block_templates()}


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_every_template_round_trips_form_block_form(key: str) -> None:
    """form → block → form gives the same values; block → form → block the same block; the
    template's form has no problem the editor would mark."""
    block = TEMPLATES[key].block
    values = RULESET.block_form(block)
    assert problems(SCHEMA, values) == {}
    again = RULESET.block_from_form(values)
    assert again == block
    assert RULESET.block_form(again) == values


def test_the_templates_cover_each_kind_the_issue_names_and_the_demo() -> None:
    """Mortal, heroic, Solar, Quick Character, battle group, and the demo's five fighters."""
    assert {"mortal", "heroic", "solar", "quick", "group"} <= set(TEMPLATES)
    names = {t.block.name for t in TEMPLATES.values()}
    assert {"Harmonious Jade", "Brother Ember", "Swift Lark", "Lady Ashkeel",
            "Ashen Guard"} <= names
    assert TEMPLATES["quick"].block.quick is not None
    assert TEMPLATES["group"].block.group is not None


def _full() -> dict[str, Any]:
    """Every group on: a Quick Character battle group with a row in each row set, and
    pools deep enough for 100 committed motes."""
    values = RULESET.block_form(TEMPLATES["quick"].block)
    values.update({IS_GROUP: True, "personal_motes": 100, "peripheral_motes": 100})
    for rows in SCHEMA.rows():
        if not values[rows.key]:
            values[rows.key] = [rows.blank_row()]
    return values


def _cases() -> list[tuple[str, str, FormField]]:
    """(row set key or "", field key, field) for every int field of the schema."""
    found = [("", f.key, f) for f in SCHEMA.fields() if f.kind == "int"]
    for rows in SCHEMA.rows():
        found += [(rows.key, f.key, f) for f in rows.fields if f.kind == "int"]
    return found


def _with(values: dict[str, Any], rows: str, key: str, value: object) -> dict[str, Any]:
    changed = copy.deepcopy(values)
    if rows:
        changed[rows][0][key] = value
    else:
        changed[key] = value
    return changed


@pytest.mark.parametrize(("rows", "key", "field"), _cases(),
                         ids=[f"{r}.{k}" if r else k for r, k, _ in _cases()])
def test_each_number_fields_bounds_are_the_blocks_own(rows: str, key: str,
                                                      field: FormField) -> None:
    """low and high are taken; low - 1 and high + 1 are refused by the block itself, the
    refusal naming the form's key (a row's as ``rows[0].field``) and its message the
    value's own name."""
    values = _full()
    for allowed in (field.low, field.high):
        RULESET.block_from_form(_with(values, rows, key, allowed))
    for refused in (field.low - 1, field.high + 1):
        with pytest.raises(TraitValueError) as caught:
            RULESET.block_from_form(_with(values, rows, key, refused))
        assert caught.value.field == (f"{rows}[0].{key}" if rows else key)
        named = (key.rpartition(".")[2], rows) if rows else (key.rpartition(".")[2],)
        assert any(name in str(caught.value) for name in named), str(caught.value)


def test_each_choice_text_and_flag_refuses_what_it_does_not_list() -> None:
    """A word outside a choice, an empty name, a flag that is not yes or no: refused."""
    values = _full()
    checked = 0
    for item in SCHEMA.items():
        fields = item.fields if isinstance(item, FormRows) else (item,)
        rows = item.key if isinstance(item, FormRows) else ""
        for field in fields:
            bad = {"choice": "nonsense", "text": " ", "flag": "yes"}.get(field.kind)
            if bad is None or (field.kind == "text" and field.key == "armour.name"):
                continue
            with pytest.raises(TraitValueError):
                RULESET.block_from_form(_with(values, rows, field.key, bad))
            checked += 1
    assert checked >= 15


def test_every_field_has_a_help_line_citing_a_source() -> None:
    """One line each, naming 003, 004 or the 3e reading (or saying no 003 rule reads it)."""
    for item in SCHEMA.items():
        fields = item.fields if isinstance(item, FormRows) else (item,)
        for field in fields:
            assert field.help and "\n" not in field.help, field.key
            assert any(word in field.help for word in ("003", "004", "3e reading", "GM",
                                                        "name")), field.key


def test_the_quick_and_group_flags_set_and_clear_the_blocks_parts() -> None:
    """Turning the flags off gives a block with no quick pools and no group; on, both."""
    values = _full()
    both = RULESET.block_from_form(values)
    assert both.quick is not None and both.group is not None
    neither = RULESET.block_from_form({**values, IS_QUICK: False, IS_GROUP: False})
    assert neither.quick is None and neither.group is None


def test_health_level_rows_are_sorted_and_specialties_kept_one_per_ability() -> None:
    """Rows -4, -0, -1 make levels (0, 1, 4); two Melee specialties are refused."""
    values = RULESET.block_form(TEMPLATES["mortal"].block)
    values["health_levels"] = [{"": "4"}, {"": "0"}, {"": "1"}]
    assert RULESET.block_from_form(values).health_levels == (0, 1, 4)
    values["specialties"] = [{"ability": "melee", "dice": 1}, {"ability": "melee", "dice": 2}]
    with pytest.raises(TraitValueError, match="specialties"):
        RULESET.block_from_form(values)


def test_what_the_form_does_not_show_is_kept_from_the_block_being_edited() -> None:
    """Editing with a base keeps that base's values for keys left out of the form values."""
    base = TEMPLATES["demo:lady-ashkeel"].block
    values = RULESET.block_form(base)
    del values["armour.name"]
    assert RULESET.block_from_form(values, base).armour.name == "Soulsteel plate"


def _preview_values(block: Any) -> dict[str, Any]:
    return {v.key: v.value for s in RULESET.block_preview(block) if isinstance(s, c.Values)
            for v in s.values}


def test_the_preview_shows_the_numbers_the_sheet_will() -> None:
    """Lady Ashkeel's Parry, Evasion, soak, Hardness and weapons, as her sheet in the demo
    fight shows them; a Quick Character's listed values and Join Battle pool."""
    session = demo_fight()
    sheet = RULESET.sheet(session.state, "ashkeel")
    shown = {v.key: v.value for s in sheet.sections if isinstance(s, c.Values) for v in s.values}
    ashkeel = session.state.combatants["ashkeel"].block
    preview = _preview_values(ashkeel)
    for key in ("parry", "evasion", "soak", "hardness"):
        assert preview[key] == shown[key], key
    table = next(s for s in RULESET.block_preview(ashkeel) if isinstance(s, c.Table))
    assert table.rows == next(s for s in sheet.sections if isinstance(s, c.Table)).rows
    quick = _preview_values(TEMPLATES["quick"].block)
    assert (quick["parry"], quick["evasion"], quick["soak"]) == (3, 2, 5)
    assert quick["join_battle"] == "5 dice + 3"
    track = next(s for s in RULESET.block_preview(TEMPLATES["quick"].block)
                 if isinstance(s, c.BoxTrack))
    assert track.labels[-1] == "Incap" and len(track.labels) == 7


def test_a_player_character_joins_as_an_ally_and_anyone_else_as_a_foe() -> None:
    """The Solar template and the demo circle are player characters; Ashkeel is an Exalt foe."""
    assert RULESET.block_side(TEMPLATES["solar"].block) == "ally"
    assert RULESET.block_side(TEMPLATES["demo:harmonious-jade"].block) == "ally"
    assert RULESET.block_side(TEMPLATES["demo:lady-ashkeel"].block) == "enemy"
    assert RULESET.block_side(TEMPLATES["mortal"].block) == "enemy"


def _hurt_jade() -> CombatSession:
    """The demo fight with Jade at two lethal levels."""
    session = demo_fight()
    session.apply(a.CycleHealthBox("jade", 0))
    session.apply(a.CycleHealthBox("jade", 0))
    session.apply(a.CycleHealthBox("jade", 1))
    session.apply(a.CycleHealthBox("jade", 1))
    return session


def test_a_changed_block_logs_keeps_the_fights_marks_undoes_and_replays() -> None:
    """Jade gains Ox-Body levels and Dodge 5 mid-fight: her two lethal levels and her
    Initiative stay, her Evasion rises; undo brings the old block back; the saved log
    replays to the same state."""
    session = _hurt_jade()
    jade = session.state.combatants["jade"]
    tougher = dataclasses.replace(
        jade.block, health_levels=(0, 1, 1, 1, 2, 2, 2, 4),
        abilities={**jade.block.abilities, "dodge": 5})
    session.apply(ChangeBlock("jade", tougher.to_json()))
    after = session.state.combatants["jade"]
    assert after.block == tougher and after.health.lethal == 2
    assert after.health.incap_index == 8 and after.initiative == jade.initiative
    assert after.derived.evasion == jade.derived.evasion + 1
    assert "GM changes Harmonious Jade's traits" in session.log[-1].sentence
    again = CombatSession.from_json(session.to_json())
    assert again.state.combatants["jade"] == after
    session.undo()
    assert session.state.combatants["jade"] == jade


def test_a_changed_block_that_becomes_a_battle_group_takes_its_size_and_magnitude() -> None:
    """Ashkeel's block made a Size 3 group: Magnitude 7 + 3; Ashen Guard's made one
    fighter: no Size, no Magnitude."""
    session = demo_fight()
    ashkeel = session.state.combatants["ashkeel"].block
    grouped = dataclasses.replace(ashkeel, group=TEMPLATES["group"].block.group)
    session.apply(ChangeBlock("ashkeel", grouped.to_json()))
    assert (session.state.combatants["ashkeel"].size,
            session.state.combatants["ashkeel"].magnitude) == (2, 9)
    guard = session.state.combatants["guard"].block
    session.apply(ChangeBlock("guard", dataclasses.replace(guard, group=None).to_json()))
    assert session.state.combatants["guard"].size == 0


def test_a_battle_groups_preview_has_size_in_soak_and_damage_as_in_the_fight() -> None:
    """003 §Battle Groups: Size adds to soak and damage; the editor's preview of the Size 2
    group template shows the soak and weapon rows its sheet shows in a fight."""
    from battlewheel.engine.core.session import CombatSession
    from battlewheel.engine.rulesets.ex3.actions import AddCombatant
    group = TEMPLATES["group"].block
    session = CombatSession(RULESET, RULESET.default_options())
    session.apply(AddCombatant("g", group, "enemy"))
    sheet = RULESET.sheet(session.state, "g")
    shown = {v.key: v.value for s in sheet.sections if isinstance(s, c.Values) for v in s.values}
    bare = dataclasses.replace(group, group=dataclasses.replace(group.group, size=1))
    assert _preview_values(group)["soak"] == shown["soak"] != _preview_values(bare)["soak"]
    table = next(s for s in RULESET.block_preview(group) if isinstance(s, c.Table))
    assert table.rows == next(s for s in sheet.sections if isinstance(s, c.Table)).rows
    track = next(s for s in RULESET.block_preview(group) if isinstance(s, c.BoxTrack))
    assert track.title == "Magnitude" and track.cycle == ()
