"""The log's sentence for a block changed mid-fight names what changed (block_form.py)."""

from __future__ import annotations

from battlewheel.engine.core.block_form import (
    BlockSchema,
    FormField,
    FormGroup,
    FormRows,
    change_sentence,
    changed_fields,
)

SCHEMA = BlockSchema((FormGroup("All", (
    FormField("dv", "DV"),
    FormField("player", "Player", "flag", default=False),
    FormField("armour", "Armour", "choice", choices=("", "light"), labels=("none", "light")),
    FormRows("weapons", "Weapons", (FormField("name", "Name", "text"),)),
)),))


def test_changes_are_named_in_the_forms_words_in_reading_order() -> None:
    before = {"dv": 2, "player": False, "armour": "", "weapons": []}
    after = {"dv": 3, "player": True, "armour": "light", "weapons": [{"name": "Axe"}]}
    assert changed_fields(SCHEMA, before, after) == [
        "DV 2 \u2192 3", "Player no \u2192 yes", "Armour none \u2192 light", "Weapons changed"]
    assert changed_fields(SCHEMA, before, before) == []


def test_a_long_list_is_cut_short() -> None:
    assert change_sentence("Ash", ["a", "b", "c", "d", "e", "f"]) == (
        "GM changes Ash's traits: a, b, c, d and 2 more.")
    assert change_sentence("Ash", []) == "GM changes Ash's traits."
