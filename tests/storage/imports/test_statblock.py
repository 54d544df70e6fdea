"""Pasted 3e stat blocks, damaged as PDFs damage them, read into Quick Characters."""

from pathlib import Path

import pytest

from battlewheel.engine.rulesets.ex3.block import (
    Character,
    GroupTraits,
    QuickAttack,
    QuickPools,
)
from battlewheel.storage.imports import ImportRefused, import_file, import_text
from battlewheel.storage.imports.statblock import repair

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_sergeant_with_entries_broken_across_lines() -> None:
    """Typographic minus, an attack's Damage on the next line, doubled spaces, curly quotes."""
    [item] = import_file(FIXTURES / "statblock_sergeant.txt")
    assert item.block == Character(
        name="Veteran Sergeant", kind="mortal", willpower=6, essence=1,
        health_levels=(0, 1, 1, 2, 2, 4),
        quick=QuickPools(join_battle=7, movement=6, parry=4, evasion=2, soak=7, resolve=3,
                         guile=2, attacks=(
                             QuickAttack("Sword", pool=10, damage=13, overwhelming=2),
                             QuickAttack("Unarmed", pool=8, damage=9, damage_type="bashing"),
                         )),
    )
    assert "Attack (Grapple): no Damage given (a grapple or a special attack); not used" \
        in item.not_used
    assert 'not read: Intimacies: "My company first" (Defining)' in item.not_used


def test_an_exalt_with_motes_and_split_numbers() -> None:
    """Willpower's number and a Damage on the line after; motes make the block an Exalt."""
    [item] = import_file(FIXTURES / "statblock_ashkeel.txt")
    assert item.block == Character(
        name="Lady Ashkeel, Dragon-Blooded Sorceress", kind="exalt", willpower=8, essence=3,
        hardness=7, health_levels=(0, 1, 1, 2, 2, 4), personal_motes=16,
        peripheral_motes=38,
        quick=QuickPools(join_battle=9, movement=8, parry=5, evasion=4, soak=9, resolve=5,
                         guile=4, attacks=(
                             QuickAttack("Reaper Daiklave", pool=12, damage=15, overwhelming=4),
                             QuickAttack("Firedust pistol", pool=9, damage=14, range="medium"),
                         )),
    )
    assert "not read: Merits: 'Ally' (House Cynis)" in item.not_used
    assert dict(item.sources)["quick.parry"] == "Parry"
    assert dict(item.sources)["kind"] == "Personal Motes"


def test_a_battle_group_with_windows_line_ends_and_en_dashes() -> None:
    """Size, Drill and Might make a battle group; "Combat" and "Movement" on two lines."""
    [item] = import_file(FIXTURES / "statblock_guardians.txt")
    assert item.block == Character(
        name="Tomb Guardians (elite battle group)", kind="mortal", willpower=8, essence=1,
        health_levels=(0, 1, 1, 2, 2, 4),
        group=GroupTraits(size=3, drill="elite", might=1),
        quick=QuickPools(join_battle=5, movement=4, parry=4, evasion=1, soak=8, resolve=4,
                         guile=1, attacks=(
                             QuickAttack("Bronze halberd", pool=11, damage=14, overwhelming=2),
                         )),
    )
    assert item.not_used == ()


def test_repair_undoes_what_a_pdf_does() -> None:
    """Minus signs, dashes, curly quotes, no-break and doubled spaces."""
    assert repair("Health\u00a0Levels:  \u22120x1,\u2013 1x2 \u201cx\u201d \u2018y\u2019") \
        == "Health Levels: -0x1,- 1x2 \"x\" 'y'"


def test_text_with_no_known_line_is_refused() -> None:
    """A paragraph of prose is no stat block."""
    with pytest.raises(ImportRefused, match="pasted text: this is not a 3e stat block: it has "
                       "no Essence, Willpower, Join Battle, Health Levels"):
        import_text("The sun rose over the Blessed Isle.\nNothing else happened.")


def test_a_pool_out_of_range_is_refused_naming_the_entry() -> None:
    """A Parry of 99 names the entry it came from and the allowed range."""
    with pytest.raises(ImportRefused) as refused:
        import_text("Giant\nEssence 1; Willpower 5\nEvasion 2, Parry 99")
    assert str(refused.value).startswith("pasted text: line 3, Parry (quick.parry): must be")
