"""Characters and a combat model for the sheet, odds and dialog tests (engineer D2)."""

from __future__ import annotations

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.session import CombatSession
from battlewheel.engine.rulesets.rewrite.actions import (
    AddCombatant,
    DeclaredManoeuvre,
    DeclareFlurry,
    Defence,
    NextTick,
    ResolveAttack,
    RollJoinBattle,
    StartCombat,
)
from battlewheel.engine.rulesets.rewrite.block import (
    Armour,
    Character,
    CharacterKind,
    DamageType,
    Weapon,
)
from battlewheel.models.combat_model import CombatModel

SWORD = Weapon(
    name="Straight sword",
    ability="melee",
    speed=5,
    accuracy=2,
    damage=3,
    damage_type=DamageType.LETHAL,
    defence=1,
    rate=2,
)


def ejava() -> Character:
    """A Dragon-Blooded swordswoman: Dex 4, Melee 4, Dodge 3, Essence 2, Stamina 3."""
    return Character(
        "Tepet Ejava",
        CharacterKind.DRAGON_BLOODED,
        attributes={"strength": 3, "dexterity": 4, "stamina": 3, "wits": 3, "perception": 3},
        abilities={"melee": 4, "dodge": 3, "awareness": 2},
        essence=2,
        willpower=7,
        personal_motes=13,
        peripheral_motes=33,
        weapons=(SWORD,),
        armour=Armour("Lamellar", soak={DamageType.BASHING: 5, DamageType.LETHAL: 5}),
    )


def bandit() -> Character:
    """A mortal bandit: Dex 2, Melee 2, Dodge 1, Stamina 2, no armour."""
    return Character(
        "Bandit",
        CharacterKind.MORTAL,
        attributes={"strength": 2, "dexterity": 2, "stamina": 2, "wits": 2},
        abilities={"melee": 2, "dodge": 1, "awareness": 1},
        willpower=4,
        weapons=(SWORD,),
    )


def model_with(*people: tuple[str, Character, str]) -> CombatModel:
    """A combat model whose session holds the given (id, character, side) combatants."""
    session = CombatSession.new()
    for cid, character, side in people:
        session.apply(AddCombatant(cid, character, side))
    return CombatModel(session)


def first_tick_model(foe: Character | None = None) -> CombatModel:
    """Ejava (Join Battle 3) against a bandit (1): tick 1, Ejava acting, bandit on tick 3.

    ``foe`` stands in for the bandit's sheet (an extra, say).
    """
    model = model_with(("ejava", ejava(), "enemy"), ("bandit", foe or bandit(), "ally"))
    for action in (
        RollJoinBattle("ejava", DiceEntry.of_successes(3)),
        RollJoinBattle("bandit", DiceEntry.of_successes(1)),
        StartCombat(),
        NextTick(),
    ):
        assert model.push(action) is None
    return model


SWORD_AT_BANDIT = DeclaredManoeuvre("attack", "Straight sword", "bandit")
PARRY = Defence("parry:Straight sword")


def ejava_attacks(model: CombatModel | None = None, attack: DiceEntry | None = None) -> CombatModel:
    """Ejava's lone sword attack on the bandit, declared and rolled against his parry:
    six successes (a hit) unless ``attack`` says otherwise; the tick then waits for its
    effects. ``model``: the first tick's (``first_tick_model``) unless given."""
    model = model or first_tick_model()
    assert model.push(DeclareFlurry("ejava", (SWORD_AT_BANDIT,))) is None
    roll = attack or DiceEntry.of_successes(6)
    assert model.push(ResolveAttack("ejava", 0, attack=roll, defence=PARRY)) is None
    return model
