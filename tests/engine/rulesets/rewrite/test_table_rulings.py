"""Rulings from the third round at the table (issue 35): natural weapons and stunts in a
flurry (RULES.md §One attack, step 5)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from battlewheel.engine.core.dice import DiceEntry
from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    AddCombatant,
    ApplyTickEffects,
    CombatSession,
    DamageRoll,
    DeclaredManoeuvre,
    DeclareFlurry,
    Defence,
    NextTick,
    ResolveAttack,
    RollJoinBattle,
    SetHealth,
    StartCombat,
    autopilot,
    pending_damage,
)
from battlewheel.engine.rulesets.rewrite.block import Character
from battlewheel.engine.rulesets.rewrite.rules import values
from battlewheel.engine.rulesets.rewrite.rules.equipment import DamageType

from .helpers import SWORD, person, typed

# A mortal brawler: Dexterity 3, Brawl 4, Dodge 1: Dodge DV 2, Punch parry (3+4+2)/2 = 4.
BRAWLER = person("Brawler", attributes={"dexterity": 3, "stamina": 2, "wits": 2},
                 abilities={"brawl": 4, "dodge": 1})


def _swordsman() -> Character:
    return person("Blade", attributes={"dexterity": 3, "strength": 2, "wits": 2},
                  abilities={"melee": 3}).with_weapons((SWORD,))


def _sword_at_brawler(weapon: str = "Sword") -> CombatSession:
    session = CombatSession.new()
    session.apply(AddCombatant("a", _swordsman(), "enemy"))
    session.apply(AddCombatant("b", BRAWLER, "ally"))
    session.apply(RollJoinBattle("a", typed(3)))
    session.apply(RollJoinBattle("b", typed(0)))
    session.apply(StartCombat())
    session.apply(NextTick())
    target = DeclaredManoeuvre("attack", weapon=weapon, target="b")
    session.apply(DeclareFlurry("a", (target,)))
    return session


def test_a_bashing_natural_weapon_cannot_parry_a_blade_unstunted() -> None:
    """000 §Weapons tag N: Punch's parry against the sword's lethal damage is refused."""
    session = _sword_at_brawler()
    before = session.to_json()
    with pytest.raises(IllegalAction, match=r"000 §Weapons.*Punch.*only with a stunt"):
        session.apply(ResolveAttack("a", 0, attack=typed(3), defence=Defence("parry:Punch")))
    assert session.to_json() == before


def test_a_stunted_natural_parry_meets_the_blade() -> None:
    """The GM allows it by the defender's stunt: the parry is taken, and a mortal's
    two-die stunt adds 1 (004 §Stunts: one category less)."""
    session = _sword_at_brawler()
    session.apply(ResolveAttack("a", 0, attack=typed(3),
                                defence=Defence("parry:Punch", stunt=2)))
    defence = session.state.tick.attacks[0].outcome.defence
    assert defence.final_dv == 4 + 1


def test_a_natural_parry_still_meets_a_punch() -> None:
    """Against bashing damage the Punch parry is offered as before."""
    who = CombatSession.new()
    who.apply(AddCombatant("b", BRAWLER, "ally"))
    brawler = who.state.combatants["b"]
    assert "parry:Punch" in values.dvs_offered(brawler, brawler.dvs, DamageType.BASHING)
    assert "parry:Punch" not in values.dvs_offered(brawler, brawler.dvs, DamageType.LETHAL)
    assert "dodge" in values.dvs_offered(brawler, brawler.dvs, DamageType.LETHAL)


def test_the_autopilot_defends_a_blade_on_dodge_not_on_a_punch() -> None:
    """The forecast's autopilot picks an offered DV: Dodge 2, not Punch's 4."""
    session = _sword_at_brawler()
    tries = list(autopilot.candidates(session.state, random.Random(1), {}))
    chosen = {t.defence.dv for t in tries if isinstance(t, ResolveAttack)}
    assert chosen == {"dodge"}
    session.apply(next(t for t in tries if isinstance(t, ResolveAttack)))
    assert session.state.tick.attacks[0].outcome.defence.final_dv == 2


# --- Stunts in a flurry (000 §Attack Resolution, RULES.md step 5) ------------------------

SOLAR_A = {"dexterity": 4, "strength": 2, "wits": 3, "stamina": 2}


def _first_tick(enemy: Character, ally: Character) -> CombatSession:
    """``enemy`` ("a", Join Battle 3) against ``ally`` ("b", 0), the first tick begun."""
    session = CombatSession.new()
    session.apply(AddCombatant("a", enemy, "enemy"))
    session.apply(AddCombatant("b", ally, "ally"))
    session.apply(RollJoinBattle("a", typed(3)))
    session.apply(RollJoinBattle("b", typed(0)))
    session.apply(StartCombat())
    session.apply(NextTick())
    return session


def _two_sword_cuts() -> CombatSession:
    """A Solar's flurry of two sword cuts at the brawler, first tick begun."""
    from battlewheel.engine.rulesets.rewrite.block import CharacterKind
    solar = person("Sun", kind=CharacterKind.SOLAR, essence=2, personal=10,
                   attributes=SOLAR_A, abilities={"melee": 4}).with_weapons((SWORD,))
    session = _first_tick(solar, BRAWLER)
    cut = DeclaredManoeuvre("attack", weapon="Sword", target="b")
    session.apply(DeclareFlurry("a", (cut, cut)))
    return session


def _stunt_of(session: CombatSession, index: int) -> int:
    return session.state.tick.attacks[index].outcome.roll.automatic_successes["stunt"]


def test_the_flurrys_stunt_successes_count_on_its_second_attack() -> None:
    """A 2-die stunt rolled with the first cut (2 successes) adds 2 to the second too."""
    session = _two_sword_cuts()
    session.apply(ResolveAttack("a", 0, attack=typed(1), stunt=2, stunt_dice=typed(2)))
    session.apply(ResolveAttack("a", 1, attack=typed(1)))
    assert (_stunt_of(session, 0), _stunt_of(session, 1)) == (2, 2)


def test_a_second_stunt_roll_in_one_flurry_is_refused() -> None:
    """The stunt is rolled once; another roll on the second attack is refused, unchanged."""
    session = _two_sword_cuts()
    session.apply(ResolveAttack("a", 0, attack=typed(1), stunt=2, stunt_dice=typed(1)))
    before = session.to_json()
    with pytest.raises(IllegalAction, match=r"000 §Attack Resolution.*once for the whole flurry"):
        session.apply(ResolveAttack("a", 1, attack=typed(1), stunt=2, stunt_dice=typed(2)))
    assert session.to_json() == before


def test_the_defenders_stunt_counts_against_each_attack_of_the_flurry() -> None:
    """The brawler's 2-die stunt on Dodge (+1, a mortal) holds against the second cut."""
    session = _two_sword_cuts()
    session.apply(ResolveAttack("a", 0, attack=typed(1), defence=Defence("dodge", stunt=2)))
    session.apply(ResolveAttack("a", 1, attack=typed(1)))
    first, second = (session.state.tick.attacks[i].outcome.defence for i in (0, 1))
    assert (first.stunt_bonus, second.stunt_bonus) == (1, 1)


def test_the_autopilot_stunts_a_flurry_once() -> None:
    """The forecast's Solar rolls its stunt die with the first attack only."""
    session = _two_sword_cuts()
    session.apply(ResolveAttack("a", 0, attack=typed(1), stunt=1, stunt_dice=typed(1)))
    tries = [t for t in autopilot.candidates(session.state, random.Random(2), {})
             if isinstance(t, ResolveAttack)]
    assert tries and all(t.stunt == 0 and t.stunt_dice is None for t in tries)


# --- Ox-Body on the sheet (000 §Ox-Body Technique) -----------------------------------------


def _solar_template() -> Character:
    from battlewheel.engine.rulesets.rewrite.form import templates
    return next(t.block for t in templates() if t.key == "solar")


def test_the_solar_template_has_ox_body_and_the_form_keeps_it() -> None:
    """Its three Ox-Body levels come with the flag; the editor's field reads and writes it,
    and the sheet's JSON keeps it."""
    from battlewheel.engine.rulesets.rewrite import form
    solar = _solar_template()
    assert solar.ox_body and solar.extra_health_levels == (1, 2, 2)
    values_ = form.block_form(solar)
    assert values_["ox_body"] is True
    assert "ox_body" in {f.key for f in form.SCHEMA.fields()}
    unticked = form.block_from_form({**values_, "ox_body": False}, solar)
    assert unticked.ox_body is False
    assert Character.from_json(solar.to_json()).ox_body is True
    assert "ox_body" not in unticked.to_json()


def _pinged_solar(*, sheet_flag: bool) -> str:
    """A template Solar with 2 lethal taken, hit by a punch whose damage roll shows one
    success: the marks after it."""
    solar = _solar_template()
    if not sheet_flag:
        solar = replace(solar, ox_body=False)
    session = _first_tick(BRAWLER, solar)
    session.apply(SetHealth("b", "XX" + "." * 11))
    punch = DeclaredManoeuvre("attack", weapon="Punch", target="b")
    session.apply(DeclareFlurry("a", (punch,)))
    session.apply(ResolveAttack("a", 0, attack=typed(7), defence=Defence("dodge")))
    [hit] = pending_damage(session.state)
    faces = (7,) + (1,) * (hit.pools.dice["B"] - 1)
    session.apply(ApplyTickEffects((DamageRoll("a", "b", bashing=DiceEntry.of_faces(faces)),)))
    return session.state.combatants["b"].health.marks


def test_a_bashing_ping_on_a_solar_with_ox_body_and_two_lethal_marks_nothing() -> None:
    """000 §Ox-Body Technique: the 2 lethal taken make a resilience pool that takes the
    punch's one bashing level off; without the sheet's flag the box is marked."""
    assert _pinged_solar(sheet_flag=True) == "XX" + "." * 11
    assert _pinged_solar(sheet_flag=False) == "XX/" + "." * 10
