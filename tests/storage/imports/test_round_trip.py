"""Export to Foundry's shape, then import: any 3e block comes back the same."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from battlewheel.engine.rulesets.ex3.block import (
    ABILITIES,
    ATTRIBUTES,
    DAMAGE_TYPES,
    DRILLS,
    MOUNT_SPEED,
    RANGES,
    Armour,
    Character,
    GroupTraits,
    QuickAttack,
    QuickPools,
    Weapon,
)
from battlewheel.storage.imports import foundry_export, import_bytes

# Names as Foundry keeps them: no leading or trailing space (the reader trims them).
names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")),
                min_size=1, max_size=16).map(str.strip).filter(bool)


@st.composite
def weapons(draw: st.DrawFn) -> Weapon:
    """Any valid weapon (its name is made distinct by the caller)."""
    return Weapon(
        name=draw(names).replace("Unarmed", "Armed"),
        ability=draw(st.sampled_from(ABILITIES)), accuracy=draw(st.integers(-5, 10)),
        damage=draw(st.integers(0, 30)), defence=draw(st.integers(-5, 5)),
        minimum=draw(st.integers(0, 10)), damage_type=draw(st.sampled_from(DAMAGE_TYPES)),
        range=draw(st.sampled_from(RANGES)), reach=draw(st.booleans()),
        two_handed=draw(st.booleans()), off_hand=draw(st.booleans()))


attacks = st.builds(QuickAttack, name=names, pool=st.integers(0, 40),
                    damage=st.integers(0, 40), overwhelming=st.integers(0, 10),
                    damage_type=st.sampled_from(DAMAGE_TYPES), range=st.sampled_from(RANGES))
quick_pools = st.builds(
    QuickPools, join_battle=st.integers(0, 40), movement=st.integers(0, 40),
    parry=st.integers(0, 20), evasion=st.integers(0, 20), soak=st.integers(0, 20),
    resolve=st.integers(0, 20), guile=st.integers(0, 20),
    attacks=st.lists(attacks, max_size=4, unique_by=lambda a: a.name).map(tuple))
groups = st.builds(GroupTraits, size=st.integers(0, 5), drill=st.sampled_from(DRILLS),
                   might=st.integers(0, 3), perfect_morale=st.booleans(),
                   average_health=st.integers(1, 20))
armours = st.one_of(st.just(Armour()), st.builds(
    Armour, name=names, soak=st.integers(0, 20), hardness=st.integers(0, 20),
    penalty=st.integers(0, 5)))


@st.composite
def blocks(draw: st.DrawFn) -> Character:
    """Any 3e block; traits at their default are left unlisted, as the block reads them."""
    personal, peripheral = draw(st.integers(0, 100)), draw(st.integers(0, 100))
    return Character(
        name=draw(names), kind=draw(st.sampled_from(("exalt", "heroic", "mortal"))),
        attributes=draw(st.dictionaries(st.sampled_from(ATTRIBUTES), st.integers(2, 10))),
        abilities=draw(st.dictionaries(st.sampled_from(ABILITIES), st.integers(1, 10))),
        specialties=draw(st.dictionaries(st.sampled_from(ABILITIES), st.integers(1, 3))),
        weapons=tuple(draw(st.lists(weapons(), max_size=3, unique_by=lambda w: w.name))),
        armour=draw(armours), hardness=draw(st.integers(0, 20)),
        base_initiative=draw(st.integers(-10, 30)), willpower=draw(st.integers(1, 10)),
        essence=draw(st.integers(1, 5)),
        health_levels=tuple(sorted(draw(st.lists(st.sampled_from((0, 1, 2, 4)), max_size=12)))),
        mount=draw(st.sampled_from(("", *MOUNT_SPEED))),
        group=draw(st.none() | groups), personal_motes=personal, peripheral_motes=peripheral,
        committed_motes=draw(st.integers(0, min(100, personal + peripheral))),
        quick=draw(st.none() | quick_pools), player_character=draw(st.booleans()),
    )


@settings(max_examples=150, deadline=None)
@given(blocks())
def test_export_then_import_gives_the_same_block(block: Character) -> None:
    """Through the bytes of a file, as Foundry would be handed it."""
    raw = json.dumps(foundry_export(block)).encode("utf-8")
    [item] = import_bytes(raw, "export.json")
    assert item.block == block
