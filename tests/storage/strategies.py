"""Hypothesis strategies for every stored type: weapons, characters, combats, campaigns."""

from hypothesis import strategies as st

from battlewheel.engine.core.health import HealthTrack
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import AddCombatant, SetHealth, SpendWillpower
from battlewheel.engine.rulesets.rewrite.block import (
    Armour,
    Character,
    DamageType,
    Override,
    Weapon,
)
from battlewheel.engine.rulesets.rewrite.options import (
    FIRST_PENALTIES,
    LATE_JOIN_CAPS,
    OX_BODY_POOLS,
    RewriteOptions,
)
from battlewheel.engine.rulesets.rewrite.rules.traits import (
    ABILITIES,
    ATTRIBUTES,
    VIRTUES,
    CharacterKind,
)
from battlewheel.storage.campaign import Campaign, CombatRecord
from battlewheel.storage.roster import RosterCharacter

names = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")),
    min_size=1, max_size=24,
).filter(lambda text: text.strip() != "")
notes = st.text(max_size=60)


@st.composite
def weapons(draw: st.DrawFn) -> Weapon:
    """A valid weapon, close or ranged."""
    ranged = draw(st.booleans())
    return Weapon(
        name=draw(names),
        ability=draw(st.sampled_from(["melee", "brawl", "archery", "thrown"])),
        speed=draw(st.integers(1, 20)),
        accuracy=draw(st.integers(-10, 20)),
        damage=draw(st.integers(-10, 50)),
        damage_type=draw(st.sampled_from(list(DamageType))),
        defence=None if ranged else draw(st.none() | st.integers(-10, 20)),
        rate=draw(st.integers(1, 10)),
        overwhelming=draw(st.integers(0, 20)),
        adds_strength=draw(st.booleans()),
        tags=draw(st.frozensets(st.sampled_from(["C", "N", "P"]))),
        range=draw(st.integers(1, 10_000)) if ranged else None,
        notes=draw(notes),
    )


@st.composite
def armours(draw: st.DrawFn) -> Armour:
    """A valid suit of armour with soak and hardness per damage type."""
    per_type = st.fixed_dictionaries({kind: st.integers(0, 50) for kind in DamageType})
    return Armour(name=draw(names), soak=draw(per_type), hardness=draw(per_type),
                  mobility_penalty=draw(st.integers(0, 10)), fatigue=draw(st.integers(0, 10)),
                  notes=draw(notes))


OVERRIDE_KEYS = ("dodge_dv", "soak:lethal", "soak:bashing:piercing", "hardness:aggravated",
                 "parry_dv:Blade", "surprise_detection_value", "die_cap", "dv_cap")
overrides = st.dictionaries(
    st.sampled_from(OVERRIDE_KEYS),
    st.builds(Override, st.integers(-20, 50), names), max_size=3,
)

options = st.builds(
    RewriteOptions,
    segment_count=st.integers(2, 60),
    late_join_cap=st.sampled_from(LATE_JOIN_CAPS),
    multiple_action_first_penalty=st.sampled_from(FIRST_PENALTIES),
    damage_levels_divided_by_three=st.booleans(),
    ox_body_resilience_pool=st.sampled_from(OX_BODY_POOLS),
)


@st.composite
def characters(draw: st.DrawFn, name: str | None = None) -> Character:
    """A valid character of any kind with random traits, weapons and extra levels."""
    return Character(
        name=name if name is not None else draw(names),
        kind=draw(st.sampled_from(list(CharacterKind))),
        attributes={a: draw(st.integers(1, 10)) for a in ATTRIBUTES},
        abilities={a: draw(st.integers(0, 10)) for a in ABILITIES},
        specialties=draw(st.dictionaries(
            st.sampled_from(ABILITIES), st.dictionaries(names, st.integers(1, 3), max_size=2),
            max_size=2,
        )),
        essence=draw(st.integers(1, 10)),
        willpower=draw(st.integers(1, 10)),
        virtues={v: draw(st.integers(1, 5)) for v in VIRTUES},
        personal_motes=draw(st.integers(0, 999)),
        peripheral_motes=draw(st.integers(0, 999)),
        weapons=tuple(draw(st.lists(weapons(), max_size=2))),
        armour=draw(st.none() | armours()),
        overrides=draw(overrides),
        extra_health_levels=tuple(draw(st.lists(st.sampled_from([0, 1, 2, 4]), max_size=4))),
        notes=draw(notes),
    )


@st.composite
def sessions(draw: st.DrawFn) -> CombatSession:
    """A combat set up with a few combatants, some hurt by hand, some undone actions."""
    session = CombatSession.new(draw(options))
    count = draw(st.integers(0, 3))
    for index in range(count):
        fighter = draw(characters(name=f"Fighter {index}"))
        session.apply(AddCombatant(f"c{index}", fighter, draw(st.sampled_from(["ally", "enemy"]))))
        track = HealthTrack.standard(fighter.stamina, fighter.extra_health_levels)
        hurt = track.mark(lethal=draw(st.integers(0, 3)), bashing=draw(st.integers(0, 3)))
        session.apply(SetHealth(f"c{index}", hurt.marks))
        if draw(st.booleans()):
            session.apply(SpendWillpower(f"c{index}", 1))
    for _ in range(draw(st.integers(0, min(2, len(session.log))))):
        session.undo()
    return session


@st.composite
def campaigns(draw: st.DrawFn) -> Campaign:
    """A campaign with uniquely named characters, GM weapons, combats and notes."""
    roster = draw(st.lists(names, max_size=4, unique_by=str.casefold))
    return Campaign(
        name=draw(names),
        characters=tuple(
            RosterCharacter.of_block("2e-rewrite", draw(characters(name=name))) for name in roster
        ),
        combats=tuple(
            CombatRecord(f"combat-{i}", draw(names), draw(sessions()))
            for i in range(draw(st.integers(0, 2)))
        ),
        weapons=tuple(draw(st.lists(weapons(), max_size=2))),
        notes=draw(notes),
    )
