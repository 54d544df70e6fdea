"""Stat blocks as GMs paste them: the book's ranged attacks, Markdown, checkbox tracks,
and text that is no stat block at all. Each fixture is hand-written, one shape each."""

import pytest

from battlewheel.engine.rulesets.ex3.block import QuickAttack
from battlewheel.storage.imports import ImportRefused, import_text

ARCHER = """Hill Archer
Essence: 1; Willpower: 4; Join Battle: 5 dice
Health Levels: -0/-1x2/-2x2/-4/Incap.
Attack (Hunting bow): 9 dice at medium range (Damage 10)
Attack (Javelin): 7 dice at short range (Damage 11, minimum 2)
Attack (Hatchet): 6 dice at close range (Damage 9)
Attack (Grapple): 4 dice (5 dice to control)
Evasion 2, Parry 1
Soak/Hardness: 4/0
"""


def test_a_ranged_attack_written_the_books_way_is_read_with_its_range() -> None:
    [item] = import_text(ARCHER)
    assert item.block.quick.attacks == (
        QuickAttack("Hunting bow", pool=9, damage=10, range="medium"),
        QuickAttack("Javelin", pool=7, damage=11, overwhelming=2, range="short"),
        QuickAttack("Hatchet", pool=6, damage=9, range="close"),
    )
    assert "Attack (Grapple): no Damage given (a grapple or a special attack); not used" \
        in item.not_used
    assert not any("Hunting bow" in line for line in item.not_used)


def test_a_gms_withering_attack_line_and_minimum_damage_are_read() -> None:
    [item] = import_text("Bang\nEssence: 2; Willpower: 7\n"
                         "Attack withering(Iron Boots) 14 dice withering (withering Damage 11, "
                         "min 3), 10 dice decisive\n"
                         "Attack (Dream bow): 13 dice at medium range\n (Damage 15, minimum "
                         "damage 2)")
    assert item.block.quick.attacks == (
        QuickAttack("Iron Boots", pool=14, damage=11, overwhelming=3),
        QuickAttack("Dream bow", pool=13, damage=15, overwhelming=2, range="medium"),
    )


MARKED = """## Jade Sentinel
**Essence**: 2; **Willpower**: 6; **Join Battle**: 6 dice
**Personal Motes**: 13
*Health Levels*: -0/-1x3/-2x3/-4/Incap.

---
- ==**Attack (Jade chakram)**: 12 dice at short range (Damage 11, minimum 3)==
- *Attack (Unarmed):* 10 dice (Damage 9)
**Combat Movement:** 7 dice
**Evasion** 5, **Parry** 4
**Soak/Hardness:** 7/4 ([chain shirt](https://example.org/armour))
"""


def _without_marks(text: str) -> str:
    plain = text.replace("**", "").replace("==", "").replace("*", "").replace("## ", "")
    plain = plain.replace("---\n", "").replace("- ", "")
    return plain.replace("[chain shirt](https://example.org/armour)", "chain shirt")


def test_markdown_marks_give_the_same_block_as_the_plain_paste() -> None:
    [marked] = import_text(MARKED)
    [plain] = import_text(_without_marks(MARKED))
    assert marked.block == plain.block
    assert marked.name == "Jade Sentinel"
    block = marked.block
    assert (block.essence, block.willpower, block.quick.join_battle) == (2, 6, 6)
    assert (block.quick.evasion, block.quick.parry, block.quick.soak, block.hardness) \
        == (5, 4, 7, 4)
    assert [a.name for a in block.quick.attacks] == ["Jade chakram", "Unarmed"]
    assert block.health_levels == (0, 1, 1, 1, 2, 2, 2, 4)


def test_a_health_track_of_checkboxes_is_read_box_by_box() -> None:
    [item] = import_text("Kiku\nEssence: 2; Willpower: 6; Join Battle: 7 dice\n"
                         "Health Levels: 0 [ ] -1 [ ] -1 [x] -2 [ ] -2 [ ] -2 [ ] -4 [ ] "
                         "Incap [ ]\nEvasion 3, Parry 4")
    assert item.block.health_levels == (0, 1, 1, 2, 2, 2, 4)
    assert item.source_of(("health_levels",)) == "Health Levels (one box per level)"


def test_a_health_track_it_cannot_read_is_named_never_replaced() -> None:
    with pytest.raises(ImportRefused, match="pasted text: line 3, Health Levels: cannot be read"):
        import_text("Odd One\nEssence: 1; Willpower: 5; Join Battle: 4 dice\n"
                    "Health Levels: seven boxes\nEvasion 2, Parry 2")


@pytest.mark.parametrize("text, missing", [
    ("The Realm's legions marched at dawn. Essence was thin in the air, and the "
     "willpower of the soldiers broke.", "no Essence, Willpower, Join Battle"),
    ("Goblin\nArmor Class 15 (leather armor, shield)\nHit Points 7 (2d6)\nSpeed 30 ft.\n"
     "Scimitar. Melee Weapon Attack: +4 to hit, reach 5 ft.", "Health Levels, an Attack"),
    ("Lone Guard\nEssence: 1; Willpower: 4", "(only Essence, Willpower was found)"),
])
def test_text_that_is_no_stat_block_is_refused_naming_what_is_missing(text: str,
                                                                       missing: str) -> None:
    with pytest.raises(ImportRefused, match="not a 3e stat block") as refused:
        import_text(text)
    assert missing in str(refused.value)


@pytest.mark.parametrize("line, personal, peripheral", [
    ("Personal Motes: 10; Peripheral Motes: 38/43 (5 committed)", 10, 43),
    ("Personal + Peripheral Motes: 13 + 31", 13, 31),
])
def test_mote_pools_as_gms_write_them(line: str, personal: int, peripheral: int) -> None:
    [item] = import_text(f"Kenzo\nEssence: 2; Willpower: 7/7; Join Battle: 8 dice\n{line}\n")
    assert (item.block.personal_motes, item.block.peripheral_motes) == (personal, peripheral)
    assert item.block.willpower == 7
