"""The GM's hand: pools, overrides, stunt awards, removal and the end of the fight."""

from __future__ import annotations

import pytest

from battlewheel.engine.core.errors import IllegalAction
from battlewheel.engine.rulesets.rewrite import (
    AddCombatant,
    Advance,
    AwardStunt,
    CombatSession,
    Concealment,
    DeclareConcealment,
    EndCombat,
    MoveCounter,
    NextTick,
    RegainMotes,
    RegainWillpower,
    RemoveCombatant,
    RollAmbush,
    SetHealth,
    SetOverride,
    SpendMotes,
    SpendWillpower,
)
from battlewheel.engine.rulesets.rewrite.block import CharacterKind

from .helpers import person, started, typed


def _solar_session() -> CombatSession:
    session = CombatSession.new()
    solar = person("Sol", kind=CharacterKind.SOLAR, personal=10, peripheral=20, willpower=6)
    session.apply(AddCombatant("sol", solar, "ally"))
    return session


def test_motes_come_from_the_named_pool_and_return_up_to_its_size() -> None:
    """Spend 4 peripheral (20 → 16), regain 4; regaining a fifth is refused citing 000 §Charms."""
    session = _solar_session()
    session.apply(SpendMotes("sol", 4, "peripheral"))
    assert session.state.combatants["sol"].peripheral_motes == 16
    session.apply(RegainMotes("sol", 4, "peripheral"))
    with pytest.raises(IllegalAction, match=r"^000 §Charms: .*0-20"):
        session.apply(RegainMotes("sol", 1, "peripheral"))


def test_an_unknown_mote_pool_is_refused_naming_the_pools() -> None:
    """Pool 'borrowed' lists personal and peripheral."""
    session = _solar_session()
    with pytest.raises(IllegalAction, match="personal, peripheral"):
        session.apply(SpendMotes("sol", 1, "borrowed"))


def test_willpower_returns_up_to_the_permanent_rating() -> None:
    """Willpower 6: spend 2, regain 2, and a third regain is refused citing 004 §Willpower."""
    session = _solar_session()
    session.apply(SpendWillpower("sol", 2))
    session.apply(RegainWillpower("sol", 2))
    with pytest.raises(IllegalAction, match=r"^004 §Willpower"):
        session.apply(RegainWillpower("sol", 1))


def test_a_willpower_rating_override_raises_the_ceiling() -> None:
    """With the rating overridden to 8, a Willpower 6 Solar may regain up to 8."""
    session = _solar_session()
    session.apply(SetOverride("sol", "willpower_rating", 8, "a blessing"))
    session.apply(RegainWillpower("sol", 2))
    assert session.state.combatants["sol"].willpower == 8


def test_a_sheet_override_changes_the_dv_and_clearing_it_restores_it() -> None:
    """Dodge DV set to 6 shows 6; cleared, the computed value returns."""
    session = _solar_session()
    computed = session.state.combatants["sol"].dvs["dodge"]
    session.apply(SetOverride("sol", "dodge_dv", 6, "the stairs"))
    assert session.state.combatants["sol"].dvs["dodge"] == 6
    session.apply(SetOverride("sol", "dodge_dv", None))
    assert session.state.combatants["sol"].dvs["dodge"] == computed


def test_an_override_needs_a_reason_and_a_known_field() -> None:
    """No reason, or a field no value has, is refused; the message lists the fields."""
    session = _solar_session()
    with pytest.raises(IllegalAction, match="reason"):
        session.apply(SetOverride("sol", "dodge_dv", 6))
    with pytest.raises(IllegalAction, match="movement"):
        session.apply(SetOverride("sol", "luck", 6, "why not"))


def test_only_the_best_stunt_of_an_action_is_rewarded() -> None:
    """A 1-die then a 2-die stunt: the reward is the 2-die one's 4 motes."""
    session = _solar_session()
    session.apply(AwardStunt("sol", 1))
    session.apply(AwardStunt("sol", 2))
    assert session.state.combatants["sol"].stunt_reward.motes == 4


def test_a_two_die_stunt_may_be_taken_as_willpower() -> None:
    """Reward 'willpower' for a 2-die stunt is one point."""
    session = _solar_session()
    session.apply(AwardStunt("sol", 2, "willpower"))
    assert session.state.combatants["sol"].stunt_reward.willpower == 1


def test_removing_a_combatant_takes_their_awareness_with_them() -> None:
    """An ambusher's margins go when the ambusher leaves."""
    session = CombatSession.new()
    session.apply(AddCombatant("amb", person("Amb"), "enemy"))
    session.apply(AddCombatant("w", person("W"), "ally"))
    session.apply(DeclareConcealment("amb", (Concealment("w"),)))
    session.apply(RollAmbush("amb", typed(4)))
    session.apply(RemoveCombatant("amb"))
    assert session.state.unaware == {}
    assert session.state.concealment == {}


def test_an_ended_combat_refuses_changes_until_the_end_is_undone() -> None:
    """After end_combat a next tick is refused; undoing the end allows it again."""
    session = started(a=2, b=2)
    session.apply(EndCombat("they surrender"))
    with pytest.raises(IllegalAction, match="ended"):
        session.apply(NextTick())
    session.undo()
    session.apply(NextTick())


def test_lowering_the_willpower_rating_lowers_current_willpower() -> None:
    """A GM override of the rating below current Willpower brings current down to it."""
    session = started(ana=3, bo=2)
    assert session.state.combatants["ana"].willpower == 5
    session.apply(SetOverride("ana", "willpower_rating", 3, "a curse"))
    assert session.state.combatants["ana"].willpower == 3
    session.apply(SetOverride("ana", "willpower_rating", None))
    assert session.state.combatants["ana"].willpower == 3  # raising gives nothing back


def test_a_combatant_revived_by_hand_acts_on_the_next_tick() -> None:
    """Clearing a dead combatant's track puts the counter the tick counter passed just ahead."""
    session = started(ana=3, bo=2)
    size = len(session.state.combatants["bo"].health.marks)
    session.apply(SetHealth("bo", "*" * size))
    session.apply(MoveCounter("ana", tick=10))
    session.apply(Advance())  # the dead bo's counter is passed over
    assert session.state.current_tick == 10
    session.apply(SetHealth("bo", "." * size))
    assert session.state.combatants["bo"].next_tick == 11
